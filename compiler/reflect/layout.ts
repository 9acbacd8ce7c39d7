// SPIR-V types as Reflection LayoutTypes: offsets, strides and sizes from the explicit-layout
// decorations, matrices in the source language's terms (see MatrixType in types.ts).
import { Decoration, StorageClass } from '../spirv-spec/spec.js';
import type { Instruction } from './binary.js';
import { scalarValue } from './constants.js';
import type { SpirvModule } from './module.js';
import { scalarKindOf, scalarSize } from './scalars.js';
import type { ArrayType, LayoutType, MatrixType, StructMember, StructType } from './types.js';

/** What the layout of a module depends on beyond its types. */
export interface LayoutOptions {
  /** HLSL sources describe matrices transposed relative to SPIR-V (OpSource HLSL). */
  hlslMatrices: boolean;
}

/** Majorness and stride decorating the struct member that holds a matrix (or array of matrices). */
interface MatrixDecorations {
  spirvRowMajor: boolean;
  stride: number;
}

const noMatrixDecorations: MatrixDecorations = { spirvRowMajor: false, stride: 0 };

/** Deeper nesting than any shader declares; bounds the recursion on hostile input. */
const MAX_TYPE_NESTING = 256;

export class LayoutBuilder {
  /** Types being expanded, to reject a type that contains itself. */
  private readonly expanding = new Set<number>();
  /** Layouts already built, keyed by type and matrix decorations: keeps a type DAG linear to expand. */
  private readonly built = new Map<string, LayoutType>();

  constructor(
    private readonly module: SpirvModule,
    private readonly options: LayoutOptions,
  ) {}

  layoutOf(typeId: number, referrer: Instruction, matrix: MatrixDecorations = noMatrixDecorations): LayoutType {
    const key = `${typeId}:${matrix.spirvRowMajor}:${matrix.stride}`;
    let layout = this.built.get(key);
    if (layout === undefined) {
      layout = this.build(typeId, referrer, matrix);
      this.built.set(key, layout);
    }
    return layout;
  }

  private build(typeId: number, referrer: Instruction, matrix: MatrixDecorations): LayoutType {
    const { def } = this.module.types.get(typeId, referrer);
    const inst: Instruction = this.module.types.get(typeId, referrer).inst;
    if (this.expanding.has(typeId)) inst.fail(`type %${typeId} contains itself`);
    if (this.expanding.size >= MAX_TYPE_NESTING) inst.fail(`types nest more than ${MAX_TYPE_NESTING} levels deep`);
    this.expanding.add(typeId);
    try {
      switch (def.op) {
        case 'vector': {
          const scalar = this.scalarOf(def.component, inst);
          return { kind: 'vector', scalar, count: def.count };
        }
        case 'matrix':
          return this.matrixOf(def.column, def.count, matrix, inst);
        case 'array':
          return this.arrayOf(def.element, this.arrayLength(def.lengthId, inst), typeId, matrix, inst);
        case 'runtime-array':
          return this.arrayOf(def.element, 0, typeId, matrix, inst);
        case 'struct':
          return this.structOf(typeId, def.members, inst);
        case 'pointer':
          // A PhysicalStorageBuffer pointer is stored as a 64-bit device address.
          if (def.storageClass !== StorageClass.PhysicalStorageBuffer) inst.fail('a logical pointer has no memory layout');
          return { kind: 'scalar', scalar: 'u64' };
        default: {
          const scalar = scalarKindOf(def);
          if (scalar === undefined) inst.fail(`type %${typeId} has no memory layout the reflection can describe`);
          return { kind: 'scalar', scalar };
        }
      }
    } finally {
      this.expanding.delete(typeId);
    }
  }

  structOf(typeId: number, memberTypes: number[], referrer: Instruction): StructType {
    const { decorations, names, memberNames } = this.module;
    const members: StructMember[] = memberTypes.map((memberType, index) => {
      const type = this.layoutOf(memberType, referrer, {
        spirvRowMajor: decorations.member(typeId, index, Decoration.RowMajor) !== undefined,
        stride: decorations.memberLiteral(typeId, index, Decoration.MatrixStride) ?? 0,
      });
      return {
        name: memberNames.get(typeId)?.get(index) ?? '',
        offset: decorations.memberLiteral(typeId, index, Decoration.Offset) ?? 0,
        size: sizeOf(type),
        type,
      };
    });
    return { kind: 'struct', name: names.get(typeId) ?? '', members, size: structSize(members) };
  }

  /** The element count of an OpTypeArray: its length constant, or a spec constant's default. */
  arrayLength(lengthId: number, referrer: Instruction): number {
    const constant = this.module.constants.get(lengthId);
    if (constant === undefined) referrer.fail(`array length %${lengthId} is not a constant`);
    const length = scalarValue(constant, this.module.types);
    if (length === undefined || typeof length.value === 'boolean' || length.kind.startsWith('f')) {
      referrer.fail(`array length %${lengthId} is not an integer constant the reader can evaluate`);
    }
    return Number(length.value);
  }

  private scalarOf(typeId: number, referrer: Instruction) {
    const { def } = this.module.types.get(typeId, referrer);
    const scalar = scalarKindOf(def);
    if (scalar === undefined) referrer.fail(`%${typeId} is not a scalar type`);
    return scalar;
  }

  private matrixOf(columnId: number, columnCount: number, matrix: MatrixDecorations, referrer: Instruction): MatrixType {
    const { def } = this.module.types.get(columnId, referrer);
    if (def.op !== 'vector') referrer.fail(`matrix column type %${columnId} is not a vector`);
    const scalar = this.scalarOf(def.component, referrer);
    if (this.options.hlslMatrices) {
      // SPIR-V columns are HLSL rows, and the majorness decoration is read the other way round.
      return {
        kind: 'matrix',
        scalar,
        rows: columnCount,
        columns: def.count,
        majorness: matrix.spirvRowMajor ? 'column' : 'row',
        stride: matrix.stride,
      };
    }
    return {
      kind: 'matrix',
      scalar,
      rows: def.count,
      columns: columnCount,
      majorness: matrix.spirvRowMajor ? 'row' : 'column',
      stride: matrix.stride,
    };
  }

  private arrayOf(
    elementId: number,
    length: number,
    arrayId: number,
    matrix: MatrixDecorations,
    referrer: Instruction,
  ): ArrayType {
    return {
      kind: 'array',
      element: this.layoutOf(elementId, referrer, matrix),
      length,
      stride: this.module.decorations.literal(arrayId, Decoration.ArrayStride) ?? 0,
    };
  }
}

/** Bytes a member of this type occupies, padding inside it included. */
export function sizeOf(type: LayoutType): number {
  switch (type.kind) {
    case 'scalar':
      return scalarSize(type.scalar);
    case 'vector':
      return scalarSize(type.scalar) * type.count;
    case 'matrix':
      return type.stride * (type.majorness === 'row' ? type.rows : type.columns);
    case 'array':
      return type.stride * type.length;
    case 'struct':
      return type.size;
  }
}

/** The end of the member with the highest offset (members may be declared out of offset order). */
function structSize(members: StructMember[]): number {
  let last: StructMember | undefined;
  for (const member of members) if (last === undefined || member.offset > last.offset) last = member;
  return last === undefined ? 0 : last.offset + last.size;
}
