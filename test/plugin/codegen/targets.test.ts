// Generated writers store 32-bit scalars through Float32Array/Uint32Array views when the target
// offset is 4-byte aligned and through a DataView otherwise. Whichever path a write takes, the
// bytes must be the ones DXC's layout puts there (offsets from seeds/002), little-endian, with
// padding and omitted fields untouched; these tests drive both paths and the switch between them.

import { describe, expect, test } from 'vitest';
import { expectStored, filled, type Stored } from './bytes.js';
import { loadGenerated } from './load-generated.js';
import { array, computeReflection, member, PARAMS, scalar, storageBuffer, struct, uniformBuffer, vector } from './reflections.js';
import { generateModule } from '../../../plugin/codegen/index.js';
import type { Reflection, StructType } from '../../../compiler/reflect/types.js';

const INLINE = { kind: 'inline', words: new Uint32Array([0x07230203, 0x00010000, 0, 1, 0]) } as const;

async function layoutsOf(reflection: Reflection) {
  return (await loadGenerated({ reflection, spirv: INLINE })).exports;
}

const floatsAt = (base: number, values: number[]): Stored[] => values.map((f32, k) => ({ at: base + k * 4, f32 }));

// cbuffer Params { float time; float3 tint; float4x4 xform; int counts[4]; }: 0, 4, 16, 80.
const PARAMS_VALUE = {
  time: 1.5,
  tint: [2, 3, 4],
  xform: Array.from({ length: 16 }, (_, k) => 100 + k), // column-major input: column c at 16 + 16c
  counts: [7, -8, 9, 10],
};
const PARAMS_STORED: Stored[] = [
  { at: 0, f32: 1.5 },
  ...floatsAt(4, [2, 3, 4]),
  ...floatsAt(16, Array.from({ length: 16 }, (_, k) => 100 + k)),
  { at: 80, i32: 7 },
  { at: 96, i32: -8 },
  { at: 112, i32: 9 },
  { at: 128, i32: 10 },
];

// cbuffer Mixed { half h; int i; bool b; uint u; float2 v; double d; } (16-bit types enabled):
// h 0 (2 bytes), i 4, b 8, u 12, v 16 (float2 aligns to 8), d 24; 32 bytes.
const MIXED = struct('type_Mixed', 32, [
  member('h', 0, 2, scalar('f16')),
  member('i', 4, 4, scalar('i32')),
  member('b', 8, 4, scalar('bool')),
  member('u', 12, 4, scalar('u32')),
  member('v', 16, 8, vector('f32', 2)),
  member('d', 24, 8, scalar('f64')),
]);
const MIXED_VALUE = { h: 1.5, i: -3, b: true, u: 0xffffffff, v: [0.5, -0.25], d: Math.PI };
const MIXED_STORED: Stored[] = [
  { at: 0, u16: 0x3e00 }, // binary16 1.5: exponent 15, fraction 0x200
  { at: 4, i32: -3 },
  { at: 8, u32: 1 },
  { at: 12, u32: 0xffffffff },
  ...floatsAt(16, [0.5, -0.25]),
  { at: 24, f64: Math.PI },
];

/** Ways to hand a writer the region starting at byte `start` of `buffer`. */
const TARGETS = {
  'ArrayBuffer + byteOffset': (buffer: ArrayBuffer, start: number) => ({ target: buffer, byteOffset: start }),
  'Uint8Array view': (buffer: ArrayBuffer, start: number) => ({ target: new Uint8Array(buffer, start), byteOffset: 0 }),
  'DataView + byteOffset': (buffer: ArrayBuffer, start: number) => ({ target: new DataView(buffer, start - (start >> 1)), byteOffset: start >> 1 }),
} as const;

const CASES = Object.keys(TARGETS).flatMap((kind) => [0, 1, 2, 3, 4, 6, 8].map((start) => [kind as keyof typeof TARGETS, start] as const));

