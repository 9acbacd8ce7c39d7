// Stage variables Vulkan accepts as they are: matrix/array/64-bit inputs take as many locations as
// Vulkan counts (no overlaps), bool varyings travel as uint, integer builtins read by a fragment
// shader are Flat, vk::builtin variables take no location, dual-source outputs share a location by
// vk::index, MultiView's extension is declared before SPIR-V 1.3, and hull shaders are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const ENVS = ['vulkan1.0', 'vulkan1.1', 'vulkan1.3'];
const vertex = (name = 'main') => ({ entryPoints: [{ name, stage: 'vertex' as const }] });
const pixel = (name = 'main') => ({ entryPoints: [{ name, stage: 'pixel' as const }] });

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

describe('locations', () => {
  it('gives a matrix one location per row, an array one per element, a double4 two', () => {
    const source = `
      float4 main(float2x3 m : M, float a[3] : A, double4 d : D, float k : K) : SV_Position { return float4(m[0], a[2] + k + (float)d.w); }`;
    const text = disassembleSpirv(compileValid(source, vertex(), ENVS).spirv);
    expect(text).toMatch(/OpDecorate %in_var_M Location 0/);
    expect(text).toMatch(/OpDecorate %in_var_A Location 2/);
    expect(text).toMatch(/OpDecorate %in_var_D Location 5/);
    expect(text).toMatch(/OpDecorate %in_var_K Location 7/);
  });

  it('declares dual-source blending outputs at one location with Index 0 and 1', () => {
    const source = `
      struct Out { [[vk::location(0), vk::index(0)]] float4 a : SV_Target0; [[vk::location(0), vk::index(1)]] float4 b : SV_Target1; };
      Out main() { Out o; o.a = 1; o.b = 0.5; return o; }`;
    const text = disassembleSpirv(compileValid(source, pixel(), ENVS).spirv);
    expect(text).toMatch(/OpDecorate %out_var_SV_Target1 Location 0/);
    expect(text).toMatch(/OpDecorate %out_var_SV_Target1 Index 1/);
  });
});

