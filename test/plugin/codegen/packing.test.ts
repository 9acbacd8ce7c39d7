// Bytes the generated writers pack, checked against offsets from DXC's manual (seeds/002) and the
// matrix majorness table in its appendix; every byte not expected to change must keep its 0xAA fill.

import { describe, expect, test } from 'vitest';
import { expectStored, filled, FILL, type Stored } from './bytes.js';
import { loadGenerated } from './load-generated.js';
import {
  array,
  computeReflection,
  matrix,
  member,
  PARAMS,
  scalar,
  storageBuffer,
  struct,
  T_STORAGE_ELEMENT,
  T_UNIFORM,
  uniformBuffer,
  vector,
} from './reflections.js';
import type { MatrixType, Reflection, StructType } from '../../../compiler/reflect/types.js';

const INLINE = { kind: 'inline', words: new Uint32Array([0x07230203, 0x00010000, 0, 1, 0]) } as const;

async function layoutsOf(reflection: Reflection, matrixOrder?: 'column-major' | 'row-major') {
  return (await loadGenerated({ reflection, spirv: INLINE, ...(matrixOrder ? { matrixOrder } : {}) })).exports;
}

async function singleLayout(name: string, block: StructType, matrixOrder?: 'column-major' | 'row-major') {
  return (await layoutsOf(computeReflection([uniformBuffer(name, block)]), matrixOrder))[name];
}

/** Floats expected at `base + k * 4` for k = 0.. */
const floatsAt = (base: number, values: number[]): Stored[] => values.map((f32, k) => ({ at: base + k * 4, f32 }));

