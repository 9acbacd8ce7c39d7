// GetAttributeAtVertex (SPV_KHR_fragment_shader_barycentric: nointerpolation inputs become PerVertexKHR
// arrays of 3) and EvaluateAttributeAtSample/Centroid/Snapped (GLSL.std.450 InterpolateAt* on the
// Input variable): the module's shape as DXC emits it, spirv-val, the refusals, and draws on lavapipe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const PIXEL: CompileOptions = { entryPoints: [{ name: 'ps_main', stage: 'pixel' }] };

function errorsOf(source: string, options: CompileOptions = PIXEL): string[] {
  return compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0]!);
}

// A full-screen triangle (NDC (-1,-1), (3,-1), (-1,3)) whose vertices carry distinct per-vertex values.
const DRAW = `
  struct V2P {
    float4 pos : SV_Position;
    nointerpolation float4 tag : TAG;
    float2 ramp : RAMP;
  };
  V2P vs_main(float2 pos : POSITION, uint vid : SV_VertexID) {
    V2P o;
    o.pos = float4(pos, 0, 1);
    o.tag = float4(10 + vid, 20 + vid, 30 + vid, 40 + vid);
    o.ramp = pos;
    return o;
  }`;

const VERTICES = new Float32Array([-1, -1, 3, -1, -1, 3]);

