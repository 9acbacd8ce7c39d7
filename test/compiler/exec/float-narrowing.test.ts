// float → half, double → float, double → half and f32tof16 over edge inputs, executed on the
// driver. The expected values come from D3D's data-conversion rules (README "Integer and conversion
// semantics"), written out here in plain JS: round toward zero; NaN stays NaN; ±INF stays ±INF;
// finite values beyond the destination's range become ±its largest finite value; the destination's
// subnormals are kept. Explicit and implicit conversions, vectors, matrices and min16float (a real
// 16-bit type with -enable-16bit-types) on Vulkan; f32tof16 on Vulkan and WebGPU (a scalar and a vector).
// WebGPU's f16 conversions run on Dawn over Mesa 25 lavapipe (scripts/mesa25.sh), which offers
// 'shader-f16' (Dawn on SwiftShader does not: test/webgpu/harness.test.ts), against the same inputs
// on Vulkan: the same bits on both, equal to the definition.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import type { ComputeResult } from '../../gpu/harness.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { wgslFeatures } from '../../webgpu/harness.js';
import { startWebGpu, type WebGpuRunner } from '../../webgpu/harness.js';

const f32 = (bits: number) => new Float32Array(new Uint32Array([bits]).buffer)[0]!;
// f32 inputs: ties and values between two halfs, around 65504/65520/65536, the half subnormal range,
// f32 subnormals, ±0, ±INF and NaNs (with payloads, given as bits).
const FLOAT_BITS = [
  0, 1, -1, 1 + 2 ** -11, 1 + 2 ** -10, 1 + 2 ** -10 - 2 ** -23, 1 + 3 * 2 ** -12, -(1 + 3 * 2 ** -12), 0.1, -0.1, 1 / 3, 1000.7,
  65504, 65504.5, 65519.99609375, 65520, -65520, 65535.99609375, 65536, 131072, 1e10, -1e10, 3.4e38, -3.4e38,
  2 ** -24, 1.5 * 2 ** -24, 1.75 * 2 ** -24, 2 ** -25, 2 ** -24 - 2 ** -40, 2 ** -14, 2 ** -14 - 2 ** -30, -(2 ** -14 - 2 ** -30),
  3 * 2 ** -20 + 2 ** -30, 1e-7, -1e-7, 1e-30, 1e-40, -1e-40, Infinity, -Infinity,
].map((v) => new Uint32Array(new Float32Array([v]).buffer)[0]!).concat([0x80000000, 0x7fc00000, 0xffc00000, 0x7f800001, 0x7fbfe001, 0xff802000]);
const FLOATS = FLOAT_BITS.map(f32);
const FLT_MAX = 3.4028234663852886e38;
// f64 inputs: between two floats, ties, just below/above FLT_MAX and 2^128, the float subnormal range
// (and f64 subnormals), values for double → half too.
const DOUBLES = [
  0, -0, 1, 1 + 2 ** -24, 1 + 2 ** -23 + 2 ** -30, -(1 + 2 ** -23 + 2 ** -30), 0.1, -0.1, 1 / 3, FLT_MAX, FLT_MAX + 2 ** 75,
  2 ** 128 - 2 ** 75, 2 ** 128, -(2 ** 128), 1e39, -1e300, 2 ** -149, 1.5 * 2 ** -149, 2 ** -150, 2 ** -126 - 2 ** -160, 2 ** -126,
  1.2e-38, -1.2e-38, 1e-320, 65504.9, 65519.999, 65520, 2 ** -24 * 1.75, 2 ** -26, Infinity, -Infinity, NaN,
];