describe('builtins', () => {
  it('decorates integer builtins read by a fragment shader Flat', () => {
    const source = `float4 main(uint p : SV_PrimitiveID, uint s : SV_SampleIndex, uint l : SV_RenderTargetArrayIndex) : SV_Target { return p + s + l; }`;
    const text = disassembleSpirv(compileValid(source, pixel(), ENVS).spirv);
    for (const builtin of ['PrimitiveId', 'SampleId', 'Layer']) {
      const id = new RegExp(`OpDecorate (%\\w+) BuiltIn ${builtin}\n`).exec(text)![1]!;
      expect(text).toMatch(new RegExp(`OpDecorate ${id} Flat`));
    }
  });

  it('declares SPV_KHR_multiview for SV_ViewID only where MultiView is not core (SPIR-V 1.0)', () => {
    const source = `float4 main(uint v : SV_ViewID) : SV_Position { return v; }`;
    expect(disassembleSpirv(compileValid(source, { ...vertex(), targetEnv: 'vulkan1.0' }, ['vulkan1.0']).spirv)).toMatch(/OpExtension "SPV_KHR_multiview"/);
    expect(disassembleSpirv(compileValid(source, vertex(), ['vulkan1.1']).spirv)).not.toMatch(/SPV_KHR_multiview/);
  });

  it('emits a hull shader with its tessellation modes; the factors of a tri patch fill the start of TessLevelOuter[4]/Inner[2]', () => {
    const source = `
      struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
      struct CP { float4 pos : SV_Position; };
      PC patch() { return (PC)0; }
      [domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)] [patchconstantfunc("patch")]
      CP main(uint id : SV_OutputControlPointID) { return (CP)0; }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'hull' }], optimizationLevel: 0 }, ENVS).spirv);
    for (const mode of ['Triangles', 'SpacingEqual', 'VertexOrderCw', 'OutputVertices 3']) expect(text).toMatch(new RegExp(`OpExecutionMode %main ${mode}`));
    expect(text).toMatch(/%gl_TessLevelOuter = OpVariable %_ptr_Output__arr_float_uint_4 Output/);
    expect(text).toMatch(/%gl_TessLevelInner = OpVariable %_ptr_Output__arr_float_uint_2 Output/);
    expect(text).toMatch(/OpDecorate %gl_TessLevelOuter Patch/);
    expect(text).toMatch(/OpControlBarrier %uint_2 %uint_4 %uint_0/);
  });

  it('maps vk::builtin PointSize, BaseVertex and DeviceIndex without locations beside located members', () => {
    const source = `
      struct VSOut {
        float4 pos : SV_Position;
        [[vk::location(0)]] float4 color : COLOR;
        [[vk::builtin("PointSize")]] float size : PSIZE;
      };
      VSOut main([[vk::location(0)]] float4 p : POSITION, [[vk::builtin("BaseVertex")]] int base : BV, [[vk::builtin("DeviceIndex")]] uint dev : DI) {
        VSOut o; o.pos = p; o.color = base + dev; o.size = 2; return o;
      }`;
    const v10 = disassembleSpirv(compileValid(source, { ...vertex(), targetEnv: 'vulkan1.0' }, ['vulkan1.0']).spirv);
    expect(v10).toMatch(/OpDecorate %gl_PointSize BuiltIn PointSize/);
    expect(v10).toMatch(/OpCapability DrawParameters/);
    expect(v10).toMatch(/OpExtension "SPV_KHR_shader_draw_parameters"/);
    expect(v10).toMatch(/OpExtension "SPV_KHR_device_group"/);
    expect(v10).not.toMatch(/OpDecorate %gl_PointSize Location/);
    // Core since SPIR-V 1.3: capabilities stay, extensions go.
    expect(disassembleSpirv(compileValid(source, vertex(), ['vulkan1.1']).spirv)).not.toMatch(/OpExtension "SPV_KHR_(shader_draw_parameters|device_group)"/);
  });

  it('declares a PointSize pixel input (a reused vertex output struct) but never loads it; -O3 leaves it out', () => {
    // Vulkan allows BuiltIn PointSize only in pre-rasterization stages (VUID-PointSize-PointSize-04314):
    // DXC declares the variable and its optimizer drops the unused load and then the unread input;
    // here no load is ever made.
    const source = `
      struct VSOut {
        float4 pos : SV_Position;
        [[vk::builtin("PointSize")]] float size : PSIZE;
        [[vk::location(2)]] float sizeCopy : TEXCOORD0;
      };
      float4 main(VSOut input) : SV_Target { return input.sizeCopy * input.pos; }`;
    const o0 = disassembleSpirv(compileValid(source, { ...pixel(), optimizationLevel: 0 }, ENVS).spirv);
    expect(o0).toMatch(/OpEntryPoint Fragment %main "main" .*%gl_PointSize/);
    expect(o0).toMatch(/OpDecorate %gl_PointSize BuiltIn PointSize/);
    expect(o0).not.toMatch(/OpLoad %float %gl_PointSize/);
    const o3 = disassembleSpirv(compileValid(source, pixel(), ENVS).spirv);
    expect(o3).not.toMatch(/PointSize/);
    expect(o3).toMatch(/OpDecorate %in_var_TEXCOORD0 Location 2/);
  });

  it('refuses a pixel shader whose code reads its PointSize input, directly or through a copy of its struct', () => {
    const errors = (body: string) =>
      compile(`struct VSOut { float4 pos : SV_Position; [[vk::builtin("PointSize")]] float size : PSIZE; };\nfloat4 use(VSOut v) { return v.pos; }\n${body}`, pixel())
        .diagnostics.filter((d) => d.severity === 'error')
        .map((d) => `${d.line}:${d.column} ${d.message.slice(0, 60)}`);
    const read = "the PointSize builtin input of pixel shader 'main' is read: ";
    expect(errors('float4 main(VSOut input) : SV_Target { return input.size; }')).toEqual([`3:13 ${read}`]);
    expect(errors('float4 main(VSOut input) : SV_Target { return use(input); }')).toEqual([`3:13 ${read}`]);
    expect(errors('float4 main([[vk::builtin("PointSize")]] float s : PSIZE) : SV_Target { return s; }')).toEqual([`3:13 ${read}`]);
    expect(errors('float4 main([[vk::builtin("PointSize")]] float s : PSIZE, float4 p : SV_Position) : SV_Target { return p; }')).toEqual([]);
  });

  it('checks no location mixing in ray tracing stages, which have no stage variables (a payload member may carry vk::location)', () => {
    const source = `
      struct Attributes { float2 bary; };
      struct Payload { [[vk::location(0)]] float3 hitValue; };
      [shader("closesthit")]
      void main(inout Payload p, in Attributes attribs) { p.hitValue = float3(1 - attribs.bary.x - attribs.bary.y, attribs.bary); }`;
    const r = compileValid(source, { entryPoints: [{ name: 'main', stage: 'closesthit' }], targetEnv: 'vulkan1.2' }, ['vulkan1.2']);
    expect(disassembleSpirv(r.spirv)).toMatch(/OpEntryPoint ClosestHit(KHR|NV) %\w+ "main"/); // spirv-dis names the shared enumerant NV
    // Stage inputs of other stages still may not mix.
    const mixed = compile('float4 main([[vk::location(1)]] float4 a : A, float4 b : B) : SV_Target { return a + b; }', pixel()).diagnostics.map((d) => d.message);
    expect(mixed).toEqual(["partial explicit stage input location assignment via vk::location(X) unsupported: give every input of 'main' a location, or none"]);
  });

  it("reports misused vk::builtin with DXC's messages", () => {
    const source = `float main([[vk::location(5), vk::builtin("PointSize")]] int input : A) : B { return input; }`;
    const messages = compile(source, vertex()).diagnostics.map((d) => d.message);
    expect(messages).toEqual(['cannot use vk::builtin and vk::location together', 'PointSize builtin must be of float type', 'PointSize builtin cannot be used as VSIn']);
  });
});

describe('on lavapipe', () => {
  it('reads matrix and array vertex inputs at their locations, passes a bool varying, reads HelperInvocation', async () => {
    const source = `
      struct VSOut { float4 pos : SV_Position; float3 v : VALUES; bool flag : FLAG; };
      VSOut vs_main(float2 pos : POSITION, float2x2 m : M, float w[2] : W, float k : K) {
        VSOut o;
        o.pos = float4(pos, 0, 1);
        o.v = float3(m[0][0] + m[1][1], w[1], k);
        o.flag = m[0][1] > 0;
        return o;
      }
      float4 ps_main(VSOut i, [[vk::builtin("HelperInvocation")]] bool helper : HELPER) : SV_Target0 {
        return float4(i.v, i.flag && !helper ? 1.0 : 0.25);
      }`;
    const vs = compileValid(source, vertex('vs_main'), ENVS);
    const ps = compileValid(source, pixel('ps_main'), ENVS);
    // pos.xy, m rows (1, 2) and (3, 4), w = (5, 6), k = 7: locations 0, 1-2, 3-4, 5.
    const vertexData = (x: number, y: number) => [x, y, 1, 2, 3, 4, 5, 6, 7];
    const image = await gpu.renderTriangle({
      vertexSpirv: vs.spirv,
      pixelSpirv: ps.spirv,
      vertexEntry: 'vs_main',
      pixelEntry: 'ps_main',
      vertices: new Float32Array([...vertexData(-1, -1), ...vertexData(3, -1), ...vertexData(-1, 3)]),
      stride: 36,
      attributes: [
        { location: 0, format: 'rg32float', offset: 0 },
        { location: 1, format: 'rg32float', offset: 8 },
        { location: 2, format: 'rg32float', offset: 16 },
        { location: 3, format: 'r32float', offset: 24 },
        { location: 4, format: 'r32float', offset: 28 },
        { location: 5, format: 'r32float', offset: 32 },
      ],
      width: 4,
      height: 4,
      format: 'rgba32float',
      clear: [0, 0, 0, 0],
    });
    expect(image.texel(1, 2)).toEqual([1 + 4, 6, 7, 1]);
  });
});