describe('GetAttributeAtVertex', () => {
  const source = `
    struct PSInput {
      float3 color0 : COLOR0;
      nointerpolation float3 color1 : COLOR1;
      nointerpolation float3 color2 : COLOR2;
    };
    float3 ps_main(PSInput input, nointerpolation uint i : INDEX) : SV_Target {
      float3 second = GetAttributeAtVertex(input.color1, 1);
      return input.color0 + input.color1 + second + GetAttributeAtVertex(input.color2, i) + input.color2;
    }`;

  it('makes every nointerpolation input a PerVertexKHR array of 3 (DXC), read at vertex 0 as a value', () => {
    for (const optimize of [false, true]) {
      const { spirv } = compileValid(source, { ...PIXEL, optimizationLevel: optimize ? 3 : 0 });
      const text = disassembleSpirv(spirv);
      expect(text).toContain('OpCapability FragmentBarycentricKHR');
      expect(text).toContain('OpExtension "SPV_KHR_fragment_shader_barycentric"');
      for (const name of ['in_var_COLOR1', 'in_var_COLOR2', 'in_var_INDEX']) {
        expect(text).toMatch(new RegExp(`OpDecorate %${name} PerVertexKHR`));
        expect(text).not.toMatch(new RegExp(`OpDecorate %${name} Flat`));
      }
      expect(text).toMatch(/%in_var_COLOR1 = OpVariable %_ptr_Input__arr_v3float_uint_3 Input/);
      expect(text).toMatch(/%in_var_COLOR0 = OpVariable %_ptr_Input_v3float Input/);
      expect(text).not.toContain('OpDecorate %in_var_COLOR0 PerVertexKHR');
      // The explicit vertex reads chain into the Input variable itself: vertex 1 and the dynamic index.
      expect(text).toMatch(/OpAccessChain %_ptr_Input_v3float %in_var_COLOR1 %uint_1/);
      expect(text).toMatch(/OpAccessChain %_ptr_Input_v3float %in_var_COLOR2 %\d+/);
      // The parameter's own value is vertex 0's.
      expect(text).toMatch(/OpAccessChain %_ptr_Input_v3float %in_var_COLOR2 %uint_0/);
    }
  });

  it('passes all three vertices to helpers’ nointerpolation parameters (DXC), the name reading vertex 0', () => {
    const chain = `
      float3 func1(nointerpolation float3 c) { return GetAttributeAtVertex(c, 2) + c; }
      float3 func0(nointerpolation float3 c, float3 plain) { return func1(c) + plain; }
      float3 ps_main(nointerpolation float3 color : COLOR) : SV_Target { return func0(color, color); }`;
    for (const optimize of [false, true]) {
      const text = disassembleSpirv(compileValid(chain, { ...PIXEL, optimizationLevel: optimize ? 3 : 0 }).spirv);
      expect(text).toMatch(/OpDecorate %in_var_COLOR PerVertexKHR/);
      expect(text).toMatch(/OpLoad %_arr_v3float_uint_3 %in_var_COLOR/);
      if (optimize) continue;
      expect(text).toMatch(/%func1 = OpFunction %v3float None %\w+\n\s*%c = OpFunctionParameter %_ptr_Function__arr_v3float_uint_3/);
      // The entry passes the Input array whole; func1 reads element 2 and element 0.
      expect(text).toMatch(/OpAccessChain %_ptr_Function_v3float %c %uint_2/);
      expect(text).toMatch(/OpAccessChain %_ptr_Function_v3float %c %uint_0/);
    }
  });

  it('leaves nointerpolation inputs Flat when no per-vertex read exists', () => {
    const text = disassembleSpirv(compileValid(`float4 ps_main(nointerpolation float4 c : C) : SV_Target { return c; }`, PIXEL).spirv);
    expect(text).toContain('OpDecorate %in_var_C Flat');
    expect(text).not.toContain('PerVertexKHR');
  });

  it('refuses inputs it cannot reach, interpolated inputs and other stages, with their locations', () => {
    expect(errorsOf(`float4 f(float4 c) { return GetAttributeAtVertex(c, 1); }
float4 ps_main(nointerpolation float4 c : C) : SV_Target { return f(c); }`)).toEqual([
      expect.stringMatching(/^\/input\.hlsl:1:29: error: 'GetAttributeAtVertex' reads a pixel shader input's own variable: .*helper functions' parameters are not inputs/),
    ]);
    expect(errorsOf(`float4 f(nointerpolation float4 c) { return GetAttributeAtVertex(c, 1); }
float4 ps_main(nointerpolation float4 c : C) : SV_Target { float4 d = c; return f(d); }`)).toEqual([
      expect.stringMatching(/^\/input\.hlsl:2:83: error: a 'nointerpolation' parameter takes an input parameter of the pixel entry point .*, or another such parameter; copies/),
    ]);
    // DXC's get-attribute-at-vertex.s.funcParam.neg: an interpolated input for a nointerpolation parameter.
    expect(errorsOf(`float4 f(nointerpolation float4 c) { return GetAttributeAtVertex(c, 1); }
float4 ps_main(float4 c : C) : SV_Target { return f(c); }`)).toEqual([
      "/input.hlsl:2:53: error: a 'nointerpolation' parameter takes an input declared 'nointerpolation'; 'C' is interpolated",
    ]);
    expect(errorsOf(`float4 f(nointerpolation float4 c) { return GetAttributeAtVertex(c, 1); }
float4 ps_main(nointerpolation float4 c : C) : SV_Target { return f(c * 2); }`)).toEqual([
      "/input.hlsl:2:71: error: a 'nointerpolation' parameter takes a pixel shader input (of type 'float4') or another such parameter, not a computed value",
    ]);
    expect(errorsOf(`float4 ps_main(nointerpolation float4 c : C) : SV_Target { float4 d = c; return GetAttributeAtVertex(d, 1); }`)).toEqual([
      expect.stringMatching(/^\/input\.hlsl:1:81: error: 'GetAttributeAtVertex' reads a pixel shader input's own variable/),
    ]);
    expect(errorsOf(`float4 ps_main(float4 c : C) : SV_Target { return GetAttributeAtVertex(c, 1); }`)).toEqual([
      "/input.hlsl:1:51: error: 'GetAttributeAtVertex' reads an input declared 'nointerpolation'; 'C' is interpolated",
    ]);
    expect(errorsOf(`float4 ps_main(nointerpolation bool c : C) : SV_Target { return GetAttributeAtVertex(c, 1); }`)).toEqual([
      "/input.hlsl:1:86: error: attribute evaluation can only be done on values taken directly from inputs, not on 'bool'",
    ]);
    expect(errorsOf(`float4 main(nointerpolation float4 c : C) : SV_Position { return GetAttributeAtVertex(c, 1); }`, { entryPoints: [{ name: 'main', stage: 'vertex' }] })).toEqual([
      "/input.hlsl:1:66: error: 'GetAttributeAtVertex' is only available in pixel shaders, not in the vertex entry point 'main'",
    ]);
  });

  it('is refused by the WGSL target with its location', () => {
    const r = compile(source, { ...PIXEL, target: 'wgsl' });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0])).toEqual([
      expect.stringMatching(/:8:23: error: GetAttributeAtVertex is not supported by the WGSL target \(WGSL has no per-vertex fragment inputs\)/),
    ]);
  });
});

