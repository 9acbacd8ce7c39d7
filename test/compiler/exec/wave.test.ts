// Wave and quad intrinsics executed on lavapipe. The subgroup size is only known at run time, so
// every thread writes WaveGetLaneCount() too and the expected values are computed from it in JS,
// assuming what Vulkan guarantees for a 1-D workgroup on this driver: subgroup k holds the threads
// [k*S, (k+1)*S) and a thread's lane is its index modulo S (the test checks this first). The WGSL of
// the same source runs on WebGPU (Dawn on SwiftShader, `enable subgroups;`) under the same checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compile } from '../../../compiler/index.js';
import { compileValid } from '../helpers.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const THREADS = 64;

/** Slot name → HLSL uint expression (t = thread index, lane = WaveGetLaneIndex(), k = 2 from the input buffer). */
const SLOTS: [string, string][] = [
  ['size', 'WaveGetLaneCount()'],
  ['lane', 'lane'],
  ['sum', 'WaveActiveSum(t)'],
  ['prefixSum', 'WavePrefixSum(t)'],
  ['countBits', 'WaveActiveCountBits(t % 3 == 0)'],
  ['prefixCountBits', 'WavePrefixCountBits(t % 2 == 1)'],
  ['readFirst', 'WaveReadLaneFirst(t)'],
  ['readAtConst', 'WaveReadLaneAt(t, 1)'],
  ['readAtUniform', 'WaveReadLaneAt(t * 10, k)'],
  ['isFirst', 'WaveIsFirstLane() ? 1u : 0u'],
  ['ballot', 'WaveActiveBallot(t % 2 == 0).x'],
  ['min', 'WaveActiveMin(t)'],
  ['max', 'WaveActiveMax(t)'],
  ['minInt', 'asuint(WaveActiveMin(-(int)t))'],
  ['product', 'WaveActiveProduct(lane < 3 ? lane + 2 : 1u)'],
  ['bitOr', 'WaveActiveBitOr(1u << (lane & 31))'],
  ['bitAnd', 'WaveActiveBitAnd(~(1u << (lane & 31)))'],
  ['bitXor', 'WaveActiveBitXor(t)'],
  ['anyTrue', 'WaveActiveAnyTrue(t == 5) ? 1u : 0u'],
  ['allTrue', 'WaveActiveAllTrue(lane != 2) ? 1u : 0u'],
  ['allEqual', 'dot(uint2(WaveActiveAllEqual(uint2(t / WaveGetLaneCount(), t))), uint2(1, 2))'],
  ['floatSum', 'asuint(WaveActiveSum((float)t * 0.5))'],
  ['prefixProduct', 'WavePrefixProduct(lane < 8 ? 2u : 1u)'],
  ['quadX', 'QuadReadAcrossX(t)'],
  ['quadY', 'QuadReadAcrossY(t)'],
  ['quadDiagonal', 'QuadReadAcrossDiagonal(t)'],
  ['quadLane', 'QuadReadLaneAt(t, 3)'],
  ['quadAny', 'QuadAny(t % 8 == 5) ? 1u : 0u'],
  ['quadAll', 'QuadAll(t % 8 != 6) ? 1u : 0u'],
  // A matrix compared row by row (DXC): row 0 is the same in the wave, row 1 differs per lane.
  ['allEqualMatrix', 'dot(uint2(WaveActiveAllEqual(float2x2(t / WaveGetLaneCount(), 1, t, 2))[0]), uint2(1, 2)) + 4 * dot(uint2(WaveActiveAllEqual(float2x2(t / WaveGetLaneCount(), 1, t, 2))[1]), uint2(1, 2))'],
  ['allEqual1x1', 'WaveActiveAllEqual((float1x1)(t / WaveGetLaneCount())) ? 1u : 0u'],
];

const SOURCE = `
[[vk::binding(0)]] RWStructuredBuffer<uint> Out;
[[vk::binding(1)]] StructuredBuffer<uint> In;
[numthreads(${THREADS}, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  uint lane = WaveGetLaneIndex();
  uint k = In[0];
${SLOTS.map(([, e], i) => `  Out[t * ${SLOTS.length} + ${i}] = ${e};`).join('\n')}
}`;

