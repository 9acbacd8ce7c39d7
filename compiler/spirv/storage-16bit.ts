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
  // Most modules have no 16-bit type: one scan without tables says so.
  let any16 = false;
  b.scanGlobals((opcode, words, at) => {
    if ((opcode === Op.TypeInt || opcode === Op.TypeFloat) && words[at + 2] === 16) any16 = true;
  });
  if (!any16) return;
  // Result id → word offset of every type instruction (in the one array scanGlobals reads).
  const types = new Map<number, number>();
  const pointers: number[] = [];
  let globals: readonly number[] = [];
  b.scanGlobals((opcode, words, at) => {
    globals = words;
    if (opcode === Op.TypePointer) pointers.push(at);
    else if (COMPOSITE_OR_NUMERIC.has(opcode)) types.set(words[at + 1]!, at);
  });
  const words = globals;
  const memo = new Map<number, boolean>();
  const has16 = (id: number): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false);
    const at = types.get(id);
    const opcode = at === undefined ? undefined : words[at]! & 0xffff;
    let result = false;
    if (opcode === Op.TypeInt || opcode === Op.TypeFloat) result = words[at! + 2] === 16;
    else if (opcode === Op.TypeVector || opcode === Op.TypeMatrix || opcode === Op.TypeArray || opcode === Op.TypeRuntimeArray) result = has16(words[at! + 2]!);
    else if (opcode === Op.TypeStruct) {
      const end = at! + (words[at!]! >>> 16);
      for (let w = at! + 2; w < end && !result; w++) result = has16(words[w]!);
    }
    memo.set(id, result);
    return result;
  };
  for (const at of pointers) {
    const capability = CAPABILITY_BY_STORAGE.get(words[at + 2]!);
    if (capability === undefined || !has16(words[at + 3]!)) continue;
    b.capability(capability);
    requireExtension(b, 'SPV_KHR_16bit_storage');
  }
}
