// HLSL's built-in type names: scalar spellings (manual, "Normal scalar types" and "Minimal precision
// scalar types" tables), their vector/matrix suffixes, `vector<T,N>`/`matrix<T,R,C>`, samplers and
// the resource templates of the buffer and texture tables.
import { matrix, scalar, vector, type ResourceKind, type ScalarType, type Type } from '../types.js';

interface ScalarSpelling {
  /** The type without -enable-16bit-types, and with it. */
  plain: ScalarType;
  with16: ScalarType;
}

const s = (base: ScalarType['base'], width: 16 | 32 | 64 = 32, relaxed = false) => scalar(base, width, relaxed);

const SCALAR_SPELLINGS: Record<string, ScalarSpelling> = {
  bool: { plain: s('bool'), with16: s('bool') },
  int: { plain: s('int'), with16: s('int') },
  int32_t: { plain: s('int'), with16: s('int') },
  dword: { plain: s('uint'), with16: s('uint') },
  uint: { plain: s('uint'), with16: s('uint') },
  uint32_t: { plain: s('uint'), with16: s('uint') },
  float: { plain: s('float'), with16: s('float') },
  float32_t: { plain: s('float'), with16: s('float') },
  double: { plain: s('float', 64), with16: s('float', 64) },
  float64_t: { plain: s('float', 64), with16: s('float', 64) },
  int64_t: { plain: s('int', 64), with16: s('int', 64) },
  uint64_t: { plain: s('uint', 64), with16: s('uint', 64) },
  // "half is translated into 32-bit floating point numbers if without -enable-16bit-types".
  half: { plain: s('float'), with16: s('float', 16) },
  float16_t: { plain: s('float', 16), with16: s('float', 16) },
  int16_t: { plain: s('int', 16), with16: s('int', 16) },
  uint16_t: { plain: s('uint', 16), with16: s('uint', 16) },
  // Minimal precision: 32-bit + RelaxedPrecision, or plain 16-bit with -enable-16bit-types.
  min16float: { plain: s('float', 32, true), with16: s('float', 16) },
  min10float: { plain: s('float', 32, true), with16: s('float', 16) },
  min16int: { plain: s('int', 32, true), with16: s('int', 16) },
  min12int: { plain: s('int', 32, true), with16: s('int', 16) },
  min16uint: { plain: s('uint', 32, true), with16: s('uint', 16) },
};

/** SM 6.6's packed 8-bit vectors: four bytes in a uint, as DXC represents them in SPIR-V. */
const PACKED_8BIT_NAMES: ReadonlySet<string> = new Set(['int8_t4_packed', 'uint8_t4_packed']);

/** 16-bit spellings that need -enable-16bit-types (DXC rejects them otherwise). */
export const NEEDS_16BIT = new Set(['float16_t', 'int16_t', 'uint16_t']);

export const RESOURCE_KINDS: ReadonlySet<string> = new Set<ResourceKind>([
  'ConstantBuffer', 'TextureBuffer', 'StructuredBuffer', 'RWStructuredBuffer', 'AppendStructuredBuffer',
  'ConsumeStructuredBuffer', 'ByteAddressBuffer', 'RWByteAddressBuffer', 'Buffer', 'RWBuffer', 'Texture1D',
  'Texture1DArray', 'Texture2D', 'Texture2DArray', 'Texture2DMS', 'Texture2DMSArray', 'Texture3D', 'TextureCube',
  'TextureCubeArray', 'RWTexture1D', 'RWTexture1DArray', 'RWTexture2D', 'RWTexture2DArray', 'RWTexture3D',
  'SubpassInput', 'SubpassInputMS', 'RaytracingAccelerationStructure',
]);

/** Stage-only template types: geometry output streams and tessellation patches (stage-types.ts). */
export const STAGE_TEMPLATE_TYPES: ReadonlySet<string> = new Set(['PointStream', 'LineStream', 'TriangleStream', 'InputPatch', 'OutputPatch']);
/** `vk::SampledTexture*` spelled with their namespace → their resource kinds (combined image samplers). */
export const VK_RESOURCE_KINDS: Readonly<Record<string, ResourceKind>> = Object.fromEntries(
  (['1D', '1DArray', '2D', '2DArray', '2DMS', '2DMSArray', '3D', 'CUBE', 'CUBEArray'] as const).map((d) => [`vk::SampledTexture${d}`, `SampledTexture${d}` as ResourceKind]),
);

/** Rasterizer-ordered views → the RW kinds they are, with their accesses interlocked. */
export const ROV_KINDS: Readonly<Record<string, ResourceKind>> = {
  RasterizerOrderedBuffer: 'RWBuffer',
  RasterizerOrderedByteAddressBuffer: 'RWByteAddressBuffer',
  RasterizerOrderedStructuredBuffer: 'RWStructuredBuffer',
  RasterizerOrderedTexture1D: 'RWTexture1D',
  RasterizerOrderedTexture1DArray: 'RWTexture1DArray',
  RasterizerOrderedTexture2D: 'RWTexture2D',
  RasterizerOrderedTexture2DArray: 'RWTexture2DArray',
  RasterizerOrderedTexture3D: 'RWTexture3D',
};

/** Resources whose template argument may be omitted (it defaults to float4). */
export const DEFAULT_FLOAT4_RESOURCES: ReadonlySet<string> = new Set([
  'Texture1D', 'Texture1DArray', 'Texture2D', 'Texture2DArray', 'Texture2DMS', 'Texture2DMSArray', 'Texture3D',
  'TextureCube', 'TextureCubeArray', 'Buffer', 'RWBuffer', 'SubpassInput', 'SubpassInputMS',
  ...Object.values(VK_RESOURCE_KINDS),
]);

export const SAMPLER_NAMES: Record<string, boolean> = {
  SamplerState: false,
  sampler: false,
  SamplerComparisonState: true,
};

const NUMERIC_NAME = /^([A-Za-z_][A-Za-z0-9_]*?)([1-4])(?:x([1-4]))?$/;

/**
 * Resolves a non-template built-in numeric type name (`float`, `float3`, `min16float2x2`,
 * `uint64_t4`), or undefined if the name is not one. A 1xN/Nx1 matrix stays a matrix here; the
 * back end maps it to a vector as the manual's table says.
 */
export function numericTypeByName(name: string, enable16BitTypes: boolean): Type | undefined {
  if (PACKED_8BIT_NAMES.has(name)) return s('uint');
  const direct = SCALAR_SPELLINGS[name];
  if (direct) return enable16BitTypes ? direct.with16 : direct.plain;
  const m = NUMERIC_NAME.exec(name);
  if (!m) return undefined;
  const base = SCALAR_SPELLINGS[m[1]!];
  if (!base) return undefined;
  const el = enable16BitTypes ? base.with16 : base.plain;
  const a = Number(m[2]);
  return m[3] === undefined ? vector(el, a) : matrix(el, a, Number(m[3]));
}

export function scalarByName(name: string, enable16BitTypes: boolean): ScalarType | undefined {
  const sp = SCALAR_SPELLINGS[name];
  return sp ? (enable16BitTypes ? sp.with16 : sp.plain) : undefined;
}

/** Names that always denote built-in types (the parser and checker never treat them as variables). */
export function isBuiltinTypeName(name: string): boolean {
  return (
    name === 'vector' ||
    name === 'matrix' ||
    name in SAMPLER_NAMES ||
    RESOURCE_KINDS.has(name) ||
    STAGE_TEMPLATE_TYPES.has(name) ||
    numericTypeByName(name, true) !== undefined
  );
}