const f32bits = (v: number) => new Uint32Array(new Float32Array([v]).buffer)[0]!;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** What each slot must hold for thread t in subgroups of size s (lane = t % s). */
function expected(t: number, s: number): Record<string, number> {
  const lane = t % s;
  const base = t - lane;
  const group = range(base, base + s);
  const sum = group.reduce((a, b) => a + b, 0);
  const lanes = range(0, s);
  const mask32 = (pred: (l: number) => boolean) => lanes.filter((l) => l < 32 && pred(l)).reduce((m, l) => (m | (1 << l)) >>> 0, 0);
  return {
    size: s,
    lane,
    sum,
    prefixSum: range(base, t).reduce((a, b) => a + b, 0),
    countBits: group.filter((x) => x % 3 === 0).length,
    prefixCountBits: range(base, t).filter((x) => x % 2 === 1).length,
    readFirst: base,
    readAtConst: base + 1,
    readAtUniform: (base + 2) * 10,
    isFirst: lane === 0 ? 1 : 0,
    ballot: mask32((l) => (base + l) % 2 === 0),
    min: base,
    max: base + s - 1,
    minInt: (-(base + s - 1)) >>> 0,
    product: lanes.map((l) => (l < 3 ? l + 2 : 1)).reduce((a, b) => a * b, 1),
    bitOr: lanes.reduce((m, l) => (m | (1 << (l & 31))) >>> 0, 0),
    bitAnd: lanes.reduce((m, l) => (m & ~(1 << (l & 31))) >>> 0, 0xffffffff),
    bitXor: group.reduce((a, b) => a ^ b, 0),
    anyTrue: group.includes(5) ? 1 : 0,
    allTrue: s > 2 ? 0 : 1,
    allEqual: 1 + (s === 1 ? 2 : 0),
    floatSum: f32bits(sum * 0.5),
    prefixProduct: 2 ** Math.min(lane, 8),
    quadX: t ^ 1,
    quadY: t ^ 2,
    quadDiagonal: t ^ 3,
    quadLane: (t & ~3) + 3,
    // Quads are threads 4q..4q+3: one of them is 5 mod 8 only in quads 8m+4..8m+7; 6 mod 8 likewise.
    quadAny: (t & ~3) % 8 === 4 ? 1 : 0,
    quadAll: (t & ~3) % 8 === 4 ? 0 : 1,
    allEqualMatrix: 3 + 4 * (s === 1 ? 3 : 2),
    allEqual1x1: 1,
  };
}

describe('wave intrinsics on lavapipe', () => {
  it('lane queries, votes, ballots, reductions, scans, broadcasts and quad reads', async () => {
    const { spirv, reflection } = compileValid(SOURCE, { targetEnv: 'vulkan1.1' });
    const results = await runComputeOnBoth(gpu, SOURCE, { targetEnv: 'vulkan1.1' }, {
      spirv,
      entry: 'main',
      groups: [1, 1, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'storage-buffer', size: THREADS * SLOTS.length * 4, name: 'out' },
        { set: 0, binding: 1, kind: 'storage-buffer', data: new Uint32Array([2]) },
      ],
    }, reflection!);
    checkWaves(results.spirv.buffers.out!, 'SPIR-V on lavapipe');
    if (results.wgsl) checkWaves(results.wgsl.buffers.out!, 'WGSL on WebGPU');
  });
});

describe('GetGroupWaveCount / GetGroupWaveIndex (SM 6.10)', () => {
  const source = `
    [[vk::binding(0)]] RWStructuredBuffer<uint> Out;
    [numthreads(${THREADS}, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
      Out[id.x * 3] = GetGroupWaveCount();
      Out[id.x * 3 + 1] = GetGroupWaveIndex();
      Out[id.x * 3 + 2] = WaveGetLaneCount();
    }`;

  it('read NumSubgroups and SubgroupId on lavapipe: 64 / S subgroups, thread t in subgroup t / S', async () => {
    const { spirv } = compileValid(source, { targetEnv: 'vulkan1.1' });
    const { buffers } = await gpu.vulkan.runCompute({ spirv, entry: 'main', groups: [1, 1, 1], bindings: [{ set: 0, binding: 0, kind: 'storage-buffer', size: THREADS * 12, name: 'out' }] });
    const words = new Uint32Array(buffers.out!.buffer, buffers.out!.byteOffset, THREADS * 3);
    const s = words[2]!;
    const got = Array.from({ length: THREADS }, (_, t) => [words[t * 3]!, words[t * 3 + 1]!]);
    expect(got).toEqual(Array.from({ length: THREADS }, (_, t) => [THREADS / s, Math.floor(t / s)]));
  });

  it('are refused by the WGSL target and outside compute-like stages', () => {
    const wgsl = compile(source, { target: 'wgsl' }).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(wgsl.join('\n')).toMatch(/'GetGroupWaveCount'.*num_subgroups/);
    const pixel = compile('float4 main() : SV_Target { return GetGroupWaveIndex(); }', { targetEnv: 'vulkan1.1' }).diagnostics.map((d) => d.message);
    expect(pixel.join('\n')).toMatch(/SubgroupId \(GetGroupWaveCount\/GetGroupWaveIndex\) exists in compute, mesh and amplification shaders only, not in the pixel entry point 'main'/);
  });
});

function checkWaves(bytes: Uint8Array, target: string): void {
  {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, THREADS * SLOTS.length);
    const s = words[0]!;
    // A power of two of at least 4 lanes (quads) that divides the workgroup.
    expect([4, 8, 16, 32, 64], target).toContain(s);
    const actual: Record<string, number>[] = [];
    const want: Record<string, number>[] = [];
    for (let t = 0; t < THREADS; t++) {
      const row: Record<string, number> = {};
      SLOTS.forEach(([name], i) => (row[name] = words[t * SLOTS.length + i]!));
      actual.push(row);
      want.push(expected(t, s));
    }
    expect(actual, target).toEqual(want);
  }
}
