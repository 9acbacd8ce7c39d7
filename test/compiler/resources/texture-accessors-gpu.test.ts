// Executed on lavapipe: Gather with four offsets (ConstOffsets and the four-gather fallback), texel
// references as out/inout arguments, 16-bit specialization constants. Expected values follow from
// the input data and Vulkan's gather footprint rule, not from the compiler. Each execution also runs
// the WGSL of the same source on WebGPU with the same bytes.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputeResult } from '../../gpu/harness.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';
import { disassembleSpirv as disassemble } from '../../helpers/tools.js';

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/resources/${name}`, import.meta.url), 'utf8');
const floats = (bytes: Uint8Array) => [...new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)];

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});

/** `check` on the SPIR-V result, then on the WGSL one when the case runs as WGSL. */
function onBoth(results: { spirv: ComputeResult; wgsl?: ComputeResult }, check: (result: ComputeResult, target: string) => void): void {
  check(results.spirv, 'SPIR-V');
  if (results.wgsl) check(results.wgsl, 'WGSL');
}
afterAll(() => gpu?.close());

describe('GatherRed(s, uv, o0, o1, o2, o3)', () => {
  const source = fixture('gather-offsets.hlsl');
  const result = compileValid(source);
  const text = disassemble(result.spirv);

  it('constant offsets: one OpImageGather with ConstOffsets; others: four with Offset', () => {
    expect(text.match(/OpImageGather %v4float %\w+ %\w+ %uint_0 ConstOffsets %\w+/g)).toHaveLength(1);
    expect(text.match(/OpImageGather %v4float %\w+ %\w+ %uint_0 Offset %\w+/g)).toHaveLength(4);
  });

  it('texel k is the (i0, j0) texel of the footprint moved by offset k, in both forms', async () => {
    // 4x4 r32float texture, texel (x, y) = 10*y + x. At uv (0.5, 0.5) the gather footprint is
    // i0=1, i1=2, j0=1, j1=2; a plain gather returns (i0,j1) (i1,j1) (i1,j0) (i0,j0). With four
    // offsets, texel k is (i0, j0) + offset k (Vulkan spec "Texel Gathering", GLSL textureGatherOffsets).
    const texels = new Float32Array(16).map((_, k) => 10 * Math.floor(k / 4) + (k % 4));
    const offsets = [[0, 0], [1, 0], [0, 1], [-1, -1]];
    const at = (x: number, y: number) => 10 * y + x;
    const footprint = [[1, 2], [2, 2], [2, 1], [1, 1]];
    const expected = offsets.map(([dx, dy]) => at(1 + dx!, 1 + dy!));
    expect(expected).toEqual([11, 12, 21, 0]);
    const results = await runComputeOnBoth(gpu, source, {}, {
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'sampled-image', format: 'r32float', width: 4, height: 4, data: texels },
        { binding: 1, kind: 'sampler' },
        { binding: 2, kind: 'storage-buffer', data: new Int32Array(offsets.flat()) },
        { binding: 3, kind: 'storage-buffer', size: 48, name: 'results' },
      ],
    }, result.reflection!);
    onBoth(results, ({ buffers }, target) => {
      const got = floats(buffers.results!);
      expect(got.slice(0, 4), target).toEqual(expected); // ConstOffsets
      expect(got.slice(4, 8), target).toEqual(expected); // four gathers
      expect(got.slice(8, 12), target).toEqual(footprint.map(([x, y]) => at(x!, y!))); // no offsets
    });
  });
});

describe('texel references as out/inout arguments', () => {
  const source = fixture('texel-out-args.hlsl');
  const result = compileValid(source);

  it('copy in, call, write back with OpImageWrite', async () => {
    const initial = new Float32Array([1, 2, 3, 4, 9, 9, 9, 9, 5, 6, 7, 8, 0, 0, 0, 0]);
    const results = await runComputeOnBoth(gpu, source, {}, {
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [{ binding: 0, kind: 'storage-image', format: 'rgba32float', width: 2, height: 2, data: initial }],
    }, result.reflection!);
    onBoth(results, ({ images }, target) => expect(floats(images['0:0']!), target).toEqual([
      3, 5, 7, 9, // (0,0): inout, v * 2 + 1
      5, 6, 7, 8, // (1,0): out, overwritten
      5, 106, 7, 8, // (0,1): inout on one component
      0, 0, 0, 0, // (1,1): untouched
    ]));
  });

  it('rejects a read-only texel as an out argument', async () => {
    const { compile } = await import('../../../compiler/index.js');
    const r = compile(`Texture2D<float4> t;\nvoid f(out float4 v) { v = 0; }\n[numthreads(1,1,1)] void main() { f(t[uint2(0,0)]); }`);
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual(['cannot assign to a read-only value']);
  });
});

describe('16-bit specialization constants', () => {
  const source = fixture('spec-constants-16bit.hlsl');
  const options = { enable16BitTypes: true, shaderModel: { major: 6, minor: 2 } } as const;
  const result = compileValid(source, options);

  it('take one literal word: half bits, sign-extended int16_t, zero-extended uint16_t (SPIR-V spec, OpSpecConstant)', () => {
    const words = result.spirv;
    const literals: number[][] = [];
    for (let i = 5; i < words.length; ) {
      const count = words[i]! >>> 16;
      if ((words[i]! & 0xffff) === 50 /* OpSpecConstant */) literals.push([...words.subarray(i + 3, i + count)]);
      i += count;
    }
    expect(literals).toEqual([[0x3e00], [0xfffffffe], [7]]); // 1.5 as binary16 is 0x3E00
  });

  it('read their defaults on the driver', async () => {
    const results = await runComputeOnBoth(gpu, source, options, {
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [{ binding: 0, kind: 'storage-buffer', size: 16, name: 'results' }],
    }, result.reflection!);
    onBoth(results, ({ buffers }, target) => expect(floats(buffers.results!), target).toEqual([1.5, -2, 7, 10.5]));
  });
});
