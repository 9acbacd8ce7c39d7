// HLSL semantics where WGSL differs, executed on Dawn: each kernel writes its results to a
// RWStructuredBuffer and the test compares them with the values HLSL defines (written out by hand,
// not recomputed). Inputs come from a cbuffer so that nothing is folded at compile time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { startWebGpu, type WebGpuRunner, type BufferBinding } from '../../webgpu/harness.js';

let gpu: WebGpuRunner;
beforeAll(async () => {
  gpu = await startWebGpu();
});
afterAll(() => gpu?.close());

/** Compiles for WGSL, runs `main` with a cbuffer `In` (words) and returns `output`'s first `count` words. */
async function run(source: string, input: number[], count: number, groups: [number, number, number] = [1, 1, 1], options: CompileOptions = {}): Promise<Uint32Array> {
  const r = compile(source, { ...options, target: 'wgsl' });
  expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
  const wgsl = r.wgsl!;
  const find = (name: string) => wgsl.reflection.bindings.find((b) => b.name === name);
  const bindings: BufferBinding[] = [];
  const cb = find('In');
  // Uniform buffers are read in 16-byte rows: the binding covers whole rows.
  if (cb) bindings.push({ group: cb.set, binding: cb.binding, kind: 'uniform-buffer', data: new Uint8Array(new Uint32Array(input).buffer), size: Math.ceil(input.length / 4) * 16 });
  const out = find('output')!;
  bindings.push({ group: out.set, binding: out.binding, kind: 'storage-buffer', size: count * 4, name: 'output' });
  const bytes = (await gpu.runCompute({ wgsl: wgsl.code, groups, bindings })).buffers.output!;
  return new Uint32Array(bytes.buffer, bytes.byteOffset, count);
}

const f32 = (x: number) => new Uint32Array(new Float32Array([x]).buffer)[0]!;
const i32 = (x: number) => x >>> 0;

describe('WGSL operators with HLSL semantics', () => {
  it('unsigned division by zero gives the dividend, remainder 0 (as the SPIR-V target); shift amounts are masked; float→int truncates', async () => {
    const out = await run(
      `cbuffer In { uint zero; uint seven; int minusSeven; float f; float g; uint shift; };
       RWStructuredBuffer<uint> output;
       [numthreads(1,1,1)] void main() {
         output[0] = seven / zero;
         output[1] = seven % zero;
         output[2] = seven / 2;
         output[3] = (uint)(minusSeven / 2);
         output[4] = (uint)(minusSeven % 4);
         output[5] = 1u << shift;
         output[6] = (uint)((int)0x80000000 >> (shift - 2));
         output[7] = (uint)(int)f;
         output[8] = (uint)(int)g;
         output[9] = (uint)f;
         output[10] = -seven;
         output[11] = (-uint2(seven, zero)).y;
       }`,
      [0, 7, i32(-7), f32(3.75), f32(-3.75), 33],
      12,
    );
    expect([...out]).toEqual([7, 0, 3, i32(-3), i32(-3), 2, i32(-0x80000000 >> 31), 3, i32(-3), 3, i32(-7), 0]);
  });

  it('lowers switch fallthrough, runs do-while, continue and break, and copies out/inout parameters', async () => {
    const out = await run(
      `cbuffer In { int sel0; int sel1; int sel2; int n; };
       RWStructuredBuffer<int> output;
       int pick(int s) {
         int x = 0;
         switch (s) {
           case 0: x += 1;
           case 1: x += 10; break;
           case 2: { x += 100; }
           default: x += 1000;
         }
         return x;
       }
       void twice(inout int v, out int old) { old = v; v *= 2; }
       [numthreads(1,1,1)] void main() {
         output[0] = pick(sel0);
         output[1] = pick(sel1);
         output[2] = pick(sel2);
         output[3] = pick(7);
         int sum = 0; int i = 0;
         do { i++; if (i == 3) continue; if (i > n) break; sum += i; } while (i < 100);
         output[4] = sum;
         int v = 21; int old;
         twice(v, old);
         output[5] = v; output[6] = old;
         int arr[3] = { 1, 2, 3 };
         twice(arr[n - 4], old);
         output[7] = arr[1]; output[8] = old;
       }`,
      [0, 1, 2, 5],
      9,
    );
    expect([...out].map((x) => x | 0)).toEqual([11, 10, 1100, 1000, 1 + 2 + 4 + 5, 42, 21, 4, 2]);
  });
});

