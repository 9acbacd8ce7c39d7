// The layout examples of DXC's SPIR-V manual (seeds/002, "Memory layout rules"), with the values typed
// in from the manual, plus the cbuffer and the design rules of the layout API.

import { describe, expect, it } from 'vitest';
import { layoutGlobals, layoutOf, LayoutError, type LayoutOptions, type LayoutRule } from '../../../compiler/layout/index.js';
import { matrix, scalar, vector, type ResourceType } from '../../../compiler/types.js';
import { MANUAL_STRUCT_T_OFFSETS } from '../../helpers/manual-tables.js';
import { arr, bool, float, float2, float3, float4, half, int, mat, member, offsets, structBuilder } from './build.js';

const struct = structBuilder();
const options = (rule: LayoutRule, buffer: LayoutOptions['buffer']): LayoutOptions => ({ rule, buffer, defaultMajorness: 'column_major' });

// struct S { float3 f; };
// struct T { float a_float; float3 b_float3; S c_S_float3; float2x3 d_float2x3;
//            row_major float2x3 e_float2x3; int f_int_3[3]; float2 g_float2_2[2]; };
const S = struct('S', [['f', float3]]);
const T = struct('T', [
  ['a_float', float],
  ['b_float3', float3],
  ['c_S_float3', S],
  ['d_float2x3', mat(2, 3)],
  ['e_float2x3', mat(2, 3, 'row_major')],
  ['f_int_3', arr(int, 3)],
  ['g_float2_2', arr(float2, 2)],
]);

/**
 * Sizes of T (not in the manual): the last member's end, padded to T's alignment where the rule pads.
 * relaxed uniform: g at 160 + float2[2] with stride 16 = 192, alignment 16 -> 192. dx uniform: g at 160,
 * fxc arrays leave the last element unpadded: 160 + 16 + 8 = 184, fxc does not pad structs -> 184.
 * gl uniform: 176 + 32 = 208. scalar: 88 + 16 = 104, no padding. relaxed storage: 112 + 16 = 128,
 * alignment 16 (float3) -> 128. dx storage: 88 + 16 = 104, alignment 4. gl storage: 128 + 16 = 144.
 * gl and scalar also come out of glslang in oracles.test.ts (shape "manual struct T").
 */
const T_SIZES: Record<'uniform' | 'storage', Record<LayoutRule, number>> = {
  uniform: { relaxed: 192, dx: 184, gl: 208, scalar: 104 },
  storage: { relaxed: 128, dx: 104, gl: 144, scalar: 104 },
};

describe("the manual's struct T table", () => {
  for (const buffer of ['uniform', 'storage'] as const) {
    for (const rule of ['relaxed', 'dx', 'gl', 'scalar'] as const) {
      it(`${buffer} buffer, ${rule} rule`, () => {
        const layout = layoutOf(T, options(rule, buffer));
        expect(layout.members!.map((m) => m.offset)).toEqual(MANUAL_STRUCT_T_OFFSETS[buffer][rule]);
        expect(layout.size).toBe(T_SIZES[buffer][rule]);
        expect(layout.warnings).toBeUndefined();
      });
    }
  }

  it('gives the matrices their HLSL majorness and the stride between their stored vectors', () => {
    const layout = layoutOf(T, options('relaxed', 'uniform'));
    // column_major float2x3: 3 columns of 2 floats, each std140-aligned to 16.
    expect(member(layout, 'd_float2x3')).toMatchObject({ kind: 'matrix', majorness: 'column_major', matrixStride: 16, size: 48 });
    // row_major float2x3: 2 rows of 3 floats.
    expect(member(layout, 'e_float2x3')).toMatchObject({ kind: 'matrix', majorness: 'row_major', matrixStride: 16, size: 32 });
    const storage = layoutOf(T, options('relaxed', 'storage'));
    expect(member(storage, 'd_float2x3')).toMatchObject({ matrixStride: 8, size: 24 });
    expect(member(storage, 'f_int_3')).toMatchObject({ kind: 'array', arrayStride: 4, length: 3 });
  });
});

