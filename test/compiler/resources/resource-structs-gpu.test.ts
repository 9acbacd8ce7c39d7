// Global structs of resources (fixtures/resources/global-resource-struct.hlsl): split into one global
// per member at consecutive bindings, as DXC's legalisation does (vk.binding.global-struct-of-
// resources.*), then executed on lavapipe (SPIR-V) and WebGPU (WGSL): the samples read the textures
// bound at the members' bindings. Expected values follow from the texels, not from the compiler.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import type { ComputeResult } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/global-resource-struct.hlsl', import.meta.url), 'utf8');
const compute = { entryPoints: [{ name: 'main', stage: 'compute' as const }] };
const floats = (bytes: Uint8Array) => [...new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)];

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

function errors(text: string): string[] {
  return compile(text, compute).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
}

describe('a global struct of resources', () => {
  const result = compileValid(source, compute, ['vulkan1.0', 'vulkan1.2']);

  it('becomes one variable per member, named by its path and bound in member order after the globals before it', () => {
    const text = disassembleSpirv(result.spirv);
    const bindings = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, [b.binding, b.kind]]));
    expect(bindings).toEqual({
      lut: [0, 'sampled-image'],
      'material.palette.ramp': [1, 'sampled-image'],
      'material.palette.clamp': [2, 'sampler'],
      'material.mask': [3, 'sampled-image'],
      results: [4, 'storage-buffer'],
    });
    expect(text).toMatch(/OpName %material_palette_ramp "material.palette.ramp"/);
    expect(text).not.toMatch(/_ptr_(UniformConstant|Function)_Material|_ptr_Function_type_2d_image/);
  });

  it('samples and loads through the members on both targets', async () => {
    // ramp: 4x1 texels (r = 0.1, 0.2, 0.3, 0.4); mask: 4x1 (1, 2, 3, 4); lut: 4x1 (10, 20, 30, 40).
    const ramp = new Float32Array([0.1, 0, 0, 1, 0.2, 0, 0, 1, 0.3, 0, 0, 1, 0.4, 0, 0, 1]);
    const results = await runComputeOnBoth(gpu, source, compute, {
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'sampled-image', format: 'r32float', width: 4, height: 1, data: new Float32Array([10, 20, 30, 40]) },
        { binding: 1, kind: 'sampled-image', format: 'rgba32float', width: 4, height: 1, data: ramp },
        { binding: 2, kind: 'sampler', filter: 'nearest', addressMode: 'clamp-to-edge' },
        { binding: 3, kind: 'sampled-image', format: 'r32float', width: 4, height: 1, data: new Float32Array([1, 2, 3, 4]) },
        { binding: 4, kind: 'storage-buffer', size: 64, name: 'results' },
      ],
    }, result.reflection!);
    const expected = [0, 1, 2, 3].flatMap((i) => [0.1 * (i + 1) * (i + 1) + 10 * (i + 1), 10 * (i + 1), 10 * (i + 1), (i + 1) + 10 * (i + 1)]);
    const check = (r: ComputeResult, target: string) => floats(r.buffers.results!).forEach((v, k) => expect(v, `${target} [${k}]`).toBeCloseTo(expected[k]!, 5));
    check(results.spirv, 'SPIR-V on lavapipe');
    if (results.wgsl) check(results.wgsl, 'WGSL on WebGPU');
  });

  it('makes resource arrays elsewhere in the module take one binding per element, as DXC', () => {
    const arrays = `
      Texture2D<float4> layers[3];
      struct Pair { Texture2D<float4> t; SamplerState s; };
      Pair pair;
      RWStructuredBuffer<float4> outp;
      [numthreads(1, 1, 1)] void main() { outp[0] = layers[2].SampleLevel(pair.s, 0.5, 0) + pair.t.SampleLevel(pair.s, 0.5, 0); }`;
    const text = disassembleSpirv(compileValid(arrays, compute, ['vulkan1.0']).spirv);
    expect(text).toMatch(/OpDecorate %layers Binding 0/);
    expect(text).toMatch(/OpDecorate %pair_t Binding 3/);
    expect(text).toMatch(/OpDecorate %pair_s Binding 4/);
    expect(text).toMatch(/OpDecorate %outp Binding 5/);
  });

  it('refuses what it cannot split, and buffers as DXC does, at the declaration', () => {
    const decl = (struct: string, global: string) => errors(`${struct}\nRWStructuredBuffer<float> o;\n${global}\n[numthreads(1, 1, 1)] void main() { o[0] = 0; }`);
    expect(decl('struct S { Texture2D t; StructuredBuffer<float> b; };', 'S g;')).toEqual([
      "3:3 global 'g' of type 'S' holds resources: its member 'b' is a StructuredBuffer: global structures containing buffers are not supported (as in DXC)",
    ]);
    expect(decl('struct S { Texture2D t; StructuredBuffer<float> b[2]; };', 'S g[2];')).toEqual([
      "3:3 global 'g' of type 'S[2]' holds resources: its member 'b' is a StructuredBuffer: global structures containing buffers are not supported (as in DXC)",
    ]);
    expect(decl('struct S { Texture2D t; float4 tint; };', 'S g;')).toEqual([
      "3:3 global 'g' of type 'S' holds resources: its member 'tint' is not a resource: a global struct mixing resources and data is not supported yet",
    ]);
    expect(decl('struct S { Texture2D t; float4 tint[2]; };', 'S g[2];')).toEqual([
      "3:3 global 'g' of type 'S[2]' holds resources: its member 'tint' is not a resource: a global struct mixing resources and data is not supported yet",
    ]);
  });

  it('refuses a run-time index into an array of structs holding resources (each element is its own variables)', () => {
    const text = `struct S { Texture2D t; }; S g[2]; RWStructuredBuffer<float4> o;
      [numthreads(2, 1, 1)] void main(uint i : SV_DispatchThreadID) { o[i] = g[i].t.Load(int3(0, 0, 0)); }`;
    expect(errors(text)).toEqual(["2:80 an array of structs holding resources ('S[2]') can only be indexed with a constant: each element's resources are their own variables"]);
  });

  it('refuses assigning to a member', () => {
    const text = `struct S { Texture2D t; }; S g; Texture2D other; RWStructuredBuffer<float4> o;
      [numthreads(1, 1, 1)] void main() { g.t = other; o[0] = g.t.Load(int3(0, 0, 0)); }`;
    expect(errors(text)).toEqual(["2:43 cannot assign to 'g.t': the members of global 'g' are its own resources; assigning them is not supported"]);
  });
});

