// DXC's own expectations: the Offset / ArrayStride / MatrixStride values in the CHECK lines of DXC's
// SPIR-V tests (microsoft/DirectXShaderCompiler, tools/clang/test/CodeGenSPIRV/vk.layout.*.hlsl),
// typed in here. They cover what no other oracle here can: the dx rules (fxc packing), explicit
// [[vk::offset]], register(cN) in $Globals, and struct sizes under the vector-relaxed rules.

import { describe, expect, it } from 'vitest';
import { layoutGlobals, layoutOf, type Layout, type LayoutOptions } from '../../../compiler/layout/index.js';
import { matrix, type Type } from '../../../compiler/types.js';
import { arr, bool, double, double3, float, float2, float3, float4, int, mat, member, offsets, structBuilder, uint, uint2 } from './build.js';

const struct = structBuilder();
const dx = (buffer: LayoutOptions['buffer']): LayoutOptions => ({ rule: 'dx', buffer, defaultMajorness: 'column_major' });
const relaxed = (buffer: LayoutOptions['buffer']): LayoutOptions => ({ rule: 'relaxed', buffer, defaultMajorness: 'column_major' });

const strides = (layout: Layout, names: string[]): number[] => names.map((n) => member(layout, n).arrayStride!);

/** vk.layout.cbuffer.fxc.hlsl and vk.layout.sbuffer.fxc.hlsl: struct S (fxc reflection comments agree). */
const fxcS = struct('S', [
  ['scalar1', float],
  ['scalar2', double],
  ['vector1', float3],
  ['vector2', float3],
  ['vector3', double3],
  ['vector4', double3],
  ['matrix1', mat(2, 3)],
  ['matrix2', mat(2, 3, 'row_major')],
  ['matrix3', mat(3, 2)],
  ['matrix4', mat(3, 2, 'row_major')],
  ['scalarArray1', arr(float, 1)],
  ['scalarArray2', arr(double, 2)],
  ['vectorArray1', arr(float3, 1)],
  ['vectorArray2', arr(float3, 2)],
  ['vectorArray3', arr(double3, 3)],
  ['vectorArray4', arr(double3, 4)],
  ['matrixArray1', arr(mat(2, 3), 1)],
  ['matrixArray2', arr(mat(2, 3, 'row_major'), 2)],
  ['matrixArray3', arr(mat(3, 2), 3)],
  ['matrixArray4', arr(mat(3, 2, 'row_major'), 4)],
]);
const ARRAYS = ['scalarArray1', 'scalarArray2', 'vectorArray1', 'vectorArray2', 'vectorArray3', 'vectorArray4', 'matrixArray1', 'matrixArray2', 'matrixArray3', 'matrixArray4'];
const MATRICES = ['matrix1', 'matrix2', 'matrix3', 'matrix4', 'matrixArray1', 'matrixArray2', 'matrixArray3', 'matrixArray4'];
const matrixStrides = (layout: Layout): number[] =>
  MATRICES.map((n) => {
    let l = member(layout, n);
    while (l.kind === 'array') l = l.element!;
    return l.matrixStride!;
  });

