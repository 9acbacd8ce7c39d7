// 16-bit integers and floats in buffer memory need SPV_KHR_16bit_storage's capabilities, as DXC's
// capability visitor declares them: StorageBuffer16BitAccess for storage buffers (and buffer device
// addresses), UniformAndStorageBuffer16BitAccess for the Uniform storage class, StoragePushConstant16
// for push constants (Vulkan: VUID-RuntimeSpirv-storageBuffer16BitAccess-06331 and its siblings).
// Found from the module's pointer types once it is complete. Stage inputs and outputs
// (StorageInputOutput16) are not covered here.
import { Capability, Op, StorageClass } from '../spirv-spec/spec.js';
import type { ModuleBuilder } from './builder.js';
import { requireExtension } from './extensions.js';

const CAPABILITY_BY_STORAGE: ReadonlyMap<number, number> = new Map([
  [StorageClass.StorageBuffer, Capability.StorageBuffer16BitAccess],
  [StorageClass.PhysicalStorageBuffer, Capability.StorageBuffer16BitAccess],
  [StorageClass.Uniform, Capability.UniformAndStorageBuffer16BitAccess],
  [StorageClass.PushConstant, Capability.StoragePushConstant16],
]);

const COMPOSITE_OR_NUMERIC: ReadonlySet<number> = new Set([Op.TypeInt, Op.TypeFloat, Op.TypeVector, Op.TypeMatrix, Op.TypeArray, Op.TypeRuntimeArray, Op.TypeStruct]);

export function declare16BitStorage(b: ModuleBuilder): void {
  // Result id → [opcode, operands after the result id] of every type instruction.
  const types = new Map<number, { opcode: number; operands: number[] }>();
  const pointers: { storage: number; pointee: number }[] = [];
  b.scanGlobals((opcode, words, at) => {
    const count = words[at]! >>> 16;
    const operands = Array.from({ length: count - 2 }, (_, i) => words[at + 2 + i]!);
    if (opcode === Op.TypePointer) pointers.push({ storage: operands[0]!, pointee: operands[1]! });
    else if (COMPOSITE_OR_NUMERIC.has(opcode)) types.set(words[at + 1]!, { opcode, operands });
  });
  const memo = new Map<number, boolean>();
  const has16 = (id: number): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false);
    const t = types.get(id);
    let result = false;
    if (t?.opcode === Op.TypeInt || t?.opcode === Op.TypeFloat) result = t.operands[0] === 16;
    else if (t?.opcode === Op.TypeVector || t?.opcode === Op.TypeMatrix || t?.opcode === Op.TypeArray || t?.opcode === Op.TypeRuntimeArray) result = has16(t.operands[0]!);
    else if (t?.opcode === Op.TypeStruct) result = t.operands.some(has16);
    memo.set(id, result);
    return result;
  };
  for (const p of pointers) {
    const capability = CAPABILITY_BY_STORAGE.get(p.storage);
    if (capability === undefined || !has16(p.pointee)) continue;
    b.capability(capability);
    requireExtension(b, 'SPV_KHR_16bit_storage');
  }
}
