// Integer division, remainder, shifts and float → integer conversions over edge inputs, executed on
// the driver. Expected values come from the documented definitions (compiler/spirv/defined-
// arithmetic.ts, README "Integer and conversion semantics"), written out here in plain JS:
//   a / 0 = a, a % 0 = 0, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0, `%` truncates (dividend's sign),
//   shift amounts masked to 31, float → integer saturating with NaN → 0.
// Vulkan leaves most of these undefined for bare SPIR-V instructions, so drivers disagree without
// the guards (lavapipe gives (int)3e9 = INT_MIN; an NVIDIA driver gives -17 % 5 = 4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import type { ComputeResult } from '../../gpu/harness.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const INTS = [0, 1, -1, 2, -2, 5, -5, 17, -17, 31, 32, 33, 63, 64, 70, INT_MIN, INT_MIN + 1, INT_MAX];
const UINTS = [0, 1, 2, 5, 17, 31, 32, 33, 64, 70, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];
const FLOATS = [
  0, -0, 1, -1, 0.5, -0.5, 1.5, -1.5, 2147483520, 2147483648, -2147483648, -2147483904, 3e9, -3e9,
  4294967040, 4294967296, 1e20, -1e20, Infinity, -Infinity, NaN, 9223371487098961920, 9223372036854775808, 18446744073709551616,
];
const DOUBLES = [2147483647.9, 2147483648, -2147483648.9, -2147483649, 4294967295.5, 4294967296, -0.9, NaN, -Infinity, 1e300];

const pairs = <T>(values: T[]): [T, T][] => values.flatMap((a) => values.map((b) => [a, b] as [T, T]));

const idiv = (a: number, b: number) => (b === 0 ? a : a === INT_MIN && b === -1 ? INT_MIN : Math.trunc(a / b) | 0);
const irem = (a: number, b: number) => (b === 0 || (a === INT_MIN && b === -1) ? 0 : a % b | 0);
const udiv = (a: number, b: number) => (b === 0 ? a : Math.floor(a / b) >>> 0);
const urem = (a: number, b: number) => (b === 0 ? 0 : a % b >>> 0);

function saturate(f: number, min: bigint, max: bigint): bigint {
  if (Number.isNaN(f)) return 0n;
  if (f === Infinity) return max;
  if (f === -Infinity) return min;
  const t = BigInt(Math.trunc(f));
  return t > max ? max : t < min ? min : t;
}
const I32: [bigint, bigint] = [-(2n ** 31n), 2n ** 31n - 1n];
const U32: [bigint, bigint] = [0n, 2n ** 32n - 1n];
const I64: [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];
const U64: [bigint, bigint] = [0n, 2n ** 64n - 1n];

// 32-bit integers and float → 32-bit integers: both targets (WGSL has no 64-bit types).
const SOURCE = `
StructuredBuffer<int2> ints : register(t0);
StructuredBuffer<uint2> uints : register(t1);
StructuredBuffer<float> floats : register(t2);
RWStructuredBuffer<int4> intOut : register(u4);
RWStructuredBuffer<uint4> uintOut : register(u5);
RWStructuredBuffer<int2> floatOut : register(u6);
cbuffer Counts : register(b10) { uint intCount; uint uintCount; uint floatCount; };

[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  if (i < intCount) { int2 p = ints[i]; intOut[i] = int4(p.x / p.y, p.x % p.y, p.x << p.y, p.x >> p.y); }
  if (i < uintCount) { uint2 p = uints[i]; uintOut[i] = uint4(p.x / p.y, p.x % p.y, p.x << p.y, p.x >> p.y); }
  if (i < floatCount) { float f = floats[i]; floatOut[i] = int2((int)f, (int)(uint)f); }
}
`;

// 64-bit targets and double sources: SPIR-V only.
const SOURCE_64 = `
StructuredBuffer<float> floats : register(t2);
StructuredBuffer<double> doubles : register(t3);
RWStructuredBuffer<int64_t> floatOut64 : register(u7);
RWStructuredBuffer<uint64_t> floatOutU64 : register(u8);
RWStructuredBuffer<int2> doubleOut : register(u9);
cbuffer Counts : register(b10) { uint floatCount; uint doubleCount; };

[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  if (i < floatCount) { float f = floats[i]; floatOut64[i] = (int64_t)f; floatOutU64[i] = (uint64_t)f; }
  if (i < doubleCount) { double d = doubles[i]; doubleOut[i] = int2((int)d, (int)(uint)d); }
}
`;

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