describe('dx rule, cbuffer and tbuffer (vk.layout.cbuffer.fxc.hlsl)', () => {
  it('struct S', () => {
    const layout = layoutOf(fxcS, dx('uniform'));
    expect(layout.members!.map((m) => m.offset)).toEqual([
      0, 8, 16, 32, 48, 80, 112, 160, 192, 224, 272, 288, 320, 336, 368, 464, 592, 640, 704, 800,
    ]);
    expect(strides(layout, ARRAYS)).toEqual([16, 16, 16, 16, 32, 32, 48, 32, 32, 48]);
    expect(matrixStrides(layout)).toEqual([16, 16, 16, 16, 16, 16, 16, 16]);
    expect(layout.size).toBe(984); // fxc: "Size: 984"
    expect(layoutOf(arr(fxcS, 2), dx('uniform')).arrayStride).toBe(992);
  });

  const cbufferFields: [string, Type][] = [
    ['CB_scalar1', float],
    ['CB_sArray', arr(fxcS, 2)],
    ['CB_scalarArray1', arr(float, 1)],
    ['CB_vectorArray1', arr(float3, 1)],
    ['CB_vector1', float3],
    ['CB_matrixArray1', arr(mat(2, 3), 1)],
    ['CB_vector2', float3],
    ['CB_scalarArray2', arr(double, 2)],
    ['CB_matrix1', mat(2, 3)],
    ['CB_vector3', double3],
    ['CB_matrix2', mat(2, 3, 'row_major')],
    ['CB_matrixArray2', arr(mat(2, 3, 'row_major'), 2)],
    ['CB_matrix3', mat(3, 2)],
    ['CB_matrix4', mat(3, 2, 'row_major')],
    ['CB_vectorArray2', arr(float3, 2)],
    ['CB_matrixArray3', arr(mat(3, 2), 3)],
    ['CB_vectorArray3', arr(double3, 3)],
    ['CB_matrixArray4', arr(mat(3, 2, 'row_major'), 4)],
    ['CB_vector4', double3],
    ['CB_vectorArray4', arr(double3, 4)],
    ['CB_scalar2', double],
    ['CB_vector5', float3],
    ['CB_scalarArray3', arr(int, 3)],
    ['CB_vector6', float3],
  ];
  const CB_OFFSETS = [
    0, 16, 2000, 2016, 2032, 2048, 2096, 2112, 2144, 2192, 2224, 2256, 2320, 2352, 2400, 2432, 2528, 2624, 2816, 2848, 2968, 2976, 2992, 3028,
  ];

  it('cbuffer MyCBuffer', () => {
    expect(layoutOf(struct('MyCBuffer', cbufferFields), dx('uniform')).members!.map((m) => m.offset)).toEqual(CB_OFFSETS);
  });

  it('tbuffer MyTBuffer packs like a cbuffer under the dx rule', () => {
    const tbuffer = struct('MyTBuffer', cbufferFields.slice(0, 21));
    expect(layoutOf(tbuffer, dx('texture')).members!.map((m) => m.offset)).toEqual(CB_OFFSETS.slice(0, 21));
  });

  it('a column_major float1x3 is three registers, emitted as float[3] with ArrayStride 16 (vk.layout.cbuffer.fxc.1.hlsl)', () => {
    const buffer0 = struct('buffer0', [
      ['dummy0', float],
      ['foo', mat(1, 3)],
      ['end', float],
    ]);
    const layout = layoutOf(buffer0, dx('uniform'));
    expect(offsets(layout)).toEqual({ dummy0: 0, foo: 16, end: 52 });
    expect(member(layout, 'foo')).toMatchObject({ kind: 'array', length: 3, arrayStride: 16 });
  });
});

describe('dx rule, more cbuffer packing (vk.layout.cbuffer.fxc.1.hlsl, vk.layout.cbuffer.fxc.matrix.*.hlsl)', () => {
  it('a member packs into the tail of the struct before it', () => {
    const S = struct('S', [['a', float]]);
    const T = struct('T', [
      ['a', float],
      ['b', S],
      ['c', float],
      ['d', S],
    ]);
    expect(offsets(layoutOf(T, dx('uniform')))).toEqual({ a: 0, b: 16, c: 20, d: 32 });
    expect(offsets(layoutOf(T, dx('texture')))).toEqual({ a: 0, b: 16, c: 20, d: 32 });
  });

  it('float1x2 is two registers', () => {
    const buffer0 = struct('buffer0', [
      ['dummy0', float],
      ['foo', mat(1, 2)],
      ['end', float],
    ]);
    const layout = layoutOf(buffer0, dx('uniform'));
    expect(offsets(layout)).toEqual({ dummy0: 0, foo: 16, end: 36 });
    expect(member(layout, 'foo')).toMatchObject({ kind: 'array', length: 2, arrayStride: 16 });
  });

  it('arrays of float3x2 and of float1x3', () => {
    const buffer0 = struct('buffer0', [
      ['dummy0', float],
      ['foo', arr(mat(3, 2), 7)],
      ['bar', arr(mat(1, 3), 5)],
      ['end', float],
    ]);
    const layout = layoutOf(buffer0, dx('uniform'));
    expect(offsets(layout)).toEqual({ dummy0: 0, foo: 16, bar: 240, end: 468 });
    expect(member(layout, 'foo')).toMatchObject({ arrayStride: 32, element: { matrixStride: 16, majorness: 'column_major' } });
    expect(member(layout, 'bar')).toMatchObject({ arrayStride: 48, element: { kind: 'array', arrayStride: 16 } });
  });
});

