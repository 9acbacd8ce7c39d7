// [[vk::ext_builtin_input(N)]] static const / [[vk::ext_builtin_output(N)]] static globals: the Input or
// Output variable of SPIR-V builtin N (DXC's inline SPIR-V). The module's shape as DXC emits it, the
// refusals, and the values on lavapipe (compute workgroup builtins, the pixel's FragCoord).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const COMPUTE: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }] };
const PIXEL: CompileOptions = { entryPoints: [{ name: 'main', stage: 'pixel' }] };

function errorsOf(source: string, options: CompileOptions = PIXEL): string[] {
  return compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0]!);
}

const WORKGROUPS = `
  enum class BuiltIn { LocalInvocationIndex = 29 };
  [[vk::ext_builtin_input(/* NumWorkgroups */ 24)]] static const uint3 gl_NumWorkGroups;
  [[vk::ext_builtin_input(BuiltIn::LocalInvocationIndex)]] static const uint gl_LocalInvocationIndex;
  RWStructuredBuffer<uint> results;
  uint count(uint3 v) { return v.x * v.y * v.z; }
  [numthreads(4, 1, 1)]
  void main(uint3 group : SV_GroupID) {
    uint slot = (group.y * 2 + group.x) * 4 + gl_LocalInvocationIndex;
    results[slot] = count(gl_NumWorkGroups) * 100 + gl_LocalInvocationIndex;
  }`;

describe('builtin globals', () => {
  it('are Input variables decorated BuiltIn, in the interface at every SPIR-V version (DXC)', () => {
    for (const optimize of [false, true]) {
      const text = disassembleSpirv(compileValid(WORKGROUPS, { ...COMPUTE, optimizationLevel: optimize ? 3 : 0 }, ['vulkan1.0', 'vulkan1.3']).spirv);
      expect(text).toMatch(/OpEntryPoint GLCompute %main "main" [^\n]*%gl_NumWorkGroups/);
      expect(text).toContain('OpDecorate %gl_NumWorkGroups BuiltIn NumWorkgroups');
      expect(text).toContain('OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex');
      expect(text).toMatch(/%gl_NumWorkGroups = OpVariable %_ptr_Input_v3uint Input\n/);
      expect(text).toMatch(/OpLoad %v3uint %gl_NumWorkGroups/);
    }
    // An integer pixel input is Flat (DXC); SampleId brings its capability.
    const flat = disassembleSpirv(compileValid(`[[vk::ext_builtin_input(/* SampleID */ 18)]] static const int gl_SampleID;\nfloat4 main() : SV_Target { return gl_SampleID; }`, PIXEL).spirv);
    expect(flat).toContain('OpCapability SampleRateShading');
    expect(flat).toContain('OpDecorate %gl_SampleID BuiltIn SampleId');
    expect(flat).toContain('OpDecorate %gl_SampleID Flat');
    const out = disassembleSpirv(compileValid(`[[vk::ext_builtin_output(/* PointSize */ 1)]] static float size;\nfloat4 main() : SV_Position { size = 0.25; return 1; }`, { entryPoints: [{ name: 'main', stage: 'vertex' }], optimizationLevel: 0 }).spirv);
    expect(out).toMatch(/%size = OpVariable %_ptr_Output_float Output\n/);
    expect(out).toContain('OpDecorate %size BuiltIn PointSize');
    expect(out).toMatch(/OpStore %size %float_0_25/);
  });

  it('EvaluateAttribute* on gl_PointCoord interpolates that Input variable (DXC)', () => {
    const text = disassembleSpirv(compileValid(`[[vk::ext_builtin_input(/* PointCoord */ 16)]] static const float2 gl_PointCoord;
      float4 main() : SV_Target { return float4(EvaluateAttributeAtSample(gl_PointCoord, 1), EvaluateAttributeCentroid(gl_PointCoord)); }`, PIXEL).spirv);
    expect(text).toMatch(/InterpolateAtSample %gl_PointCoord %uint_1/);
    expect(text).toMatch(/InterpolateAtCentroid %gl_PointCoord\n/);
  });

  it('refuses both attributes, non-statics, initializers, writable inputs, unknown builtins, other stages’ builtins and WGSL, with locations', () => {
    expect(errorsOf(`[[vk::ext_builtin_input(24)]]\n[[vk::ext_builtin_output(24)]]\nstatic uint3 invalid;\nvoid main() {}`)).toEqual([
      '/input.hlsl:1:3: error: vk::ext_builtin_input cannot be used together with vk::ext_builtin_output',
    ]);
    expect(errorsOf(`[[vk::ext_builtin_input(24)]] uint3 invalid;\nvoid main() {}`)).toEqual([
      '/input.hlsl:1:3: error: vk::ext_builtin_input and vk::ext_builtin_output can only be applied to a static variable',
    ]);
    expect(errorsOf(`[[vk::ext_builtin_input(24)]] static uint3 w;\nvoid main() {}`)).toEqual([
      "/input.hlsl:1:44: error: a vk::ext_builtin_input variable must be 'static const': an Input variable cannot be written",
    ]);
    expect(errorsOf(`[[vk::ext_builtin_input(24)]] static const uint3 w = 1;\nvoid main() {}`)).toEqual([
      '/input.hlsl:1:54: error: a builtin input variable cannot have an initializer',
    ]);
    expect(errorsOf(`[[vk::ext_builtin_input(4242)]] static const uint w;\nvoid main() {}`)).toEqual([
      expect.stringMatching(/^\/input\.hlsl:1:25: error: 'vk::ext_builtin_input\(4242\)': builtin 4242 is not one this compiler knows the requirements of/),
    ]);
    expect(errorsOf(`[[vk::ext_builtin_output(24)]] static uint3 w;\nvoid main() {}`)).toEqual([
      '/input.hlsl:1:3: error: builtin NumWorkgroups (24) is not an output',
    ]);
    // A builtin of another stage would be invalid SPIR-V (spirv-val: FragCoord is Fragment-only).
    expect(errorsOf(`[[vk::ext_builtin_input(15)]] static const float4 fc;\nRWStructuredBuffer<float4> o;\n[numthreads(1, 1, 1)] void main() { o[0] = fc; }`, COMPUTE)).toEqual([
      "/input.hlsl:1:51: error: builtin FragCoord ('fc', [[vk::ext_builtin_input]]) is not available in the compute entry point 'main' (only pixel)",
    ]);
    const r = compile(WORKGROUPS, { ...COMPUTE, target: 'wgsl' });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => WORKGROUPS).split('\n')[0])).toEqual([
      expect.stringMatching(/:3:72: error: the builtin input variable 'gl_NumWorkGroups' \(\[\[vk::ext_builtin_input\]\]\) is not supported by the WGSL target/),
    ]);
  });
});

