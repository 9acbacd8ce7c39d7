// The plugin's WGSL target with the real compiler: `target: 'wgsl'` (or both) and the `?wgsl` query
// give a module exporting `wgsl` (which Tint accepts), whose bindGroupLayouts/entryPoints describe the
// WGSL pipeline (a sampler sharing its texture's SPIR-V binding moves; push constants become a uniform
// buffer), whose .d.ts names exactly the exports it has, and whose cache entry is per target.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ShaderCore } from '../../plugin/core.js';
import { resolveOptions, type HlslPluginOptions } from '../../plugin/options.js';
import { startWebGpu, type WebGpuRunner } from '../webgpu/harness.js';
import { moduleDirectory } from './codegen/load-generated.js';
import { tempCopy, type TempDir } from './helpers/temp-project.js';

const SHADER = `
struct Push { float4 tint; };
[[vk::push_constant]] Push pc;
Texture2D<float4> tex : register(t1);
SamplerState smp : register(s1);
RWStructuredBuffer<float4> Output : register(u2);
[numthreads(8, 2, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Output[id.x] = tex.SampleLevel(smp, float2(0.5, 0.5), 0) * pc.tint;
}
`;

let gpu: WebGpuRunner;
beforeAll(async () => {
  gpu = await startWebGpu();
});
afterAll(() => gpu?.close());

const temps: TempDir[] = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

function setup(options: HlslPluginOptions = {}) {
  const project = tempCopy();
  temps.push(project);
  writeFileSync(project.path('shared.hlsl'), SHADER);
  const core = new ShaderCore(resolveOptions({ cache: false, workers: 0, ...options }, project.dir));
  return { project, core, file: project.path('shared.hlsl') };
}

/** Imports generated code the way a bundler would (the runtime import pointed at a JS build of it). */
async function evaluate(code: string): Promise<Record<string, any>> {
  const dir = moduleDirectory();
  const file = join(dir, 'shader.mjs');
  writeFileSync(file, code.replace(/from "unplugin-hlsl\/runtime"/g, 'from "./runtime.mjs"'));
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, any>;
}

/** Each group's entries as "binding:resource kind". */
const slots = (layouts: { entries: Record<string, unknown>[] }[]) =>
  layouts.map((g) => g.entries.map((e) => `${String(e.binding)}:${Object.keys(e).find((k) => k !== 'binding' && k !== 'visibility')}`));
const WGSL_SLOTS = [['1:texture', '2:buffer', '3:sampler'], ['0:buffer']];

describe("the plugin's WGSL target", () => {
  it("target 'wgsl': the module exports WGSL that Tint accepts and describes the WGSL pipeline", async () => {
    const { core, file } = setup({ target: 'wgsl' });
    const loaded = await core.load(file);
    const module = await evaluate(loaded.code);
    expect(typeof module.wgsl).toBe('string');
    expect(module.spirv).toBeUndefined();
    expect(module.loadSpirv).toBeUndefined();
    await gpu.compile(module.wgsl);
    // tex keeps binding 1; the sampler that shared it moves to the first free one (3); the push
    // constants become a uniform buffer at binding 0 of the next group.
    expect(slots(module.bindGroupLayouts)).toEqual(WGSL_SLOTS);
    expect(module.bindGroupLayouts[1].entries[0]).toMatchObject({ buffer: { type: 'uniform' } });
    expect(module.entryPoints.main.workgroupSize).toMatchObject({ x: 8, y: 2, z: 1 });
    expect(module.default.wgsl).toBe(module.wgsl);
    // The push block's writer is the uniform buffer's.
    expect(Object.keys(module.layouts)).toContain('pc');
    expect(loaded.dts).toContain('export declare const wgsl: string;');
    expect(loaded.dts).not.toMatch(/spirv/i);
  });

  it("target ['spirv', 'wgsl']: both outputs; Vulkan's descriptor sets keep the shared binding (one combined-image-sampler), WebGPU's layouts split it", async () => {
    const { core, file } = setup({ target: ['spirv', 'wgsl'] });
    const loaded = await core.load(file);
    const module = await evaluate(loaded.code);
    expect(module.spirv).toBeInstanceOf(Uint32Array);
    await gpu.compile(module.wgsl);
    // VkDescriptorType 1: the texture and sampler on binding 1 are one combined-image-sampler descriptor.
    expect(module.descriptorSetLayouts[0].bindings.map((b: { binding: number; descriptorType: number }) => [b.binding, b.descriptorType])).toEqual([[1, 1], [2, expect.any(Number)]]);
    expect(slots(module.bindGroupLayouts)).toEqual(WGSL_SLOTS);
    expect(loaded.dts).toContain('export declare const wgsl: string;');
    expect(loaded.dts).toContain('export declare const spirv: Uint32Array;');
  });

  it('?wgsl compiles WGSL for one import; each target set is its own cache entry', async () => {
    const { core, file } = setup();
    const spirvOnly = await evaluate((await core.load(file)).code);
    expect(spirvOnly.wgsl).toBeUndefined();
    expect(spirvOnly.spirv).toBeInstanceOf(Uint32Array);
    const wgslOnly = await evaluate((await core.load(`${file}?wgsl`)).code);
    await gpu.compile(wgslOnly.wgsl);
    expect(wgslOnly.spirv).toBeUndefined();
    expect(core.stats.compiles).toBe(2);
    await core.load(`${file}?wgsl`);
    await core.load(file);
    expect(core.stats.compiles).toBe(2);
  });

  it('?wgsl&layout: tables and writers of the WGSL pipeline, without the code', async () => {
    const { core, file } = setup();
    const module = await evaluate((await core.load(`${file}?wgsl&layout`)).code);
    expect(module.wgsl).toBeUndefined();
    expect(slots(module.bindGroupLayouts)).toEqual(WGSL_SLOTS);
  });
});
