// Semantic types: what the checker assigns to declarations and expressions, what the IR carries and
// what the layout rules and back ends consume. HLSL's own terms throughout: a matrix has `rows` and
// `cols` as written (`float2x3` is 2 rows × 3 columns); the SPIR-V back end transposes.

import type { Loc } from './diagnostics.js';

export type ScalarBase = 'bool' | 'int' | 'uint' | 'float';

export interface ScalarType {
  kind: 'scalar';
  base: ScalarBase;
  /** Bits: 32 for bool (as SPIR-V stores it in buffers), 16/32/64 otherwise. */
  width: 16 | 32 | 64;
  /** min16float and friends: 32-bit (or 16-bit with -enable-16bit-types) with RelaxedPrecision. */
  relaxed?: boolean;
  /**
   * A value of an enumeration (this scalar is its underlying type). Only the checker's conversion and
   * operator rules read it (check/enum-types.ts); layouts and back ends see the underlying type.
   */
  enumeration?: EnumTag;
}

export interface EnumTag {
  id: number;
  name: string;
  /** `enum class` / `enum struct`: no implicit conversion to or from anything else. */
  scoped: boolean;
}

export interface VectorType {
  kind: 'vector';
  element: ScalarType;
  size: 2 | 3 | 4;
}

export type Majorness = 'row_major' | 'column_major';

export interface MatrixType {
  kind: 'matrix';
  element: ScalarType;
  rows: number;
  cols: number;
  /** Explicit or pragma-given majorness; undefined means "the compile's default" (-Zpc unless -Zpr). */
  majorness?: Majorness;
}

export interface ArrayType {
  kind: 'array';
  element: Type;
  /** null: unsized (runtime array in a buffer, or sized by its initializer before checking completes). */
  length: number | null;
}

export interface StructField {
  name: string;
  type: Type;
  semantic?: string;
  interpolation?: Interpolation[];
  /** `[[vk::offset(N)]]`: overrides the layout rule (it wins over packoffset). */
  vkOffset?: number;
  /** `packoffset(cN.x)` as a byte offset. */
  packOffset?: number;
  /** `[[vk::location(N)]]` on a stage I/O struct member. */
  location?: number;
  /** `[[vk::builtin("Name")]]` on a stage I/O struct member. */
  builtin?: string;
  /** `[[vk::index(N)]]` on a fragment output member (dual-source blending). */
  index?: number;
  /**
   * Bitfields packed into this integer member, as DXC packs them: consecutive bitfields of one type share
   * a member (named after the first) while they fit its width; signed ones sign-extend when read.
   */
  bitfields?: Bitfield[];
  /** Declared with a `half` spelling while half is float: only overload resolution tells it apart. */
  half?: boolean;
  /** `[[vk::ext_decorate…]]` on the member: OpMemberDecorate (or the stage variable's OpDecorate). */
  decorations?: SpirvDecoration[];
  /** `[[vk::ext_capability]]` / `[[vk::ext_extension]]` on the member: declared once the struct is used. */
  requirements?: { capabilities: number[]; extensions: string[]; loc?: Loc };
}

/**
 * A decoration the source asks for (`[[vk::ext_decorate(d, literals…)]]`, `ext_decorate_string`,
 * `ext_decorate_id` with constant operands), emitted as written for spirv-val to judge.
 */
export type SpirvDecoration = (
  | { kind: 'literal'; decoration: number; operands: number[] }
  | { kind: 'string'; decoration: number; strings: string[] }
  | { kind: 'id'; decoration: number; constants: { type: ScalarType; value: number }[] }
) & { /** The attribute, for targets that cannot express it. */ loc?: Loc };

export interface Bitfield {
  name: string;
  /** Least significant bit, counted from bit 0 of the storage member. */
  offset: number;
  width: number;
}

export interface StructType {
  kind: 'struct';
  name: string;
  fields: StructField[];
  /** Identity of the declaration, so that two structs with the same shape stay distinct. */
  id: number;
  /** `struct [NodeTrackRWInputSharing] R`: a work-graph record whose cross-group sharing is tracked. */
  trackRWInputSharing?: true;
}

export type Interpolation = 'linear' | 'centroid' | 'nointerpolation' | 'noperspective' | 'sample';