describe('gl rule, tbuffer (vk.layout.tbuffer.std430.hlsl)', () => {
  it('struct S of arrays of matrices, and the tbuffer holding S[2]', () => {
    const S = struct('S', [
      ['a', arr(float, 2)],
      ['b', arr(float3, 2)],
      ['c', arr(mat(2, 3, 'row_major'), 2)],
      ['d', arr(mat(2, 3, 'column_major'), 2)],
      ['e', arr(mat(2, 3), 2)],
      ['f', arr(matrix(int, 2, 3, 'row_major'), 2)],
      ['g', int],
    ]);
    const gl = { rule: 'gl', buffer: 'texture', defaultMajorness: 'column_major' } as const;
    const layout = layoutOf(S, gl);
    expect(layout.members!.map((m) => m.offset)).toEqual([0, 16, 48, 112, 160, 208, 272]);
    expect(strides(layout, ['a', 'b', 'c', 'd', 'e', 'f'])).toEqual([4, 16, 32, 24, 24, 32]);
    expect(member(layout, 'c').element!.matrixStride).toBe(16);
    expect(member(layout, 'd').element!.matrixStride).toBe(8);
    expect(member(layout, 'f').element!.matrixStride).toBe(16); // int3 rows: _arr_v3int_uint_2 ArrayStride 16
    const myTbuffer = layoutOf(struct('myTbuffer', [['s', arr(S, 2)], ['t', uint]]), gl);
    expect(member(myTbuffer, 's').arrayStride).toBe(288);
    expect(offsets(myTbuffer)).toEqual({ s: 0, t: 576 });
  });
});

describe('empty struct (cbuffer foo { struct {} bar[2]; })', () => {
  it('still takes one 16-byte slot per array element in a cbuffer', () => {
    const empty = struct('', []);
    expect(layoutOf(arr(empty, 2), relaxed('uniform')).arrayStride).toBe(16);
  });
});

