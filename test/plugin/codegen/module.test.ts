// The module's tables: descriptor layouts against the WebGPU spec's strings and vulkan_core.h's
// numbers, vertex formats, push constants, spec constants, and the SPIR-V exports (inline and URL).

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { DescriptorBinding, ImageInfo, Reflection } from '../../../compiler/reflect/types.js';
import { compile } from '../../../compiler/index.js';
import { readSpirvFile, runTool, validateSpirvFile } from '../../helpers/tools.js';
import { loadGenerated, moduleDirectory } from './load-generated.js';
import { matrix, member, PARAMS, scalar, struct, vector } from './reflections.js';

/** Enum values straight from the Vulkan header, so the tables are checked against Khronos' numbers. */
const vulkanHeader = readFileSync('/usr/include/vulkan/vulkan_core.h', 'utf8');
function vk(name: string): number {
  const match = new RegExp(`\\b${name} = (0x[0-9A-Fa-f]+|\\d+),`).exec(vulkanHeader);
  if (!match) throw new Error(`${name} not in vulkan_core.h`);
  return Number(match[1]);
}

// GPUShaderStage constants from the WebGPU spec: VERTEX 0x1, FRAGMENT 0x2, COMPUTE 0x4.
const GPU_VERTEX = 0x1;
const GPU_FRAGMENT = 0x2;

const image = (overrides: Partial<ImageInfo>): ImageInfo => ({
  dim: '2d',
  arrayed: false,
  multisampled: false,
  depth: false,
  format: 'unknown',
  sampledType: 'float',
  ...overrides,
});

function binding(name: string, set: number, index: number, kind: DescriptorBinding['kind'], rest: Partial<DescriptorBinding> = {}): DescriptorBinding {
  return { name, set, binding: index, kind, count: 1, access: 'read', usedBy: ['ps'], ...rest };
}

const drawReflection: Reflection = {
  sourceLanguage: 'HLSL',
  spirvVersion: '1.3',
  entryPoints: [
    {
      name: 'vs',
      stage: 'vertex',
      inputs: [
        { name: 'in.var.POSITION', location: 0, semantic: 'POSITION', type: vector('f32', 3) },
        { name: 'in.var.COLOR', location: 1, semantic: 'COLOR', type: vector('f16', 4) },
        { name: 'in.var.IDS', location: 2, semantic: 'IDS', type: vector('u32', 2) },
        { name: 'in.var.FLAG', location: 3, semantic: 'FLAG', type: scalar('i32') },
        { name: 'in.var.WORLD', location: 4, semantic: 'WORLD', type: matrix(4, 4, 'column', 16) },
        { name: 'in.var.UVX', location: 8, semantic: 'UVX', type: matrix(3, 2, 'column', 16) },
        { name: 'in.var.ODD', location: 11, semantic: 'ODD', type: vector('f16', 3) },
        { name: 'gl_VertexIndex', builtin: 'VertexIndex', semantic: 'SV_VertexID', type: scalar('u32') },
      ],
      outputs: [],
      executionModes: [],
    },
    { name: 'ps', stage: 'pixel', inputs: [], outputs: [], executionModes: ['OriginUpperLeft'] },
  ],
  bindings: [
    binding('Params', 0, 0, 'uniform-buffer', { block: PARAMS, usedBy: ['vs', 'ps'] }),
    binding('albedo', 0, 1, 'sampled-image', { image: image({}) }),
    binding('shadowSampler', 0, 2, 'sampler', { comparison: true }),
    binding('shadows', 0, 3, 'sampled-image', { image: image({ arrayed: true, depth: true }) }),
    binding('sky', 0, 4, 'sampled-image', { image: image({ dim: 'cube', sampledType: 'uint' }) }),
    binding('output', 1, 0, 'storage-image', { access: 'read-write', image: image({ format: 'rgba8' }) }),
    binding('scratch', 1, 1, 'storage-image', { access: 'write', image: image({ format: 'unknown' }) }),
    binding('items', 1, 2, 'storage-buffer', { usedBy: ['vs'], block: struct('type_StructuredBuffer_uint', 0, [member('_m0', 0, 0, { kind: 'array', element: scalar('u32'), length: 0, stride: 4 })]) }),
    binding('combined', 1, 3, 'combined-image-sampler', { image: image({}) }),
    binding('textures', 3, 0, 'sampled-image', { count: 4, image: image({}) }),
    binding('linear', 3, 1, 'sampler', { usedBy: [] }),
  ],
  pushConstants: [
    { name: 'pc', block: struct('type_PushConstant_PC', 16, [member('tint', 0, 16, vector('f32', 4))]), usedBy: ['vs'] },
  ],
  specConstants: [
    { name: 'LIGHTS', id: 0, type: 'u32', defaultValue: 4 },
    { name: 'USE_FOG', id: 1, type: 'bool', defaultValue: true },
  ],
};