/** Resource kinds of the manual's buffer and texture tables. */
export type ResourceKind =
  | 'ConstantBuffer'
  | 'TextureBuffer'
  | 'StructuredBuffer'
  | 'RWStructuredBuffer'
  | 'AppendStructuredBuffer'
  | 'ConsumeStructuredBuffer'
  | 'ByteAddressBuffer'
  | 'RWByteAddressBuffer'
  | 'Buffer'
  | 'RWBuffer'
  | 'Texture1D'
  | 'Texture1DArray'
  | 'Texture2D'
  | 'Texture2DArray'
  | 'Texture2DMS'
  | 'Texture2DMSArray'
  | 'Texture3D'
  | 'TextureCube'
  | 'TextureCubeArray'
  | 'RWTexture1D'
  | 'RWTexture1DArray'
  | 'RWTexture2D'
  | 'RWTexture2DArray'
  | 'RWTexture3D'
  | 'SubpassInput'
  | 'SubpassInputMS'
  | CombinedTextureKind
  /** A ray-tracing acceleration structure (manual: OpTypeAccelerationStructureKHR, UniformConstant). */
  | 'RaytracingAccelerationStructure';

/** `vk::SampledTexture*` (DXC spells the cube ones `…CUBE`): a texture and its sampler in one combined image sampler. */
export type CombinedTextureKind =
  | 'SampledTexture1D'
  | 'SampledTexture1DArray'
  | 'SampledTexture2D'
  | 'SampledTexture2DArray'
  | 'SampledTexture2DMS'
  | 'SampledTexture2DMSArray'
  | 'SampledTexture3D'
  | 'SampledTextureCUBE'
  | 'SampledTextureCUBEArray';

/** Whether a resource kind is a combined image sampler (`vk::SampledTexture2D` …). */
export function isCombinedTexture(kind: ResourceKind): kind is CombinedTextureKind {
  return kind.startsWith('SampledTexture');
}

/** The separate texture kind whose image a combined one samples (`SampledTexture2D` → `Texture2D`, DXC's `…CUBE` → `TextureCube`). */
export function separateTextureKind(kind: ResourceKind): ResourceKind {
  return isCombinedTexture(kind) ? (kind.slice('Sampled'.length).replace('CUBE', 'Cube') as ResourceKind) : kind;
}

export interface ResourceType {
  kind: 'resource';
  resource: ResourceKind;
  /** Element type: struct or numeric for buffers, texel type for textures (default float4). */
  element: Type;
  /** Sample count for Texture2DMS<T, N> (0 when not given). */
  samples?: number;
  /** `[[vk::image_format("…")]]` as written (`rgba8`); absent: derived from the element type as DXC does. */
  format?: string;
  /** A rasterizer-ordered view (`RasterizerOrderedTexture2D`…): its RW kind, accessed inside a fragment interlock. */
  rasterizerOrdered?: true;
}

export interface SamplerType {
  kind: 'sampler';
  comparison: boolean;
}

/**
 * `RayQuery<flags>` (SM 6.5): the state of one inline ray traversal, OpTypeRayQueryKHR. It lives in a
 * Function (or Private) variable and is used only through its methods; `flags` are the template's ray
 * flags, OR-ed into TraceRayInline's.
 */
export interface RayQueryType {
  kind: 'rayQuery';
  flags: number;
}

/**
 * A work-graph node object (SM 6.8 node shaders): an input record, an output, or the records
 * allocated for an output. `record` is the record struct (an empty struct for the Empty* kinds).
 * Node objects live only as a node entry's parameters and the locals initialised from them.
 */
export type NodeObject =
  | 'DispatchNodeInputRecord'
  | 'RWDispatchNodeInputRecord'
  | 'GroupNodeInputRecords'
  | 'RWGroupNodeInputRecords'
  | 'ThreadNodeInputRecord'
  | 'RWThreadNodeInputRecord'
  | 'EmptyNodeInput'
  | 'NodeOutput'
  | 'EmptyNodeOutput'
  | 'NodeOutputArray'
  | 'EmptyNodeOutputArray'
  | 'GroupNodeOutputRecords'
  | 'ThreadNodeOutputRecords';

export interface NodeType {
  kind: 'node';
  object: NodeObject;
  record: Type;
}

export interface VoidType {
  kind: 'void';
}

/**
 * A geometry shader's output stream (`PointStream<T>`, `LineStream<T>`, `TriangleStream<T>`): no
 * data of its own; `Append(v)` writes v to the stage outputs and emits a vertex.
 */
export interface StreamType {
  kind: 'stream';
  topology: 'point' | 'line' | 'triangle';
  element: Type;
}

/**
 * `vk::BufferPointer<T, A>`: a device address of a T in PhysicalStorageBuffer memory (laid out as a
 * storage buffer), every access through it `Aligned A`. Stored as 8 bytes, like a uint64_t.
 */
