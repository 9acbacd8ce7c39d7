// Proves the GPU harness executes SPIR-V on lavapipe: every module is compiled
// independently (glslangValidator from HLSL, or spirv-as) and passed through
// spirv-val; expected values are written out by hand from the shader source.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, GpuJobError, GpuRunner, GpuValidationError, runComputeBatch, type ComputeJob } from './harness.js';
import { ensureRunnerBinary } from './runner-build.js';
import { CAPABILITY_FEATURES } from './spirv-requirements.js';
import { assembleSpirv, compileHlslWithGlslang, validateSpirv, type GlslangStage } from './spirv-tools.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(HERE, '../../fixtures/gpu');

function hlsl(file: string, stage: GlslangStage = 'comp', entry = 'main'): Uint32Array {
  const spirv = compileHlslWithGlslang(join(FIXTURES, file), stage, entry);
  validateSpirv(spirv);
  return spirv;
}

const u32 = (...values: number[]) => new Uint8Array(new Uint32Array(values).buffer);
const f32 = (...values: number[]) => new Uint8Array(new Float32Array(values).buffer);
const filled = (length: number, byte: number) => new Uint8Array(length).fill(byte);
const concat = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((p) => [...p]));

describe('gpu harness on lavapipe', () => {
  let gpu: GpuRunner;
  const copy: { spirv: Uint32Array; input: Uint8Array } = { spirv: new Uint32Array(), input: u32(11, 22, 33, 44, 0xdeadbeef, 66, 77, 0xffffffff) };

  beforeAll(async () => {
    const buildStart = performance.now();
    await ensureRunnerBinary();
    const startStart = performance.now();
    gpu = await GpuRunner.start();
    const started = performance.now();
    console.log(`gpu runner: build/cache check ${(startStart - buildStart).toFixed(0)} ms, process + instance start ${(started - startStart).toFixed(0)} ms`);
    copy.spirv = hlsl('copy-uniform-to-storage.hlsl');
  });
  afterAll(async () => {
    await gpu?.close();
  });

  const copyJob = (): ComputeJob => ({
    spirv: copy.spirv,
    groups: [1, 1, 1],
    bindings: [
      { binding: 0, kind: 'uniform-buffer', data: copy.input },
      { binding: 1, kind: 'storage-buffer', size: 64, name: 'output' },
    ],
  });

  it('copies a uniform buffer to a storage buffer; unwritten bytes keep the sentinel', async () => {
    const { buffers } = await gpu.runCompute(copyJob());
    // 8 threads write 8 uints (32 bytes); the other 32 bytes were never written.
    expect(buffers.output).toEqual(concat(copy.input, filled(32, 0xcd)));
    expect(buffers['0:1']).toBe(buffers.output);
    expect(buffers['0:0']).toEqual(copy.input); // the uniform buffer is returned unchanged
  });

  it('honours a configurable sentinel', async () => {
    const { buffers } = await gpu.runCompute({ ...copyJob(), sentinel: 0x5a });
    expect(buffers.output!.subarray(32)).toEqual(filled(32, 0x5a));
  });

  it('reads push constants', async () => {
    const spirv = hlsl('push-constants.hlsl');
    const push = new Uint8Array(8);
    new DataView(push.buffer).setFloat32(0, 1.5, true);
    new DataView(push.buffer).setUint32(4, 2, true);
    const { buffers } = await gpu.runCompute({
      spirv, groups: [1, 1, 1], push,
      bindings: [{ binding: 0, kind: 'storage-buffer', size: 32 }],
    });
    // Out[2 + i] = 1.5 * (i + 1); Out[0], Out[1], Out[6], Out[7] untouched.
    expect(buffers['0:0']).toEqual(concat(filled(8, 0xcd), f32(1.5, 3, 4.5, 6), filled(8, 0xcd)));
  });

  it('binds two descriptor sets', async () => {
    const spirv = hlsl('two-sets.hlsl');
    const { buffers } = await gpu.runCompute({
      spirv, groups: [1, 1, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'storage-buffer', data: u32(1, 2, 3, 4) },
        { set: 1, binding: 0, kind: 'storage-buffer', data: u32(5, 6, 7, 8) },
        { set: 1, binding: 1, kind: 'storage-buffer', size: 16, name: 'sum' },
      ],
    });
    expect(buffers.sum).toEqual(u32(5001, 6002, 7003, 8004));
  });

  it('stores to a storage image and reads it back', async () => {
    const spirv = hlsl('image-store.hlsl');
    const { images } = await gpu.runCompute({
      spirv, groups: [1, 1, 1],
      bindings: [{ binding: 0, kind: 'storage-image', format: 'rgba32float', width: 6, height: 4, name: 'img' }],
    });
    const texels = images.img!;
    expect(texels.byteLength).toBe(6 * 4 * 16);
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 6; x++) {
        const texel = texels.subarray((y * 6 + x) * 16, (y * 6 + x + 1) * 16);
        // One 4x4 group: columns 4 and 5 are outside it and keep the sentinel.
        expect(texel, `texel ${x},${y}`).toEqual(x < 4 ? f32(x, y, x * y + 0.5, 1) : filled(16, 0xcd));
      }
    }
  });

  it('samples a texture through a separate sampler (nearest and linear)', async () => {
    const spirv = hlsl('sample-texture.hlsl');
    const texels = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 51, 102, 153, 204]);
    const { buffers } = await gpu.runCompute({
      spirv, groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'sampled-image', format: 'rgba8unorm', width: 4, height: 1, data: texels },
        { binding: 1, kind: 'sampler', filter: 'nearest' },
        { binding: 2, kind: 'sampler', filter: 'linear' },
        { binding: 3, kind: 'storage-buffer', size: 5 * 16, name: 'out' },
      ],
    });
    const out = new Float32Array(buffers.out!.buffer);
    // Texels 51, 102, 153, 204 are 0.2, 0.4, 0.6, 0.8; lavapipe's unorm conversion is off by ~1 ulp.
    const nearest = [1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0.2, 0.4, 0.6, 0.8];
    nearest.forEach((expected, i) => expect(out[i], `component ${i}`).toBeCloseTo(expected, 6));
    // u = 0.25 lies halfway between texel 0 (red) and texel 1 (green).
    const linear = [...out.subarray(16, 20)];
    [0.5, 0.5, 0, 1].forEach((expected, i) => expect(linear[i]).toBeCloseTo(expected, 2));
  });

  it('reads a combined image sampler (spirv-as module)', async () => {
    const spirv = assembleSpirv(readFileSync(join(FIXTURES, 'combined-sampler.spvasm'), 'utf8'));
    validateSpirv(spirv);
    const texels = new Float32Array([0.25, 0.5, 0.75, 1, 2, 4, 8, 16]);
    const { buffers } = await gpu.runCompute({
      spirv, groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'combined-image-sampler', format: 'rgba32float', width: 2, height: 1, data: texels },
        { binding: 1, kind: 'storage-buffer', size: 32 },
      ],
    });
    // The shader samples texel centres 0 and 1 into Out[0] and Out[1].
    expect(buffers['0:1']).toEqual(new Uint8Array(texels.buffer));
  });

  it('enables the device features a module declares (Int64 → shaderInt64)', async () => {
    const spirv = hlsl('int64-multiply.hlsl');
    const { buffers } = await gpu.runCompute({
      spirv, groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: u32(0xfffffffb, 0x12345) },
        { binding: 1, kind: 'storage-buffer', size: 8 },
      ],
    });
    expect(new BigUint64Array(buffers['0:1']!.buffer)[0]).toBe(0xfffffffbn * 0x12345n);
  });

  it('renders a triangle: interpolated colour inside, clear colour outside', async () => {
    const vertexSpirv = hlsl('triangle.hlsl', 'vert', 'vs_main');
    const pixelSpirv = hlsl('triangle.hlsl', 'frag', 'ps_main');
    // NDC corners (-0.5,-0.5) red, (0.5,-0.5) green, (-0.5,0.5) blue; Vulkan NDC y points down.
    const vertices = new Float32Array([-0.5, -0.5, 1, 0, 0, 0.5, -0.5, 0, 1, 0, -0.5, 0.5, 0, 0, 1]);
    const clear = [0.2, 0.4, 0.6, 1] as const;
    const image = await gpu.renderTriangle({
      vertexSpirv, pixelSpirv, vertexEntry: 'vs_main', pixelEntry: 'ps_main',
      vertices, stride: 20,
      attributes: [{ location: 0, format: 'rg32float', offset: 0 }, { location: 1, format: 'rgb32float', offset: 8 }],
      width: 64, height: 64, format: 'rgba8unorm', clear,
    });
    expect(image.pixels.byteLength).toBe(64 * 64 * 4);
    // Largest channel error per region, so one assertion reports the worst pixel.
    const worst = { inside: { error: 0, at: '' }, outside: { error: 0, at: '' } };
    let inside = 0, outside = 0;
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        // Barycentrics at the pixel centre: green weight grows with x, blue with y.
        const green = (x + 0.5) / 32 - 0.5;
        const blue = (y + 0.5) / 32 - 0.5;
        const red = 1 - green - blue;
        const nearest = Math.min(red, green, blue);
        if (Math.abs(nearest) <= 1 / 32) continue; // pixels on an edge may go either way
        const region = nearest > 0 ? 'inside' : 'outside';
        const expected = nearest > 0 ? [red, green, blue, 1] : clear;
        if (nearest > 0) inside++;
        else outside++;
        const texel = image.texel(x, y);
        const error = Math.max(...expected.map((c, i) => Math.abs(texel[i]! - c)));
        if (error >= worst[region].error) worst[region] = { error, at: `${x},${y}: got ${texel.join(', ')}` };
      }
    }
    // rgba8unorm: one step (1/255) for interpolation plus rounding, half a step for the clear colour.
    expect(worst.inside.error, worst.inside.at).toBeLessThanOrEqual(1.01 / 255);
    expect(worst.outside.error, worst.outside.at).toBeLessThanOrEqual(0.51 / 255);
    expect(inside).toBeGreaterThan(400);
    expect(outside).toBeGreaterThan(3000);
  });

  it('renders into an rgba32float target with a push-constant colour', async () => {
    const push = new Float32Array([0.25, 0.5, 0.75, 2]);
    const image = await gpu.renderTriangle({
      vertexSpirv: hlsl('push-colour.hlsl', 'vert', 'vs_main'),
      pixelSpirv: hlsl('push-colour.hlsl', 'frag', 'ps_main'),
      vertexEntry: 'vs_main', pixelEntry: 'ps_main',
      // One triangle covering the whole 8x8 target.
      vertices: new Float32Array([-1, -1, 3, -1, -1, 3]), stride: 8,
      attributes: [{ location: 0, format: 'rg32float', offset: 0 }],
      width: 8, height: 8, format: 'rgba32float', push,
    });
    expect(image.pixels).toEqual(new Uint8Array(new Float32Array(64 * 4).map((_, i) => push[i % 4]!).buffer));
  });

  it('rejects a storage buffer bound where the shader expects a uniform buffer', async () => {
    const job = copyJob();
    job.bindings![0] = { binding: 0, kind: 'storage-buffer', data: copy.input };
    const failure = gpu.runCompute(job);
    await expect(failure).rejects.toThrow(GpuValidationError);
    await expect(failure).rejects.toThrow(
      // Layer 1.3.239's wording (Debian 12), or 1.4.309's (the real-driver lane's).
      /VUID-VkComputePipelineCreateInfo-layout-00703.*Set 0 Binding 0 type mismatch.*uses type VK_DESCRIPTOR_TYPE_STORAGE_BUFFER but expected VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER|VUID-VkComputePipelineCreateInfo-layout-07990.*Set 0, Binding 0.* of type VK_DESCRIPTOR_TYPE_STORAGE_BUFFER but expected .*VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER/,
    );
  });

  it('rejects a missing descriptor', async () => {
    const job = copyJob();
    job.bindings = job.bindings!.slice(1);
    const failure = gpu.runCompute(job);
    await expect(failure).rejects.toThrow(GpuValidationError);
    await expect(failure).rejects.toThrow(/VUID-VkComputePipelineCreateInfo-layout-00703.*Set 0 Binding 0 .*not declared in pipeline layout|VUID-VkComputePipelineCreateInfo-layout-07988.*Set 0, Binding 0.* but was not declared in the pipeline layout/);
  });

  it('keeps working after a validation failure', async () => {
    const { buffers } = await gpu.runCompute(copyJob());
    expect(buffers.output!.subarray(0, 32)).toEqual(copy.input);
  });

  it('fails clearly on an unknown device feature', async () => {
    await expect(gpu.runCompute({ ...copyJob(), features: ['noSuchFeature'] })).rejects.toThrow(GpuJobError);
    await expect(gpu.runCompute({ ...copyJob(), features: ['noSuchFeature'] })).rejects.toThrow(/unknown device feature name 'noSuchFeature'/);
  });

  it('fails clearly on a missing entry point', async () => {
    await expect(gpu.runCompute({ ...copyJob(), entry: 'nope' })).rejects.toThrow(/no compute entry point 'nope'.*it has: main/);
  });

  it('runs batches of dispatches quickly (timing is reported, not asserted)', async () => {
    const count = 20;
    const start = performance.now();
    const results = await Promise.all(Array.from({ length: count }, () => gpu.runCompute(copyJob())));
    const perDispatch = (performance.now() - start) / count;
    console.log(`gpu runner: ${perDispatch.toFixed(1)} ms per dispatch (average of ${count}, pipeline created each time)`);
    for (const { buffers } of results) expect(buffers.output!.subarray(0, 32)).toEqual(copy.input);
  });

  it('runComputeBatch runs several jobs on one fresh runner', async () => {
    const start = performance.now();
    const results = await runComputeBatch([copyJob(), { ...copyJob(), sentinel: 0 }]);
    console.log(`gpu runner: fresh runner + 2 dispatches ${(performance.now() - start).toFixed(0)} ms`);
    expect(results[0]!.buffers.output).toEqual(concat(copy.input, filled(32, 0xcd)));
    expect(results[1]!.buffers.output).toEqual(concat(copy.input, filled(32, 0)));
  });
});

