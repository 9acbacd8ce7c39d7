// Inline SPIR-V types (vk::SpirvType, vk::SpirvOpaqueType, vk::ext_type<N>): the declaring
// instruction as written, operands being type ids, OpConstant ids or literal words, with the
// capabilities and extensions its declaration asked for, declared once the module uses the type.
// A scalar or vector shape is interned under the builder's own key, so that `OpTypeInt 32 0` written
// inline and the compiler's uint stay one type (SPIR-V forbids duplicate non-aggregate types); so is
// a pointer, so that an inline pointer and the compiler's pointer to the same type are one type.
import type { SpirvInlineType, Type } from '../types.js';
import type { ModuleBuilder } from './builder.js';
import { scalarWords } from './constants.js';
import type { TypeEmitter } from './types.js';
import { Op, StorageClass } from '../spirv-spec/spec.js';
import { declareInlineCapability } from './inline-enablers.js';

export function inlineSpirvType(b: ModuleBuilder, types: TypeEmitter, named: Set<number>, t: SpirvInlineType): number {
  const def = t.definition;
  if (def.opcode === undefined) throw new Error(`internal: the inline SPIR-V type '${t.spelling}' was never defined`);
  for (const c of def.capabilities) declareInlineCapability(b, c);
  for (const e of def.extensions) b.extension(e);
  // A PhysicalStorageBuffer pointer needs the module's PhysicalStorageBuffer64 addressing (and its extension).
  if (isDevicePointer(t)) types.physicalStorage();
  // The ray types are the compiler's own, with the capability and extension they need.
  if (def.opcode === Op.TypeAccelerationStructureKHR && def.operands.length === 0) return types.accelerationStructure();
  if (def.opcode === Op.TypeRayQueryKHR && def.operands.length === 0) return types.rayQuery();
  const operands = def.operands.map((o) => {
    if (o.kind === 'literal') return o.value >>> 0;
    if (o.kind === 'type') return types.type(o.type);
    const typeId = types.type(o.type);
    if (o.type.base === 'bool') return b.intern(`cb:${o.value ? 1 : 0}`, o.value ? Op.ConstantTrue : Op.ConstantFalse, [typeId], 1);
    const words = scalarWords(o.type, o.value);
    return b.intern(`c:${typeId}:${words.join(',')}`, Op.Constant, [typeId, ...words], 1);
  });
  const shared = builderKey(def.opcode, operands);
  const id = b.intern(shared ?? `spirvType:${def.opcode}:${operands.join(',')}`, def.opcode, operands, 0);
  // A shape HLSL types also make (OpTypeInt 32 0 is uint) keeps the compiler's name; 8-bit integers are only inline.
  // Pointers keep DXC's inline name (a shared pointer id is named once, whichever use came first).
  const hlslShape = shared !== undefined && !(def.opcode === Op.TypeInt && operands[0] === 8) && def.opcode !== Op.TypePointer;
  if (!hlslShape && !named.has(id)) {
    named.add(id);
    b.name(id, 'spirvIntrinsicType');
  }
  return id;
}

/** A PhysicalStorageBuffer pointer: vk::BufferPointer, or an inline OpTypePointer of that storage class. */
export function isDevicePointer(t: Type): boolean {
  if (t.kind === 'pointer') return true;
  if (t.kind !== 'spirvType' || t.definition.opcode !== Op.TypePointer) return false;
  const first = t.definition.operands[0];
  return first?.kind === 'literal' && first.value === StorageClass.PhysicalStorageBuffer;
}

/** An inline OpTypePointer (vk::WorkgroupSpirvPointer, a device pointer written as SpirvOpaqueType). */
export function isInlinePointer(t: Type): t is SpirvInlineType {
  return t.kind === 'spirvType' && t.definition.opcode === Op.TypePointer;
}

/** The key TypeEmitter interns the same shape under (types.ts), where there is one. */
function builderKey(opcode: number, operands: readonly number[]): string | undefined {
  if (opcode === Op.TypeVoid && operands.length === 0) return 'void';
  if (opcode === Op.TypeBool && operands.length === 0) return 'bool';
  if (opcode === Op.TypeInt && operands.length === 2) return `${operands[1] ? 'i' : 'u'}${operands[0]}`;
  if (opcode === Op.TypeFloat && operands.length === 1) return `f${operands[0]}`;
  if (opcode === Op.TypeVector && operands.length === 2) return `v${operands[1]}:${operands[0]}`;
  if (opcode === Op.TypeMatrix && operands.length === 2) return `m${operands[1]}:${operands[0]}`;
  // vk::WorkgroupSpirvPointer<T> is the pointer an access chain to a groupshared T has.
  if (opcode === Op.TypePointer && operands.length === 2) return `ptr:${operands[0]}:${operands[1]}`;
  if (opcode === Op.TypeSampler && operands.length === 0) return 'sampler';
  if (opcode === Op.TypeAccelerationStructureKHR && operands.length === 0) return 'accel';
  if (opcode === Op.TypeRayQueryKHR && operands.length === 0) return 'rayQuery';
  return undefined;
}
