// -fspv-use-vulkan-memory-model: what DXC's upgrade to the Vulkan memory model (SPIRV-Tools'
// UpgradeMemoryModel) changes: the memory model, its capability and extension, Device scopes become
// QueueFamily (FunctionEmitter.memoryScope), and globallycoherent buffers lose their Coherent
// decoration: their loads make visible and their stores make available, at QueueFamily scope.
import type { IrGlobal, IrModule } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';
import { Capability, MemoryModel, Op } from '../spirv-spec/spec.js';
import type { ModuleBuilder } from './builder.js';
import { requireExtension } from './extensions.js';
import type { ModuleContext } from './function.js';
import { ScopeId } from './operators.js';
import type { TypeEmitter } from './types.js';

/** Memory operand bits (SPIR-V "Memory Operands"). */
const MakePointerAvailable = 0x8;
const MakePointerVisible = 0x10;
const NonPrivatePointer = 0x20;

/** Variables of one module whose accesses are coherent (globallycoherent); owned by its ModuleContext. */
export type CoherentVariables = Set<number>;

/** A globallycoherent variable under the Vulkan memory model; textures would need texel operands we do not emit. */
export function markCoherent(m: ModuleContext, g: IrGlobal, id: number): void {
  if (g.type.kind === 'resource' || (g.type.kind === 'array' && g.type.element.kind === 'resource')) {
    throw new Error(`globallycoherent texture '${g.name}' with -fspv-use-vulkan-memory-model is not supported yet (its image reads and writes need MakeTexelVisible/Available)`);
  }
  m.coherent.add(id);
}

export function useVulkanMemoryModel(b: ModuleBuilder, types: TypeEmitter, coherent: CoherentVariables): void {
  b.memoryModel = { ...b.memoryModel, memory: MemoryModel.Vulkan };
  b.capability(Capability.VulkanMemoryModel);
  requireExtension(b, 'SPV_KHR_vulkan_memory_model');
  if (coherent.size === 0) return;
  // Pointers into a coherent variable: the variable and every access chain based on one.
  const pointers = new Set(coherent);
  b.scanFunctionCode((opcode, words, at) => {
    if ((opcode === Op.AccessChain || opcode === Op.InBoundsAccessChain) && pointers.has(words[at + 3]!)) pointers.add(words[at + 2]!);
  });
  const scope = types.uintConst(ScopeId.QueueFamily);
  b.mapFunctionCode((opcode, operands) => {
    // OpLoad: type, result, pointer [, access…]; OpStore: pointer, object [, access…]. The scope operand
    // follows those of lower bits (Volatile, Aligned, Nontemporal), so it goes last.
    if (opcode === Op.Load && pointers.has(operands[2]!)) return withAccess(operands, 3, MakePointerVisible | NonPrivatePointer, scope);
    if (opcode === Op.Store && pointers.has(operands[0]!)) return withAccess(operands, 2, MakePointerAvailable | NonPrivatePointer, scope);
    return undefined;
  });
}

/**
 * A Barrier on NODE_OUTPUT_MEMORY has OutputMemory semantics, which need the Vulkan memory model:
 * DXC then upgrades the whole module to it, as -fspv-use-vulkan-memory-model does.
 */
export function barriersOnOutputMemory(ir: IrModule): boolean {
  let found = false;
  for (const fn of ir.functions) {
    walkStmts(fn.body, {
      expr: (e) => {
        if (e.op === 'intrinsic' && e.name === 'Barrier' && e.args[0]?.op === 'const' && e.args[0].value.kind === 'scalar' && Number(e.args[0].value.value) & 8) found = true;
      },
    });
  }
  return found;
}

function withAccess(operands: number[], maskAt: number, bits: number, scope: number): number[] {
  const mask = operands[maskAt] ?? 0;
  return [...operands.slice(0, maskAt), mask | bits, ...operands.slice(maskAt + 1), scope];
}