describe('EvaluateAttributeAtSample, EvaluateAttributeCentroid, EvaluateAttributeSnapped', () => {
  const source = `
    float4 ps_main(float4 color : COLOR, centroid float2 uv : UV, uint s : SAMPLE) : SV_Target {
      return EvaluateAttributeAtSample(color, s) + EvaluateAttributeCentroid(color)
           + EvaluateAttributeSnapped(color, int2(-8, 4)) + EvaluateAttributeCentroid(uv).xyxy;
    }`;

  it('are GLSL.std.450 InterpolateAt* on the Input variable (InterpolationFunction)', () => {
    for (const optimize of [false, true]) {
      const text = disassembleSpirv(compileValid(source, { ...PIXEL, optimizationLevel: optimize ? 3 : 0 }).spirv);
      expect(text).toContain('OpCapability InterpolationFunction');
      expect(text).toMatch(/OpExtInst %v4float %\d+ InterpolateAtSample %in_var_COLOR %\d+/);
      expect(text).toMatch(/OpExtInst %v4float %\d+ InterpolateAtCentroid %in_var_COLOR/);
      expect(text).toMatch(/OpExtInst %v2float %\d+ InterpolateAtCentroid %in_var_UV/);
      // The offset is in sixteenths of a pixel (D3D's snapping grid): int2 → float2 × 1/16.
      expect(text).toMatch(/(%\w+) = OpConvertSToF %v2float %\d+\n\s*(%\w+) = OpVectorTimesScalar %v2float \1 %float_0_0625\n\s*%\w+ = OpExtInst %v4float %\d+ InterpolateAtOffset %in_var_COLOR \2/);
    }
  });

  it('follows a local copy of an input written once before the use (as DXC after legalization)', () => {
    const copies = `struct V { float4 color : COLOR; float2 uv : UV; };
      float4 ps_main(V v, float4 c : C) : SV_Target {
        float4 c2 = c; float4 c3 = c2; V w = v;
        return EvaluateAttributeCentroid(c3) + EvaluateAttributeAtSample(w.color, 1) + EvaluateAttributeCentroid(w.uv).xyxy;
      }`;
    const text = disassembleSpirv(compileValid(copies, { ...PIXEL, optimizationLevel: 0 }).spirv);
    // SV_InstanceID reaches a pixel shader at a location, so it interpolates like a user input (DXC's tests).
    const instance = disassembleSpirv(compileValid(`float4 ps_main(float i : SV_InstanceID) : SV_Target { return EvaluateAttributeCentroid(i); }`, PIXEL).spirv);
    expect(instance).toMatch(/OpDecorate %in_var_SV_InstanceID Location 0/);
    expect(instance).toMatch(/InterpolateAtCentroid %in_var_SV_InstanceID\n/);
    expect(text).toMatch(/InterpolateAtCentroid %in_var_C\n/);
    expect(text).toMatch(/InterpolateAtSample %in_var_COLOR %uint_1/);
    expect(text).toMatch(/InterpolateAtCentroid %in_var_UV\n/);
  });

  it('follows a helper’s parameter to the input every call passes (as DXC after inlining)', () => {
    const helpers = `
      RWStructuredBuffer<float4> a;
      void setValue(float4 input) { a[1] = EvaluateAttributeAtSample(input, 1) + EvaluateAttributeSnapped(input, int2(1, 1)); }
      float4 inner(float4 v) { return EvaluateAttributeCentroid(v); }
      float4 outer(float4 w, float k) { return inner(w) * k; }
      struct V { float4 color : COLOR; float2 uv : UV; };
      float4 ps_main(V v) : SV_Target {
        setValue(v.color);
        float4 c2 = v.color;
        setValue(c2);
        return outer(v.color, 2) + inner(v.color);
      }`;
    for (const optimize of [false, true]) {
      const text = disassembleSpirv(compileValid(helpers, { ...PIXEL, optimizationLevel: optimize ? 3 : 0 }).spirv);
      expect(text).toMatch(/InterpolateAtSample %in_var_COLOR %uint_1/);
      expect(text).toMatch(/InterpolateAtOffset %in_var_COLOR %\d+/);
      expect(text).toMatch(/InterpolateAtCentroid %in_var_COLOR\n/);
      // The helpers stay functions (not optimising): they name the entry's Input variable directly.
      if (!optimize) expect(text).toMatch(/%inner = OpFunction[^]*?InterpolateAtCentroid %in_var_COLOR\n[^]*?OpFunctionEnd/);
    }
  });

  it('refuses a helper called with different inputs, a computed argument or a parameter it writes, at the call', () => {
    const helper = `float4 h(float4 v) { return EvaluateAttributeCentroid(v); }\n`;
    expect(errorsOf(`${helper}float4 ps_main(float4 c : C, float4 d : D) : SV_Target { return h(c) + h(d); }`)).toEqual([
      "/input.hlsl:2:72: error: 'h' is called here with another input than at 2:65: it evaluates its parameter 'v' as an attribute, so every call must pass the same pixel shader input (DXC inlines each call; we do not specialise helpers per input)",
    ]);
    expect(errorsOf(`${helper}float4 ps_main(float4 c : C) : SV_Target { return h(c * 2); }`)).toEqual([
      "/input.hlsl:2:51: error: the argument of 'h' parameter 'v' here is not a pixel shader input: 'h' evaluates it as an attribute, which only an input (or a local copy of one, or a helper's parameter given one) can be",
    ]);
    expect(errorsOf(`float4 h(float4 v) { v.x = 0; return EvaluateAttributeCentroid(v); }\nfloat4 ps_main(float4 c : C) : SV_Target { return h(c); }`)).toEqual([
      expect.stringMatching(/^\/input\.hlsl:1:38: error: 'EvaluateAttributeCentroid' reads a pixel shader input's own variable: its first argument must be an input parameter of the pixel entry point \(or a member of one\), a local copy of one written once before the use, or a helper's parameter that every call gives one$/),
    ]);
    expect(errorsOf(`${helper}float4 vs_main(float4 c : C) : SV_Position { return h(c); }`, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }] })).toEqual([
      "/input.hlsl:1:29: error: 'EvaluateAttributeCentroid' is only available in pixel shaders, not in the vertex entry point 'vs_main'",
    ]);
  });

  it('refuses copies written again or later, integers, nointerpolation inputs and system values', () => {
    expect(errorsOf(`float4 ps_main(float4 c : C) : SV_Target { float4 d = c; d.x = 1; return EvaluateAttributeCentroid(d); }`)).toEqual([
      expect.stringMatching(/^\/input\.hlsl:1:74: error: 'EvaluateAttributeCentroid' reads a pixel shader input's own variable/),
    ]);
    expect(errorsOf(`float4 ps_main(float4 c : C) : SV_Target { float4 d; if (c.x > 0) d = c; else d = 0; return EvaluateAttributeCentroid(d); }`)).toEqual([
      expect.stringMatching(/error: 'EvaluateAttributeCentroid' reads a pixel shader input's own variable/),
    ]);
    expect(errorsOf(`float4 ps_main(nointerpolation int4 c : C) : SV_Target { return EvaluateAttributeCentroid(c); }`)).toEqual([
      "/input.hlsl:1:91: error: 'EvaluateAttributeCentroid' interpolates a floating-point input, not 'int4'",
    ]);
    expect(errorsOf(`float4 ps_main(nointerpolation float4 c : C) : SV_Target { return EvaluateAttributeAtSample(c, 0); }`)).toEqual([
      "/input.hlsl:1:67: error: 'EvaluateAttributeAtSample' interpolates an input, but 'C' is 'nointerpolation'",
    ]);
    expect(errorsOf(`float4 ps_main(float4 p : SV_Position) : SV_Target { return EvaluateAttributeSnapped(p, int2(1, 1)); }`)).toEqual([
      "/input.hlsl:1:61: error: 'EvaluateAttributeSnapped' needs one user-semantic input (a location), not the system value 'SV_Position'",
    ]);
  });

  it('is refused by the WGSL target with its location', () => {
    const r = compile(source, { ...PIXEL, target: 'wgsl' });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0])).toEqual([
      expect.stringMatching(/:3:14: error: EvaluateAttributeAtSample is not supported by the WGSL target \(WGSL has no interpolateAt functions\)/),
    ]);
  });
});