export interface PointerType {
  kind: 'pointer';
  pointee: Type;
  alignment: number;
}

/** An operand of an inline SPIR-V type: another type's id, an OpConstant's id, or a literal word. */
export type SpirvTypeOperand = { kind: 'type'; type: Type } | { kind: 'constant'; type: ScalarType; value: number } | { kind: 'literal'; value: number };

/**
 * The instruction declaring an inline SPIR-V type. For `vk::ext_type<N>` the checker fills it in
 * when the `[[vk::ext_type_def(N, opcode)]]` function is called, so one object is shared by every use.
 */
export interface SpirvTypeDefinition {
  opcode?: number;
  operands: SpirvTypeOperand[];
  /** `vk::ext_capability` / `vk::ext_extension` of the defining typedef, alias or function. */
  capabilities: number[];
  extensions: string[];
}

/**
 * An inline SPIR-V type (DXC's `vk::SpirvType<Opcode, Size, Alignment, Operands…>`,
 * `vk::SpirvOpaqueType<Opcode, Operands…>`, `vk::ext_type<N>`): emitted as written, for spirv-val to
 * judge. Only a SpirvType has a size and alignment, so only it may live in a buffer.
 */
export interface SpirvInlineType {
  kind: 'spirvType';
  definition: SpirvTypeDefinition;
  /** Identity: the written form (`ext:N` for vk::ext_type<N>). */
  key: string;
  /** Written spelling, for diagnostics. */
  spelling: string;
  /** Where the type was first written, for targets that cannot express it. */
  loc?: Loc;
  size?: number;
  alignment?: number;
}

export type Type = ScalarType | VectorType | MatrixType | ArrayType | StructType | ResourceType | SamplerType | StreamType | PointerType | RayQueryType | SpirvInlineType | NodeType | VoidType;

// ---------------------------------------------------------------------------------------------
// Constructors and predicates

export const scalar = (base: ScalarBase, width: 16 | 32 | 64 = 32, relaxed = false): ScalarType =>
  relaxed ? { kind: 'scalar', base, width, relaxed } : { kind: 'scalar', base, width };

export const BOOL = scalar('bool');
export const INT = scalar('int');
export const UINT = scalar('uint');
export const FLOAT = scalar('float');
export const VOID: VoidType = { kind: 'void' };

export function vector(element: ScalarType, size: number): ScalarType | VectorType {
  if (size === 1) return element;
  if (size < 1 || size > 4) throw new RangeError(`vector size ${size} out of range`);
  return { kind: 'vector', element, size: size as 2 | 3 | 4 };
}

export function matrix(element: ScalarType, rows: number, cols: number, majorness?: Majorness): MatrixType {
  return majorness ? { kind: 'matrix', element, rows, cols, majorness } : { kind: 'matrix', element, rows, cols };
}

export function arrayOf(element: Type, length: number | null): ArrayType {
  return { kind: 'array', element, length };
}

/** The scalar a numeric type is built from (undefined for aggregates and opaque types). */
export function elementScalar(t: Type): ScalarType | undefined {
  switch (t.kind) {
    case 'scalar':
      return t;
    case 'vector':
    case 'matrix':
      return t.element;
    default:
      return undefined;
  }
}

export function isNumeric(t: Type): t is ScalarType | VectorType | MatrixType {
  return t.kind === 'scalar' || t.kind === 'vector' || t.kind === 'matrix';
}

/** A struct or sized array whose every leaf is a number (HLSL flattens it into components). */
export function numericLeaves(t: Type): boolean {
  if (t.kind === 'struct') return t.fields.length > 0 && t.fields.every((f) => isNumeric(f.type) || numericLeaves(f.type));
  if (t.kind === 'array') return t.length !== null && (isNumeric(t.element) || numericLeaves(t.element));
  return false;
}

/** A struct (or array of them) with no leaf: every member, at any depth, an empty struct. It holds no data (no stage variable). */
/** A resource or sampler, or an array of them (at any depth): one handle or an array of handles. */
export function isResourceOrArrayOf(t: Type): boolean {
  if (t.kind === 'resource' || t.kind === 'sampler') return true;
  return t.kind === 'array' && isResourceOrArrayOf(t.element);
}

export function isEmptyAggregate(t: Type): boolean {
  if (t.kind === 'array') return isEmptyAggregate(t.element);
  return t.kind === 'struct' && t.fields.every((f) => isEmptyAggregate(f.type));
}

/** Number of scalar components of a numeric type (matrix: rows × cols). */
export function componentCount(t: ScalarType | VectorType | MatrixType): number {
  return t.kind === 'scalar' ? 1 : t.kind === 'vector' ? t.size : t.rows * t.cols;
}