describe("the issue's cbuffer", () => {
  it('cbuffer Params { float time; float3 tint; float4x4 xform; int counts[4]; } under the default rule', () => {
    const Params = struct('Params', [
      ['time', float],
      ['tint', float3],
      ['xform', mat(4, 4)],
      ['counts', arr(int, 4)],
    ]);
    const layout = layoutOf(Params, options('relaxed', 'uniform'));
    expect(offsets(layout)).toEqual({ time: 0, tint: 4, xform: 16, counts: 80 });
    expect(layout.size).toBe(144);
    expect(member(layout, 'counts').arrayStride).toBe(16);
  });
});

describe('$Globals and register(cN)', () => {
  it("the manual's example: x : register(c10), y, z : register(c1)", () => {
    const layout = layoutGlobals(
      [
        { name: 'x', type: float, register: 10 },
        { name: 'y', type: float },
        { name: 'z', type: float, register: 1 },
      ],
      { rule: 'relaxed', defaultMajorness: 'column_major' },
    );
    expect(layout.members!.map((m) => [m.name, m.offset])).toEqual([
      ['x', 160],
      ['y', 164],
      ['z', 16],
    ]);
    expect(layout.warnings).toBeUndefined();
  });

  it('reports two globals in the same register as overlapping', () => {
    const layout = layoutGlobals(
      [
        { name: 'a', type: float4, register: 2 },
        { name: 'b', type: float, register: 2 },
      ],
      { rule: 'relaxed', defaultMajorness: 'column_major' },
    );
    expect(offsets(layout)).toEqual({ a: 32, b: 32 });
    expect(layout.warnings).toEqual(["$Globals: 'b' (bytes 32-35) overlaps 'a' (bytes 32-47)"]);
  });
});

describe('explicit offsets', () => {
  it('packoffset gives exactly register * 16 + component * 4, and later members follow the previous one', () => {
    const CB = struct('CB', [
      ['x', float, { packOffset: 2 * 16 + 1 * 4 }], // packoffset(c2.y)
      ['y', float3, { packOffset: 0 }], // packoffset(c0)
      ['z', float2, { packOffset: 3 * 16 + 2 * 4 }], // packoffset(c3.z)
      ['tail', float],
    ]);
    const layout = layoutOf(CB, options('relaxed', 'uniform'));
    expect(offsets(layout)).toEqual({ x: 36, y: 0, z: 56, tail: 64 });
    expect(layout.size).toBe(80);
    expect(layout.warnings).toBeUndefined();
  });

  it('[[vk::offset]] wins over packoffset', () => {
    const CB = struct('CB', [['x', float4, { vkOffset: 32, packOffset: 64 }]]);
    expect(offsets(layoutOf(CB, options('relaxed', 'uniform')))).toEqual({ x: 32 });
  });

  it('keeps an overlapping or misaligned offset as given and reports it', () => {
    const CB = struct('CB', [
      ['a', float4],
      ['b', float, { packOffset: 8 }], // packoffset(c0.z): inside a
      ['c', float4, { vkOffset: 20 }], // a float4 at 20 straddles a 16-byte boundary
    ]);
    const layout = layoutOf(CB, options('relaxed', 'uniform'));
    expect(offsets(layout)).toEqual({ a: 0, b: 8, c: 20 });
    expect(layout.warnings).toEqual([
      "member 'c' of 'CB': [[vk::offset(20)]] puts float4 at byte 20, which the relaxed uniform-buffer layout rule does not allow (next valid offset: 32)",
      "struct 'CB': 'b' (bytes 8-11) overlaps 'a' (bytes 0-15)",
    ]);
  });

  it('checks alignment against the chosen rule: a float3 may follow a float only under vector-relaxed rules', () => {
    const CB = struct('CB', [
      ['a', float],
      ['b', float3, { vkOffset: 4 }],
    ]);
    expect(layoutOf(CB, options('relaxed', 'uniform')).warnings).toBeUndefined();
    expect(layoutOf(CB, options('gl', 'uniform')).warnings).toEqual([
      "member 'b' of 'CB': [[vk::offset(4)]] puts float3 at byte 4, which the gl uniform-buffer layout rule does not allow (next valid offset: 16)",
    ]);
  });
});