describe('every target offset gives the same bytes (word views when aligned, DataView otherwise)', () => {
  test.each(CASES)('Params via %s at byte %d', async (kind, start) => {
    const { Params } = await layoutsOf(computeReflection([uniformBuffer('Params', PARAMS)]));
    const buffer = filled(start + 144 + 5);
    const { target, byteOffset } = TARGETS[kind](buffer, start);
    Params.write(target, PARAMS_VALUE, byteOffset);
    expectStored(buffer, PARAMS_STORED, start);
    Params.write(target, { tint: [5, 6, 7], counts: [1] }, byteOffset); // partial: only these bytes change
    expectStored(buffer, [
      ...PARAMS_STORED.filter(({ at }) => !(at >= 4 && at < 16) && at !== 80),
      ...floatsAt(4, [5, 6, 7]),
      { at: 80, i32: 1 },
    ], start);
  });

  test.each(CASES)('half, int, bool, uint, float2, double via %s at byte %d', async (kind, start) => {
    const { Mixed } = await layoutsOf(computeReflection([uniformBuffer('Mixed', MIXED)]));
    const buffer = filled(start + 32 + 3);
    const { target, byteOffset } = TARGETS[kind](buffer, start);
    Mixed.write(target, MIXED_VALUE, byteOffset);
    expectStored(buffer, MIXED_STORED, start);
  });

  test('a buffer whose length is not a whole number of words: its last bytes are reachable too', async () => {
    // { uint a; half b; } (6 bytes) at byte 4 of 10: the word views cover bytes 0..7 only.
    const { Tail } = await layoutsOf(computeReflection([uniformBuffer('Tail', struct('type_Tail', 6, [member('a', 0, 4, scalar('u32')), member('b', 4, 2, scalar('f16'))]))]));
    const buffer = filled(10);
    Tail.write(buffer, { a: 7, b: -2 }, 4);
    expectStored(buffer, [{ at: 4, u32: 7 }, { at: 8, u16: 0xc000 }]);
    const odd = filled(35);
    const { Mixed } = await layoutsOf(computeReflection([uniformBuffer('Mixed', MIXED)]));
    Mixed.write(odd, MIXED_VALUE, 3); // ends at byte 35
    expectStored(odd, MIXED_STORED, 3);
  });

  test('SharedArrayBuffer targets', async () => {
    const { Params } = await layoutsOf(computeReflection([uniformBuffer('Params', PARAMS)]));
    const shared = new SharedArrayBuffer(150);
    Params.write(shared, PARAMS_VALUE, 4);
    Params.write(new Uint8Array(shared), PARAMS_VALUE, 4);
    const copy = new ArrayBuffer(150);
    new Uint8Array(copy).set(new Uint8Array(shared));
    expectStored(copy, PARAMS_STORED, 4, 0);
  });
});

type Resizable = ArrayBuffer & { resize(byteLength: number): void };
const resizable = (byteLength: number, maxByteLength: number): Resizable =>
  new (ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => Resizable)(byteLength, { maxByteLength });

test('a resizable buffer that shrinks and grows after its views were cached still gets every byte', async () => {
  const { Params } = await layoutsOf(computeReflection([uniformBuffer('Params', PARAMS)]));
  const buffer = resizable(160, 400);
  Params.write(buffer, PARAMS_VALUE); // caches word views over 160 bytes
  buffer.resize(148); // those views are now out of bounds
  new Uint8Array(buffer).fill(0xaa);
  Params.write(buffer, PARAMS_VALUE, 4);
  expectStored(buffer, PARAMS_STORED, 4);
  buffer.resize(400); // grown past what the cached views cover
  new Uint8Array(buffer).fill(0xaa);
  Params.write(buffer, PARAMS_VALUE, 240);
  expectStored(buffer, PARAMS_STORED, 240);
});

describe('runtime arrays', () => {
  // struct Particle { float3 position; float life; } in RWStructuredBuffer: 0, 12; stride 16.
  const particle = struct('Particle', 16, [member('position', 0, 12, vector('f32', 3)), member('life', 12, 4, scalar('f32'))]);
  const particles = struct('type_RWStructuredBuffer_Particle', 0, [member('_m0', 0, 0, array(particle, 0, 16))]);

  test.each([0, 1, 2, 4])('writeElement and write at byteOffset %d', async (start) => {
    const layout = (await layoutsOf(computeReflection([storageBuffer('particles', particles)]))).particles;
    const buffer = filled(start + 3 * 16);
    layout.writeElement(buffer, 2, { position: [1, 2, 3], life: 4 }, start);
    layout.write(buffer, { _m0: [{ life: 5 }] }, start);
    expectStored(buffer, [...floatsAt(32, [1, 2, 3, 4]), { at: 12, f32: 5 }], start);
  });

  test('an array too long for the target throws before any byte is written, earlier members included', async () => {
    // buffer { uint count; float4 values[]; }: count at 0, array at 16, stride 16.
    const mixed = struct('Values', 16, [member('count', 0, 4, scalar('u32')), member('values', 16, 0, array(vector('f32', 4), 0, 16))]);
    const { Values } = await layoutsOf(computeReflection([storageBuffer('Values', mixed)]));
    const buffer = filled(48);
    const three = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]];
    expect(() => Values.write(buffer, { count: 3, values: three })).toThrow(
      'Values.values: 48 bytes at byteOffset 16 do not fit in a target of 48 bytes',
    );
    expectStored(buffer, []);
    Values.write(buffer, { count: 2, values: three.slice(0, 2) });
    expectStored(buffer, [{ at: 0, u32: 2 }, ...floatsAt(16, [1, 2, 3, 4, 5, 6, 7, 8])]);
  });
});

describe('the generator', () => {
  test('emits no eval and no Function constructor (CSP: script-src without unsafe-eval)', () => {
    const { code } = generateModule({ reflection: computeReflection([uniformBuffer('Params', PARAMS), uniformBuffer('Mixed', MIXED, 0, 1)]), spirv: INLINE });
    expect(code).not.toMatch(/\beval\b|\bFunction\s*\(/);
  });

  test('rejects a runtime array anywhere but the end of a block', () => {
    const misplaced: StructType = struct('type_Bad', 16, [member('values', 0, 0, array(scalar('f32'), 0, 4)), member('count', 0, 4, scalar('u32'))]);
    expect(() => generateModule({ reflection: computeReflection([storageBuffer('Bad', misplaced)]), spirv: INLINE })).toThrow(
      'Bad.values: a runtime array can only be the last member of a buffer block',
    );
  });
});
