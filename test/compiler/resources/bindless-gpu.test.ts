// Bindless shaders compiled by our compiler and executed on lavapipe: runtime arrays of textures and
// texel buffers indexed with NonUniformResourceIndex (a pixel shader whose material changes inside
// one draw, a compute gather), arrays of buffers with counters, and the SM 6.6 descriptor heaps at
// the bindings DXC gives them. Mesa 22.3's lavapipe has no descriptor indexing (runtimeDescriptorArray,
// the non-uniform indexing features and even sampled-image dynamic indexing are all false), so these
// run on Mesa 25 (scripts/mesa25.sh). Expected values follow from the input data, not the compiler.
// The WGSL target refuses descriptor arrays (bindless.test.ts), so there is no WebGPU run.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompileOptions, DescriptorBinding } from '../../../compiler/index.js';
import { startGpuRunner, type Binding, type GpuRunner } from '../../gpu/harness.js';
import { compileValid, fixtureEntries } from '../helpers.js';

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/bindless/${name}`, import.meta.url), 'utf8');

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
});
afterAll(() => gpu?.close());

const words = (bytes: Uint8Array) => [...new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)];
const floats = (bytes: Uint8Array) => [...new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)];
const vec4s = (values: number[]) => Array.from({ length: values.length / 4 }, (_, i) => values.slice(i * 4, i * 4 + 4));
const byText = (a: number[], b: number[]) => a.join(',').localeCompare(b.join(','));

/** The reflected slot of a variable: tests bind where the module says, and check it is DXC's. */
function slot(bindings: readonly DescriptorBinding[], name: string): { set: number; binding: number; count: number } {
  const b = bindings.find((x) => x.name === name);
  if (!b) throw new Error(`no binding '${name}' in ${bindings.map((x) => x.name).join(', ')}`);
  return { set: b.set, binding: b.binding, count: b.count };
}

/** A 1x1 rgba32float texture of one colour, as element `element` of the texture array at `at`. */
function colourTexture(at: { set: number; binding: number }, element: number, colour: number[], count?: number): Binding {
  return { ...at, arrayElement: element, ...(count ? { descriptorCount: count } : {}), kind: 'sampled-image', format: 'rgba32float', width: 1, height: 1, data: new Float32Array(colour) };
}

describe('bindless material pass (fixtures/bindless/material.hlsl): the material changes inside one draw', () => {
  const source = fixture('material.hlsl');
  const [vsEntry, psEntry] = fixtureEntries(source);
  const vs = compileValid(source, { entryPoints: [vsEntry!] });
  const ps = compileValid(source, { entryPoints: [psEntry!] });

  it('binds as register() says: runtime texture array t1, sampler array s0 of space1', () => {
    const r = ps.reflection!.bindings;
    expect(slot(r, 'materials')).toEqual({ set: 0, binding: 0, count: 1 });
    expect(slot(r, 'textures')).toEqual({ set: 0, binding: 1, count: 0 });
    expect(slot(r, 'samplers')).toEqual({ set: 1, binding: 0, count: 4 });
  });

  it('each pixel samples the albedo and emissive textures its material names', async () => {
    // Five 1x1 textures; two materials: { albedo, emissive, sampler, emissiveScale }.
    const colours = [[0.5, 0, 0, 1], [0, 0.25, 0, 1], [0, 0, 0.75, 0.5], [1, 1, 0, 1], [0.125, 0.125, 0.125, 1]];
    const materials = new Uint32Array(8);
    const view = new DataView(materials.buffer);
    [[2, 0, 3, 0.5], [1, 4, 0, 2]].forEach(([albedo, emissive, sampler, scale], m) => {
      view.setUint32(m * 16, albedo!, true);
      view.setUint32(m * 16 + 4, emissive!, true);
      view.setUint32(m * 16 + 8, sampler!, true);
      view.setFloat32(m * 16 + 12, scale!, true);
    });
    // A full-screen quad: the upper-left triangle has material 0, the lower-right one material 1.
    const corner = (x: number, y: number, material: number) => [x, y, (x + 1) / 2, (y + 1) / 2, material];
    const vertices = [corner(-1, -1, 0), corner(1, -1, 0), corner(-1, 1, 0), corner(1, -1, 1), corner(1, 1, 1), corner(-1, 1, 1)];
    const bytes = new DataView(new ArrayBuffer(vertices.length * 20));
    vertices.forEach((v, k) => v.forEach((x, j) => (j < 4 ? bytes.setFloat32(k * 20 + j * 4, x, true) : bytes.setUint32(k * 20 + 16, x, true))));
    const textures = slot(ps.reflection!.bindings, 'textures');
    const samplers = slot(ps.reflection!.bindings, 'samplers');
    const image = await gpu.renderTriangle({
      vertexSpirv: vs.spirv,
      pixelSpirv: ps.spirv,
      vertexEntry: 'vs_main',
      pixelEntry: 'ps_main',
      vertices: bytes,
      stride: 20,
      attributes: [{ location: 0, format: 'rg32float', offset: 0 }, { location: 1, format: 'rg32float', offset: 8 }, { location: 2, format: 'r32uint', offset: 16 }],
      width: 8,
      height: 8,
      format: 'rgba32float',
      bindings: [
        { ...slot(ps.reflection!.bindings, 'materials'), kind: 'storage-buffer', data: materials },
        ...colours.map((c, i) => colourTexture(textures, i, c, 8)).map((b) => ({ ...b, partiallyBound: true })),
        ...[0, 1, 2, 3].map((i): Binding => ({ ...samplers, arrayElement: i, kind: 'sampler', filter: 'nearest' })),
      ],
    });
    // material 0: albedo colours[2] + 0.5 * colours[0].rgb; material 1: colours[1] + 2 * colours[4].rgb.
    const expected = [
      [0 + 0.25, 0, 0.75, 0.5],
      [0 + 0.25, 0.25 + 0.25, 0 + 0.25, 1],
    ];
    let seen = 0;
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        if (x + y === 7) continue; // pixel centres on the shared edge: either triangle may own them
        expect(image.texel(x, y), `pixel ${x},${y}`).toEqual(expected[x + y < 7 ? 0 : 1]);
        seen++;
      }
    }
    expect(seen).toBe(56);
  });
});

describe('bindless compute gather (fixtures/bindless/gather.hlsl)', () => {
  const source = fixture('gather.hlsl');
  const cs = compileValid(source, { entryPoints: fixtureEntries(source) });

  it('reads each item\'s texel from the texture it names, appends it through the chosen buffer\'s counter, and tallies per texture', async () => {
    const r = cs.reflection!.bindings;
    expect([slot(r, 'textures'), slot(r, 'outputs'), slot(r, 'counter.var.outputs'), slot(r, 'tallies')]).toEqual([
      { set: 0, binding: 2, count: 0 },
      { set: 0, binding: 3, count: 2 },
      { set: 0, binding: 5, count: 2 },
      { set: 0, binding: 4, count: 0 },
    ]);
    // Four 2x2 textures; texel (x, y) of texture t = [t, x, y, 10t + 2y + x].
    const textures = [0, 1, 2, 3].map((t): Binding => ({
      set: 0, binding: 2, arrayElement: t, kind: 'sampled-image', format: 'rgba32float', width: 2, height: 2,
      data: new Float32Array([0, 1, 2, 3].flatMap((k) => [t, k % 2, k >> 1, 10 * t + k])),
    }));
    // Eight items (texture, texel x, texel y): every texture, some twice.
    const items = [[3, 1, 0], [0, 0, 0], [2, 1, 1], [1, 0, 1], [3, 0, 1], [0, 1, 1], [2, 0, 0], [3, 1, 1]];
    const { buffers } = await gpu.runCompute({
      spirv: cs.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'uniform-buffer', data: new Uint32Array([1, 0, 0, 0]) }, // outputSlot = 1
        // Item { uint texture; int2 texel; }: vector-relaxed std430 puts texel at offset 4; the struct's
        // alignment (8, from int2) rounds its size to 16.
        { binding: 1, kind: 'storage-buffer', data: new Int32Array(items.flatMap((item) => [...item, 0])) },
        ...textures,
        ...[0, 1].map((k): Binding => ({ binding: 3, arrayElement: k, kind: 'storage-buffer', size: 8 * 16 })),
        ...[0, 1].map((k): Binding => ({ binding: 5, arrayElement: k, kind: 'storage-buffer', data: new Uint32Array([0]) })),
        ...[0, 1, 2, 3].map((t): Binding => ({ binding: 4, arrayElement: t, kind: 'storage-texel-buffer', format: 'r32uint', data: new Uint32Array([0]) })),
      ],
    });
    const expected = items.map(([t, x, y]) => [t!, x!, y!, 10 * t! + 2 * y! + x!]);
    // The counter hands out slots in whatever order the invocations run: compare as sets.
    expect(vec4s(floats(buffers['0:3[1]']!)).sort(byText)).toEqual(expected.sort(byText));
    expect(words(buffers['0:5[1]']!)).toEqual([8]);
    expect(words(buffers['0:5[0]']!)).toEqual([0]);
    expect(new Set(words(buffers['0:3[0]']!))).toEqual(new Set([0xcdcdcdcd])); // outputs[0] untouched
    expect([0, 1, 2, 3].map((t) => words(buffers[`0:4[${t}]`]!)[0])).toEqual([2, 1, 2, 3]);
  });
});

describe('SM 6.6 descriptor heaps on the driver', () => {
  const heapTextures = `
    struct Pass { uint sampler; uint first; };
    ConstantBuffer<Pass> pass : register(b0);
    RWStructuredBuffer<float4> output : register(u1);
    [numthreads(4, 1, 1)]
    void main(uint i : SV_DispatchThreadID) {
      Texture2D<float4> t = ResourceDescriptorHeap[NonUniformResourceIndex(pass.first + i)];
      SamplerState s = SamplerDescriptorHeap[pass.sampler];
      output[i] = t.SampleLevel(s, float2(0.25, 0.75), 0);
    }`;
  const SM66: CompileOptions = { shaderModel: { major: 6, minor: 6 }, entryPoints: [{ name: 'main', stage: 'compute' }] };

  /** Textures 0..5 of the heap: 2x2, texel (x, y) of texture k = [k, x, y, 1]; samplers 0..1 (linear, nearest). */
  function heapBindings(resources: { set: number; binding: number }, samplers: { set: number; binding: number }): Binding[] {
    return [
      ...[0, 1, 2, 3, 4, 5].map((k): Binding => ({
        ...resources, arrayElement: k, kind: 'sampled-image', format: 'rgba32float', width: 2, height: 2,
        data: new Float32Array([0, 1, 2, 3].flatMap((t) => [k, t % 2, t >> 1, 1])),
      })),
      { ...samplers, arrayElement: 0, kind: 'sampler', filter: 'linear' },
      { ...samplers, arrayElement: 1, kind: 'sampler', filter: 'nearest' },
    ];
  }

  it.each([
    ['DXC\'s implicit heap bindings (after the other resources of set 0)', {}, { set: 0, binding: 2 }, { set: 0, binding: 3 }],
    ['-fvk-bind-resource-heap 0 2 -fvk-bind-sampler-heap 1 2', { resourceHeapBinding: { binding: 0, set: 2 }, samplerHeapBinding: { binding: 1, set: 2 } }, { set: 2, binding: 0 }, { set: 2, binding: 1 }],
  ])('textures and samplers from the heaps: %s', async (_, extra, resources, samplers) => {
    const cs = compileValid(heapTextures, { ...SM66, ...extra });
    expect(slot(cs.reflection!.bindings, 'ResourceDescriptorHeap')).toEqual({ ...resources, count: 0 });
    expect(slot(cs.reflection!.bindings, 'SamplerDescriptorHeap')).toEqual({ ...samplers, count: 0 });
    const { buffers } = await gpu.runCompute({
      spirv: cs.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'uniform-buffer', data: new Uint32Array([1, 2, 0, 0]) }, // nearest sampler, textures 2..5
        { binding: 1, kind: 'storage-buffer', size: 64, name: 'output' },
        ...heapBindings(resources, samplers),
      ],
    });
    // uv (0.25, 0.75) with the nearest filter: texel (0, 1) of texture 2 + i.
    expect(vec4s(floats(buffers.output!))).toEqual([2, 3, 4, 5].map((k) => [k, 0, 1, 1]));
  });

  it('structured buffers from the heap, and their counters from the counter heap', async () => {
    const cs = compileValid(`
      [numthreads(4, 1, 1)]
      void main(uint i : SV_DispatchThreadID) {
        StructuredBuffer<uint> src = ResourceDescriptorHeap[0];
        RWStructuredBuffer<uint> dst = ResourceDescriptorHeap[NonUniformResourceIndex(1 + i % 2)];
        dst[dst.IncrementCounter()] = src[i] * 10;
      }`, SM66);
    const r = cs.reflection!.bindings;
    expect(slot(r, 'ResourceDescriptorHeap')).toEqual({ set: 0, binding: 0, count: 0 });
    expect(slot(r, 'counter.var.ResourceDescriptorHeap')).toEqual({ set: 0, binding: 1, count: 0 });
    const { buffers } = await gpu.runCompute({
      spirv: cs.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, arrayElement: 0, kind: 'storage-buffer', data: new Uint32Array([7, 8, 9, 11]) },
        { binding: 0, arrayElement: 1, kind: 'storage-buffer', size: 16 },
        { binding: 0, arrayElement: 2, kind: 'storage-buffer', size: 16 },
        ...[0, 1, 2].map((k): Binding => ({ binding: 1, arrayElement: k, kind: 'storage-buffer', data: new Uint32Array([0]) })),
      ],
    });
    // Items 0 and 2 go to heap buffer 1, items 1 and 3 to buffer 2, in counter order.
    expect(words(buffers['0:0[1]']!).slice(0, 2).sort()).toEqual([70, 90]);
    expect(words(buffers['0:0[2]']!).slice(0, 2).sort()).toEqual([110, 80]);
    expect([0, 1, 2].map((k) => words(buffers[`0:1[${k}]`]!)[0])).toEqual([0, 2, 2]);
  });
});

describe('-fspv-flatten-resource-arrays on the driver (Mesa 22.3: one descriptor per binding, no indexing)', () => {
  const source = `
    SamplerState samplers[2] : register(s0);
    Texture2D<float4> layers[3] : register(t2);
    RWStructuredBuffer<uint> counts[2] : register(u5);
    RWStructuredBuffer<float4> output : register(u0, space1);
    [numthreads(6, 1, 1)]
    void main(uint i : SV_DispatchThreadID) {
      output[i] = layers[i % 3].SampleLevel(samplers[i / 3], float2(0.5, 0.5), 0);
      counts[i & 1][counts[i & 1].IncrementCounter()] = i;
    }`;
  const cs = compileValid(source, { flattenResourceArrays: true, entryPoints: [{ name: 'main', stage: 'compute' }] });
  let system: GpuRunner;
  beforeAll(async () => {
    system = await startGpuRunner();
  });
  afterAll(() => system?.close());

  it('binds one element per binding and picks each element by the run-time index', async () => {
    const at = Object.fromEntries(cs.reflection!.bindings.map((b) => [b.name, [b.set, b.binding, b.count]]));
    expect(at).toEqual({
      'samplers[0]': [0, 0, 1], 'samplers[1]': [0, 1, 1], 'layers[0]': [0, 2, 1], 'layers[1]': [0, 3, 1], 'layers[2]': [0, 4, 1],
      'counts[0]': [0, 5, 1], 'counts[1]': [0, 6, 1], output: [1, 0, 1], 'counter.var.counts[0]': [0, 7, 1], 'counter.var.counts[1]': [0, 8, 1],
    });
    // Layer k: 2x1 texels [k, 0, 0, 1] and [k, 1, 1, 1]. u = 0.5 is the edge between them: nearest
    // (sampler 0) takes texel 1, linear (sampler 1) their average.
    const { buffers } = await system.runCompute({
      spirv: cs.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'sampler', filter: 'nearest' },
        { binding: 1, kind: 'sampler', filter: 'linear' },
        ...[0, 1, 2].map((k): Binding => ({ binding: 2 + k, kind: 'sampled-image', format: 'rgba32float', width: 2, height: 1, data: new Float32Array([k, 0, 0, 1, k, 1, 1, 1]) })),
        { binding: 5, kind: 'storage-buffer', size: 16, name: 'counts0' },
        { binding: 6, kind: 'storage-buffer', size: 16, name: 'counts1' },
        { binding: 7, kind: 'storage-buffer', data: new Uint32Array([0]), name: 'counter0' },
        { binding: 8, kind: 'storage-buffer', data: new Uint32Array([0]), name: 'counter1' },
        { set: 1, binding: 0, kind: 'storage-buffer', size: 6 * 16, name: 'output' },
      ],
    });
    expect(vec4s(floats(buffers.output!))).toEqual([0, 1, 2, 3, 4, 5].map((i) => (i < 3 ? [i % 3, 1, 1, 1] : [i % 3, 0.5, 0.5, 1])));
    expect(words(buffers.counter0!)).toEqual([3]);
    expect(words(buffers.counter1!)).toEqual([3]);
    expect(words(buffers.counts0!).slice(0, 3).sort()).toEqual([0, 2, 4]);
    expect(words(buffers.counts1!).slice(0, 3).sort()).toEqual([1, 3, 5]);
  });
});

describe('an array of ConstantBuffer<S> indexed by a dynamically uniform value (Mesa 22.3 has uniform-buffer dynamic indexing)', () => {
  const source = `
    struct Light { float4 colour; uint count; };
    struct Pass { uint light; };
    [[vk::push_constant]] Pass pass;
    ConstantBuffer<Light> lights[3] : register(b0);
    RWStructuredBuffer<float4> result : register(u3);
    [numthreads(2, 1, 1)] void main(uint i : SV_DispatchThreadID) { result[i] = lights[pass.light].colour * float(lights[pass.light].count + i); }`;
  const cs = compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }] });
  let system: GpuRunner;
  beforeAll(async () => {
    system = await startGpuRunner();
  });
  afterAll(() => system?.close());

  it('reads the block the push constant names', async () => {
    expect(slot(cs.reflection!.bindings, 'lights')).toEqual({ set: 0, binding: 0, count: 3 });
    const light = (k: number) => {
      const bytes = new DataView(new ArrayBuffer(32));
      [k, 2 * k, 3 * k, 1].forEach((v, j) => bytes.setFloat32(j * 4, v, true));
      bytes.setUint32(16, 10 * k, true);
      return new Uint8Array(bytes.buffer);
    };
    for (const chosen of [0, 2]) {
      const { buffers } = await system.runCompute({
        spirv: cs.spirv,
        groups: [1, 1, 1],
        push: new Uint32Array([chosen]),
        bindings: [
          ...[1, 2, 3].map((k, e): Binding => ({ binding: 0, arrayElement: e, kind: 'uniform-buffer', data: light(k) })),
          { binding: 3, kind: 'storage-buffer', size: 32, name: 'result' },
        ],
      });
      const k = chosen + 1;
      expect(vec4s(floats(buffers.result!))).toEqual([0, 1].map((i) => [k, 2 * k, 3 * k, 1].map((v) => v * (10 * k + i))));
    }
  });
});
