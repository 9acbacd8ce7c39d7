// WaveMatch and WaveMultiPrefix* (SM 6.5) executed where a driver offers VK_NV_shader_subgroup_partitioned
// (DXC maps them to OpGroupNonUniformPartitionNV and the PartitionedExclusiveScanNV group operation).
// Each thread writes its lane count, lane and WaveReadLaneFirst(t) (its subgroup's first thread), so
// the expected partitions and prefixes are computed in JS from what the driver reports, not assumed.
// On a driver without the extension the execution test is skipped (and says so), never passed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuDriver, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const THREADS = 64;
const EXTENSION = 'VK_NV_shader_subgroup_partitioned';

/** Slot name → HLSL uint expression (t = thread index, key = its partition, mask = WaveMatch(key)). */
const SLOTS: [string, string][] = [
  ['size', 'WaveGetLaneCount()'],
  ['lane', 'WaveGetLaneIndex()'],
  ['first', 'WaveReadLaneFirst(t)'],
  ['mask0', 'mask.x'],
  ['mask1', 'mask.y'],
  ['mask2', 'mask.z'],
  ['mask3', 'mask.w'],
  ['sum', 'WaveMultiPrefixSum(t + 1, mask)'],
  ['sumInt', 'asuint(WaveMultiPrefixSum((int)t - 40, mask))'],
  ['sumFloat', 'asuint(WaveMultiPrefixSum((float)t * 0.5, mask))'],
  ['product', 'WaveMultiPrefixProduct(1 + t % 2, mask)'],
  ['bitAnd', 'WaveMultiPrefixBitAnd(~(1u << (t % 32)), mask)'],
  ['bitOr', 'WaveMultiPrefixBitOr(1u << (t % 32), mask)'],
  ['bitXor', 'WaveMultiPrefixBitXor(t * 3, mask)'],
  ['sumVector', 'dot(WaveMultiPrefixSum(uint2(t, 1), mask), uint2(1, 1000))'],
  // A vector value: lanes match when every component is equal.
  ['matchVector', 'WaveMatch(uint2(key, t % 2)).x'],
];

const SOURCE = `
[[vk::binding(0)]] RWStructuredBuffer<uint> Out;
[numthreads(${THREADS}, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  uint key = (t * 7) % 3;
  uint4 mask = WaveMatch(key);
${SLOTS.map(([, e], i) => `  Out[t * ${SLOTS.length} + ${i}] = ${e};`).join('\n')}
}`;

const f32bits = (v: number) => new Uint32Array(new Float32Array([v]).buffer)[0]!;

/** Each slot's value for every thread, from the subgroups the driver reported (first thread, lane). */
function expected(rows: Record<string, number>[]): Record<string, number>[] {
  return rows.map((row, t) => {
    const key = (u: number) => (u * 7) % 3;
    const mates = rows.map((r, u) => ({ u, lane: r.lane! })).filter(({ u }) => rows[u]!.first === row.first);
    const partition = mates.filter(({ u }) => key(u) === key(t));
    const before = partition.filter(({ lane }) => lane < row.lane!).map(({ u }) => u);
    const maskWord = (members: { lane: number }[], word: number) => members.filter(({ lane }) => lane >> 5 === word).reduce((m, { lane }) => (m | (1 << (lane & 31))) >>> 0, 0);
    return {
      size: row.size!,
      lane: row.lane!,
      first: row.first!,
      mask0: maskWord(partition, 0),
      mask1: maskWord(partition, 1),
      mask2: maskWord(partition, 2),
      mask3: maskWord(partition, 3),
      sum: before.reduce((a, u) => a + u + 1, 0),
      sumInt: before.reduce((a, u) => a + u - 40, 0) >>> 0,
      sumFloat: f32bits(before.reduce((a, u) => a + u * 0.5, 0)),
      product: before.reduce((a, u) => a * (1 + (u % 2)), 1),
      bitAnd: before.reduce((a, u) => (a & ~(1 << (u % 32))) >>> 0, 0xffffffff),
      bitOr: before.reduce((a, u) => (a | (1 << (u % 32))) >>> 0, 0),
      bitXor: before.reduce((a, u) => (a ^ (u * 3)) >>> 0, 0),
      sumVector: before.reduce((a, u) => a + u, 0) + 1000 * before.length,
      matchVector: maskWord(mates.filter(({ u }) => key(u) === key(t) && u % 2 === t % 2), 0),
    };
  });
}