describe('on lavapipe', () => {
  let gpu: GpuRunner;
  beforeAll(async () => {
    gpu = await startGpuRunner();
  });
  afterAll(() => gpu?.close());

  it('NumWorkgroups and LocalInvocationIndex read the dispatch’s values', async () => {
    for (const optimize of [false, true]) {
      const { spirv } = compileValid(WORKGROUPS, { ...COMPUTE, optimizationLevel: optimize ? 3 : 0 });
      const result = await gpu.runCompute({ spirv, groups: [2, 3, 1], bindings: [{ binding: 0, kind: 'storage-buffer', size: 4 * 24, name: 'results' }] });
      const out = [...new Uint32Array(result.buffers.results!.slice().buffer)];
      // Groups (x, y) with y*2+x < 6 fill slots 0..23: 6 groups, 4 threads each.
      expect(out).toEqual(Array.from({ length: 24 }, (_, i) => 600 + (i % 4)));
    }
  });

  it('FragCoord read through a builtin global is the pixel centre', async () => {
    const src = `[[vk::ext_builtin_input(/* FragCoord */ 15)]] static const float4 gl_FragCoord;
      float4 vs_main(float2 pos : POSITION) : SV_Position { return float4(pos, 0, 1); }
      float4 ps_main() : SV_Target { return float4(gl_FragCoord.xy, 7, 1); }`;
    const image = await gpu.renderTriangle({
      vertexSpirv: compileValid(src, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }] }).spirv,
      pixelSpirv: compileValid(src, { entryPoints: [{ name: 'ps_main', stage: 'pixel' }] }).spirv,
      vertexEntry: 'vs_main',
      pixelEntry: 'ps_main',
      vertices: new Float32Array([-1, -1, 3, -1, -1, 3]),
      stride: 8,
      attributes: [{ location: 0, format: 'rg32float', offset: 0 }],
      width: 8,
      height: 8,
      format: 'rgba32float',
      clear: [0, 0, 0, 0],
    });
    for (const [x, y] of [[0, 0], [5, 2], [7, 7]] as const) expect(image.texel(x, y)).toEqual([x + 0.5, y + 0.5, 7, 1]);
  });
});