export function sameType(a: Type, b: Type): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'scalar': {
      const s = b as ScalarType;
      return a.base === s.base && a.width === s.width && !!a.relaxed === !!s.relaxed;
    }
    case 'vector': {
      const v = b as VectorType;
      return a.size === v.size && sameType(a.element, v.element);
    }
    case 'matrix': {
      const m = b as MatrixType;
      return a.rows === m.rows && a.cols === m.cols && a.majorness === m.majorness && sameType(a.element, m.element);
    }
    case 'array': {
      const r = b as ArrayType;
      return a.length === r.length && sameType(a.element, r.element);
    }
    case 'struct':
      return a.id === (b as StructType).id;
    case 'resource': {
      const r = b as ResourceType;
      return a.resource === r.resource && sameType(a.element, r.element) && (a.samples ?? 0) === (r.samples ?? 0) && !!a.rasterizerOrdered === !!r.rasterizerOrdered;
    }
    case 'sampler':
      return a.comparison === (b as SamplerType).comparison;
    case 'rayQuery':
      return a.flags === (b as RayQueryType).flags;
    case 'stream':
      return a.topology === (b as StreamType).topology && sameType(a.element, (b as StreamType).element);
    case 'pointer': {
      const p = b as PointerType;
      return a.alignment === p.alignment && sameType(a.pointee, p.pointee);
    }
    case 'spirvType':
      return a.key === (b as SpirvInlineType).key;
    case 'node':
      return a.object === (b as NodeType).object && sameType(a.record, (b as NodeType).record);
    case 'void':
      return true;
  }
}

const SCALAR_NAMES: Record<ScalarBase, Record<number, string>> = {
  bool: { 32: 'bool' },
  int: { 16: 'int16_t', 32: 'int', 64: 'int64_t' },
  uint: { 16: 'uint16_t', 32: 'uint', 64: 'uint64_t' },
  float: { 16: 'half', 32: 'float', 64: 'double' },
};

/** HLSL spelling of a type, for diagnostics. */
/**
 * A string equal for two types exactly when they are the same type, for maps and comparisons of
 * types built in different places. Source locations a type carries (an inline SPIR-V type's, a
 * field's) are not part of its identity, and a token serving as a location refers to itself.
 */
export function typeKey(t: Type): string {
  return JSON.stringify(t, (key, value: unknown) => {
    if (key === 'loc') return undefined;
    // A struct is identified by its id; a pointer's pointee may be the struct being keyed (a linked list).
    if (key === 'pointee' && (value as Type).kind === 'struct') return { kind: 'struct', id: (value as StructType).id };
    return value;
  });
}

export function typeToString(t: Type): string {
  switch (t.kind) {
    case 'scalar':
      if (t.enumeration) return t.enumeration.name;
      if (t.relaxed) return t.base === 'float' ? 'min16float' : t.base === 'int' ? 'min16int' : 'min16uint';
      return SCALAR_NAMES[t.base][t.width] ?? `${t.base}${t.width}`;
    case 'vector':
      return `${typeToString(t.element)}${t.size}`;
    case 'matrix':
      return `${t.majorness ? t.majorness + ' ' : ''}${typeToString(t.element)}${t.rows}x${t.cols}`;
    case 'array':
      return `${typeToString(t.element)}[${t.length ?? ''}]`;
    case 'struct':
      return t.name || '<anonymous struct>';
    case 'resource':
      if (t.rasterizerOrdered) return `${t.resource.replace(/^RW/, 'RasterizerOrdered')}<${typeToString(t.element)}>`;
      if (t.resource === 'RaytracingAccelerationStructure') return t.resource;
      return `${isCombinedTexture(t.resource) ? 'vk::' : ''}${t.resource}<${typeToString(t.element)}>`;
    case 'rayQuery':
      return `RayQuery<${t.flags}>`;
    case 'sampler':
      return t.comparison ? 'SamplerComparisonState' : 'SamplerState';
    case 'stream':
      return `${t.topology === 'point' ? 'Point' : t.topology === 'line' ? 'Line' : 'Triangle'}Stream<${typeToString(t.element)}>`;
    case 'pointer':
      return `vk::BufferPointer<${typeToString(t.pointee)}${t.alignment ? `, ${t.alignment}` : ''}>`;
    case 'spirvType':
      return t.spelling;
    case 'node':
      return t.object.startsWith('Empty') ? t.object : `${t.object}<${typeToString(t.record)}>`;
    case 'void':
      return 'void';
  }
}