const INLINE = { kind: 'inline', words: new Uint32Array([0x07230203, 0x10000, 0, 1, 0]) } as const;

describe('descriptor layouts', () => {
  test('descriptorSetLayouts use VkDescriptorType and VkShaderStageFlags values', async () => {
    const { exports } = await loadGenerated({ reflection: drawReflection, spirv: INLINE });
    const FRAGMENT = vk('VK_SHADER_STAGE_FRAGMENT_BIT');
    const VERTEX = vk('VK_SHADER_STAGE_VERTEX_BIT');
    expect(exports.descriptorSetLayouts).toEqual([
      {
        set: 0,
        bindings: [
          { binding: 0, descriptorType: vk('VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER'), descriptorCount: 1, stageFlags: VERTEX | FRAGMENT },
          { binding: 1, descriptorType: vk('VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE'), descriptorCount: 1, stageFlags: FRAGMENT },
          { binding: 2, descriptorType: vk('VK_DESCRIPTOR_TYPE_SAMPLER'), descriptorCount: 1, stageFlags: FRAGMENT },
          { binding: 3, descriptorType: vk('VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE'), descriptorCount: 1, stageFlags: FRAGMENT },
          { binding: 4, descriptorType: vk('VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE'), descriptorCount: 1, stageFlags: FRAGMENT },
        ],
      },
      {
        set: 1,
        bindings: [
          { binding: 0, descriptorType: vk('VK_DESCRIPTOR_TYPE_STORAGE_IMAGE'), descriptorCount: 1, stageFlags: FRAGMENT },
          { binding: 1, descriptorType: vk('VK_DESCRIPTOR_TYPE_STORAGE_IMAGE'), descriptorCount: 1, stageFlags: FRAGMENT },
          { binding: 2, descriptorType: vk('VK_DESCRIPTOR_TYPE_STORAGE_BUFFER'), descriptorCount: 1, stageFlags: VERTEX },
          { binding: 3, descriptorType: vk('VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER'), descriptorCount: 1, stageFlags: FRAGMENT },
        ],
      },
      { set: 2, bindings: [] },
      {
        set: 3,
        bindings: [
          { binding: 0, descriptorType: vk('VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE'), descriptorCount: 4, stageFlags: FRAGMENT },
          // Used by no entry point: visible to all of them.
          { binding: 1, descriptorType: vk('VK_DESCRIPTOR_TYPE_SAMPLER'), descriptorCount: 1, stageFlags: VERTEX | FRAGMENT },
        ],
      },
    ]);
    expect(exports.pushConstants.pc).toMatchObject({ stageFlags: VERTEX, offset: 0, size: 16, layout: exports.pc });
  });

  test('bindGroupLayouts are GPUBindGroupLayoutDescriptor-shaped; what WebGPU lacks is left out with a warning', async () => {
    const { exports, generated } = await loadGenerated({ reflection: drawReflection, spirv: INLINE });
    expect(exports.bindGroupLayouts).toEqual([
      {
        entries: [
          { binding: 0, visibility: GPU_VERTEX | GPU_FRAGMENT, buffer: { type: 'uniform' } },
          { binding: 1, visibility: GPU_FRAGMENT, texture: { sampleType: 'float', viewDimension: '2d', multisampled: false } },
          { binding: 2, visibility: GPU_FRAGMENT, sampler: { type: 'comparison' } },
          { binding: 3, visibility: GPU_FRAGMENT, texture: { sampleType: 'depth', viewDimension: '2d-array', multisampled: false } },
          { binding: 4, visibility: GPU_FRAGMENT, texture: { sampleType: 'uint', viewDimension: 'cube', multisampled: false } },
        ],
      },
      {
        entries: [
          { binding: 0, visibility: GPU_FRAGMENT, storageTexture: { access: 'read-write', format: 'rgba8unorm', viewDimension: '2d' } },
          { binding: 2, visibility: GPU_VERTEX, buffer: { type: 'read-only-storage' } },
        ],
      },
      { entries: [] },
      { entries: [{ binding: 1, visibility: GPU_VERTEX | GPU_FRAGMENT, sampler: { type: 'filtering' } }] },
    ]);
    expect(generated.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/"scratch" \(set 1, binding 1\).*format "unknown" has no WebGPU equivalent/),
        expect.stringMatching(/"combined" \(set 1, binding 3\).*no combined-image-sampler/),
        expect.stringMatching(/"textures" \(set 3, binding 0\).*WebGPU has no binding arrays \(an array of 4\)/),
      ]),
    );
  });

  test('bindings, spec constants and entry points', async () => {
    const { exports } = await loadGenerated({ reflection: drawReflection, spirv: INLINE });
    expect(exports.bindings.Params).toMatchObject({ set: 0, binding: 0, kind: 'uniform-buffer', count: 1, access: 'read', layout: exports.Params });
    expect(exports.bindings.items.layout).toBe(exports.items);
    expect(exports.bindings.albedo.layout).toBeNull();
    expect(exports.specConstants).toEqual({ LIGHTS: { id: 0, type: 'u32', default: 4 }, USE_FOG: { id: 1, type: 'bool', default: true } });
    expect(Object.keys(exports.entryPoints)).toEqual(['vs', 'ps']);
    expect(exports.entryPoints.ps.executionModes).toEqual(['OriginUpperLeft']);
    expect(exports.default.layouts.Params).toBe(exports.Params);
    expect(exports.default.bindGroupLayouts).toBe(exports.bindGroupLayouts);
  });
});

