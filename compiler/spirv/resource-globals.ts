// Module-level pieces of resources that are not plain variables: specialization constants
// ([[vk::constant_id]]) and the extra decorations of resource variables (globallycoherent,
// [[vk::input_attachment_index]]).
import type { IrGlobal } from '../ir/ir.js';
import type { ModuleContext } from './function.js';
import { Decoration, Op } from './spec.js';

/** OpSpecConstantTrue/False or OpSpecConstant with the default value, decorated SpecId (manual, constant_id). */
export function emitSpecConstant(m: ModuleContext, g: IrGlobal): number {
  const init = g.init;
  if (!init || init.kind !== 'scalar') throw new Error(`specialization constant '${g.name}' needs a scalar default value`);
  const typeId = m.types.type(g.type);
  const id = m.b.id();
  if (typeof init.value === 'boolean') m.b.global(init.value ? Op.SpecConstantTrue : Op.SpecConstantFalse, [typeId, id]);
  else {
    // The literal words of the default: those of the equivalent OpConstant.
    const words = constantWords(init);
    m.b.global(Op.SpecConstant, [typeId, id, ...words]);
  }
  m.b.name(id, g.name);
  m.b.decorate(id, Decoration.SpecId, g.specId!);
  return id;
}

/** Literal words of a 32/64-bit scalar default (low-order word first, as OpConstant). */
function constantWords(c: Extract<NonNullable<IrGlobal['init']>, { kind: 'scalar' }>): number[] {
  const t = c.type;
  if (t.kind !== 'scalar' || t.width === 16) throw new Error(`specialization constants of type ${t.kind === 'scalar' ? `${t.base}${t.width}` : t.kind} are not supported`);
  const v = c.value as number | bigint;
  if (t.base === 'float') {
    if (t.width === 32) return [new Uint32Array(new Float32Array([Number(v)]).buffer)[0]!];
    return [...new Uint32Array(new Float64Array([Number(v)]).buffer)];
  }
  const bits = BigInt.asUintN(t.width, BigInt(typeof v === 'number' ? Math.trunc(v) : v));
  return t.width === 32 ? [Number(bits)] : [Number(bits & 0xffffffffn), Number(bits >> 32n)];
}

export function decorateResourceVariable(m: ModuleContext, g: IrGlobal, id: number): void {
  if (g.coherent) m.b.decorate(id, Decoration.Coherent);
  if (g.inputAttachmentIndex !== undefined) m.b.decorate(id, Decoration.InputAttachmentIndex, g.inputAttachmentIndex);
}