describe('cbuffer Params { float time; float3 tint; float4x4 xform; int counts[4]; }', () => {
  // element (r, c) of xform = 100 + 10 * r + c, so every stored float names its row and column.
  const element = (r: number, c: number): number => 100 + 10 * r + c;
  const columnMajorInput = Array.from({ length: 16 }, (_, k) => element(k % 4, Math.floor(k / 4)));
  const rowMajorInput = Array.from({ length: 16 }, (_, k) => element(Math.floor(k / 4), k % 4));
  // HLSL column_major with MatrixStride 16: column c starts at 16 + 16c, row r is 4r into it.
  const xformStored: Stored[] = [];
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) xformStored.push({ at: 16 + 16 * c + 4 * r, f32: element(r, c) });

  const full = {
    time: 1.5,
    tint: [2, 3, 4],
    counts: [7, -8, 9, 10],
  } as const;
  const fullStored: Stored[] = [
    { at: 0, f32: 1.5 },
    ...floatsAt(4, [2, 3, 4]),
    ...xformStored,
    // int counts[4]: ArrayStride 16 in a cbuffer; the 12 bytes after each int are padding.
    { at: 80, i32: 7 },
    { at: 96, i32: -8 },
    { at: 112, i32: 9 },
    { at: 128, i32: 10 },
  ];

  test('size and field offsets are DXC\'s: 0, 4, 16, 80; 144 bytes', async () => {
    const Params = await singleLayout('Params', PARAMS);
    expect(Params.size).toBe(144);
    expect(Object.keys(Params.fields)).toEqual(['time', 'tint', 'xform', 'counts']);
    expect([0, 4, 16, 80]).toEqual(Object.values(Params.fields).map((field: any) => field.offset));
    expect(Params.fields.counts.type.stride).toBe(16);
    expect(new Uint8Array(Params.create())).toEqual(new Uint8Array(144));
  });

  test('column-major input (gl-matrix order) lands in column_major storage; padding untouched', async () => {
    const Params = await singleLayout('Params', PARAMS);
    const buffer = filled(144);
    Params.write(buffer, { ...full, xform: new Float32Array(columnMajorInput) });
    expectStored(buffer, fullStored);
  });

  test('row-major input with matrixOrder: "row-major" stores the same bytes', async () => {
    const Params = await singleLayout('Params', PARAMS, 'row-major');
    const buffer = filled(144);
    Params.write(buffer, { ...full, xform: rowMajorInput });
    expectStored(buffer, fullStored);
  });

  test('partial updates write only the given fields', async () => {
    const Params = await singleLayout('Params', PARAMS);
    const buffer = filled(144);
    Params.write(buffer, { tint: [2, 3, 4] });
    expectStored(buffer, floatsAt(4, [2, 3, 4]));
    Params.write(buffer, { counts: [5, 6] }); // a prefix of an array updates those elements only
    expectStored(buffer, [...floatsAt(4, [2, 3, 4]), { at: 80, i32: 5 }, { at: 96, i32: 6 }]);
    Params.write(buffer, {});
    expectStored(buffer, [...floatsAt(4, [2, 3, 4]), { at: 80, i32: 5 }, { at: 96, i32: 6 }]);
  });

  test('targets: ArrayBufferView offsets, DataView, byteOffset, and create()', async () => {
    const Params = await singleLayout('Params', PARAMS);
    const value = { ...full, xform: columnMajorInput };

    const shifted = filled(64 + 144);
    Params.write(new Uint8Array(shifted, 64), value); // the view's own byteOffset applies
    expectStored(shifted, fullStored, 64);

    const viaDataView = filled(32 + 144 + 8);
    Params.write(new DataView(viaDataView, 8), value, 24);
    expectStored(viaDataView, fullStored, 32);

    const created = Params.create(value);
    expect(created.byteLength).toBe(144);
    expectStored(created, fullStored, 0, 0); // create() starts from zeros
  });

  test('bind(): a writer for one region stores what write() stores, at the view\'s and the given offset', async () => {
    const Params = await singleLayout('Params', PARAMS);
    const value = { ...full, xform: columnMajorInput };
    const shifted = filled(64 + 8 + 144);
    const bound = Params.bind(new Uint8Array(shifted, 64), 8);
    bound.write(value);
    expectStored(shifted, fullStored, 72);
    bound.write({ time: 9 }); // partial, like write()
    expectStored(shifted, [{ at: 0, f32: 9 }, ...fullStored.slice(1)], 72);
    const unaligned = filled(3 + 144);
    Params.bind(unaligned, 3).write(value); // the DataView path
    expectStored(unaligned, fullStored, 3);
    expect(() => Params.bind(filled(144), 8)).toThrow(/Params\.bind: 144 bytes at byteOffset 8 do not fit in a target of 144 bytes/);
  });

  test('bind(): a bound writer whose buffer was detached or shrunk throws instead of storing nowhere', async () => {
    const Params = await singleLayout('Params', PARAMS);
    const detached = filled(144);
    const bound = Params.bind(detached);
    structuredClone(detached, { transfer: [detached] });
    expect(() => bound.write({ time: 1 })).toThrow(TypeError);
    // ES2024 resizable buffers (Node 20 has them; the project's TypeScript lib predates them).
    const Resizable = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => ArrayBuffer & { resize(length: number): void };
    const resizable = new Resizable(160, { maxByteLength: 320 });
    const boundResizable = Params.bind(resizable, 16);
    resizable.resize(320); // growing keeps the block where it was
    boundResizable.write({ ...full, xform: columnMajorInput });
    expectStored(resizable.slice(0, 160), fullStored, 16, 0);
    resizable.resize(100);
    expect(() => boundResizable.write({ time: 1 })).toThrow();
  });

  test('bad values fail with precise errors before any byte is written', async () => {
    const Params = await singleLayout('Params', PARAMS);
    const buffer = filled(144);
    expect(() => Params.write(buffer, { tint: [1, 2] })).toThrow(/Params\.tint: expected 3 components, got length 2/);
    expect(() => Params.write(buffer, { xform: [1, 2, 3] })).toThrow(/Params\.xform: expected 16 elements \(4x4\), got length 3/);
    expect(() => Params.write(buffer, { counts: [1, 2, 3, 4, 5] })).toThrow(/Params\.counts: expected at most 4 elements, got length 5/);
    expect(() => Params.write(filled(143), { time: 1 })).toThrow(RangeError);
    expect(() => Params.write(buffer, { time: 1 }, 8)).toThrow(/Params\.write: 144 bytes at byteOffset 8 do not fit in a target of 144 bytes/);
    expectStored(buffer, []);
  });
});