describe('vertex inputs', () => {
  test('WebGPU vertex formats per location; matrices take one location per HLSL row', async () => {
    const { exports, generated } = await loadGenerated({ reflection: drawReflection, spirv: INLINE });
    const attributes = exports.vertexInputs.vs.map(({ shaderLocation, format, byteSize }: Record<string, unknown>) => [shaderLocation, format, byteSize]);
    expect(attributes).toEqual([
      [0, 'float32x3', 12],
      [1, 'float16x4', 8],
      [2, 'uint32x2', 8],
      [3, 'sint32', 4],
      [4, 'float32x4', 16],
      [5, 'float32x4', 16],
      [6, 'float32x4', 16],
      [7, 'float32x4', 16],
      [8, 'float32x2', 8], // float3x2: 3 rows of float2
      [9, 'float32x2', 8],
      [10, 'float32x2', 8],
      [11, null, null], // WebGPU has no float16x3
    ]);
    expect(exports.vertexInputs.vs[0]).toMatchObject({ name: 'in.var.POSITION', semantic: 'POSITION' });
    expect(exports.vertexInputs.ps).toBeUndefined();
    expect(generated.warnings).toContainEqual(expect.stringMatching(/"in.var.ODD".*no vertex format for 3 x f16/));
  });

  test("attributes carry the HLSL member and parameter names the compiler reports, beside the semantic", async () => {
    const source = [
      'struct Skin { uint4 joints : BLENDINDICES; float4 weights : BLENDWEIGHT; };',
      'struct VSIn { float3 position : POSITION; float2 uv : TEXCOORD0; Skin skin; };',
      'float4 main(VSIn input, float tint : COLOR, uint id : SV_VertexID) : SV_Position {',
      '  return float4(input.position * tint + input.skin.weights.xyz, input.uv.x + input.skin.joints.x + id);',
      '}',
    ].join('\n');
    const result = compile(source, { entryPoints: [{ name: 'main', stage: 'vertex' }] });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const inputNames = Object.fromEntries(result.entryPoints.map((e) => [e.name, e.inputNames!]));
    const { exports } = await loadGenerated({ reflection: result.reflection!, spirv: INLINE, inputNames });
    const named = exports.vertexInputs.main.map(({ name, semantic, shaderLocation }: Record<string, unknown>) => [name, semantic, shaderLocation]);
    expect(named).toEqual([
      ['position', 'POSITION', 0],
      ['uv', 'TEXCOORD0', 1],
      ['skin.joints', 'BLENDINDICES', 2],
      ['skin.weights', 'BLENDWEIGHT', 3],
      ['tint', 'COLOR', 4],
    ]);
    // Without the compiler's names (an external compiler), the SPIR-V's variable names.
    const { exports: plain } = await loadGenerated({ reflection: result.reflection!, spirv: INLINE });
    expect(plain.vertexInputs.main[0]).toMatchObject({ name: 'in.var.POSITION', semantic: 'POSITION' });
  });
});