describe('dx rule, structured buffers (vk.layout.sbuffer.fxc.hlsl)', () => {
  it('StructuredBuffer<S>', () => {
    const layout = layoutOf(arr(fxcS, null), dx('storage'));
    expect(layout.arrayStride).toBe(656);
    const s = layout.element!;
    expect(s.members!.map((m) => m.offset)).toEqual([
      0, 8, 16, 28, 40, 64, 88, 112, 136, 160, 184, 192, 208, 220, 248, 320, 416, 440, 488, 560,
    ]);
    expect(strides(s, ARRAYS)).toEqual([4, 8, 12, 12, 24, 24, 24, 24, 24, 24]);
    // column_major float2x3: 3 columns of 2 (8 bytes apart); row_major float2x3: 2 rows of 3 (12).
    expect(matrixStrides(s)).toEqual([8, 12, 12, 8, 8, 12, 12, 8]);
  });

  it('StructuredBuffer<T> with S nested', () => {
    const T = struct('T', [
      ['scalar1', float],
      ['sArray', arr(fxcS, 2)],
      ['scalarArray1', arr(float, 1)],
      ['vectorArray1', arr(float3, 1)],
      ['vector1', float3],
      ['matrixArray1', arr(mat(2, 3), 1)],
      ['vector2', float3],
      ['scalarArray2', arr(double, 2)],
      ['matrix1', mat(2, 3)],
      ['vector3', double3],
      ['matrix2', mat(2, 3, 'row_major')],
      ['matrixArray2', arr(mat(2, 3, 'row_major'), 2)],
      ['matrix3', mat(3, 2)],
      ['matrix4', mat(3, 2, 'row_major')],
      ['vectorArray2', arr(float3, 2)],
      ['matrixArray3', arr(mat(3, 2), 3)],
      ['vectorArray3', arr(double3, 3)],
      ['matrixArray4', arr(mat(3, 2, 'row_major'), 4)],
      ['vector4', double3],
      ['vectorArray4', arr(double3, 4)],
      ['scalar2', double],
    ]);
    const layout = layoutOf(arr(T, null), dx('storage'));
    expect(layout.arrayStride).toBe(1960);
    expect(layout.element!.members!.map((m) => m.offset)).toEqual([
      0, 8, 1320, 1324, 1336, 1348, 1372, 1384, 1400, 1424, 1448, 1472, 1520, 1544, 1568, 1592, 1664, 1736, 1832, 1856, 1952,
    ]);
    expect(member(layout.element!, 'sArray').arrayStride).toBe(656);
  });
});

describe('[[vk::offset]] under the dx rule (vk.layout.attr.offset.hlsl)', () => {
  const S = struct('S', [
    ['a', float],
    ['b', float2, { vkOffset: 32 }],
    ['c', float3, { vkOffset: 64 }],
    ['d', arr(float, 2)],
  ]);
  const T = struct('T', [
    ['a', float, { vkOffset: 4 }],
    ['s', S],
    ['b', float],
  ]);

  it('ConstantBuffer<T>', () => {
    const layout = layoutOf(T, dx('uniform'));
    expect(offsets(layout)).toEqual({ a: 4, s: 16, b: 116 });
    expect(offsets(member(layout, 's'))).toEqual({ a: 0, b: 32, c: 64, d: 80 });
    expect(layout.warnings).toBeUndefined();
  });

  it('StructuredBuffer<T>', () => {
    const layout = layoutOf(arr(T, null), dx('storage')).element!;
    expect(offsets(layout)).toEqual({ a: 4, s: 8, b: 92 });
    expect(offsets(member(layout, 's'))).toEqual({ a: 0, b: 32, c: 64, d: 76 });
  });
});

describe('register(cN) on some globals (vk.layout.register-c.mixed.hlsl, dx rule)', () => {
  it('places the registered globals first, the rest after the highest register, in declaration order', () => {
    const layout = layoutGlobals(
      [
        { name: 'x', type: float },
        { name: 'y', type: float, register: 0 },
        { name: 'z', type: float, register: 2 },
        { name: 'w', type: float, register: 1 },
        { name: 'xy', type: float2, register: 9 },
        { name: 'xyz', type: float3, register: 3 },
        { name: 'xyzw', type: float4 },
        { name: 'arr4', type: arr(float4, 3), register: 4 },
        { name: 'arr2', type: arr(float2, 3), register: 10 },
        { name: 'arr3', type: arr(float3, 3) },
        { name: 's', type: float },
      ],
      { rule: 'dx', defaultMajorness: 'column_major' },
    );
    expect(layout.members!.map((m) => m.offset)).toEqual([200, 0, 32, 16, 144, 48, 208, 64, 160, 224, 268]);
    expect(layout.warnings).toBeUndefined();
  });
});

