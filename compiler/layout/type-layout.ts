// Size, alignment and strides of a type under one rule family: std140's rules 1-10 with the
// modifications of the chosen family (see rules.ts), as DXC's SPIR-V back end computes them.

import { typeToString, type ArrayType, type MatrixType, type ScalarType, type StructType, type Type } from '../types.js';
import { LayoutError, type Layout, type LayoutOptions, type MemberLayout } from './layout.js';
import { checkExplicitOffset, defaultOffset, findOverlaps, packOffsetSpelling, type ExplicitOffset } from './placement.js';
import { REGISTER_BYTES, RULE_FAMILY, RULE_SETS, roundUp, type RuleSet } from './rules.js';

/** State of one layout computation; owned by the call, never shared. */
export interface LayoutContext {
  rules: RuleSet;
  options: LayoutOptions;
  warnings: string[];
  /** Struct layouts by declaration id: a struct used many times is laid out (and warned about) once. */
  structs: Map<number, Layout>;
}

export function createContext(options: LayoutOptions): LayoutContext {
  return { rules: RULE_SETS[RULE_FAMILY[options.rule][options.buffer]], options, warnings: [], structs: new Map() };
}

/** The rule's name as the user chose it, for messages. */
export function ruleName(ctx: LayoutContext): string {
  return `${ctx.options.rule} ${ctx.options.buffer}-buffer`;
}

/** std140 rules 2 and 3: a 3-component vector aligns like a 4-component one. */
const stdAlignedComponents = (count: number): number => (count === 3 ? 4 : count);

/** Rule 1. bool is stored as a 32-bit uint; 16-bit and min-precision types are their Type's width. */
function scalarLayout(t: ScalarType): Layout {
  const bytes = t.width / 8;
  return { kind: 'scalar', size: bytes, alignment: bytes };
}

/** Rules 2 and 3. */
function vectorLayout(ctx: LayoutContext, element: ScalarType, count: number): Layout {
  if (count === 1) return scalarLayout(element);
  const bytes = element.width / 8;
  const alignment = ctx.rules.vectorAlignment === 'std' ? bytes * stdAlignedComponents(count) : bytes;
  return { kind: 'vector', size: bytes * count, alignment };
}

/**
 * fxc's cbuffer packing of a matrix: each stored vector starts a new 16-byte register and the last
 * one is not padded. (DXC sizes this as 16 * (vectors - 1) + last vector, which undercounts 64-bit
 * vectors that take two registers; we use the stride, which is the same for 16- and 32-bit types.)
 */
function registerPacked(element: ScalarType, vectorCount: number, vectorLength: number): { size: number; alignment: number } {
  const bytes = element.width / 8;
  const alignment = roundUp(bytes * stdAlignedComponents(vectorLength), REGISTER_BYTES);
  return { alignment, size: alignment * (vectorCount - 1) + bytes * vectorLength };
}

/** Rules 5 and 7: a matrix is an array of its stored vectors (columns if column_major, rows if row_major). */
function matrixLayout(ctx: LayoutContext, t: MatrixType, where: string): Layout {
  const majorness = t.majorness ?? ctx.options.defaultMajorness;
  const vectorCount = majorness === 'column_major' ? t.cols : t.rows;
  const vectorLength = majorness === 'column_major' ? t.rows : t.cols;
  const bytes = t.element.width / 8;

  if (t.rows === 1 || t.cols === 1) {
    // The manual's mapping: Nx1 and 1xN are vectors, 1x1 a scalar. Only fxc's cbuffer packing keeps
    // them matrices: a column_major float1x3 is 3 one-element columns, each in its own register, so
    // DXC emits an array of 3 scalars with ArrayStride 16 (its test vk.layout.cbuffer.fxc.1.hlsl).
    if (ctx.rules.matrices === 'registers' && vectorCount > 1) {
      const element = scalarLayout(t.element);
      const packed = registerPacked(t.element, vectorCount, 1);
      return { kind: 'array', ...packed, arrayStride: packed.alignment, length: vectorCount, element };
    }
    return vectorLayout(ctx, t.element, Math.max(t.rows, t.cols));
  }

  // SPIR-V has no integer or bool matrices; DXC stores them as arrays of row vectors and rejects the
  // column_major ones in buffers.
  if (t.element.base !== 'float' && majorness === 'column_major') {
    throw new LayoutError(
      `${where} is a column_major ${typeToString({ ...t, majorness: undefined })} matrix: non-floating-point matrices ` +
        'can only be stored row_major in a buffer (declare it row_major, or compile with -Zpr)',
    );
  }

  switch (ctx.rules.matrices) {
    case 'vectors': {
      let alignment = bytes * stdAlignedComponents(vectorLength);
      if (ctx.rules.aggregatesAlignTo16) alignment = roundUp(alignment, REGISTER_BYTES);
      return { kind: 'matrix', size: alignment * vectorCount, alignment, matrixStride: alignment, majorness };
    }
    case 'registers': {
      const packed = registerPacked(t.element, vectorCount, vectorLength);
      return { kind: 'matrix', ...packed, matrixStride: packed.alignment, majorness };
    }
    case 'packed':
      return { kind: 'matrix', size: bytes * t.rows * t.cols, alignment: bytes, matrixStride: bytes * vectorLength, majorness };
  }
}