describe('an array of structs of resources', () => {
  const arraySource = readFileSync(new URL('../../../fixtures/resources/global-resource-struct-array.hlsl', import.meta.url), 'utf8');
  const result = compileValid(arraySource, compute, ['vulkan1.0', 'vulkan1.2']);

  it('becomes one variable per element and member, bound element by element where the array stands (DXC\'s numbering)', () => {
    const bindings = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, [b.binding, b.kind]]));
    expect(bindings).toEqual({
      'layers[0][0].albedo': [0, 'sampled-image'], 'layers[0][0].filter': [1, 'sampler'],
      'layers[0][1].albedo': [2, 'sampled-image'], 'layers[0][1].filter': [3, 'sampler'],
      'layers[1][0].albedo': [4, 'sampled-image'], 'layers[1][0].filter': [5, 'sampler'],
      'layers[1][1].albedo': [6, 'sampled-image'], 'layers[1][1].filter': [7, 'sampler'],
      weights: [8, 'sampled-image'],
      results: [9, 'storage-buffer'],
    });
  });

  it('samples each element\'s own texture with its own sampler on both targets', async () => {
    // Layer k (row-major) is a 4x1 r32float texture of k * 4 + x + 1; weights 0.5, 1, 1.5, 2.
    const layer = (k: number) => new Float32Array([1, 2, 3, 4].map((x) => k * 4 + x));
    const weights = [0.5, 1, 1.5, 2];
    const results = await runComputeOnBoth(gpu, arraySource, compute, {
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [
        ...[0, 1, 2, 3].flatMap((k) => [
          { binding: 2 * k, kind: 'sampled-image' as const, format: 'r32float' as const, width: 4, height: 1, data: layer(k) },
          { binding: 2 * k + 1, kind: 'sampler' as const, filter: 'nearest' as const, addressMode: 'clamp-to-edge' as const },
        ]),
        { binding: 8, kind: 'sampled-image', format: 'r32float', width: 4, height: 1, data: new Float32Array(weights) },
        { binding: 9, kind: 'storage-buffer', size: 64, name: 'results' },
      ],
    }, result.reflection!);
    const expected = [0, 1, 2, 3].flatMap((i) => {
      const w = weights[i]!;
      return [(i + 1) + 10 * (i + 5) + 100 * (i + 9) + 1000 * w * (i + 13), 0, 0, 1 + 10 + 100 + 1000 * w];
    });
    const check = (r: ComputeResult, target: string) => expect(floats(r.buffers.results!), target).toEqual(expected);
    check(results.spirv, 'SPIR-V on lavapipe');
    if (results.wgsl) check(results.wgsl, 'WGSL on WebGPU');
  });

  it('passes, copies and initialises rows of the array element by element (each aliases the same globals)', () => {
    const rows = `
      struct Layer { Texture2D<float4> albedo; SamplerState filter; };
      Layer layers[2][2];
      RWStructuredBuffer<float4> results;
      float4 both(Layer row[2], float u) { return row[0].albedo.SampleLevel(row[0].filter, u, 0) + row[1].albedo.SampleLevel(row[1].filter, u, 0) * 10; }
      [numthreads(1, 1, 1)] void main() {
        Layer local[2] = layers[1];
        Layer copy[2];
        copy = local;
        results[0] = both(layers[0], 0.5) + both(copy, 0.25) * 100;
      }`;
    const text = disassembleSpirv(compileValid(rows, compute, ['vulkan1.0']).spirv);
    const loaded = [...text.matchAll(/OpLoad %\w+ %(layers_\w+)/g)].map((m) => m[1]);
    expect(loaded).toEqual([
      'layers_0__0__albedo', 'layers_0__0__filter', 'layers_0__1__albedo', 'layers_0__1__filter',
      'layers_1__0__albedo', 'layers_1__0__filter', 'layers_1__1__albedo', 'layers_1__1__filter',
    ]);
  });

  it('keeps a member array of resources one array variable taking a binding per element (vk.binding.global-struct-of-resources.4)', async () => {
    const text = `
      struct Pair { Texture2D<float> t[2]; SamplerState s; };
      Pair pairs[2];
      RWStructuredBuffer<float> results;
      [numthreads(1, 1, 1)] void main() {
        results[0] = pairs[0].t[0].Load(int3(0, 0, 0)) + pairs[0].t[1].Load(int3(0, 0, 0)) * 10
                   + pairs[1].t[0].SampleLevel(pairs[1].s, float2(0.5, 0.5), 0) * 100 + pairs[1].t[1].Load(int3(0, 0, 0)) * 1000;
      }`;
    const compiled = compileValid(text, compute, ['vulkan1.0', 'vulkan1.2']);
    const bindings = Object.fromEntries(compiled.reflection!.bindings.map((b) => [b.name, [b.binding, b.count ?? 1]]));
    expect(bindings).toMatchObject({ 'pairs[0].t': [0, 2], 'pairs[1].t': [3, 2], 'pairs[1].s': [5, 1], results: [6, 1] });
    const texel = (v: number) => new Float32Array([v]);
    const { buffers } = await gpu.vulkan.runCompute({
      spirv: compiled.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, arrayElement: 0, kind: 'sampled-image', format: 'r32float', width: 1, height: 1, data: texel(1) },
        { binding: 0, arrayElement: 1, kind: 'sampled-image', format: 'r32float', width: 1, height: 1, data: texel(2) },
        { binding: 3, arrayElement: 0, kind: 'sampled-image', format: 'r32float', width: 1, height: 1, data: texel(3) },
        { binding: 3, arrayElement: 1, kind: 'sampled-image', format: 'r32float', width: 1, height: 1, data: texel(4) },
        { binding: 5, kind: 'sampler', filter: 'nearest', addressMode: 'clamp-to-edge' },
        { binding: 6, kind: 'storage-buffer', size: 4, name: 'results' },
      ],
    });
    expect(floats(buffers.results!)).toEqual([1 + 20 + 300 + 4000]);
  });
});