describe('the manual\'s struct T (a_float ... g_float2_2)', () => {
  const value = {
    a_float: 1,
    b_float3: [2, 3, 4],
    c_S_float3: { f: [5, 6, 7] },
    d_float2x3: [11, 12, 13, 14, 15, 16], // column-major: d = [11 13 15; 12 14 16]
    e_float2x3: [21, 22, 23, 24, 25, 26], // column-major: e = [21 23 25; 22 24 26]
    f_int_3: [31, 32, 33],
    g_float2_2: [[41, 42], [43, 44]],
  };

  test('uniform buffer (column "1 (VK)": 0, 4, 16, 32, 80, 112, 160)', async () => {
    const T = await singleLayout('tu', T_UNIFORM);
    expect(Object.values(T.fields).map((field: any) => field.offset)).toEqual([0, 4, 16, 32, 80, 112, 160]);
    const buffer = filled(192);
    T.write(buffer, value);
    expectStored(buffer, [
      { at: 0, f32: 1 },
      ...floatsAt(4, [2, 3, 4]),
      ...floatsAt(16, [5, 6, 7]),
      // column_major float2x3: 3 columns of float2, 16 bytes apart (std140).
      ...floatsAt(32, [11, 12]),
      ...floatsAt(48, [13, 14]),
      ...floatsAt(64, [15, 16]),
      // row_major float2x3: 2 rows of float3, 16 bytes apart.
      ...floatsAt(80, [21, 23, 25]),
      ...floatsAt(96, [22, 24, 26]),
      { at: 112, i32: 31 },
      { at: 128, i32: 32 },
      { at: 144, i32: 33 },
      ...floatsAt(160, [41, 42]),
      ...floatsAt(176, [43, 44]),
    ]);
  });

  test('the manual\'s majorness table: host data {1..6} for column_major and row_major float2x3', async () => {
    // Manual: {1,2,3,4,5,6} as `float2x3` / `column_major float2x3` means [1 3 5; 2 4 6];
    // as `row_major float2x3` it means [1 2 3; 4 5 6]. In both cases the host data is the memory
    // order. Column-major input [1..6] is [1 3 5; 2 4 6]; row-major input [1..6] is [1 2 3; 4 5 6].
    const columnMajor = await singleLayout('tu', T_UNIFORM);
    const columnBuffer = filled(192);
    columnMajor.write(columnBuffer, { d_float2x3: [1, 2, 3, 4, 5, 6] });
    expectStored(columnBuffer, [...floatsAt(32, [1, 2]), ...floatsAt(48, [3, 4]), ...floatsAt(64, [5, 6])]);

    const rowMajor = await singleLayout('tu', T_UNIFORM, 'row-major');
    const rowBuffer = filled(192);
    rowMajor.write(rowBuffer, { e_float2x3: [1, 2, 3, 4, 5, 6] });
    expectStored(rowBuffer, [...floatsAt(80, [1, 2, 3]), ...floatsAt(96, [4, 5, 6])]);
  });

  test('RWStructuredBuffer<T> (storage column "1 (VK)": 0, 4, 16, 32, 64, 96, 112) via writeElement', async () => {
    const block = struct('type_RWStructuredBuffer_T', 0, [member('_m0', 0, 0, array(T_STORAGE_ELEMENT, 0, 128))]);
    const ts = (await layoutsOf(computeReflection([storageBuffer('ts', block)]))).ts;
    expect(ts.stride).toBe(128);
    expect(ts.arrayOffset).toBe(0);
    const buffer = filled(3 * 128);
    ts.writeElement(buffer, 1, value);
    expectStored(
      buffer,
      [
        { at: 0, f32: 1 },
        ...floatsAt(4, [2, 3, 4]),
        ...floatsAt(16, [5, 6, 7]),
        // std430 column_major float2x3: float2 columns 8 bytes apart.
        ...floatsAt(32, [11, 12, 13, 14, 15, 16]),
        // row_major: float3 rows 16 bytes apart.
        ...floatsAt(64, [21, 23, 25]),
        ...floatsAt(80, [22, 24, 26]),
        { at: 96, i32: 31 },
        { at: 100, i32: 32 },
        { at: 104, i32: 33 },
        ...floatsAt(112, [41, 42, 43, 44]),
      ],
      128,
    );
  });
});