describe('defined integer and conversion results on the driver', () => {
  const intCases = pairs(INTS);
  const uintCases = pairs(UINTS);

  const u8 = (a: { buffer: ArrayBufferLike }) => new Uint8Array(a.buffer as ArrayBuffer);
  const view = <T>(bytes: Uint8Array, make: new (b: ArrayBuffer) => T): T => new make(bytes.slice().buffer as ArrayBuffer);

  function check32(result: ComputeResult, target: string) {
    const ints = view(result.buffers.intOut!, Int32Array);
    const intMismatches = intCases.flatMap(([a, b], i) => {
      const want = [idiv(a, b), irem(a, b), a << (b & 31), a >> (b & 31)];
      const got = [...ints.subarray(i * 4, i * 4 + 4)];
      return got.every((g, k) => g === want[k]) ? [] : [`${target}: ${a} op ${b}: got ${got.join(',')}, want ${want.join(',')}`];
    });
    expect(intMismatches).toEqual([]);
    const uints = view(result.buffers.uintOut!, Uint32Array);
    const uintMismatches = uintCases.flatMap(([a, b], i) => {
      const want = [udiv(a, b), urem(a, b), (a << (b & 31)) >>> 0, a >>> (b & 31)];
      const got = [...uints.subarray(i * 4, i * 4 + 4)];
      return got.every((g, k) => g === want[k]) ? [] : [`${target}: ${a} op ${b}: got ${got.join(',')}, want ${want.join(',')}`];
    });
    expect(uintMismatches).toEqual([]);
    const f32 = view(result.buffers.floatOut!, Int32Array);
    const floatMismatches = FLOATS.flatMap((f0, i) => {
      const f = Math.fround(f0);
      const want = [saturate(f, ...I32), BigInt.asIntN(32, saturate(f, ...U32))];
      const got = [BigInt(f32[i * 2]!), BigInt(f32[i * 2 + 1]!)];
      return got.every((g, k) => g === want[k]) ? [] : [`${target}: ${f}: got ${got.join(',')}, want ${want.join(',')}`];
    });
    expect(floatMismatches).toEqual([]);
  }

  it('32-bit operators and float → int/uint give the documented result for every edge input, on Vulkan and WebGPU', async () => {
    const result = compile(SOURCE, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.1' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const byName = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, b.binding]));
    const counts = new Uint32Array([intCases.length, uintCases.length, FLOATS.length, 0]);
    const results = await runComputeOnBoth(gpu, SOURCE, { entryPoints: [{ name: 'main', stage: 'compute' }] }, {
      spirv: result.spirv!,
      groups: [Math.ceil(Math.max(intCases.length, uintCases.length) / 64), 1, 1],
      bindings: [
        { binding: byName.Counts!, kind: 'uniform-buffer', data: u8(counts) },
        { binding: byName.ints!, kind: 'storage-buffer', data: u8(new Int32Array(intCases.flat())) },
        { binding: byName.uints!, kind: 'storage-buffer', data: u8(new Uint32Array(uintCases.flat())) },
        { binding: byName.floats!, kind: 'storage-buffer', data: u8(new Float32Array(FLOATS)) },
        { binding: byName.intOut!, kind: 'storage-buffer', size: intCases.length * 16, name: 'intOut' },
        { binding: byName.uintOut!, kind: 'storage-buffer', size: uintCases.length * 16, name: 'uintOut' },
        { binding: byName.floatOut!, kind: 'storage-buffer', size: FLOATS.length * 8, name: 'floatOut' },
      ],
    }, result.reflection!);
    check32(results.spirv, 'vulkan');
    expect(results.wgsl, 'the WGSL half ran').toBeDefined();
    check32(results.wgsl!, 'webgpu');
  });

  it('float → 64-bit integers and double → int/uint saturate with NaN → 0 (Vulkan)', async () => {
    const result = compile(SOURCE_64, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.1' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const byName = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, b.binding]));
    const { buffers } = await gpu.vulkan.runCompute({
      spirv: result.spirv!,
      groups: [1, 1, 1],
      bindings: [
        { binding: byName.Counts!, kind: 'uniform-buffer', data: u8(new Uint32Array([FLOATS.length, DOUBLES.length, 0, 0])) },
        { binding: byName.floats!, kind: 'storage-buffer', data: u8(new Float32Array(FLOATS)) },
        { binding: byName.doubles!, kind: 'storage-buffer', data: u8(new Float64Array(DOUBLES)) },
        { binding: byName.floatOut64!, kind: 'storage-buffer', size: FLOATS.length * 8, name: 'floatOut64' },
        { binding: byName.floatOutU64!, kind: 'storage-buffer', size: FLOATS.length * 8, name: 'floatOutU64' },
        { binding: byName.doubleOut!, kind: 'storage-buffer', size: DOUBLES.length * 8, name: 'doubleOut' },
      ],
    });
    const f64s = view(buffers.floatOut64!, BigInt64Array);
    const fu64s = view(buffers.floatOutU64!, BigUint64Array);
    const floatMismatches = FLOATS.flatMap((f0, i) => {
      const f = Math.fround(f0);
      const want = [saturate(f, ...I64), saturate(f, ...U64)];
      const got = [f64s[i]!, fu64s[i]!];
      return got.every((g, k) => g === want[k]) ? [] : [`${f}: got ${got.join(',')}, want ${want.join(',')}`];
    });
    expect(floatMismatches).toEqual([]);
    const d32 = view(buffers.doubleOut!, Int32Array);
    const doubleMismatches = DOUBLES.flatMap((d, i) => {
      const want = [saturate(d, ...I32), BigInt.asIntN(32, saturate(d, ...U32))];
      const got = [BigInt(d32[i * 2]!), BigInt(d32[i * 2 + 1]!)];
      return got.every((g, k) => g === want[k]) ? [] : [`${d}: got ${got.join(',')}, want ${want.join(',')}`];
    });
    expect(doubleMismatches).toEqual([]);
  });
});