describe('WaveMatch and WaveMultiPrefix* (SPV_NV_shader_subgroup_partitioned)', () => {
  it('lower as DXC: OpGroupNonUniformPartitionNV and PartitionedExclusiveScanNV, Vulkan 1.1 or later', () => {
    const { spirv } = compileValid(SOURCE, { targetEnv: 'vulkan1.1' }, ['vulkan1.1', 'vulkan1.2', 'vulkan1.3']);
    const text = disassembleSpirv(spirv);
    expect(text).toMatch(/OpCapability GroupNonUniformPartitionedNV/);
    expect(text).toMatch(/OpExtension "SPV_NV_shader_subgroup_partitioned"/);
    expect(text).toMatch(/OpGroupNonUniformPartitionNV %v4uint/);
    expect(text).toMatch(/OpGroupNonUniformIAdd %uint %uint_3 PartitionedExclusiveScanNV %\w+ %\w+/);
    expect(text).toMatch(/OpGroupNonUniformFAdd %float %uint_3 PartitionedExclusiveScanNV/);
    expect(text).toMatch(/OpGroupNonUniformBitwiseXor %uint %uint_3 PartitionedExclusiveScanNV/);
    const errors = (source: string, options = {}) => compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(errors(SOURCE, { targetEnv: 'vulkan1.0' })[0]).toBe("7:16 'WaveMatch' requires Vulkan 1.1 (SPIR-V 1.3): compile with -fspv-target-env=vulkan1.1 or later");
    const body = (e: string) => `RWStructuredBuffer<uint4> o;\n[numthreads(1,1,1)] void main() {\n${e}\n}`;
    expect(errors(body('o[0] = WaveMultiPrefixCountBits(true, o[1]);'), { targetEnv: 'vulkan1.1' })).toEqual(["3:8 intrinsic 'WaveMultiPrefixCountBits' is unimplemented for SPIR-V (as in DXC)"]);
    expect(errors(body('o[0].x = WaveMultiPrefixBitOr(1.5, o[1]);'), { targetEnv: 'vulkan1.1' })).toEqual(["3:31 no matching overload of 'WaveMultiPrefixBitOr' for argument of type 'float'"]);
    expect(errors(body('o[0].x = WaveMultiPrefixSum(1u, 2.0);'), { targetEnv: 'vulkan1.1' })).toEqual(["3:33 no matching overload of 'WaveMultiPrefixSum' for argument of type 'float'"]);
    expect(errors(body('o[0] = WaveMatch(1u);'), { target: 'wgsl' })[0]).toMatch(/'WaveMatch' is not supported by the WGSL target \(WGSL subgroup operations have no partitions of lanes/);
  });

  for (const driver of ['lavapipe', 'lavapipe-mesa25'] as GpuDriver[]) {
    describe(`on ${driver}`, () => {
      let gpu: GpuRunner;
      beforeAll(async () => {
        gpu = await startGpuRunner({ driver });
      });
      afterAll(() => gpu?.close());

      it('partitions lanes by value and scans within each partition', async (ctx) => {
        const { spirv } = compileValid(SOURCE, { targetEnv: 'vulkan1.1' });
        let out: Uint8Array;
        try {
          out = (await gpu.runCompute({
            spirv,
            entry: 'main',
            groups: [1, 1, 1],
            bindings: [{ set: 0, binding: 0, kind: 'storage-buffer', size: THREADS * SLOTS.length * 4, name: 'out' }],
            extensions: [EXTENSION],
          })).buffers.out!;
        } catch (error) {
          if (String(error).includes(`device extension ${EXTENSION} is not supported by this driver`)) return ctx.skip(`${driver} lacks ${EXTENSION}`);
          throw error;
        }
        const words = new Uint32Array(out.buffer, out.byteOffset, THREADS * SLOTS.length);
        const rows = Array.from({ length: THREADS }, (_, t) => Object.fromEntries(SLOTS.map(([name], i) => [name, words[t * SLOTS.length + i]!])));
        // Sanity of what the expectations are built from: lanes 0..S-1, each subgroup led by its lane 0.
        for (const row of rows) expect(row.lane).toBeLessThan(row.size!);
        expect(rows.filter((r) => r.lane === 0).map((r) => r.first)).toEqual([...new Set(rows.map((r) => r.first))]);
        expect(rows).toEqual(expected(rows));
      });
    });
  }
});
