// The places where the WGSL pipeline differs from the Vulkan one, executed: push constants (a uniform
// buffer on WebGPU, filled with the same bytes), and a sampler sharing its texture's register number
// (one binding on Vulkan is impossible, so WebGPU only: the sampler's moved binding from the WGSL
// reflection is where the pipeline expects it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler/index.js';
import { compileValid } from '../compiler/helpers.js';
import { runComputeOnBoth, startTargets, type Targets } from './both-targets.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const floats = (bytes: Uint8Array) => [...new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)];

describe('the WGSL pipeline where it differs from Vulkan', () => {
  it('push constants: the same bytes as a uniform buffer at the reflection\'s reserved binding', async () => {
    const source = `
      struct Push { float scale; uint offset; };
      [[vk::push_constant]] Push pc;
      RWStructuredBuffer<float> Out : register(u0, space1);
      [numthreads(4, 1, 1)]
      void main(uint3 id : SV_DispatchThreadID) { Out[pc.offset + id.x] = pc.scale * (id.x + 1); }`;
    const compiled = compileValid(source);
    const push = new Uint8Array(8);
    new DataView(push.buffer).setFloat32(0, 1.5, true);
    new DataView(push.buffer).setUint32(4, 2, true);
    const results = await runComputeOnBoth(gpu, source, {}, {
      spirv: compiled.spirv,
      groups: [1, 1, 1],
      push,
      bindings: [{ set: 1, binding: 0, kind: 'storage-buffer', size: 32, name: 'out', sentinel: 0 }],
    }, compiled.reflection!);
    // The reserved binding: group 2 (one after the highest used), binding 0.
    const wgsl = compile(source, { target: 'wgsl' }).wgsl!;
    expect(wgsl.reflection.bindings.map((b) => [b.name, b.set, b.binding, b.kind])).toEqual([
      ['Out', 1, 0, 'storage-buffer'],
      ['pc', 2, 0, 'uniform-buffer'],
    ]);
    expect(wgsl.reflection.pushConstants).toEqual([]);
    const expected = [0, 0, 1.5, 3, 4.5, 6, 0, 0];
    expect(floats(results.spirv.buffers.out!), 'SPIR-V').toEqual(expected);
    expect(floats(results.wgsl!.buffers.out!), 'WGSL').toEqual(expected);
  });

  it('a sampler sharing its texture\'s register number is bound where the WGSL reflection moved it', async () => {
    const source = `
      Texture2D<float4> tex : register(t1);
      SamplerState smp : register(s1);
      RWStructuredBuffer<float4> Out : register(u0);
      [numthreads(4, 1, 1)]
      void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = tex.SampleLevel(smp, float2((id.x + 0.5) / 4.0, 0.5), 0); }`;
    const wgsl = compile(source, { target: 'wgsl' }).wgsl!;
    const place = Object.fromEntries(wgsl.reflection.bindings.map((b) => [b.name, [b.set, b.binding]]));
    expect({ Out: place.Out, tex: place.tex }).toEqual({ Out: [0, 0], tex: [0, 1] });
    // Moved to a binding of its own in the same group (3 today: 2 stays reserved, see WGSL-FINDINGS.md 8).
    expect(place.smp![0]).toBe(0);
    expect([0, 1]).not.toContain(place.smp![1]);
    const texels = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);
    const { buffers } = await gpu.webgpu.runCompute({
      wgsl: wgsl.code,
      groups: [1, 1, 1],
      bindings: [
        { group: place.Out![0], binding: place.Out![1]!, kind: 'storage-buffer', size: 64, name: 'out' },
        { group: place.tex![0], binding: place.tex![1]!, kind: 'texture', format: 'rgba8unorm', width: 4, height: 1, data: texels },
        { group: place.smp![0], binding: place.smp![1]!, kind: 'sampler' },
      ],
    });
    expect(floats(buffers.out!)).toEqual([1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1]);
  });
});
