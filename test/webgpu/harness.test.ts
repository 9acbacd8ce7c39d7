// The WebGPU harness itself: buffers, sentinels, textures, samplers, storage textures, draws, feature
// gating and the "any Tint message fails" rule, on Dawn over SwiftShader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebGpu, WebGpuValidationError, WgslCompilationError, type WebGpuRunner } from './harness.js';

let gpu: WebGpuRunner;
beforeAll(async () => {
  // This file records SwiftShader's behaviour, whatever HLSL_WEBGPU_DRIVER says.
  gpu = await startWebGpu({ driver: 'swiftshader' });
});
afterAll(() => gpu?.close());

const words = (bytes: Uint8Array) => Array.from(new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));

describe('WebGPU harness on Dawn + SwiftShader', () => {
  it('runs on SwiftShader and offers subgroups but not shader-f16', () => {
    expect(gpu.adapterDescription).toMatch(/swiftshader/i);
    // Recorded fact of this driver: Dawn on SwiftShader exposes 'subgroups' and not 'shader-f16'.
    expect(gpu.supportedFeatures).toEqual(['subgroups']);
  });

  it('reads a uniform buffer, writes a storage buffer and leaves unwritten bytes at the sentinel', async () => {
    const wgsl = `
      struct Params { scale: u32, offset: u32 }
      @group(0) @binding(0) var<uniform> params: Params;
      @group(0) @binding(1) var<storage, read_write> out: array<u32>;
      @compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
        if (i < 3u) { out[i] = i * params.scale + params.offset; }
      }`;
    const { buffers } = await gpu.runCompute({
      wgsl,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'uniform-buffer', data: new Uint32Array([10, 5, 0, 0]) },
        { binding: 1, kind: 'storage-buffer', size: 16, name: 'out' },
      ],
    });
    expect(words(buffers.out!)).toEqual([5, 15, 25, 0xcdcdcdcd]);
    expect(buffers['0:1']).toBe(buffers.out);
    expect(words(buffers['0:0']!)).toEqual([10, 5, 0, 0]);
  });

  it('uses bind groups other than 0 (an unused group in between gets an empty layout)', async () => {
    const wgsl = `@group(2) @binding(3) var<storage, read_write> out: array<u32>;
      @compute @workgroup_size(1) fn go() { out[0] = 42u; }`;
    const { buffers } = await gpu.runCompute({ wgsl, entry: 'go', groups: [1, 1, 1], bindings: [{ group: 2, binding: 3, kind: 'storage-buffer', size: 4 }] });
    expect(words(buffers['2:3']!)).toEqual([42]);
  });

  it('fails on any Tint message, warnings included, with line and column', async () => {
    const wgsl = `@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() { out[0] = 1u; return; out[0] = 2u; }`;
    const error = await gpu.runCompute({ wgsl, groups: [1, 1, 1], bindings: [{ binding: 0, kind: 'storage-buffer', size: 4 }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WgslCompilationError);
    expect((error as WgslCompilationError).messages).toEqual([{ type: 'warning', message: 'code is unreachable', line: 2, column: 69 }]);
    expect((error as Error).message).toContain('2:69 warning: code is unreachable');
    await expect(gpu.compile('fn f() -> u32 { return 1.5; }')).rejects.toThrow(/1:24 error: cannot convert value of type 'abstract-float' to type 'u32'/);
  });

  it('rejects a binding whose type does not match the shader, with WebGPU\'s message', async () => {
    const wgsl = `@group(0) @binding(0) var<uniform> u: vec4<u32>;
      @group(0) @binding(1) var<storage, read_write> out: array<u32>;
      @compute @workgroup_size(1) fn main() { out[0] = u.x; }`;
    const error = await gpu.runCompute({
      wgsl, groups: [1, 1, 1],
      bindings: [{ binding: 0, kind: 'storage-buffer', size: 16 }, { binding: 1, kind: 'storage-buffer', size: 4 }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebGpuValidationError);
    expect((error as Error).message).toMatch(/binding/i);
    // The runner stays usable after a failed job.
    const { buffers } = await gpu.runCompute({ wgsl, groups: [1, 1, 1], bindings: [{ binding: 0, kind: 'uniform-buffer', data: new Uint32Array([9, 0, 0, 0]) }, { binding: 1, kind: 'storage-buffer', size: 4 }] });
    expect(words(buffers['0:1']!)).toEqual([9]);
  });

  it('enables subgroups only when the job names it', async () => {
    const wgsl = `enable subgroups;
      @group(0) @binding(0) var<storage, read_write> out: array<u32>;
      @compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { out[i] = subgroupAdd(i + 1u); }`;
    const bindings = [{ binding: 0, kind: 'storage-buffer' as const, size: 16 }];
    await expect(gpu.runCompute({ wgsl, groups: [1, 1, 1], bindings })).rejects.toThrow(/subgroups/);
    const { buffers } = await gpu.runCompute({ wgsl, groups: [1, 1, 1], bindings, features: ['subgroups'] });
    expect(words(buffers['0:0']!)).toEqual([10, 10, 10, 10]);
    await expect(gpu.runCompute({ wgsl, groups: [1, 1, 1], bindings, features: ['shader-f16'] })).rejects.toThrow(/shader-f16 not offered/);
  });

  it('samples a texture through a sampler, loads texels, and writes a storage texture', async () => {
    const wgsl = `
      @group(0) @binding(0) var tex: texture_2d<f32>;
      @group(0) @binding(1) var smp: sampler;
      @group(0) @binding(2) var img: texture_storage_2d<rgba32float, write>;
      @group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;
      @compute @workgroup_size(1) fn main() {
        out[0] = textureSampleLevel(tex, smp, vec2<f32>(0.75, 0.5), 0.0);
        out[1] = textureLoad(tex, vec2<i32>(0, 0), 0);
        textureStore(img, vec2<i32>(1, 0), vec4<f32>(1.0, 2.0, 3.0, 4.0));
      }`;
    const texels = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255]);
    const { buffers, images } = await gpu.runCompute({
      wgsl, groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'texture', format: 'rgba8unorm', width: 2, height: 1, data: texels },
        { binding: 1, kind: 'sampler' },
        { binding: 2, kind: 'storage-texture', format: 'rgba32float', width: 2, height: 1, data: new Float32Array(8).fill(-1), name: 'img' },
        { binding: 3, kind: 'storage-buffer', size: 32, name: 'out' },
      ],
    });
    expect(Array.from(new Float32Array(buffers.out!.buffer))).toEqual([0, 1, 0, 1, 1, 0, 0, 1]);
    expect(Array.from(new Float32Array(images.img!.buffer))).toEqual([-1, -1, -1, -1, 1, 2, 3, 4]);
  });

  it('draws a triangle from vertex attributes with a uniform colour (WebGPU NDC: y up)', async () => {
    const wgsl = `
      @group(0) @binding(0) var<uniform> tint: vec4<f32>;
      struct V { @builtin(position) pos: vec4<f32>, @location(0) shade: f32 }
      @vertex fn vs(@location(0) p: vec2<f32>, @location(1) shade: f32) -> V { return V(vec4<f32>(p, 0.0, 1.0), shade); }
      @fragment fn ps(v: V) -> @location(0) vec4<f32> { return tint * v.shade; }`;
    // A triangle covering the top half of the target: y = +1 is the top row in WebGPU.
    const vertices = new Float32Array([-1, 1, 1, 3, 1, 1, -1, 0, 1, 1, 0, 1, -1, 0, 1, 3, 1, 1]);
    const image = await gpu.renderTriangle({
      vertexWgsl: wgsl, vertexEntry: 'vs', pixelEntry: 'ps',
      vertices, stride: 12,
      attributes: [{ location: 0, format: 'rg32float', offset: 0 }, { location: 1, format: 'r32float', offset: 8 }],
      width: 8, height: 8, format: 'rgba32float', clear: [0, 0, 0, 1],
      bindings: [{ binding: 0, kind: 'uniform-buffer', data: new Float32Array([0.25, 0.5, 1, 1]) }],
    });
    expect(image.texel(4, 1)).toEqual([0.25, 0.5, 1, 1]);
    expect(image.texel(4, 6)).toEqual([0, 0, 0, 1]);
  });
});
