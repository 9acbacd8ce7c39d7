// src/runtime.ts, the helpers generated modules import. Expected half-precision bit patterns are
// IEEE 754 binary16 values (sign, 5-bit exponent biased by 15, 10-bit fraction), worked out by hand.

import { describe, expect, test } from 'vitest';
import { alignTo16, blockViews, bufferViews, createViewCache, dataViewOf, f32ToF16, spirvFromBase64, targetStart } from '../../../src/runtime.js';
import { spirvBase64 } from '../../../plugin/codegen/index.js';

describe('f32ToF16', () => {
  test.each([
    [0, 0x0000],
    [-0, 0x8000],
    [1, 0x3c00],
    [-2, 0xc000],
    [0.5, 0x3800],
    [65504, 0x7bff], // largest finite half
    [65519.99, 0x7bff], // below the halfway point to 65536
    [65520, 0x7c00], // halfway rounds to even: infinity
    [Infinity, 0x7c00],
    [-Infinity, 0xfc00],
    [2 ** -14, 0x0400], // smallest normal
    [2 ** -24, 0x0001], // smallest subnormal
    [2 ** -25, 0x0000], // halfway to the smallest subnormal rounds to even (0)
    [3 * 2 ** -25, 0x0002], // 1.5 subnormal steps rounds to even (2)
    [1023 * 2 ** -24, 0x03ff], // largest subnormal
    [0.1, 0x2e66],
    [1 / 3, 0x3555],
    [1 + 2 ** -11, 0x3c00], // halfway between 1 and 1+2^-10: ties to even
    [1 + 3 * 2 ** -11, 0x3c02], // halfway between 0x3c01 and 0x3c02: ties to even
    [2 - 2 ** -12, 0x4000], // rounds up across the exponent boundary
  ])('%d → 0x%s', (value, bits) => {
    expect(f32ToF16(value).toString(16)).toBe(bits.toString(16));
  });

  test('NaN is a quiet NaN', () => {
    expect(f32ToF16(Number.NaN)).toBe(0x7e00);
  });
});

test('dataViewOf respects a view\'s byteOffset and length', () => {
  const buffer = new ArrayBuffer(32);
  const view = dataViewOf(new Uint16Array(buffer, 8, 4));
  expect([view.byteOffset, view.byteLength]).toEqual([8, 8]);
  const same = new DataView(buffer, 4);
  expect(dataViewOf(same)).toBe(same);
  expect(dataViewOf(buffer).byteLength).toBe(32);
});

test('alignTo16', () => {
  expect([0, 1, 16, 17, 144, 100].map(alignTo16)).toEqual([0, 16, 16, 32, 144, 112]);
});

test('bufferViews: word views over whole words, none for big-endian byte order', () => {
  const views = bufferViews(new ArrayBuffer(18), true);
  expect([views.dv.byteLength, views.f32.length, views.u32.length]).toEqual([18, 4, 4]);
  expect(views.f32.buffer).toBe(views.dv.buffer);
  const bigEndian = bufferViews(new ArrayBuffer(16), false);
  expect([bigEndian.dv.byteLength, bigEndian.f32.byteLength, bigEndian.u32.byteLength]).toEqual([16, 0, 0]);
});

test('blockViews: views starting at the block; word views only at an aligned start in little-endian order', () => {
  const buffer = new ArrayBuffer(64);
  const views = blockViews(buffer, 8, 22, true);
  expect([views.dv.byteOffset, views.dv.byteLength, views.f32.byteOffset, views.f32.length, views.u32.length]).toEqual([8, 22, 8, 5, 5]);
  const unaligned = blockViews(buffer, 6, 16, true);
  expect([unaligned.dv.byteOffset, unaligned.dv.byteLength, unaligned.f32.length, unaligned.u32.length]).toEqual([6, 16, 0, 0]);
  const bigEndian = blockViews(buffer, 8, 16, false);
  expect([bigEndian.dv.byteLength, bigEndian.f32.length, bigEndian.u32.length]).toEqual([16, 0, 0]);
});

test('createViewCache: one set of views per buffer, shared by every view of it', () => {
  const viewsOf = createViewCache();
  const buffer = new ArrayBuffer(32);
  const views = viewsOf(buffer);
  expect(viewsOf(new Uint8Array(buffer, 3))).toBe(views);
  expect(viewsOf(new DataView(buffer, 8))).toBe(views);
  expect(viewsOf(new ArrayBuffer(32))).not.toBe(views);
  expect(createViewCache()(buffer)).not.toBe(views); // each cache is its own
  expect([targetStart(buffer), targetStart(new Uint8Array(buffer, 3)), targetStart(new DataView(buffer, 8))]).toEqual([0, 3, 8]);
});

describe('spirvFromBase64', () => {
  test('decodes the words the build encoded, little-endian, whatever their bits', () => {
    const words = new Uint32Array([0x07230203, 0x00010000, 0xffffffff, 0x80000001, 0, 0x12345678]);
    expect(spirvBase64(words).startsWith('AwIjBw')).toBe(true);
    expect(spirvFromBase64(spirvBase64(words))).toEqual(words);
  });

  test('rejects text that is not a SPIR-V module', () => {
    expect(() => spirvFromBase64(btoa('not spirv at all!!!!'))).toThrow(/missing SPIR-V magic number/);
    expect(() => spirvFromBase64('AwIjBw==')).toThrow(/is not a SPIR-V module/);
  });
});