/** Rules 4, 6, 8 and 10. */
function arrayLayout(ctx: LayoutContext, t: ArrayType, where: string): Layout {
  const element = layoutType(ctx, t.element, where);
  const alignment = ctx.rules.aggregatesAlignTo16 ? roundUp(element.alignment, REGISTER_BYTES) : element.alignment;
  // DXC: under the std140 family an element of size 0 (an empty struct) still takes one slot.
  const elementSize = ctx.rules.aggregatesAlignTo16 && element.size === 0 ? alignment : element.size;
  const arrayStride = roundUp(elementSize, alignment);
  const base = { kind: 'array' as const, alignment, arrayStride, length: t.length, element };
  // A runtime array's extent is set when the buffer is bound; as a member it adds nothing.
  if (t.length === null || t.length === 0) return { ...base, size: 0 };
  // Without end padding the last element is not rounded to the stride. (DXC sizes scalar-layout
  // arrays as length * element size, short of the real extent when a struct's size is not a multiple
  // of its alignment; we use the extent, as glslang does, so that members never overlap.)
  const size = ctx.rules.padArrayEnd ? arrayStride * t.length : arrayStride * (t.length - 1) + elementSize;
  return { ...base, size };
}

/** Rule 9: members in order, each at the rule's offset unless [[vk::offset]] or packoffset says otherwise. */
function structLayout(ctx: LayoutContext, t: StructType): Layout {
  const known = ctx.structs.get(t.id);
  if (known) return known;
  const structName = t.name || '<anonymous struct>';
  const members: MemberLayout[] = [];
  let end = 0;
  let maxAlignment = 1;
  for (const field of t.fields) {
    const where = `member '${field.name}' of '${structName}'`;
    const layout = layoutType(ctx, field.type, where);
    let offset = defaultOffset(ctx.rules, end, field.type, layout);
    // [[vk::offset]] wins over packoffset (the manual); both are taken as given.
    const explicit: ExplicitOffset | undefined =
      field.vkOffset !== undefined
        ? { offset: field.vkOffset, spelling: `[[vk::offset(${field.vkOffset})]]` }
        : field.packOffset !== undefined
          ? { offset: field.packOffset, spelling: packOffsetSpelling(field.packOffset) }
          : undefined;
    if (explicit) {
      ctx.warnings.push(...checkExplicitOffset(ctx.rules, ruleName(ctx), where, field.type, layout, explicit));
      offset = explicit.offset;
    }
    members.push({ name: field.name, offset, layout });
    maxAlignment = Math.max(maxAlignment, layout.alignment);
    end = offset + layout.size;
  }
  ctx.warnings.push(...findOverlaps(members, `struct '${structName}'`));
  const result = finishStruct(ctx, members, maxAlignment);
  ctx.structs.set(t.id, result);
  return result;
}

/**
 * A struct's alignment and size from its members' (shared with $Globals). The size covers the
 * furthest member end; DXC takes the last member's end, which differs only when an explicit offset
 * moves the last member backwards (and then the buffer would be too small for the earlier members).
 */
export function finishStruct(ctx: LayoutContext, members: MemberLayout[], maxAlignment: number): Layout {
  // DXC: an empty struct has size 0; its alignment is 1, rounded up to 16 where aggregates align to
  // 16 (std140, cbuffers: `float3 a; struct {} b;` puts b at 16, which the relaxed rules require).
  if (members.length === 0) return { kind: 'struct', size: 0, alignment: ctx.rules.aggregatesAlignTo16 ? REGISTER_BYTES : 1, members };
  const alignment = ctx.rules.aggregatesAlignTo16 ? roundUp(maxAlignment, REGISTER_BYTES) : maxAlignment;
  const end = Math.max(...members.map((m) => m.offset + m.layout.size));
  const size = ctx.rules.padStructEnd ? roundUp(end, alignment) : end;
  return { kind: 'struct', size, alignment, members };
}

/** Layout of any type that may live in a buffer; `where` names it in errors. */
export function layoutType(ctx: LayoutContext, t: Type, where: string): Layout {
  switch (t.kind) {
    case 'scalar':
      return scalarLayout(t);
    case 'vector':
      return vectorLayout(ctx, t.element, t.size);
    case 'matrix':
      return matrixLayout(ctx, t, where);
    case 'array':
      return arrayLayout(ctx, t, where);
    case 'struct':
      return structLayout(ctx, t);
    case 'pointer':
      // vk::BufferPointer: a 64-bit device address.
      return { kind: 'scalar', size: 8, alignment: 8 };
    case 'spirvType':
      // vk::SpirvType: the size and alignment its template arguments give; opaque types have none.
      if (t.size === undefined || t.alignment === undefined) throw new LayoutError(`${where} has the opaque inline SPIR-V type '${typeToString(t)}', which has no memory layout`);
      return { kind: 'scalar', size: t.size, alignment: t.alignment };
    case 'resource':
    case 'sampler':
    case 'rayQuery':
    case 'stream':
    case 'node':
    case 'void':
      throw new LayoutError(
        `${where} has type '${typeToString(t)}', which cannot be stored in a buffer: ` +
          (t.kind === 'void' ? 'void has no size' : t.kind === 'stream' ? 'streams have no memory layout' : t.kind === 'node' ? 'node objects have no memory layout' : 'resources and samplers have no memory layout'),
      );
  }
}
