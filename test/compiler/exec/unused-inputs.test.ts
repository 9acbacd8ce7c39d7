// Unread stage inputs at -O1…-O3 (issue 19): as DXC's optimizer, an input the entry point never
// reads is not declared; every other input keeps its location or builtin (the vertex-input and
// pixel-input layouts do not move). -O0 and -fspv-preserve-interface keep them all, an input whose
// presence turns on sample shading stays, and WGSL (whose locations are the SPIR-V's) leaves out the
// same inputs. The draw supplies every attribute and gives the same image at both levels on lavapipe,
// and on WebGPU.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { vertexInputs } from '../../../plugin/codegen/vertex-inputs.js';
import { renderTriangleOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const SOURCE = `
struct VSIn {
  float2 pos : POSITION;
  float3 normal : NORMAL;   // location 1: never read
  float3 color : COLOR;
};
struct VSOut {
  float4 pos : SV_Position;
  [[vk::location(0)]] float3 color : COLOR;
  [[vk::location(1)]] float2 uv : TEXCOORD;
};
VSOut vs_main(VSIn input, uint vid : SV_VertexID, uint iid : SV_InstanceID) {
  VSOut o;
  o.pos = float4(input.pos, 0, 1);
  o.color = input.color;
  o.uv = float2(vid, 0);
  return o;
}
float4 ps_main(VSOut i) : SV_Target0 {
  return float4(i.color.rg, i.color.b + i.uv.x, 1);
}`;
const VERTEX: CompileOptions = { entryPoints: [{ name: 'vs_main', stage: 'vertex' }] };
const PIXEL: CompileOptions = { entryPoints: [{ name: 'ps_main', stage: 'pixel' }] };
/** The Input variables' locations and builtins. */
function inputsOf(spirv: Uint32Array): string[] {
  const text = disassembleSpirv(spirv);
  const inputs = new Set([...text.matchAll(/(%\w+) = OpVariable %\w+ Input/g)].map((m) => m[1]));
  return [...text.matchAll(/OpDecorate (%\w+) (Location \d+|BuiltIn \w+)/g)].filter((m) => inputs.has(m[1])).map((m) => m[2]!).sort();
}

describe('unread stage inputs', () => {
  it('-O3 leaves out the unread vertex attribute and builtins; the others keep their locations', () => {
    expect(inputsOf(compileValid(SOURCE, { ...VERTEX, optimizationLevel: 0 }).spirv)).toEqual(['BuiltIn InstanceIndex', 'BuiltIn VertexIndex', 'Location 0', 'Location 1', 'Location 2']);
    expect(inputsOf(compileValid(SOURCE, VERTEX).spirv)).toEqual(['BuiltIn VertexIndex', 'Location 0', 'Location 2']);
    expect(inputsOf(compileValid(SOURCE, { ...VERTEX, optimizationLevel: 1 }).spirv)).toEqual(['BuiltIn VertexIndex', 'Location 0', 'Location 2']);
  });

  it('-O3 leaves out unread pixel inputs (SV_Position, TEXCOORD)', () => {
    const source = SOURCE.replace('i.color.b + i.uv.x', 'i.color.b');
    expect(inputsOf(compileValid(source, { ...PIXEL, optimizationLevel: 0 }).spirv)).toEqual(['BuiltIn FragCoord', 'Location 0', 'Location 1']);
    expect(inputsOf(compileValid(source, PIXEL).spirv)).toEqual(['Location 0']);
    expect(inputsOf(compileValid(SOURCE, PIXEL).spirv)).toEqual(['Location 0', 'Location 1']);
  });

  it('reflection and the typed module list the attributes the SPIR-V declares, at their locations', () => {
    const attributes = (options: CompileOptions) => {
      const data = vertexInputs(compileValid(SOURCE, options).reflection!, (m) => expect.fail(m)) as Record<string, { shaderLocation: number; format: string }[]>;
      return data['vs_main']!.map((a) => [a.shaderLocation, a.format]);
    };
    expect(attributes({ ...VERTEX, optimizationLevel: 0 })).toEqual([[0, 'float32x2'], [1, 'float32x3'], [2, 'float32x3']]);
    expect(attributes(VERTEX)).toEqual([[0, 'float32x2'], [2, 'float32x3']]);
  });

  it('-fspv-preserve-interface keeps every input', () => {
    expect(inputsOf(compileValid(SOURCE, { ...VERTEX, preserveInterface: true }).spirv)).toEqual(inputsOf(compileValid(SOURCE, { ...VERTEX, optimizationLevel: 0 }).spirv));
    expect(inputsOf(compileValid(SOURCE, { ...PIXEL, preserveInterface: true }).spirv)).toEqual(['BuiltIn FragCoord', 'Location 0', 'Location 1']);
  });

  it('keeps an unread SV_SampleIndex or sample-interpolated input: it turns on sample shading', () => {
    const source = `struct PSIn { float4 pos : SV_Position; [[vk::location(0)]] float3 color : COLOR; [[vk::location(1)]] sample float2 uv : TEXCOORD; uint s : SV_SampleIndex; };
float4 main(PSIn i) : SV_Target { return float4(i.color, 1); }`;
    expect(inputsOf(compileValid(source, { entryPoints: [{ name: 'main', stage: 'pixel' }] }).spirv)).toEqual(['BuiltIn SampleId', 'Location 0', 'Location 1']);
  });

  it('WGSL declares the inputs the SPIR-V declares; the SPIR-V is the same with WGSL targeted or not', () => {
    const entryPoints = [...VERTEX.entryPoints!, ...PIXEL.entryPoints!];
    const both = compile(SOURCE, { entryPoints, target: ['spirv', 'wgsl'] });
    expect(both.spirv).toEqual(compile(SOURCE, { entryPoints }).spirv);
    // The WGSL is the WGSL-only compile's, which the draw below runs through Tint and WebGPU.
    const wgsl = compile(SOURCE, { entryPoints, target: 'wgsl' }).wgsl!.code;
    expect(both.wgsl!.code).toBe(wgsl);
    const vs = wgsl.slice(wgsl.indexOf('@vertex'));
    expect([...vs.slice(0, vs.indexOf('{')).matchAll(/@location\((\d+)\)/g)].map((m) => m[1])).toEqual(['0', '2']);
  });
});

describe('a draw that supplies every attribute', () => {
  let gpu: Targets;
  beforeAll(async () => {
    gpu = await startTargets();
  });
  afterAll(() => gpu?.close());

  it('gives the same image whether the unread inputs are declared (-O0) or not (-O3, WGSL)', async () => {
    // One triangle over the whole 4x4 target; normals are junk the shader never reads.
    const verts = [
      [-1, -1, 9, 9, 9, 1, 0, 0],
      [3, -1, 9, 9, 9, 0, 1, 0],
      [-1, 3, 9, 9, 9, 0, 0, 1],
    ];
    const images = await renderTriangleOnBoth(gpu, SOURCE, { entryPoints: [...VERTEX.entryPoints!, ...PIXEL.entryPoints!] }, {
      vertexSpirv: compileValid(SOURCE, VERTEX).spirv,
      pixelSpirv: compileValid(SOURCE, PIXEL).spirv,
      vertexEntry: 'vs_main',
      pixelEntry: 'ps_main',
      vertices: new Float32Array(verts.flat()),
      stride: 32,
      attributes: [
        { location: 0, format: 'rg32float', offset: 0 },
        { location: 1, format: 'rgb32float', offset: 8 },
        { location: 2, format: 'rgb32float', offset: 20 },
      ],
      width: 4,
      height: 4,
      format: 'rgba32float',
      clear: [0, 0, 0, 0],
    });
    // Pixel (0, 0)'s centre in Vulkan's NDC (y down): barycentric weights of the three vertices;
    // blue adds uv.x, the vertex index interpolated (0·w0 + 1·w1 + 2·w2).
    const x = 0.125 * 2 - 1;
    const w1 = (x + 1) / 4;
    const w2 = (x + 1) / 4;
    const expected = [1 - w1 - w2, w1, w2 + w1 + 2 * w2, 1];
    images.spirv.texel(0, 0).forEach((v, i) => expect(v, `SPIR-V [${i}]`).toBeCloseTo(expected[i]!, 4));
    // WebGPU's y is up: the same pixel is row 3.
    expect(images.wgsl, 'WGSL draw').toBeDefined();
    images.wgsl!.texel(0, 3).forEach((v, i) => expect(v, `WGSL [${i}]`).toBeCloseTo(expected[i]!, 4));
  });
});
