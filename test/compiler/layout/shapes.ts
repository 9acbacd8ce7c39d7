// One table of buffer shapes, written in HLSL spelling, from which the oracle test builds our semantic
// Types, a GLSL source (std140 / std430 / scalar blocks) and an HLSL source (cbuffer and structured
// buffer) for glslang. Matrices: HLSL `RxC` is GLSL `matCxR` with the same majorness keyword (an HLSL
// column_major float2x3 and a GLSL column_major mat3x2 are both 3 columns of 2 floats).

import { arrayOf, matrix, scalar, vector, type Majorness, type ScalarType, type StructType, type Type } from '../../../compiler/types.js';

export interface Shape {
  name: string;
  /** Nested struct declarations, in dependency order: `[name, ['float3 p', 'float w']]`. */
  structs?: [string, string[]][];
  /** Members of the buffer, HLSL-style: `'row_major float2x3 m'`, `'float2 g[2]'`, `'S1 s[3]'`. */
  fields: string[];
  /** GLSL cannot say this shape (e.g. majorness on a struct member); only the HLSL oracle sees it. */
  hlslOnly?: boolean;
}

export const SHAPES: Shape[] = [
  {
    name: 'manual struct T',
    structs: [['S', ['float3 f']]],
    fields: ['float a_float', 'float3 b_float3', 'S c_S_float3', 'float2x3 d_float2x3', 'row_major float2x3 e_float2x3', 'int f_int_3[3]', 'float2 g_float2_2[2]'],
  },
  { name: 'float3 then float', fields: ['float3 a', 'float b'] },
  { name: 'float then float3', fields: ['float a', 'float3 b', 'float c'] },
  { name: 'float2 then float3 straddles', fields: ['float2 a', 'float3 b', 'float2 c', 'float2 d'] },
  { name: 'scalars and vectors mixed', fields: ['float a', 'float2 b', 'float c', 'float4 d', 'float e', 'float3 f', 'float2 g', 'float h'] },
  { name: 'int uint bool vectors', fields: ['int a', 'uint3 b', 'bool c', 'int2 d', 'bool2 e', 'uint f', 'bool3 g'] },
  { name: 'float3x3 both majorness', fields: ['float a', 'float3x3 m', 'float b', 'row_major float3x3 r', 'float c'] },
  { name: 'non-square matrices', fields: ['float2x3 a', 'float b', 'row_major float2x3 c', 'float3x2 d', 'row_major float3x2 e', 'float f', 'float4x2 g', 'row_major float2x4 h'] },
  { name: 'float4x4 float3 float', fields: ['float4x4 m', 'float3 v', 'float s'] },
  { name: 'issue cbuffer Params', fields: ['float time', 'float3 tint', 'float4x4 xform', 'int counts[4]'] },
  { name: 'arrays of scalars and vectors', fields: ['float a[3]', 'float b', 'float2 c[2]', 'float d', 'float3 e[2]', 'float f', 'float4 g[2]', 'float h'] },
  { name: 'float then float2 array', fields: ['float a', 'float2 b[2]', 'float c'] },
  { name: 'arrays of matrices', fields: ['float a', 'float2x2 m[2]', 'row_major float2x2 r[2]', 'float3x2 n[2]', 'float b'] },
  { name: 'two-dimensional array', fields: ['float a', 'float2 b[2][3]', 'float c'] },
  {
    name: 'struct array',
    structs: [['P', ['float3 p', 'float w']]],
    fields: ['float a', 'P s[2]', 'float b', 'P t', 'float c'],
  },
  {
    name: 'struct of one float',
    structs: [['One', ['float x']]],
    fields: ['One a[3]', 'float b', 'One c', 'float d'],
  },
  {
    name: 'nested structs',
    structs: [
      ['Inner', ['float2 uv', 'float3 n']],
      ['Outer', ['float a', 'Inner in1', 'float2 b', 'Inner arr[2]', 'float c']],
    ],
    fields: ['float x', 'Outer o', 'float y', 'Outer os[2]', 'float3 z'],
  },
  {
    name: 'struct with matrix',
    structs: [['M', ['float a', 'float3x3 m', 'float b']]],
    fields: ['float x', 'M s', 'float y', 'M t[2]'],
  },
  { name: 'doubles', fields: ['float a', 'double b', 'float c', 'double2 d', 'float e', 'double3 f', 'float g', 'double4 h', 'float i'] },
  { name: 'double arrays and matrices', fields: ['float a', 'double b[3]', 'double2x2 m', 'float c', 'row_major double3x3 r', 'double3 d[2]'] },
  {
    name: 'struct with double',
    structs: [['D', ['double d', 'float f']]],
    fields: ['float a', 'D s', 'float b', 'D t[2]', 'float c'],
  },
  { name: 'half with 16-bit types', fields: ['half a', 'half3 b', 'half c', 'half2 d', 'half4 e', 'float f', 'half g[3]', 'half3 h', 'half3x3 m'] },
  { name: 'half after float3', fields: ['float3 a', 'half b', 'half2 c', 'half3 d', 'float e'] },
  {
    name: 'struct whose relaxed size is smaller',
    structs: [['Q', ['float a', 'float3 b']]],
    fields: ['Q q', 'float after', 'Q qs[2]', 'float z'],
  },
  {
    name: 'row_major matrix inside a struct',
    structs: [['R', ['float a', 'row_major float2x3 m', 'float b']]],
    fields: ['float x', 'R s', 'R t[2]', 'float y'],
    hlslOnly: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Parsing the HLSL-style field spellings

const SCALARS: Record<string, ScalarType> = {
  float: scalar('float'),
  int: scalar('int'),
  uint: scalar('uint'),
  bool: scalar('bool'),
  double: scalar('float', 64),
  half: scalar('float', 16),
};

interface ParsedField {
  name: string;
  base: string;
  rows: number;
  cols: number;
  /** 'vector' when `cols` is 0 (rows = component count), 'matrix' when both given, 'struct' otherwise. */
  form: 'scalar' | 'vector' | 'matrix' | 'struct';
  majorness?: Majorness;
  dims: number[];
}

function parseField(spelling: string, structNames: ReadonlySet<string>): ParsedField {
  const m = /^(?:(row_major|column_major)\s+)?(\w+)\s+(\w+)((?:\[\d+\])*)$/.exec(spelling);
  if (!m) throw new Error(`bad field spelling '${spelling}'`);
  const [, majorness, typeName, name, dimText] = m as unknown as [string, Majorness | undefined, string, string, string];
  const dims = [...dimText.matchAll(/\[(\d+)\]/g)].map((d) => Number(d[1]));
  const base = { name, dims, ...(majorness ? { majorness } : {}) };
  if (structNames.has(typeName)) return { ...base, base: typeName, rows: 0, cols: 0, form: 'struct' };
  const t = /^(float|int|uint|bool|double|half)([1-4])?(?:x([1-4]))?$/.exec(typeName);
  if (!t) throw new Error(`unknown type '${typeName}' in '${spelling}'`);
  const rows = Number(t[2] ?? 1);
  const cols = Number(t[3] ?? 0);
  const form = t[3] ? 'matrix' : t[2] ? 'vector' : 'scalar';
  return { ...base, base: t[1]!, rows, cols, form };
}

// ---------------------------------------------------------------------------------------------
// Our semantic Types

export interface ShapeTypes {
  /** The buffer's members plus a trailing `float tail`, as a struct. */
  block: StructType;
}

/** Builds the Types of a shape; `idBase` keeps struct ids distinct between shapes. */
export function shapeTypes(shape: Shape, idBase: number): ShapeTypes {
  const structs = new Map<string, StructType>();
  const names = new Set((shape.structs ?? []).map(([n]) => n));
  const fieldType = (f: ParsedField): Type => {
    let t: Type;
    if (f.form === 'struct') t = structs.get(f.base)!;
    else if (f.form === 'matrix') t = matrix(SCALARS[f.base]!, f.rows, f.cols, f.majorness);
    else t = vector(SCALARS[f.base]!, f.rows);
    for (const length of [...f.dims].reverse()) t = arrayOf(t, length);
    return t;
  };
  const toStruct = (name: string, fields: string[], id: number): StructType => ({
    kind: 'struct',
    name,
    id,
    fields: fields.map((spelling) => {
      const f = parseField(spelling, names);
      return { name: f.name, type: fieldType(f) };
    }),
  });
  (shape.structs ?? []).forEach(([name, fields], i) => structs.set(name, toStruct(name, fields, idBase + i + 1)));
  return { block: toStruct('Block', [...shape.fields, 'float tail'], idBase) };
}

// ---------------------------------------------------------------------------------------------
// GLSL

const GLSL_NAMES: Record<string, [scalar: string, vector: string, matrix?: string]> = {
  float: ['float', 'vec', 'mat'],
  int: ['int', 'ivec'],
  uint: ['uint', 'uvec'],
  bool: ['bool', 'bvec'],
  double: ['double', 'dvec', 'dmat'],
  half: ['float16_t', 'f16vec', 'f16mat'],
};

function glslField(f: ParsedField, suffix: string, inStruct: boolean): string {
  const [scalarName, vectorName, matrixName] = GLSL_NAMES[f.base] ?? ['', ''];
  const type =
    f.form === 'struct'
      ? `${f.base}_${suffix}`
      : f.form === 'matrix'
        ? `${matrixName}${f.cols}x${f.rows}`
        : f.form === 'vector' && f.rows > 1
          ? `${vectorName}${f.rows}`
          : scalarName;
  if (f.majorness && inStruct) throw new Error('GLSL has no majorness on struct members');
  const layout = f.majorness ? `layout(${f.majorness}) ` : '';
  return `${layout}${type} ${f.name}${f.dims.map((d) => `[${d}]`).join('')};`;
}

export type GlslBlockKind = 'std140' | 'std430' | 'scalarUniform' | 'scalarStorage';

const GLSL_BLOCKS: Record<GlslBlockKind, string> = {
  std140: 'layout(std140, binding = $) uniform',
  std430: 'layout(std430, binding = $) buffer',
  scalarUniform: 'layout(scalar, binding = $) uniform',
  scalarStorage: 'layout(scalar, binding = $) buffer',
};

/** A compute shader declaring one block per (shape, kind); the block of shape i, kind k is `${k}_${i}`. */
export function glslSource(shapes: readonly Shape[], kinds: readonly GlslBlockKind[]): string {
  const lines = [
    '#version 460',
    '#extension GL_EXT_scalar_block_layout : require',
    '#extension GL_EXT_shader_16bit_storage : require',
    '#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require',
    'layout(local_size_x = 1) in;',
  ];
  let binding = 0;
  shapes.forEach((shape, i) => {
    const names = new Set((shape.structs ?? []).map(([n]) => n));
    for (const [name, fields] of shape.structs ?? []) {
      lines.push(`struct ${name}_${i} { ${fields.map((f) => glslField(parseField(f, names), String(i), true)).join(' ')} };`);
    }
    const body = [...shape.fields, 'float tail'].map((f) => glslField(parseField(f, names), String(i), false)).join(' ');
    for (const kind of kinds) lines.push(`${GLSL_BLOCKS[kind].replace('$', String(binding++))} ${kind}_${i} { ${body} } ${kind}_${i}_var;`);
  });
  lines.push('void main() {}');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// HLSL (for glslang's HLSL front end, which applies the vector-relaxed offsets)

function hlslField(f: ParsedField, suffix: string, memberSuffix: string): string {
  const type = f.form === 'struct' ? `${f.base}_${suffix}` : f.form === 'matrix' ? `${f.base}${f.rows}x${f.cols}` : f.form === 'vector' && f.rows > 1 ? `${f.base}${f.rows}` : f.base;
  return `${f.majorness ? f.majorness + ' ' : ''}${type} ${f.name}${memberSuffix}${f.dims.map((d) => `[${d}]`).join('')};`;
}

/**
 * Per shape i: `cbuffer CB_i` and `RWStructuredBuffer<SB_i> sb_i`, both with the shape's members and a
 * trailing float tail that main reads (glslang drops unreferenced buffers). cbuffer members are global
 * names in HLSL, so they get a `_i` suffix.
 */
export function hlslSource(shapes: readonly Shape[]): string {
  const lines: string[] = [];
  const reads: string[] = [];
  shapes.forEach((shape, i) => {
    const names = new Set((shape.structs ?? []).map(([n]) => n));
    for (const [name, fields] of shape.structs ?? []) {
      lines.push(`struct ${name}_${i} { ${fields.map((f) => hlslField(parseField(f, names), String(i), '')).join(' ')} };`);
    }
    const fields = [...shape.fields, 'float tail'].map((f) => parseField(f, names));
    lines.push(`cbuffer CB_${i} { ${fields.map((f) => hlslField(f, String(i), `_${i}`)).join(' ')} };`);
    lines.push(`struct SB_${i} { ${fields.map((f) => hlslField(f, String(i), '')).join(' ')} };`);
    lines.push(`RWStructuredBuffer<SB_${i}> sb_${i};`);
    reads.push(`tail_${i}`, `sb_${i}[0].tail`);
  });
  lines.push('RWStructuredBuffer<float> result;');
  lines.push(`[numthreads(1, 1, 1)] void main() { result[0] = ${reads.join(' + ')}; }`);
  return lines.join('\n');
}