/** `x` rounded toward zero to a format with `mantissa` bits, D3D's rule (see the header). */
function narrow(x: number, mantissa: number, minNormalExp: number, max: number): number {
  if (Number.isNaN(x) || !Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  let e = minNormalExp;
  while (2 ** (e + 1) <= a) e++;
  const ulp = 2 ** (e - mantissa);
  const q = Math.min(Math.trunc(a / ulp) * ulp, max);
  return x < 0 ? -q : q;
}
const toHalf = (x: number) => narrow(x, 10, -14, 65504);
const toFloat = (x: number) => narrow(x, 23, -126, FLT_MAX);

/** The bits of a half-representable value (NaN → 0x7e00, its class is what is compared). */
function halfBits(v: number): number {
  if (Number.isNaN(v)) return 0x7e00;
  const sign = v < 0 || Object.is(v, -0) ? 0x8000 : 0;
  const a = Math.abs(v);
  if (a === Infinity) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | (a * 2 ** 24);
  let e = -14;
  while (2 ** (e + 1) <= a) e++;
  return sign | ((e + 15) << 10) | ((a / 2 ** e - 1) * 1024);
}
const isHalfNan = (bits: number) => (bits & 0x7c00) === 0x7c00 && (bits & 0x3ff) !== 0;
/** f32tof16 of a NaN: its sign, quiet, the top payload bits kept. */
const nanBits = (bits: number) => ((bits >>> 16) & 0x8000) | 0x7e00 | ((bits >>> 13) & 0x3ff);

/** A half result compared with the expectation: bits exactly, or (for NaN) NaN with the input's sign. */
function sameHalf(got: number, want: number, input: number): boolean {
  return Number.isNaN(want) ? isHalfNan(got) : got === halfBits(want) && !Number.isNaN(input);
}

const SOURCE_16 = `
StructuredBuffer<float> floats : register(t0);
StructuredBuffer<double> doubles : register(t1);
RWStructuredBuffer<uint4> halfOut : register(u2);
RWStructuredBuffer<uint> minOut : register(u3);
RWStructuredBuffer<float> floatOut : register(u4);
RWStructuredBuffer<uint> halfFromDouble : register(u5);
cbuffer Counts : register(b6) { uint floatCount; uint doubleCount; };

half implicitHalf(float f) { half h = f; return h; }

[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  if (i < floatCount) {
    float f = floats[i];
    half2x2 m = (half2x2)float2x2(f, -f, 0, 1);
    half4 v = float4(0, 1, -f, f);
    halfOut[i] = uint4(asuint16(half4((half)f, implicitHalf(f), m[0][1], v.z)));
    min16float mf = f;
    minOut[i] = asuint16(mf);
  }
  if (i < doubleCount) { double d = doubles[i]; floatOut[i] = (float)d; halfFromDouble[i] = asuint16((half)d); }
}
`;

const SOURCE_BITS = `
StructuredBuffer<float> floats : register(t0);
RWStructuredBuffer<uint2> bitsOut : register(u1);
cbuffer Counts : register(b2) { uint floatCount; };
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  if (i < floatCount) { float f = floats[i]; bitsOut[i] = uint2(f32tof16(f), f32tof16(float2(0, f)).y); }
}
`;

// WGSL has no 16-bit integers nor halfs in buffers yet: the halfs come back widened to float (exact).
const SOURCE_HALF_WIDENED = `
StructuredBuffer<float> floats : register(t0);
RWStructuredBuffer<float4> halfOut : register(u1);
RWStructuredBuffer<float> minOut : register(u2);
cbuffer Counts : register(b3) { uint floatCount; };

half implicitHalf(float f) { half h = f; return h; }

[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  if (i < floatCount) {
    float f = floats[i];
    half2x2 m = (half2x2)float2x2(f, -f, 0, 1);
    half4 v = float4(0, 1, -f, f);
    halfOut[i] = float4(half4((half)f, implicitHalf(f), m[0][1], v.z));
    min16float mf = f;
    minOut[i] = (float)mf;
  }
}
`;

let gpu: Targets;
/** Dawn on Mesa 25 lavapipe, for WGSL's f16. */
let dawnF16: WebGpuRunner;
beforeAll(async () => {
  gpu = await startTargets();
  dawnF16 = await startWebGpu({ driver: 'lavapipe-mesa25' });
});
afterAll(async () => {
  await gpu?.close();
  await dawnF16?.close();
});

const u8 = (a: { buffer: ArrayBufferLike }) => new Uint8Array(a.buffer as ArrayBuffer);
const view = <T>(bytes: Uint8Array, make: new (b: ArrayBuffer) => T): T => new make(bytes.slice().buffer as ArrayBuffer);
const hex = (n: number) => `0x${n.toString(16)}`;

describe('float narrowing as D3D rounds, on the driver', () => {
  it('float → half (explicit, implicit, matrix, vector, min16float) and double → float/half (Vulkan)', async () => {
    const options = { entryPoints: [{ name: 'main', stage: 'compute' as const }], targetEnv: 'vulkan1.1' as const, enable16BitTypes: true };
    const result = compile(SOURCE_16, options);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const byName = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, b.binding]));
    const { buffers } = await gpu.vulkan.runCompute({
      spirv: result.spirv!,
      groups: [1, 1, 1],
      bindings: [
        { binding: byName.Counts!, kind: 'uniform-buffer', data: u8(new Uint32Array([FLOATS.length, DOUBLES.length, 0, 0])) },
        { binding: byName.floats!, kind: 'storage-buffer', data: u8(new Uint32Array(FLOAT_BITS)) },
        { binding: byName.doubles!, kind: 'storage-buffer', data: u8(new Float64Array(DOUBLES)) },
        { binding: byName.halfOut!, kind: 'storage-buffer', size: FLOATS.length * 16, name: 'halfOut' },
        { binding: byName.minOut!, kind: 'storage-buffer', size: FLOATS.length * 4, name: 'minOut' },
        { binding: byName.floatOut!, kind: 'storage-buffer', size: DOUBLES.length * 4, name: 'floatOut' },
        { binding: byName.halfFromDouble!, kind: 'storage-buffer', size: DOUBLES.length * 4, name: 'halfFromDouble' },
      ],
    });
    const halves = view(buffers.halfOut!, Uint32Array);
    const mins = view(buffers.minOut!, Uint32Array);
    const halfMismatches = FLOATS.flatMap((f, i) => {
      const want = [toHalf(f), toHalf(f), toHalf(-f), toHalf(-f), toHalf(f)];
      const got = [...halves.subarray(i * 4, i * 4 + 4), mins[i]!];
      return got.every((g, k) => sameHalf(g, want[k]!, f)) ? [] : [`${hex(FLOAT_BITS[i]!)} (${f}): got ${got.map(hex).join(',')}, want ${want.map((w) => hex(halfBits(w))).join(',')}`];
    });
    expect(halfMismatches).toEqual([]);
    const floats = view(buffers.floatOut!, Float32Array);
    const fromDouble = view(buffers.halfFromDouble!, Uint32Array);
    const doubleMismatches = DOUBLES.flatMap((d, i) => {
      const want = toFloat(d);
      const gotFloat = floats[i]!;
      const floatOk = Number.isNaN(want) ? Number.isNaN(gotFloat) : Object.is(gotFloat, want);
      const halfOk = sameHalf(fromDouble[i]!, toHalf(d), d);
      return floatOk && halfOk ? [] : [`${d}: float got ${gotFloat} want ${want}; half got ${hex(fromDouble[i]!)} want ${hex(halfBits(toHalf(d)))}`];
    });
    expect(doubleMismatches).toEqual([]);
  });

  it('f32tof16 gives the same bits on Vulkan and WebGPU, D3D-rounded', async () => {
    const result = compile(SOURCE_BITS, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.1' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const byName = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, b.binding]));
    const results = await runComputeOnBoth(gpu, SOURCE_BITS, { entryPoints: [{ name: 'main', stage: 'compute' }] }, {
      spirv: result.spirv!,
      groups: [1, 1, 1],
      bindings: [
        { binding: byName.Counts!, kind: 'uniform-buffer', data: u8(new Uint32Array([FLOATS.length, 0, 0, 0])) },
        { binding: byName.floats!, kind: 'storage-buffer', data: u8(new Uint32Array(FLOAT_BITS)) },
        { binding: byName.bitsOut!, kind: 'storage-buffer', size: FLOATS.length * 8, name: 'bitsOut' },
      ],
    }, result.reflection!);
    const check = (r: ComputeResult, target: string) => {
      const got = view(r.buffers.bitsOut!, Uint32Array);
      const mismatches = FLOATS.flatMap((f, i) => {
        const bits = FLOAT_BITS[i]!;
        const want = Number.isNaN(f) ? [nanBits(bits), nanBits(bits)] : [halfBits(toHalf(f)), halfBits(toHalf(f))];
        const pair = [got[i * 2]!, got[i * 2 + 1]!];
        return pair[0] === want[0] && pair[1] === want[1] ? [] : [`${target}: ${hex(bits)} (${f}): got ${pair.map(hex).join(',')}, want ${want.map(hex).join(',')}`];
      });
      expect(mismatches).toEqual([]);
    };
    check(results.spirv, 'vulkan');
    expect(results.wgsl, 'the WGSL half ran').toBeDefined();
    check(results.wgsl!, 'webgpu');
  });

  it('float → half (explicit, implicit, matrix, vector, min16float) gives the same bits on Vulkan and on WebGPU with shader-f16 (Dawn on Mesa 25)', async () => {
    const options = { entryPoints: [{ name: 'main', stage: 'compute' as const }], enable16BitTypes: true };
    const result = compile(SOURCE_HALF_WIDENED, { ...options, targetEnv: 'vulkan1.1' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const byName = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, b.binding]));
    let inspected = false;
    const results = await runComputeOnBoth({ ...gpu, webgpu: dawnF16 }, SOURCE_HALF_WIDENED, options, {
      spirv: result.spirv!,
      groups: [1, 1, 1],
      bindings: [
        { binding: byName.Counts!, kind: 'uniform-buffer', data: u8(new Uint32Array([FLOATS.length, 0, 0, 0])) },
        { binding: byName.floats!, kind: 'storage-buffer', data: u8(new Uint32Array(FLOAT_BITS)) },
        { binding: byName.halfOut!, kind: 'storage-buffer', size: FLOATS.length * 16, name: 'halfOut' },
        { binding: byName.minOut!, kind: 'storage-buffer', size: FLOATS.length * 4, name: 'minOut' },
      ],
    }, result.reflection!, (wgsl) => {
      // The narrowing runs as WGSL f16: the module enables it, so the device is asked for
      // 'shader-f16' and nothing else.
      expect(wgsl.code).toMatch(/^enable f16;$/m);
      expect(wgsl.code).toContain('bitcast<vec2<f16>>');
      expect(wgslFeatures(wgsl.code)).toEqual(['shader-f16']);
      inspected = true;
    });
    expect(inspected, 'the WGSL compile was inspected').toBe(true);
    expect(dawnF16.adapterDescription).toMatch(/llvmpipe.*Mesa 25\./);
    expect(results.wgsl, 'the WGSL half ran').toBeDefined();
    const check = (buffers: Record<string, Uint8Array>, target: string) => {
      const halves = view(buffers.halfOut!, Float32Array);
      const mins = view(buffers.minOut!, Float32Array);
      return FLOATS.flatMap((f, i) => {
        const want = [toHalf(f), toHalf(f), toHalf(-f), toHalf(-f), toHalf(f)];
        const got = [...halves.subarray(i * 4, i * 4 + 4), mins[i]!];
        const same = got.every((g, k) => (Number.isNaN(want[k]!) ? Number.isNaN(g) : Object.is(g, want[k]!)));
        return same ? [] : [`${target}: ${hex(FLOAT_BITS[i]!)} (${f}): got ${got.map((g) => hex(halfBits(g))).join(',')}, want ${want.map((w) => hex(halfBits(w))).join(',')}`];
      });
    };
    expect(check(results.spirv.buffers, 'vulkan')).toEqual([]);
    expect(check(results.wgsl!.buffers, 'webgpu')).toEqual([]);
    // Bit for bit the same on both targets; a NaN is a NaN of the same sign on both. Its payload is the
    // driver's (measured: Mesa 22.3 Vulkan gives 0x7fc00000, Mesa 25 Vulkan keeps the input's f32 bits,
    // WebGPU the top payload bits our narrowing keeps): D3D defines only that NaN stays NaN.
    const nanClass = (w: number) => ((w & 0x7fffffff) > 0x7f800000 ? `NaN sign ${w >>> 31}` : hex(w));
    for (const name of ['halfOut', 'minOut']) {
      const words = (buffers: Record<string, Uint8Array>) => Array.from(view(buffers[name]!, Uint32Array), nanClass);
      expect(words(results.wgsl!.buffers), name).toEqual(words(results.spirv.buffers));
    }
  });
});
