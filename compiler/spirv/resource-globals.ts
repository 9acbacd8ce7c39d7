// Module-level pieces of resources that are not plain variables: specialization constants
// ([[vk::constant_id]]) and the extra decorations of resource variables (globallycoherent,
// [[vk::input_attachment_index]]).
import type { IrGlobal } from '../ir/ir.js';
import { scalarWords, type ModuleContext } from './function.js';
import { Decoration, Op } from '../spirv-spec/spec.js';
import { markCoherent } from './memory-model.js';

/** OpSpecConstantTrue/False or OpSpecConstant with the default value, decorated SpecId (manual, constant_id). */
export function emitSpecConstant(m: ModuleContext, g: IrGlobal): number {
  const init = g.init;
  if (!init || init.kind !== 'scalar') throw new Error(`specialization constant '${g.name}' needs a scalar default value`);
  const typeId = m.types.type(g.type);
  const id = m.b.id();
  if (typeof init.value === 'boolean') m.b.global(init.value ? Op.SpecConstantTrue : Op.SpecConstantFalse, [typeId, id]);
  else {
    // The literal words of the default: those of the equivalent OpConstant (16-bit: one word,
    // sign-extended for int16_t).
    if (g.type.kind !== 'scalar') throw new Error(`specialization constant '${g.name}' must be a scalar`);
    const words = scalarWords(g.type, init.value);
    m.b.global(Op.SpecConstant, [typeId, id, ...words]);
  }
  m.b.name(id, g.name);
  m.b.decorate(id, Decoration.SpecId, g.specId!);
  return id;
}

export function decorateResourceVariable(m: ModuleContext, g: IrGlobal, id: number): void {
  // The Vulkan memory model has no Coherent decoration: its loads and stores say it (memory-model.ts).
  if (g.coherent && m.vulkanMemoryModel) markCoherent(m, g, id);
  else if (g.coherent) m.b.decorate(id, Decoration.Coherent);
  if (g.inputAttachmentIndex !== undefined) m.b.decorate(id, Decoration.InputAttachmentIndex, g.inputAttachmentIndex);
}