describe('float3x3 in a cbuffer: padded columns or rows, padding never written', () => {
  // cbuffer M { float3x3 m; float after; }: 3 vectors of float3 16 bytes apart, `after` at 48.
  const block = (majorness: 'row' | 'column'): StructType =>
    struct('type_M', 52, [member('m', 0, 48, matrix(3, 3, majorness, 16)), member('after', 48, 4, scalar('f32'))]);
  const input = [1, 2, 3, 4, 5, 6, 7, 8, 9]; // column-major: m = [1 4 7; 2 5 8; 3 6 9]

  test('column_major: columns (1,2,3) (4,5,6) (7,8,9) at 0, 16, 32; bytes 12-15, 28-31, 44-51 untouched', async () => {
    const M = await singleLayout('M', block('column'));
    const buffer = filled(64);
    M.write(buffer, { m: input });
    expectStored(buffer, [...floatsAt(0, [1, 2, 3]), ...floatsAt(16, [4, 5, 6]), ...floatsAt(32, [7, 8, 9])]);
  });

  test('row_major: rows (1,4,7) (2,5,8) (3,6,9) at 0, 16, 32; padding untouched', async () => {
    const M = await singleLayout('M', block('row'));
    const buffer = filled(64);
    M.write(buffer, { m: input, after: 10 });
    expectStored(buffer, [
      ...floatsAt(0, [1, 4, 7]),
      ...floatsAt(16, [2, 5, 8]),
      ...floatsAt(32, [3, 6, 9]),
      { at: 48, f32: 10 },
    ]);
  });

  test('non-square row_major float2x4 with matrixOrder "row-major"', async () => {
    // row_major float2x4 (2 rows of float4, stride 16): row-major input is memory order.
    const M = await singleLayout('M', struct('type_M', 32, [member('m', 0, 32, matrix(2, 4, 'row', 16))]), 'row-major');
    const buffer = filled(48);
    M.write(buffer, { m: [1, 2, 3, 4, 5, 6, 7, 8] });
    expectStored(buffer, floatsAt(0, [1, 2, 3, 4, 5, 6, 7, 8]));
  });
});

describe('struct arrays', () => {
  // struct Light { float3 pos; float radius; float4 color; }; cbuffer Lights { Light lights[3]; uint count; }
  const light = struct('Light', 32, [
    member('pos', 0, 12, vector('f32', 3)),
    member('radius', 12, 4, scalar('f32')),
    member('color', 16, 16, vector('f32', 4)),
  ]);
  const lights = struct('type_Lights', 100, [member('lights', 0, 96, array(light, 3, 32)), member('count', 96, 4, scalar('u32'))]);

  test('elements at ArrayStride 32; a missing field or element leaves its bytes alone', async () => {
    const Lights = await singleLayout('Lights', lights);
    const buffer = filled(112);
    Lights.write(buffer, {
      lights: [{ pos: [1, 2, 3], radius: 4, color: [5, 6, 7, 8] }, {}, { radius: 9 }],
      count: 3,
    });
    expectStored(buffer, [...floatsAt(0, [1, 2, 3, 4, 5, 6, 7, 8]), { at: 64 + 12, f32: 9 }, { at: 96, u32: 3 }]);
  });

  test('arrays of arrays', async () => {
    // float2 grid[2][3] in a storage buffer: inner stride 8, outer stride 24.
    const grid = struct('type_Grid', 48, [member('grid', 0, 48, array(array(vector('f32', 2), 3, 8), 2, 24))]);
    const Grid = await singleLayout('Grid', grid);
    const buffer = filled(48);
    Grid.write(buffer, { grid: [[[1, 2], [3, 4], [5, 6]], [undefined, undefined, [7, 8]]] });
    expectStored(buffer, [...floatsAt(0, [1, 2, 3, 4, 5, 6]), ...floatsAt(40, [7, 8])]);
  });
});

