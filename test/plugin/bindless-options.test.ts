// The plugin's compilerOptions reach the compiler for the bindless options: -fspv-flatten-resource-arrays
// and -fvk-bind-*-heap, seen in the bindings of the compile the plugin runs (built-in compiler, in process).
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { compile, type CompileResult } from '../../compiler/index.js';
import { ShaderCore } from '../../plugin/core.js';
import { inProcessBackend } from '../../plugin/backend.js';
import { resolveOptions, type HlslPluginOptions } from '../../plugin/options.js';
import { tempCopy, type TempDir } from './helpers/temp-project.js';
import { validateSpirv } from '../helpers/tools.js';

const temps: TempDir[] = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

const SHADER = `
Texture2D<float4> layers[3] : register(t0);
SamplerState s : register(s3);
RWStructuredBuffer<float4> output : register(u4);
[numthreads(3, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  Texture2D<float4> extra = ResourceDescriptorHeap[i];
  output[i] = layers[i].SampleLevel(s, float2(0, 0), 0) + extra.SampleLevel(s, float2(0, 0), 0);
}`;

/** Compiles the shader through the plugin core; the bindings come from the compile the plugin ran. */
async function bindingsOf(options: HlslPluginOptions): Promise<Record<string, { set: number; binding: number; count: number }>> {
  const project = tempCopy();
  temps.push(project);
  writeFileSync(project.path('bindless_cs.hlsl'), SHADER);
  const results: CompileResult[] = [];
  const backend = inProcessBackend('builtin', (source, o) => {
    const r = compile(source, o);
    results.push(r);
    return r;
  });
  const core = new ShaderCore(resolveOptions({ cache: false, ...options }, project.dir), { backend });
  const loaded = await core.load(project.path('bindless_cs.hlsl'));
  expect(loaded.compiled).toBe(true);
  expect(results).toHaveLength(1);
  validateSpirv(results[0]!.spirv!, { targetEnv: 'vulkan1.0' });
  return Object.fromEntries(results[0]!.reflection!.bindings.map((b) => [b.name, { set: b.set, binding: b.binding, count: b.count }]));
}

describe('plugin compilerOptions for bindless shaders', () => {
  it('without options: one array binding, the heap at the next free binding of set 0', async () => {
    const got = await bindingsOf({ compilerOptions: { shaderModel: { major: 6, minor: 6 } } });
    expect(got.layers).toEqual({ set: 0, binding: 0, count: 3 });
    expect(got.ResourceDescriptorHeap).toEqual({ set: 0, binding: 1, count: 0 });
  });

  it('flattenResourceArrays and resourceHeapBinding', async () => {
    const got = await bindingsOf({ compilerOptions: { shaderModel: { major: 6, minor: 6 }, flattenResourceArrays: true, resourceHeapBinding: { binding: 7, set: 2 } } });
    expect(got['layers[0]']).toEqual({ set: 0, binding: 0, count: 1 });
    expect(got['layers[2]']).toEqual({ set: 0, binding: 2, count: 1 });
    expect(got.ResourceDescriptorHeap).toEqual({ set: 2, binding: 7, count: 0 });
  });
});
