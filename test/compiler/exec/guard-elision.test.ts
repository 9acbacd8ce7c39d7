// The forms the optimiser leaves bare (opt/guard-elision.ts) give the documented results on the
// driver: signed % of provably non-negative values as OpSRem, / by constants as OpSDiv, unmasked
// shifts and unsaturated float → int conversions, over edge inputs, on Vulkan and WebGPU. The
// structure tests (guard-elision.test.ts) check that these forms are the bare ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import type { ComputeResult } from '../../gpu/harness.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { disassembleSpirv } from '../../helpers/tools.js';

const INT_MIN = -2147483648;
const INTS = [0, 1, -1, 2, -2, 5, -5, 17, -17, 31, 32, 33, 100, 101, 255, 256, 65535, 65536, -65536, 1000000, INT_MIN, INT_MIN + 1, 2147483647];

const SOURCE = `
StructuredBuffer<int> ints : register(t0);
RWStructuredBuffer<int4> outA : register(u1);
RWStructuredBuffer<int4> outB : register(u2);
cbuffer Counts : register(b3) { uint count; };

[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  uint i = id.x;
  if (i >= count) return;
  int v = ints[i];
  uint u = asuint(v);
  int masked = (int)(u & 0xffffu);
  int halved = (int)(u >> 1);
  outA[i] = int4(masked % 7, halved % 7, clamp(v, 0, 100) % 7, max(v, 0) % 7);
  int acc = 0;
  for (int k = 0; k < 9; k++) acc += k % 4 + (k << (k & 3));
  for (uint b = 0; b < 32; b++) acc += (int)((u >> b) & 1u);
  outB[i] = int4(v / 3 + v / -7, (int)((float)(u & 255u) * 0.5f) + (int)gi % 5, (int)(u << (u & 7u)) + acc, (int)floor(clamp((float)v, -100.0f, 1000.0f)));
}
`;

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const u8 = (a: { buffer: ArrayBufferLike }) => new Uint8Array(a.buffer as ArrayBuffer);
const view = (bytes: Uint8Array) => new Int32Array(bytes.slice().buffer as ArrayBuffer);
const clamp = (x: number, lo: number, hi: number) => Math.min(Math.max(x, lo), hi);

function expected(v: number, i: number): number[] {
  const u = v >>> 0;
  let acc = 0;
  for (let k = 0; k < 9; k++) acc += (k % 4) + (k << (k & 3));
  for (let b = 0; b < 32; b++) acc += (u >>> b) & 1;
  return [
    (u & 0xffff) % 7, Math.floor(u / 2) % 7, clamp(v, 0, 100) % 7, Math.max(v, 0) % 7,
    (Math.trunc(v / 3) + Math.trunc(v / -7)) | 0, Math.trunc((u & 255) * 0.5) + ((i % 64) % 5), ((u << (u & 7)) + acc) | 0, Math.floor(clamp(Math.fround(v), -100, 1000)),
  ];
}

describe('bare forms left by guard elision, on the driver', () => {
  it('give the documented results for edge inputs on Vulkan and WebGPU', async () => {
    const options = { entryPoints: [{ name: 'main', stage: 'compute' as const }], targetEnv: 'vulkan1.1' as const };
    const result = compile(SOURCE, options);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The forms under test are the bare ones: OpSRem appears, no signed-% magnitudes remain.
    const text = disassembleSpirv(result.spirv!);
    expect(text).toMatch(/\bOpSRem\b/);
    expect(text).not.toMatch(/\bOpSNegate\b/);
    const byName = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, b.binding]));
    const results = await runComputeOnBoth(gpu, SOURCE, { entryPoints: options.entryPoints }, {
      spirv: result.spirv!,
      groups: [1, 1, 1],
      bindings: [
        { binding: byName.Counts!, kind: 'uniform-buffer', data: u8(new Uint32Array([INTS.length, 0, 0, 0])) },
        { binding: byName.ints!, kind: 'storage-buffer', data: u8(new Int32Array(INTS)) },
        { binding: byName.outA!, kind: 'storage-buffer', size: INTS.length * 16, name: 'outA' },
        { binding: byName.outB!, kind: 'storage-buffer', size: INTS.length * 16, name: 'outB' },
      ],
    }, result.reflection!);
    const check = (r: ComputeResult, target: string) => {
      const a = view(r.buffers.outA!);
      const b = view(r.buffers.outB!);
      const mismatches = INTS.flatMap((v, i) => {
        const got = [...a.subarray(i * 4, i * 4 + 4), ...b.subarray(i * 4, i * 4 + 4)];
        const want = expected(v, i);
        return got.every((g, k) => g === want[k]) ? [] : [`${target}: ${v}: got ${got.join(',')}, want ${want.join(',')}`];
      });
      expect(mismatches).toEqual([]);
    };
    check(results.spirv, 'vulkan');
    expect(results.wgsl, 'the WGSL half ran').toBeDefined();
    check(results.wgsl!, 'webgpu');
  });
});