describe('runtime arrays (structured buffers)', () => {
  // struct Particle { float3 position; float life; float3 velocity; uint flags; }: 0, 12, 16, 28; stride 32.
  const particle = struct('Particle', 32, [
    member('position', 0, 12, vector('f32', 3)),
    member('life', 12, 4, scalar('f32')),
    member('velocity', 16, 12, vector('f32', 3)),
    member('flags', 28, 4, scalar('u32')),
  ]);
  const block = struct('type_RWStructuredBuffer_Particle', 0, [member('_m0', 0, 0, array(particle, 0, 32))]);
  const p = (k: number) => ({ position: [k, k + 1, k + 2], life: k + 3, velocity: [k + 4, k + 5, k + 6], flags: k });
  const stored = (k: number, base: number): Stored[] => [
    ...floatsAt(base, [k, k + 1, k + 2, k + 3, k + 4, k + 5, k + 6]),
    { at: base + 28, u32: k },
  ];

  test('writeElement, createArray, element layout numbers', async () => {
    const { particles } = await layoutsOf(computeReflection([storageBuffer('particles', block)]));
    expect([particles.elementSize, particles.stride, particles.arrayOffset]).toEqual([32, 32, 0]);

    const buffer = filled(4 * 32);
    particles.writeElement(buffer, 2, p(10));
    particles.writeElement(buffer, 0, { life: 7 });
    expectStored(buffer, [...stored(10, 64), { at: 12, f32: 7 }]);

    // A bound writer checks the runtime array's extent on each write, as write() does.
    const bound = particles.bind(buffer);
    bound.write({ _m0: [undefined, p(30)] });
    expectStored(buffer, [...stored(30, 32), ...stored(10, 64), { at: 12, f32: 7 }]);
    expect(() => bound.write({ _m0: [p(1), p(2), p(3), p(4), p(5)] })).toThrow(RangeError);
    expect(() => particles.writeElement(buffer, 4, p(1))).toThrow(RangeError);
    expect(() => particles.writeElement(buffer, -1, p(1))).toThrow(/particles\.writeElement: index -1/);
    expect(() => particles.writeElement(buffer, 1.5, p(1))).toThrow(RangeError);
    expectStored(buffer, [...stored(30, 32), ...stored(10, 64), { at: 12, f32: 7 }]);

    const created = particles.createArray(3, [p(1), undefined, p(20)]);
    expect(created.byteLength).toBe(96);
    const view = new DataView(created);
    expect([0, 4, 8, 12, 16, 20, 24].map((at) => view.getFloat32(at, true))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Uint8Array(created, 32, 32)).toEqual(new Uint8Array(32));
    expect(view.getUint32(64 + 28, true)).toBe(20);
    expect(() => particles.createArray(1, [p(1), p(2)])).toThrow(/2 values for 1 elements/);
  });

  test('a block with members before its runtime array; write() handles both parts', async () => {
    // buffer { uint count; float4 values[]; }: count at 0, array at 16 with stride 16.
    const mixed = struct('Values', 16, [member('count', 0, 4, scalar('u32')), member('values', 16, 0, array(vector('f32', 4), 0, 16))]);
    const { Values } = await layoutsOf(computeReflection([storageBuffer('Values', mixed)]));
    expect(Values.arrayOffset).toBe(16);
    const buffer = filled(64);
    Values.write(buffer, { count: 2, values: [[1, 2, 3, 4], [5, 6, 7, 8]] });
    Values.writeElement(buffer, 2, [9, 10, 11, 12]);
    expectStored(buffer, [{ at: 0, u32: 2 }, ...floatsAt(16, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])]);
    expect(() => Values.write(filled(48), { values: [[1, 2, 3, 4], [5, 6, 7, 8], [1, 1, 1, 1]] })).toThrow(RangeError);
    expect(Values.createArray(3).byteLength).toBe(64);
  });

  test('RWByteAddressBuffer: a runtime array of uint', async () => {
    const bytes = struct('type_RWByteAddressBuffer', 0, [member('_m0', 0, 0, array(scalar('u32'), 0, 4))]);
    const { data } = await layoutsOf(computeReflection([storageBuffer('data', bytes)]));
    const buffer = filled(16);
    data.writeElement(buffer, 3, 0xdeadbeef);
    data.write(buffer, { _m0: [1, 2] });
    expectStored(buffer, [{ at: 0, u32: 1 }, { at: 4, u32: 2 }, { at: 12, u32: 0xdeadbeef }]);
  });
});