describe('on lavapipe', () => {
  let mesa25: GpuRunner;
  let system: GpuRunner;
  beforeAll(async () => {
    mesa25 = await startGpuRunner({ driver: 'lavapipe-mesa25' });
    system = await startGpuRunner();
  });
  afterAll(() => {
    mesa25?.close();
    system?.close();
  });

  const draw = (gpu: GpuRunner, pixel: string, extensions: string[] = [], samples: 1 | 4 = 1) => {
    const src = `${DRAW}\n${pixel}`;
    const vs = compileValid(src, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }] });
    const ps = compileValid(src, PIXEL);
    return gpu.renderTriangle({
      vertexSpirv: vs.spirv,
      pixelSpirv: ps.spirv,
      vertexEntry: 'vs_main',
      pixelEntry: 'ps_main',
      vertices: VERTICES,
      stride: 8,
      attributes: [{ location: 0, format: 'rg32float', offset: 0 }],
      width: 8,
      height: 8,
      format: 'rgba32float',
      clear: [0, 0, 0, 0],
      extensions,
      samples,
    });
  };

  it('GetAttributeAtVertex reads each vertex’s value (VK_KHR_fragment_shader_barycentric)', async (ctx) => {
    // Lavapipe (Mesa 22.3 and 25.0) lacks the extension: reported as skipped, not passed; the real-driver
    // lane (scripts/gpu-lane) runs the recorded job on a driver that has it (NVIDIA H100, 580.159.04: passes).
    const image = await draw(
      mesa25,
      `float vertexOf(nointerpolation float4 tag, uint k) { return GetAttributeAtVertex(tag, k).z + tag.w * 0; }
      float helper(nointerpolation float4 tag, uint k) { return vertexOf(tag, k); }
      float4 ps_main(V2P input, uint id : SV_PrimitiveID) : SV_Target {
        uint k = id + 2;  // a dynamic index: vertex 2, through two helpers
        return float4(GetAttributeAtVertex(input.tag, 0).x, GetAttributeAtVertex(input.tag, 1).y, helper(input.tag, k), input.tag.w);
      }`,
      ['VK_KHR_fragment_shader_barycentric'],
    ).catch((error: Error) => {
      if (/VK_KHR_fragment_shader_barycentric is not supported by this driver/.test(error.message)) ctx.skip();
      throw error;
    });
    // Vertex i wrote (10+i, 20+i, 30+i, 40+i); the plain read is the provoking (first) vertex's.
    for (const [x, y] of [[0, 0], [5, 2], [1, 6]] as const) expect(image.texel(x, y)).toEqual([10, 21, 32, 40]);
  });

  it('the draw fails unless the test names the extension (the harness enables nothing else)', async () => {
    await expect(draw(mesa25, `float4 ps_main(V2P input) : SV_Target { return GetAttributeAtVertex(input.tag, 2); }`)).rejects.toThrow(/VK_KHR_fragment_shader_barycentric/);
  });

  it('EvaluateAttributeAtSample reads at the standard 4x sample positions; the centroid lies inside the pixel', async () => {
    // Shaded once per pixel (no per-sample input), so every sample holds the pixel's value and the resolve
    // (average) returns it. ramp = NDC position: 2/8 per pixel in x and in y (y down, as Vulkan's).
    const image = await draw(
      system,
      `float4 ps_main(V2P input) : SV_Target {
        float2 c = input.ramp;
        return float4(EvaluateAttributeAtSample(input.ramp, 1) - c, EvaluateAttributeAtSample(input.ramp, 2).x - c.x,
                      EvaluateAttributeAtSample(input.ramp, 3).y - c.y);
      }`,
      [],
      4,
    );
    const second = await draw(
      system,
      `float4 ps_main(V2P input) : SV_Target {
        return float4(EvaluateAttributeCentroid(input.ramp) - input.ramp, EvaluateAttributeAtSample(input.ramp, 0) - input.ramp);
      }`,
      [],
      4,
    );
    // Vulkan's standard 4x locations: (0.375, 0.125), (0.875, 0.375), (0.125, 0.625), (0.625, 0.875).
    const offset = (p: number) => (p - 0.5) * (2 / 8);
    for (const [x, y] of [[0, 0], [4, 3], [6, 1]] as const) {
      const [s1x, s1y, s2x, s3y] = image.texel(x, y);
      expect(s1x).toBeCloseTo(offset(0.875), 5);
      expect(s1y).toBeCloseTo(offset(0.375), 5);
      expect(s2x).toBeCloseTo(offset(0.125), 5);
      expect(s3y).toBeCloseTo(offset(0.875), 5);
      // Where in a fully covered pixel the centroid lies is the implementation's choice (Vulkan): inside it.
      const [cx, cy, s0x, s0y] = second.texel(x, y);
      for (const d of [cx, cy]) expect(Math.abs(d)).toBeLessThanOrEqual(0.5 * (2 / 8));
      expect(s0x).toBeCloseTo(offset(0.375), 5);
      expect(s0y).toBeCloseTo(offset(0.125), 5);
    }
  });

  it('a local copy of the input evaluates the input itself (offset by sixteenths of a pixel)', async () => {
    const image = await draw(
      system,
      `float4 ps_main(V2P input) : SV_Target {
        V2P copy = input; float2 r = copy.ramp;
        return float4(EvaluateAttributeSnapped(r, int2(7, -4)) - input.ramp, EvaluateAttributeSnapped(copy.ramp, int2(0, -8)) - input.ramp);
      }`,
    );
    for (const [x, y] of [[0, 0], [4, 3], [6, 1]] as const) {
      const [dx, dy, zx, zy] = image.texel(x, y);
      expect(dx).toBeCloseTo((7 / 16) * (2 / 8), 5);
      expect(dy).toBeCloseTo((-4 / 16) * (2 / 8), 5);
      expect(zx).toBeCloseTo(0, 5);
      expect(zy).toBeCloseTo((-8 / 16) * (2 / 8), 5);
    }
  });

  it('through a helper’s parameter, centroid and sample evaluation give the pixels the direct calls give', async () => {
    const direct = `float4 ps_main(V2P input) : SV_Target {
        return float4(EvaluateAttributeAtSample(input.ramp, 3), EvaluateAttributeCentroid(input.ramp) + EvaluateAttributeSnapped(input.ramp, int2(5, -3)));
      }`;
    const helper = `float2 centroidOf(float2 r) { return EvaluateAttributeCentroid(r); }
      float2 both(float2 q) { return centroidOf(q) + EvaluateAttributeSnapped(q, int2(5, -3)); }
      float4 at(float2 r, uint s) { return float4(EvaluateAttributeAtSample(r, s), 0, 0); }
      float4 ps_main(V2P input) : SV_Target {
        float2 copy = input.ramp;
        return float4(at(input.ramp, 3).xy, both(copy));
      }`;
    const [a, b] = [await draw(system, direct, [], 4), await draw(system, helper, [], 4)];
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) expect(b.texel(x, y)).toEqual(a.texel(x, y));
    // And not trivially: sample 3 of 4x is (0.625, 0.875) in the pixel, so y is 3/8 of a pixel past the centre.
    const ramp = (p: number) => -1 + (p + 0.5) * (2 / 8);
    expect(b.texel(2, 5)[1]).toBeCloseTo(ramp(5) + 0.375 * (2 / 8), 5);
  });

  it('EvaluateAttributeSnapped moves the sample point by sixteenths of a pixel; at one sample the others are the centre', async () => {
    // ramp = NDC position: across an 8-pixel target, x grows by 2/8 per pixel.
    const image = await draw(
      system,
      `float4 ps_main(V2P input) : SV_Target {
        return float4(EvaluateAttributeSnapped(input.ramp, int2(-8, 4)) - input.ramp,
                      EvaluateAttributeAtSample(input.ramp, 0).x - input.ramp.x, EvaluateAttributeCentroid(input.ramp).y - input.ramp.y);
      }`,
    );
    for (const [x, y] of [[0, 0], [4, 3], [6, 1]] as const) {
      const [dx, dy, sample, centroid] = image.texel(x, y);
      expect(dx).toBeCloseTo((-8 / 16) * (2 / 8), 5);
      expect(dy).toBeCloseTo((4 / 16) * (2 / 8), 5);
      expect(sample).toBeCloseTo(0, 5);
      expect(centroid).toBeCloseTo(0, 5);
    }
  });
});
