// Intrinsics with no SPIR-V or WGSL instruction, lowered to plain IR as DXC emulates them, executed on
// lavapipe and WebGPU: msad4 (masked sums of absolute byte differences at four alignments) against a
// byte-by-byte model of the HLSL definition written here; dot2add (half products, float sums).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

function msad4(ref: number, src: [number, number], accum: number[]): number[] {
  const bytes = (w: number) => [0, 1, 2, 3].map((j) => (w >>> (8 * j)) & 0xff);
  const all = [...bytes(src[0]), ...bytes(src[1])];
  return [0, 1, 2, 3].map((i) => bytes(ref).reduce((sum, r, j) => sum + (r === 0 ? 0 : Math.abs(r - all[i + j]!)), accum[i]!) >>> 0);
}

describe('msad4', () => {
  it('masks zero reference bytes and slides over the 8 source bytes', async () => {
    const cases: [number, [number, number], number[]][] = [
      [0x10203040, [0x11223344, 0x55667788], [0, 1, 2, 3]],
      [0x00ff0080, [0x80ff7f00, 0x01020304], [100, 0, 0, 7]],
      [0xffffffff, [0, 0xffffffff], [0, 0, 0, 0]],
    ];
    const setup = `uint k = (uint)In[0].x; // 0: keeps the arguments from folding`;
    const checks: Check[] = cases.flatMap(([ref, src, acc]) => {
      const got = `msad4(0x${ref.toString(16)}u + k, uint2(0x${src[0].toString(16)}u, 0x${src[1].toString(16)}u + k), uint4(${acc.join(', ')}))`;
      return msad4(ref, src, acc).map((v, i): Check => ({ expr: `${got}[${i}]`, kind: 'u', expect: v }));
    });
    await runChecks(gpu, { setup, checks });
  });
});

describe('dot2add', () => {
  it('adds the two products and the accumulator (half is float without -enable-16bit-types)', async () => {
    const setup = `float k = In[0].x; // 1`;
    const checks: Check[] = [
      { expr: 'dot2add(float2(1.5, 2) * k, float2(3, -4), 0.25)', kind: 'f', expect: 1.5 * 3 - 8 + 0.25 },
      { expr: 'dot2add(half2(k, 2), half2(0.5, 0.5), (int)k * 10)', kind: 'f', expect: 0.5 + 1 + 10 },
    ];
    await runChecks(gpu, { setup, checks, input: [[1, 0, 0, 0]] });
  });

  it('multiplies in half and adds in float with -enable-16bit-types (DXC: intrinsics.dot2add.hlsl)', () => {
    const source = `RWStructuredBuffer<float> o; RWStructuredBuffer<half2> h;
      [numthreads(1, 1, 1)] void main() { o[0] = dot2add(h[0], h[1], o[1]); }`;
    const text = disassembleSpirv(compileValid(source, { enable16BitTypes: true }, ['vulkan1.1', 'vulkan1.2']).spirv);
    expect(text).toMatch(/OpFMul %v2half/);
    expect(text).toMatch(/OpFConvert %v2float/);
    const errors = compile(`RWStructuredBuffer<float> o; [numthreads(1, 1, 1)] void main() { o[0] = dot2add(float2x2(1, 2, 3, 4), float2(1, 1), 0); }`)
      .diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/cannot implicitly convert from 'float2x2'/);
  });
});