describe('vector-relaxed rules (vk.layout.vector.relaxed.hlsl, vk.layout.struct.relaxed.hlsl)', () => {
  const float1 = float;
  const S = struct('S', [
    ['f0', float],
    ['f1', float3],
    ['f2', float3],
    ['f3', float1],
    ['f4', float],
    ['f5', float2],
    ['f6', float1],
    ['f7', float2],
    ['f8', float2],
    ['f9', float2],
    ['f10', float3],
    ['f11', float],
    ['f12', float1],
    ['f13', float4],
    ['f14', float3],
    ['f15', float],
    ['f16', arr(float1, 1)],
    ['f17', arr(float3, 1)],
    ['f18', arr(float3, 1)],
    ['f19', arr(float, 1)],
    ['f20', arr(float1, 2)],
    ['f21', arr(float3, 2)],
    ['f22', arr(float3, 2)],
    ['f23', arr(float, 2)],
  ]);
  const T = struct('T', [['s', S]]);

  it('ConstantBuffer<T> and cbuffer', () => {
    expect(layoutOf(S, relaxed('uniform')).members!.map((m) => m.offset)).toEqual([
      0, 4, 16, 28, 32, 36, 44, 48, 56, 64, 80, 92, 96, 112, 128, 140, 144, 160, 176, 192, 208, 240, 272, 304,
    ]);
  });

  it('StructuredBuffer<T> and tbuffer, and the runtime array stride from the relaxed struct size', () => {
    for (const buffer of ['storage', 'texture'] as const) {
      expect(layoutOf(S, relaxed(buffer)).members!.map((m) => m.offset)).toEqual([
        0, 4, 16, 28, 32, 36, 44, 48, 56, 64, 80, 92, 96, 112, 128, 140, 144, 160, 176, 192, 196, 208, 240, 272,
      ]);
    }
    expect(layoutOf(arr(T, null), relaxed('storage')).arrayStride).toBe(288);
  });

  it('cbuffer and tbuffer with a nested struct, bool, uint2 and a float3x4', () => {
    const S2 = struct('S', [
      ['f1', float4],
      ['f2', float3],
    ]);
    const fields = (prefix: string) =>
      struct(`My${prefix}buffer`, [
        [`${prefix}_a`, bool],
        [`${prefix}_s`, S2],
        [`${prefix}_b`, int],
        [`${prefix}_c`, uint2],
        [`${prefix}_d`, mat(3, 4)],
        [`${prefix}_t`, arr(float, 4)],
      ]);
    expect(layoutOf(fields('CB'), relaxed('uniform')).members!.map((m) => m.offset)).toEqual([0, 16, 48, 52, 64, 128]);
    expect(layoutOf(fields('TB'), relaxed('texture')).members!.map((m) => m.offset)).toEqual([0, 16, 48, 52, 64, 128]);
  });
});

describe('-Zpr (vk.layout.cbuffer.zpr.hlsl)', () => {
  it('matrix arrays take the default majorness; integer matrices are arrays of row vectors', () => {
    const MyCBuffer = struct('MyCBuffer', [
      ['matrices1', arr(mat(2, 3, 'row_major'), 5)],
      ['matrices2', arr(mat(2, 3, 'column_major'), 5)],
      ['matrices3', arr(mat(2, 3), 5)],
      ['matrices4', arr(matrix(int, 2, 3, 'row_major'), 5)],
      ['matrices5', arr(matrix(int, 2, 3), 5)],
    ]);
    const layout = layoutOf(MyCBuffer, { rule: 'relaxed', buffer: 'uniform', defaultMajorness: 'row_major' });
    expect(strides(layout, ['matrices1', 'matrices2', 'matrices3', 'matrices4', 'matrices5'])).toEqual([32, 48, 32, 32, 32]);
    // An int2x3 row vector (int3) is 16 bytes apart: DXC's _arr_v3int_uint_2 ArrayStride 16.
    expect(member(layout, 'matrices5').element!.matrixStride).toBe(16);
  });
});