describe('harness tables against external sources', () => {
  it('capability numbers match spirv-as', () => {
    const entries = [...CAPABILITY_FEATURES.entries()];
    const words = assembleSpirv(`${entries.map(([, c]) => `OpCapability ${c.name}`).join('\n')}\nOpMemoryModel Logical GLSL450\n`, 'spv1.6');
    const assembled: number[] = [];
    for (let at = 5; at < words.length; at += words[at]! >>> 16) if ((words[at]! & 0xffff) === 17) assembled.push(words[at + 1]!);
    expect(assembled).toEqual(entries.map(([id]) => id));
  });

  it('format numbers match vulkan_core.h', () => {
    const header = readFileSync('/usr/include/vulkan/vulkan_core.h', 'utf8');
    const vkName: Record<string, string> = {
      r8unorm: 'R8_UNORM', rgba8unorm: 'R8G8B8A8_UNORM', 'rgba8unorm-srgb': 'R8G8B8A8_SRGB', bgra8unorm: 'B8G8R8A8_UNORM',
      rgb10a2unorm: 'A2B10G10R10_UNORM_PACK32', rg11b10ufloat: 'B10G11R11_UFLOAT_PACK32', r16float: 'R16_SFLOAT',
      rgba16float: 'R16G16B16A16_SFLOAT', r32uint: 'R32_UINT', rg32float: 'R32G32_SFLOAT', rgb32float: 'R32G32B32_SFLOAT',
      rgba32float: 'R32G32B32A32_SFLOAT', rgba32sint: 'R32G32B32A32_SINT', rgba8snorm: 'R8G8B8A8_SNORM', rg16uint: 'R16G16_UINT',
    };
    for (const [name, vk] of Object.entries(vkName)) {
      const match = new RegExp(`VK_FORMAT_${vk} = (\\d+),`).exec(header);
      expect(Number(match?.[1]), name).toBe(FORMATS[name as keyof typeof FORMATS].vk);
    }
  });

  it('every feature the capability table names exists in the runner', () => {
    const runnerSource = readFileSync(join(HERE, 'runner/context.c'), 'utf8');
    const extensionSource = readFileSync(join(HERE, 'runner/extension-features.c'), 'utf8');
    const known = new Set([
      ...[...runnerSource.matchAll(/F1[0-3]\((\w+)\)/g)].map((m) => m[1]),
      ...[...extensionSource.matchAll(/FIELD\(EXT_\w+, \w+, (\w+)\)/g)].map((m) => m[1]),
    ]);
    const named = [...CAPABILITY_FEATURES.values()].flatMap((c) => c.features);
    expect(named.filter((f) => !known.has(f))).toEqual([]);
  });
});