describe('arrays of structs of resources', () => {
  test('each element\'s members are their own bindings, keyed by their paths; a member array is one binding of its count', async () => {
    const source = [
      'struct Pair { Texture2D<float> t[2]; SamplerState s; };',
      'Pair pairs[2];',
      'RWStructuredBuffer<float> results;',
      '[numthreads(1, 1, 1)] void main() { results[0] = pairs[0].t[1].Load(int3(0, 0, 0)) + pairs[1].t[0].SampleLevel(pairs[1].s, 0.5, 0); }',
    ].join('\n');
    const result = compile(source, { entryPoints: [{ name: 'main', stage: 'compute' }] });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const { exports } = await loadGenerated({ reflection: result.reflection!, spirv: INLINE });
    const COMPUTE = vk('VK_SHADER_STAGE_COMPUTE_BIT');
    // DXC's numbering: pairs[0].t takes 0-1, pairs[0].s 2 (unused), pairs[1].t 3-4, pairs[1].s 5.
    expect(Object.fromEntries(Object.entries(exports.bindings as Record<string, { binding: number }>).map(([k, v]) => [k, v.binding]))).toMatchObject({
      'pairs[0].t': 0, 'pairs[1].t': 3, 'pairs[1].s': 5, results: 6,
    });
    expect(exports.descriptorSetLayouts[0].bindings).toContainEqual({ binding: 3, descriptorType: vk('VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE'), descriptorCount: 2, stageFlags: COMPUTE });
  });
});

describe('SPIR-V exports', () => {
  // A minimal valid compute shader, assembled and validated with SPIRV-Tools.
  function assembleSpirv(directory: string): Uint32Array {
    const source = join(directory, 'min.spvasm');
    const binary = join(directory, 'min.spv');
    writeFileSync(
      source,
      [
        'OpCapability Shader',
        'OpMemoryModel Logical GLSL450',
        'OpEntryPoint GLCompute %main "main"',
        'OpExecutionMode %main LocalSize 1 1 1',
        '%void = OpTypeVoid',
        '%fn = OpTypeFunction %void',
        '%main = OpFunction %void None %fn',
        '%entry = OpLabel',
        'OpReturn',
        'OpFunctionEnd',
      ].join('\n'),
    );
    runTool('spirv-as', ['--target-env', 'vulkan1.0', source, '-o', binary]);
    validateSpirvFile(binary, ['--target-env', 'vulkan1.0']);
    return readSpirvFile(binary);
  }

  const reflection: Reflection = { sourceLanguage: 'unknown', spirvVersion: '1.0', entryPoints: [], bindings: [], pushConstants: [], specConstants: [] };

  test('inline: spirv, loadSpirv() and a data: spirvUrl all give the words', async () => {
    const words = assembleSpirv(mkdtempSync(join(tmpdir(), 'hlsl-spv-')));
    const { exports } = await loadGenerated({ reflection, spirv: { kind: 'inline', words } });
    expect(exports.spirv).toEqual(words);
    expect(await exports.loadSpirv()).toBe(exports.spirv);
    expect(exports.spirvUrl).toMatch(/^data:application\/octet-stream;base64,/);
    const fetched = new Uint32Array(await (await fetch(exports.spirvUrl)).arrayBuffer());
    expect(fetched).toEqual(words);
    expect(exports.default.spirv).toBe(exports.spirv);
  });

  test('url: loadSpirv() reads a file: URL in Node (fetch cannot) and checks the magic number', async () => {
    const directory = moduleDirectory();
    const words = assembleSpirv(directory);
    const { exports } = await loadGenerated(
      { reflection, spirv: { kind: 'url', expression: `new URL('./min.spv', import.meta.url).href` } },
      directory,
    );
    expect(exports.spirv).toBeUndefined();
    expect(exports.spirvUrl).toMatch(/^file:.*min\.spv$/);
    expect(await exports.loadSpirv()).toEqual(words);

    writeFileSync(join(directory, 'not.spv'), 'not a spir-v module at all');
    const broken = await loadGenerated({ reflection, spirv: { kind: 'url', expression: `new URL('./not.spv', import.meta.url).href` } }, directory);
    await expect(broken.exports.loadSpirv()).rejects.toThrow(/not\.spv: 26 bytes is not a SPIR-V module/);
  });
});
