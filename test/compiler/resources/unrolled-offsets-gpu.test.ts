// Texture offsets from the counter of an [unroll] loop (issue 15), compiled by our compiler and executed
// on lavapipe at -O0 and -O3, and as WGSL on WebGPU: each unrolled copy samples the texel its constant
// offset names. Expected values follow from the texels (texel (x, y) of an 8x4 r32float texture holds
// x + 10y; nearest filtering), not from the compiler. Offsets that stay variable remain errors.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import type { Binding } from '../../gpu/types.js';
import { disassembleSpirv as disassemble } from '../../helpers/tools.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/unrolled-offsets.hlsl', import.meta.url), 'utf8');
const floats = (bytes: Uint8Array) => [...new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)];
const texels = new Float32Array(32).map((_, k) => (k % 8) + 10 * Math.floor(k / 8));
const bindings = (count: number): Binding[] => [
  { binding: 0, kind: 'sampled-image', format: 'r32float', width: 8, height: 4, data: texels },
  { binding: 1, kind: 'sampler' },
  { binding: 2, kind: 'storage-buffer', size: count * 4, name: 'results' },
];
const options = (entry: string, level: 0 | 3): CompileOptions => ({ entryPoints: [{ name: entry, stage: 'compute' }], optimizationLevel: level });

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

describe.each([0, 3] as const)('[unroll] loop counters as texture offsets at -O%i', (level) => {
  it('samples the texel each unrolled offset names, directly and through helper parameters', async () => {
    const result = compileValid(source, options('main', level));
    const text = disassemble(result.spirv);
    // Three direct samples, three through tap(uv, int2(j, 0)), three through tapDiagonal(uv, k + 1),
    // two in the copies of the inner loop (which stays a loop: one OpLoopMerge per copy).
    expect(text.match(/OpImageSampleExplicitLod %v4float %\w+ %\w+ Lod\|ConstOffset %float_0 %\w+/g)).toHaveLength(11);
    expect(text.match(/OpLoopMerge/g)).toHaveLength(2);
    expect(text).not.toMatch(/OpImage\w+ [^\n]*[ |]Offset /);
    const results = await runComputeOnBoth(gpu, source, options('main', level), { spirv: result.spirv, groups: [1, 1, 1], bindings: bindings(8) }, result.reflection!);
    // (0,1)+(1,1)+(2,1); tap at (j, 0) for j = 1..3; tapDiagonal at (k, k) for k = 1..3;
    // (n + m, 3) for m, n in 0..1.
    const expected = [10 + 11 + 12, 1, 2, 3, 11, 22, 33, 30 + 31 + 31 + 32];
    expect(floats(results.spirv.buffers.results!), 'SPIR-V').toEqual(expected);
    expect(results.wgsl, 'the WGSL case ran').toBeDefined();
    expect(floats(results.wgsl!.buffers.results!), 'WGSL').toEqual(expected);
  });

  it('fetches with Load at each unrolled offset (SPIR-V: ConstOffset)', async () => {
    const result = compileValid(source, options('fetch', level));
    expect(disassemble(result.spirv).match(/OpImageFetch %v4float %\w+ %\w+ Lod\|ConstOffset %\w+ %\w+/g)).toHaveLength(3);
    const { buffers } = await gpu.vulkan.runCompute({ spirv: result.spirv, entry: 'fetch', groups: [1, 1, 1], bindings: bindings(3) });
    // Load(int3(1, 2, 0), int2(k, -k)) for k = -1, 0, 1: texels (0, 3), (1, 2), (2, 1).
    expect(floats(buffers.results!)).toEqual([30, 21, 12]);
  });
});

describe('offsets that are not constants once unrolled', () => {
  const errors = (src: string, target: 'spirv' | 'wgsl' = 'spirv') =>
    compile(src, { entryPoints: [{ name: 'main', stage: 'compute' }], target }).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
  const header = `Texture2D<float> tex : register(t0);
SamplerState samp : register(s1);
RWStructuredBuffer<float> results : register(u2);
float tap(int2 o) { return tex.SampleLevel(samp, 0.5, 0, o); }
`;
  const message = "the offset of 'SampleLevel' must be a constant expression (Vulkan allows a non-constant offset on gathers only)";

  it('a loop without [unroll] keeps its counter variable: the offset is an error', () => {
    expect(errors(`${header}[numthreads(1, 1, 1)] void main() {
  for (int i = 0; i < 3; i++) results[i] = tex.SampleLevel(samp, 0.5, 0, int2(i, 0));
}`)).toEqual([`6:74 ${message}`]);
  });

  it('a helper called with a run-time offset (DXC: illegal) is an error in the helper', () => {
    expect(errors(`${header}[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  [unroll] for (int i = 0; i < 3; i++) results[i] = tap(int2(id.x, i));
}`)).toEqual([`4:58 ${message}`]);
  });

  it('an [unroll] loop whose body writes the counter is not unrolled: the offset is an error', () => {
    expect(errors(`${header}[numthreads(1, 1, 1)] void main() {
  [unroll] for (int i = 0; i < 4; i++) { results[i] = tex.SampleLevel(samp, 0.5, 0, int2(i, 0)); i++; }
}`)).toEqual([`6:85 ${message}`]);
  });

  it('the WGSL target refuses Load with an offset', () => {
    expect(errors(source.replace('void fetch()', 'void unused()').replace('void main()', 'void mainUnused()').replace('void unused()', 'void main()'), 'wgsl')).toEqual([
      "1:1 Load with an offset is not supported by the WGSL target (textureLoad has no offset), in function 'main'",
    ]);
  });
});
