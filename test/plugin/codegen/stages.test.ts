// Geometry and tessellation entry points through reflection and the generated module: stage names,
// execution modes, per-vertex (arrayed) stage inputs, and Vulkan stage flags of the descriptor set
// layouts for resources only those stages use (numbers from vulkan_core.h).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { fixtureEntries, compileValid } from '../../compiler/helpers.js';
import { loadGenerated } from './load-generated.js';

const vulkanHeader = readFileSync('/usr/include/vulkan/vulkan_core.h', 'utf8');
function vk(name: string): number {
  const match = new RegExp(`\\b${name} = (0x[0-9A-Fa-f]+|\\d+),`).exec(vulkanHeader);
  if (!match) throw new Error(`${name} not in vulkan_core.h`);
  return Number(match[1]);
}

/** Every entry of a fixture in one module. */
function wholeFixture(name: string) {
  const path = new URL(`../../../fixtures/compiler/${name}`, import.meta.url);
  const source = readFileSync(path, 'utf8');
  return compileValid(source, { filename: path.pathname, entryPoints: fixtureEntries(source) });
}

describe('geometry and tessellation stages in reflection and the generated module', () => {
  test('billboards: a geometry entry with its modes, per-vertex inputs and GEOMETRY-only bindings', async () => {
    const { spirv, reflection } = wholeFixture('billboards.hlsl');
    expect(reflection!.entryPoints.map((e) => [e.name, e.stage])).toEqual([
      ['vs_main', 'vertex'],
      ['gs_main', 'geometry'],
      ['ps_main', 'pixel'],
    ]);
    const gs = reflection!.entryPoints.find((e) => e.stage === 'geometry')!;
    expect(gs.executionModes).toEqual(expect.arrayContaining(['Invocations', 'InputPoints', 'OutputTriangleStrip', 'OutputVertices']));
    expect(gs.inputs.find((v) => v.semantic === 'CENTER')!.type).toMatchObject({ kind: 'array', length: 1 });
    expect(gs.outputs.map((v) => v.builtin ?? v.semantic)).toEqual(['Position', 'TEXCOORD0', 'COLOR', 'PARTICLE']);
    const { exports, generated } = await loadGenerated({ reflection: reflection!, spirv: { kind: 'inline', words: spirv } });
    expect(exports.entryPoints.gs_main).toMatchObject({ name: 'gs_main', stage: 'geometry', executionModes: expect.arrayContaining(['InputPoints']) });
    expect(generated.warnings).toEqual(["bindGroupLayouts give no visibility to 'gs_main' (geometry): WebGPU has no such stage (descriptorSetLayouts carry the Vulkan stage flags)"]);
    const camera = exports.descriptorSetLayouts[0].bindings[0];
    // The camera is read by the geometry shader (the corners) and the pixel shader (fadeCorners).
    expect(camera.stageFlags).toBe(vk('VK_SHADER_STAGE_GEOMETRY_BIT') | vk('VK_SHADER_STAGE_FRAGMENT_BIT'));
  });

  test('terrain: hull and domain entries, tess levels as per-patch builtins, HULL|DOMAIN|FRAGMENT flags', async () => {
    const { spirv, reflection } = wholeFixture('terrain-tessellation.hlsl');
    expect(reflection!.entryPoints.map((e) => e.stage)).toEqual(['vertex', 'hull', 'domain', 'pixel']);
    const hs = reflection!.entryPoints.find((e) => e.stage === 'hull')!;
    const ds = reflection!.entryPoints.find((e) => e.stage === 'domain')!;
    expect(hs.executionModes).toEqual(expect.arrayContaining(['Quads', 'SpacingEqual', 'VertexOrderCw', 'OutputVertices']));
    expect(ds.executionModes).toEqual(['Quads']);
    expect(hs.outputs.filter((v) => v.builtin).map((v) => v.builtin).sort()).toEqual(['TessLevelInner', 'TessLevelOuter']);
    // The domain entry does not read the tess levels: optimised, as DXC's, those inputs are not declared.
    expect(ds.inputs.filter((v) => v.builtin).map((v) => v.builtin).sort()).toEqual(['TessCoord']);
    // Locations agree across the hull's outputs and the domain's inputs (those it reads).
    const located = (vars: typeof hs.outputs) => vars.filter((v) => v.location !== undefined).map((v) => [v.semantic, v.location]);
    expect(located(ds.inputs).length).toBeGreaterThan(0);
    expect(located(hs.outputs)).toEqual(expect.arrayContaining(located(ds.inputs)));
    const { exports } = await loadGenerated({ reflection: reflection!, spirv: { kind: 'inline', words: spirv } });
    const [terrain, heightMap, sampler] = exports.descriptorSetLayouts[0].bindings;
    const HULL = vk('VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT');
    const DOMAIN = vk('VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT');
    expect(terrain.stageFlags).toBe(HULL | DOMAIN | vk('VK_SHADER_STAGE_FRAGMENT_BIT'));
    expect(heightMap.stageFlags).toBe(DOMAIN);
    expect(sampler.stageFlags).toBe(DOMAIN);
  });
});
