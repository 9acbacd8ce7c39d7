// The module's type declarations, decoded from OpType* instructions, with checked lookups.
import { Op } from '../spirv-spec/spec.js';
import type { Instruction } from './binary.js';

export type TypeDef =
  | { op: 'void' }
  | { op: 'bool' }
  | { op: 'int'; width: number; signed: boolean }
  | { op: 'float'; width: number }
  | { op: 'vector'; component: number; count: number }
  | { op: 'matrix'; column: number; count: number }
  | {
      op: 'image';
      sampledType: number;
      dim: number;
      depth: number;
      arrayed: boolean;
      multisampled: boolean;
      sampled: number;
      format: number;
    }
  | { op: 'sampler' }
  | { op: 'sampled-image'; image: number }
  | { op: 'array'; element: number; lengthId: number }
  | { op: 'runtime-array'; element: number }
  | { op: 'struct'; members: number[] }
  | { op: 'pointer'; storageClass: number; pointee: number }
  | { op: 'function' }
  | { op: 'acceleration-structure' }
  /** A type the reader has no use for beyond knowing it exists (events, pipes, ray queries...). */
  | { op: 'opaque'; opcode: number };

export interface TypeEntry {
  def: TypeDef;
  inst: Instruction;
}

const opaqueTypes: ReadonlySet<number> = new Set([
  Op.TypeOpaque,
  Op.TypeEvent,
  Op.TypeDeviceEvent,
  Op.TypeReserveId,
  Op.TypeQueue,
  Op.TypePipe,
  Op.TypeRayQueryKHR,
  Op.TypeCooperativeMatrixKHR,
  Op.TypeHitObjectNV,
  Op.TypeCooperativeMatrixNV,
  Op.TypeNodePayloadArrayAMDX,
]);

/** Decodes a type declaration, or returns undefined when `inst` does not declare a type. */
export function decodeType(inst: Instruction): TypeDef | undefined {
  switch (inst.opcode) {
    case Op.TypeVoid:
      return { op: 'void' };
    case Op.TypeBool:
      return { op: 'bool' };
    case Op.TypeInt:
      return { op: 'int', width: inst.word(2), signed: inst.word(3) === 1 };
    case Op.TypeFloat:
      return { op: 'float', width: inst.word(2) };
    case Op.TypeVector:
      return { op: 'vector', component: inst.word(2), count: inst.word(3) };
    case Op.TypeMatrix:
      return { op: 'matrix', column: inst.word(2), count: inst.word(3) };
    case Op.TypeImage:
      return {
        op: 'image',
        sampledType: inst.word(2),
        dim: inst.word(3),
        depth: inst.word(4),
        arrayed: inst.word(5) === 1,
        multisampled: inst.word(6) === 1,
        sampled: inst.word(7),
        format: inst.word(8),
      };
    case Op.TypeSampler:
      return { op: 'sampler' };
    case Op.TypeSampledImage:
      return { op: 'sampled-image', image: inst.word(2) };
    case Op.TypeArray:
      return { op: 'array', element: inst.word(2), lengthId: inst.word(3) };
    case Op.TypeRuntimeArray:
      return { op: 'runtime-array', element: inst.word(2) };
    case Op.TypeStruct:
      return { op: 'struct', members: inst.wordsFrom(2) };
    case Op.TypePointer:
      return { op: 'pointer', storageClass: inst.word(2), pointee: inst.word(3) };
    case Op.TypeFunction:
      return { op: 'function' };
    case Op.TypeAccelerationStructureKHR:
      return { op: 'acceleration-structure' };
    default:
      return opaqueTypes.has(inst.opcode) ? { op: 'opaque', opcode: inst.opcode } : undefined;
  }
}

/** The type ids a type declaration refers to (array lengths are constants, not listed). */
export function referencedTypes(def: TypeDef): number[] {
  switch (def.op) {
    case 'vector':
      return [def.component];
    case 'matrix':
      return [def.column];
    case 'image':
      return [def.sampledType];
    case 'sampled-image':
      return [def.image];
    case 'array':
    case 'runtime-array':
      return [def.element];
    case 'struct':
      return def.members;
    case 'pointer':
      return [def.pointee];
    default:
      return [];
  }
}

export class TypeTable {
  private readonly entries = new Map<number, TypeEntry>();

  add(id: number, def: TypeDef, inst: Instruction): void {
    this.entries.set(id, { def, inst });
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  /** The type `id`, failing with the referring instruction when it is not a declared type. */
  get(id: number, referrer: Instruction): TypeEntry {
    const entry = this.entries.get(id);
    if (entry === undefined) referrer.fail(`refers to %${id}, which is not a declared type`);
    return entry;
  }

  /** A declared bool, integer, float, vector or matrix type: plain data, never a resource or a pointer. */
  isPlainData(id: number): boolean {
    const op = this.entries.get(id)?.def.op;
    return op === 'bool' || op === 'int' || op === 'float' || op === 'vector' || op === 'matrix';
  }

  /** Checks that every type refers only to declared types. */
  checkReferences(): void {
    for (const { def, inst } of this.entries.values()) {
      for (const id of referencedTypes(def)) this.get(id, inst);
    }
  }
}