describe('scalar kinds', () => {
  test('bool stores u32 0/1 from booleans and numbers', async () => {
    const block = struct('type_B', 12, [member('a', 0, 4, scalar('bool')), member('b', 4, 8, vector('bool', 2))]);
    const B = await singleLayout('B', block);
    const buffer = filled(16);
    B.write(buffer, { a: true, b: [0, 7] });
    expectStored(buffer, [{ at: 0, u32: 1 }, { at: 4, u32: 0 }, { at: 8, u32: 1 }]);
    B.write(buffer, { a: false, b: [true, false] });
    expectStored(buffer, [{ at: 0, u32: 0 }, { at: 4, u32: 1 }, { at: 8, u32: 0 }]);
  });

  test('half: binary16 bits (IEEE 754 values: 1 = 0x3C00, -2 = 0xC000, 65504 = 0x7BFF, 0.1 = 0x2E66)', async () => {
    // half h @0; half3 v @2; column_major half2x2 m @8 (columns 4 bytes apart).
    const half2x2: MatrixType = { kind: 'matrix', scalar: 'f16', rows: 2, columns: 2, majorness: 'column', stride: 4 };
    const block = struct('type_H', 16, [member('h', 0, 2, scalar('f16')), member('v', 2, 6, vector('f16', 3)), member('m', 8, 8, half2x2)]);
    const H = await singleLayout('H', block);
    const buffer = filled(16);
    H.write(buffer, { h: 1, v: [-2, 65504, 0.1], m: [1, 2, 3, 4] });
    expectStored(buffer, [
      { at: 0, u16: 0x3c00 },
      { at: 2, u16: 0xc000 },
      { at: 4, u16: 0x7bff },
      { at: 6, u16: 0x2e66 },
      { at: 8, u16: 0x3c00 }, // 1
      { at: 10, u16: 0x4000 }, // 2
      { at: 12, u16: 0x4200 }, // 3
      { at: 14, u16: 0x4400 }, // 4
    ]);
  });

  test('64-bit integers take bigint; double takes number', async () => {
    const block = struct('type_L', 40, [
      member('a', 0, 8, scalar('i64')),
      member('b', 8, 8, scalar('u64')),
      member('d', 16, 8, scalar('f64')),
      member('v', 24, 16, vector('i64', 2)),
    ]);
    const L = await singleLayout('L', block);
    const buffer = filled(40);
    L.write(buffer, { a: -1n, b: 2n ** 64n - 1n, d: Math.PI, v: [1n, -(2n ** 63n)] });
    expectStored(buffer, [
      { at: 0, i64: -1n },
      { at: 8, u64: 18446744073709551615n },
      { at: 16, f64: Math.PI },
      { at: 24, i64: 1n },
      { at: 32, i64: -9223372036854775808n },
    ]);
    expect(() => L.write(buffer, { a: 1 })).toThrow(TypeError);
  });

  test('8- and 16-bit integers', async () => {
    const block = struct('type_I', 6, [member('a', 0, 1, scalar('i8')), member('b', 1, 1, scalar('u8')), member('c', 2, 2, scalar('i16')), member('d', 4, 2, scalar('u16'))]);
    const I = await singleLayout('I', block);
    const buffer = filled(8);
    I.write(buffer, { a: -1, b: 200, c: -2, d: 65535 });
    const bytes = new Uint8Array(buffer);
    expect(Array.from(bytes)).toEqual([0xff, 200, 0xfe, 0xff, 0xff, 0xff, FILL, FILL]);
  });
});
