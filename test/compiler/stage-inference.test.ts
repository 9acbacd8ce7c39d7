// Files that mark no entry point, as HLSL written for `dxc -T ps_6_0 -E main` is: the stage of `main`
// comes from the caller's hint (the plugin reads the file name) or from what it writes.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../compiler/index.js';
import { validateSpirv } from '../helpers/tools.js';

const VS_OUT = 'struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; };';
const PIXEL_MAIN = 'float4 main(float4 p : SV_Position) : SV_Target { return p; }';
const VERTEX_MAIN = `${VS_OUT} VSOut main(float3 pos : POSITION) { VSOut o; o.pos = float4(pos, 1); o.uv = pos.xy; return o; }`;

function entries(source: string, options: CompileOptions = {}) {
  const result = compile(source, { filename: '/p/shader.hlsl', ...options });
  if (result.success) validateSpirv(result.spirv!);
  return {
    entryPoints: result.entryPoints.map((e) => `${e.name}:${e.stage}`),
    errors: result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column}: ${d.message}`),
  };
}

describe('stage inference for files that mark no entry point', () => {
  it('main writing SV_Target is a pixel shader', () => {
    expect(entries(PIXEL_MAIN)).toEqual({ entryPoints: ['main:pixel'], errors: [] });
  });

  it('stage attributes name geometry, hull and domain shaders, which also write SV_Position', () => {
    const gs = `${VS_OUT} [maxvertexcount(1)] void main(point VSOut v[1], inout PointStream<VSOut> s) { s.Append(v[0]); }`;
    expect(entries(gs)).toEqual({ entryPoints: ['main:geometry'], errors: [] });
    const ds = `${VS_OUT} struct F { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
      [domain("quad")] VSOut main(F f, float2 uv : SV_DomainLocation, OutputPatch<VSOut, 4> p) { return p[0]; }`;
    expect(entries(ds)).toEqual({ entryPoints: ['main:domain'], errors: [] });
    const hs = `${VS_OUT} struct F { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
      F pcf() { return (F)1; }
      [domain("quad")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(4)] [patchconstantfunc("pcf")]
      VSOut main(InputPatch<VSOut, 4> p, uint i : SV_OutputControlPointID) { return p[i]; }`;
    expect(entries(hs)).toEqual({ entryPoints: ['main:hull'], errors: [] });
  });

  it('main writing SV_Position (through its return struct) is a vertex shader', () => {
    expect(entries(VERTEX_MAIN)).toEqual({ entryPoints: ['main:vertex'], errors: [] });
  });

  it('main writing SV_Position through an out parameter is a vertex shader', () => {
    expect(entries('void main(float3 p : POSITION, out float4 pos : SV_Position) { pos = float4(p, 1); }').entryPoints).toEqual(['main:vertex']);
  });

  it('the hint (a file name such as x.frag.hlsl) decides when the outputs do not', () => {
    const source = 'float4 main(float4 c : COLOR0) : COLOR1 { return c; }';
    expect(entries(source, { defaultStage: 'pixel' })).toEqual({ entryPoints: ['main:pixel'], errors: [] });
  });

  it('an undecidable main is an error at its name that says how to decide', () => {
    const { errors } = entries('\nfloat4 main(float4 c : COLOR0) : COLOR1 { return c; }');
    expect(errors).toEqual([expect.stringMatching(/^2:8: cannot tell which stage 'main' is: its outputs name none/)]);
  });

  it('without main, every function whose outputs name a stage is an entry point', () => {
    const source = `${VS_OUT}
      VSOut VSMain(float3 pos : POSITION) { VSOut o; o.pos = float4(pos, 1); o.uv = 0; return o; }
      float4 PSMain(VSOut i) : SV_Target0 { return float4(i.uv, 0, 1); }
      float helper(float x) { return x * 2; }`;
    expect(entries(source).entryPoints).toEqual(['VSMain:vertex', 'PSMain:pixel']);
    expect(entries(source, { defaultStage: 'pixel' }).entryPoints).toEqual(['PSMain:pixel']);
  });

  it('nothing to go on: the error says what was looked for', () => {
    const { errors } = entries('float helper(float x) { return x; }');
    expect(errors).toEqual([expect.stringMatching(/^1:1: no entry point found: mark a function with \[shader\("stage"\)\]/)]);
  });

  it('attributes still win: [numthreads] and [shader] are entry points whatever main writes', () => {
    const source = `${PIXEL_MAIN}\nRWStructuredBuffer<uint> o; [numthreads(1,1,1)] void cs() { o[0] = 1; }`;
    expect(entries(source).entryPoints).toEqual(['cs:compute']);
  });
});