describe('WGSL matrices follow HLSL (seed 000/001)', () => {
  for (const majorness of ['row_major', 'column_major'] as const) {
    it(`mul(M, v), mul(v, M), M[r][c] and mul(A, B) for a ${majorness} float2x3 from a cbuffer`, async () => {
      // The writer of a 2x3 matrix under each majorness: rows 1,2,3 / 4,5,6 (HLSL rows).
      const rows = [[1, 2, 3], [4, 5, 6]];
      const words =
        majorness === 'row_major'
          ? [...rows[0]!, 0, ...rows[1]!, 0]
          : [rows[0]![0]!, rows[1]![0]!, 0, 0, rows[0]![1]!, rows[1]![1]!, 0, 0, rows[0]![2]!, rows[1]![2]!, 0, 0];
      const out = await run(
        `cbuffer In { ${majorness} float2x3 M; };
         RWStructuredBuffer<float> output;
         [numthreads(1,1,1)] void main() {
           float2 a = mul(M, float3(1, 10, 100));
           float3 b = mul(float2(1, 10), M);
           output[0] = a.x; output[1] = a.y;
           output[2] = b.x; output[3] = b.y; output[4] = b.z;
           output[5] = M[1][2]; output[6] = M[0][1];
           float2x2 p = mul(M, transpose(M));
           output[7] = p[0][0]; output[8] = p[0][1]; output[9] = p[1][1];
           float2x3 q = M * 2 + M;
           output[10] = q[1][0];
         }`,
        words.map(f32),
        11,
      );
      expect([...new Float32Array(out.buffer, out.byteOffset, 11)]).toEqual([321, 654, 41, 52, 63, 6, 2, 14, 32, 77, 12]);
    });
  }
});

describe('WGSL atomics, groupshared and barriers', () => {
  it('Interlocked* on groupshared and buffer words, with signed min and compare-exchange', async () => {
    const out = await run(
      `RWStructuredBuffer<int> output;
       groupshared uint count;
       groupshared int doubled[64];
       [numthreads(64,1,1)] void main(uint i : SV_GroupIndex) {
         if (i == 0) { count = 0; output[1] = 1000; output[2] = 5; output[3] = 0; }
         doubled[i] = (int)i * 2;
         AllMemoryBarrierWithGroupSync();
         InterlockedAdd(count, 1);
         InterlockedMin(output[1], -(int)i);
         int was;
         InterlockedCompareExchange(output[2], 5, 6, was);
         if (was == 5) InterlockedAdd(output[3], 1);
         GroupMemoryBarrierWithGroupSync();
         if (i == 0) output[0] = (int)count + doubled[63];
       }`,
      [],
      4,
      [1, 1, 1],
    );
    expect([...out].map((x) => x | 0)).toEqual([64 + 126, -63, 6, 1]);
  });
});

describe('WGSL buffer writes', () => {
  it('a swizzled store to a buffer writes only its components, even when other invocations write the rest', async () => {
    const out = await run(
      `RWStructuredBuffer<uint4> output;
       [numthreads(4,1,1)] void main(uint i : SV_GroupIndex) {
         output[0][i] = 10 + i;
         if (i == 1) output[1].zx = uint2(5, 6);
         if (i == 2) output[1].y = 7;
         if (i == 3) output[1].w = 8;
       }`,
      [],
      8,
    );
    expect([...out]).toEqual([10, 11, 12, 13, 6, 7, 5, 8]);
  });
});

describe('WGSL constants', () => {
  it('keep the sign of negative zero and the extreme integers', async () => {
    const out = await run(
      `RWStructuredBuffer<uint> output;
       [numthreads(1,1,1)] void main() {
         output[0] = asuint(-0.0f);
         output[1] = asuint((int)0x80000000);
         output[2] = asuint(-1.5f);
         output[3] = 0xFFFFFFFFu;
       }`,
      [],
      4,
    );
    expect([...out]).toEqual([0x80000000, 0x80000000, 0xbfc00000, 0xffffffff]);
  });
});
