// Which words the parser treats specially, as data. HLSL (DXC) reserves fewer words than it seems:
// several modifiers are contextual (FXC back-compat), and built-in type names are ordinary names
// that happen to be predeclared, so `float sample;` or a variable named `line` must parse.
import type { Modifier } from './ast.js';

/**
 * Declaration modifiers. `contextual` ones (DXC accepts them as identifiers, e.g. `float3 sample`,
 * `float precise = 1`, a parameter named `payload`) are modifiers only before the type and when an
 * identifier follows; the others are keywords wherever they appear.
 */
export const MODIFIERS: ReadonlyMap<string, { modifier: Modifier; contextual: boolean }> = new Map(
  (
    [
      ['static', false], ['const', false], ['uniform', false], ['extern', false], ['groupshared', false],
      ['shared', false], ['volatile', false], ['inline', false], ['export', false],
      ['nointerpolation', false], ['linear', false], ['centroid', false], ['noperspective', false],
      ['row_major', false], ['column_major', false], ['snorm', false], ['unorm', false],
      ['in', false], ['out', false], ['inout', false],
      ['precise', true], ['sample', true], ['globallycoherent', true],
      ['point', true], ['line', true], ['triangle', true], ['lineadj', true], ['triangleadj', true],
      ['vertices', true], ['indices', true], ['primitives', true], ['payload', true],
    ] as const
  ).map(([word, contextual]) => [word, { modifier: word as Modifier, contextual }]),
);

/** Words that can never name a variable, function, field or type. */
export const RESERVED: ReadonlySet<string> = new Set([
  'if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'break', 'continue', 'return', 'discard',
  'struct', 'class', 'interface', 'typedef', 'enum', 'namespace', 'using', 'template', 'typename',
  'cbuffer', 'tbuffer', 'register', 'packoffset', 'true', 'false', 'sizeof', 'this', 'operator',
  ...[...MODIFIERS].filter(([, m]) => !m.contextual).map(([word]) => word),
]);

/** Statement keywords: recovery stops before them when they start a line. */
export const STATEMENT_KEYWORDS: ReadonlySet<string> = new Set([
  'if', 'for', 'while', 'do', 'switch', 'case', 'default', 'break', 'continue', 'return', 'discard',
]);

/** Keywords that begin a declaration: declaration-level recovery stops before them at a line start. */
export const DECLARATION_KEYWORDS: ReadonlySet<string> = new Set([
  'struct', 'class', 'interface', 'typedef', 'enum', 'namespace', 'using', 'template', 'cbuffer', 'tbuffer',
]);

const SCALARS = [
  'bool', 'int', 'uint', 'dword', 'half', 'float', 'double',
  'min16float', 'min10float', 'min16int', 'min12int', 'min16uint',
  'int16_t', 'uint16_t', 'int32_t', 'uint32_t', 'int64_t', 'uint64_t', 'float16_t', 'float32_t', 'float64_t',
];

/** Every scalar spelling with its `N` and `RxC` forms (`min16float3x3`, `float16_t4`, `uint64_t2`). */
function numericTypeNames(): string[] {
  const names: string[] = [];
  for (const s of SCALARS) {
    names.push(s);
    for (let r = 1; r <= 4; r++) {
      names.push(`${s}${r}`);
      for (let c = 1; c <= 4; c++) names.push(`${s}${r}x${c}`);
    }
  }
  return names;
}

/** Built-in types that take (optional) template arguments: `Texture2D<float4>`, `vector<float, 3>`. */
export const BUILTIN_TEMPLATE_TYPES: ReadonlySet<string> = new Set([
  'vector', 'matrix',
  'Buffer', 'RWBuffer', 'ByteAddressBuffer', 'RWByteAddressBuffer',
  'StructuredBuffer', 'RWStructuredBuffer', 'AppendStructuredBuffer', 'ConsumeStructuredBuffer',
  'ConstantBuffer', 'TextureBuffer',
  'Texture1D', 'Texture1DArray', 'Texture2D', 'Texture2DArray', 'Texture3D', 'TextureCube', 'TextureCubeArray',
  'Texture2DMS', 'Texture2DMSArray',
  'RWTexture1D', 'RWTexture1DArray', 'RWTexture2D', 'RWTexture2DArray', 'RWTexture3D',
  'RasterizerOrderedBuffer', 'RasterizerOrderedByteAddressBuffer', 'RasterizerOrderedStructuredBuffer',
  'RasterizerOrderedTexture1D', 'RasterizerOrderedTexture1DArray', 'RasterizerOrderedTexture2D',
  'RasterizerOrderedTexture2DArray', 'RasterizerOrderedTexture3D',
  'FeedbackTexture2D', 'FeedbackTexture2DArray',
  'InputPatch', 'OutputPatch', 'PointStream', 'LineStream', 'TriangleStream',
  'RayQuery', 'SubpassInput', 'SubpassInputMS',
]);

/** Templates of the implicit `vk` namespace the parser must know as types (inline SPIR-V types). */
export const VK_TEMPLATE_TYPES: readonly string[] = ['SpirvType', 'SpirvOpaqueType', 'Literal', 'integral_constant', 'ext_type', 'ext_result_id', 'BufferPointer'];

/** Every predeclared type name (the parser's starting type table). */
export const BUILTIN_TYPES: ReadonlySet<string> = new Set([
  ...numericTypeNames(),
  ...BUILTIN_TEMPLATE_TYPES,
  'void', 'string',
  // C's `unsigned int` (and `unsigned` alone), which DXC reads as uint.
  'unsigned',
  'SamplerState', 'SamplerComparisonState', 'sampler', 'sampler1D', 'sampler2D', 'sampler3D', 'samplerCUBE',
  'texture', 'Texture',
  'RaytracingAccelerationStructure', 'RayDesc', 'BuiltInTriangleIntersectionAttributes',
  // SM 6.6 packed 8-bit vectors: a uint holding four bytes (no vector or matrix forms).
  'int8_t4_packed', 'uint8_t4_packed',
]);