describe('scalar types in buffers', () => {
  it('stores bool as 4 bytes, 16-bit types as 2, min-precision types at their width, 64-bit as 8', () => {
    const min16float32 = scalar('float', 32, true); // min16float without -enable-16bit-types
    const min16float16 = scalar('float', 16, true); // with -enable-16bit-types
    const X = struct('X', [
      ['a', bool],
      ['b', half],
      ['c', min16float16],
      ['d', min16float32],
      ['e', scalar('float', 64)],
    ]);
    const layout = layoutOf(X, options('scalar', 'storage'));
    expect(offsets(layout)).toEqual({ a: 0, b: 4, c: 6, d: 8, e: 16 });
    expect(layout.members!.map((m) => m.layout.size)).toEqual([4, 2, 2, 4, 8]);
  });

  it("lays out Nx1 and 1xN matrices as vectors and 1x1 as a scalar (the manual's mapping)", () => {
    const X = struct('X', [
      ['a', float],
      ['col', mat(3, 1)],
      ['row', mat(1, 3, 'row_major')],
      ['one', mat(1, 1)],
    ]);
    const layout = layoutOf(X, options('relaxed', 'uniform'));
    expect(offsets(layout)).toEqual({ a: 0, col: 4, row: 16, one: 28 });
    expect(layout.members!.map((m) => m.layout.kind)).toEqual(['scalar', 'vector', 'vector', 'scalar']);
    expect(layoutOf(mat(1, 3), options('relaxed', 'storage'))).toEqual(layoutOf(float3, options('relaxed', 'storage')));
  });

  it('follows -Zpr for matrices without majorness', () => {
    const zpr: LayoutOptions = { rule: 'relaxed', buffer: 'uniform', defaultMajorness: 'row_major' };
    expect(layoutOf(mat(2, 3), zpr)).toMatchObject({ majorness: 'row_major', matrixStride: 16, size: 32 });
    expect(layoutOf(mat(2, 3, 'column_major'), zpr)).toMatchObject({ majorness: 'column_major', size: 48 });
  });
});

describe('types that cannot be laid out', () => {
  const texture: ResourceType = { kind: 'resource', resource: 'Texture2D', element: vector(float, 4) };

  it('throws a LayoutError naming the member for a resource or sampler in a struct', () => {
    const Bad = struct('Bad', [
      ['a', float],
      ['tex', texture],
    ]);
    expect(() => layoutOf(Bad, options('relaxed', 'uniform'))).toThrow(LayoutError);
    expect(() => layoutOf(Bad, options('relaxed', 'uniform'))).toThrow(
      "member 'tex' of 'Bad' has type 'Texture2D<float4>', which cannot be stored in a buffer: resources and samplers have no memory layout",
    );
    expect(() => layoutOf(arr({ kind: 'sampler', comparison: false }, 2), options('dx', 'storage'))).toThrow(LayoutError);
  });

  it('throws for a column_major integer matrix, which DXC rejects in buffers', () => {
    const M = struct('M', [['m', matrix(int, 2, 3)]]);
    expect(() => layoutOf(M, options('relaxed', 'uniform'))).toThrow(
      "member 'm' of 'M' is a column_major int2x3 matrix: non-floating-point matrices can only be stored row_major in a buffer (declare it row_major, or compile with -Zpr)",
    );
    expect(layoutOf(struct('R', [['m', matrix(int, 2, 3, 'row_major')]]), options('relaxed', 'uniform')).size).toBe(32);
  });
});
