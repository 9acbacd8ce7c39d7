// Value numbering at -O1+ (compiler/spirv/value-numbering.ts): a pure instruction that repeats a
// dominating one goes; loads merge only from memory the shader cannot write. Structure only: the
// execution suites run every case at -O0 and -O3 (test/webgpu/both-levels.ts), and every module
// here passes spirv-val.
import { describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const VERTEX: CompileOptions = { entryPoints: [{ name: 'main', stage: 'vertex' }] };
const COMPUTE: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }] };
const dis = (source: string, options: CompileOptions) => disassembleSpirv(compileValid(source, options).spirv);
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

describe('value numbering (-O3)', () => {
  it('reads a uniform block member once and computes a repeated product once', () => {
    const source = `
cbuffer UBO : register(b0) { float4x4 projection; float4x4 modelview; float4 lightPos; };
struct VSOut { float4 pos : SV_Position; float3 normal : NORMAL; float3 light : LIGHT; };
VSOut main(float3 pos : POSITION, float3 normal : NORMAL) {
  VSOut o;
  o.pos = mul(projection, mul(modelview, float4(pos, 1.0)));
  float4 p = mul(modelview, float4(pos, 1.0));
  o.normal = mul((float3x3)modelview, normal);
  o.light = mul((float3x3)modelview, lightPos.xyz) - p.xyz;
  return o;
}`;
    const o0 = dis(source, { ...VERTEX, optimizationLevel: 0 });
    const o3 = dis(source, VERTEX);
    expect(count(o0, /OpLoad %mat4v4float/)).toBeGreaterThanOrEqual(5);
    expect(count(o3, /OpLoad %mat4v4float/)).toBe(2);
    // mul(modelview, float4(pos, 1)) once; the float3x3 cast's extracts once.
    expect(count(o3, /OpVectorTimesMatrix %v4float/)).toBe(2);
    expect(count(o3, /OpCompositeConstruct %mat3v3float/)).toBe(1);
  });

  it('reads image operands after a depth reference or gather component, which are ids (MiniEngine ModelViewerPS)', () => {
    // The Dref of SampleCmp* and the component of GatherRed come before the image-operand mask: taken
    // for the mask, a Dref computed only for the sample was removed as unused (an undefined id).
    const text = dis(`Texture2D<float> shadow : register(t0); SamplerComparisonState cmp : register(s0);
Texture2D<float4> color : register(t1); SamplerState lin : register(s1);
float4 main(float4 uvz : TEXCOORD) : SV_Target {
  float a = shadow.SampleCmpLevelZero(cmp, uvz.xy, uvz.z * 0.5) + shadow.SampleCmpLevelZero(cmp, uvz.xy + 0.25, uvz.z * 0.5);
  float b = shadow.SampleCmp(cmp, uvz.xy, uvz.w - 1, int2(1, 0));
  float4 g = color.GatherRed(lin, uvz.xy, int2(0, 1)) + color.GatherGreen(lin, uvz.xy);
  return float4(a, b, g.x, g.w);
}`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    expect(count(text, /OpImageSampleDrefExplicitLod/)).toBe(2);
    expect(count(text, /OpImageSampleDrefImplicitLod/)).toBe(1);
  });

  it('does not merge loads from a buffer the shader writes', () => {
    const text = dis(`RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() { float a = o[1]; o[1] = a * 2; o[0] = o[1] + a; }`, COMPUTE);
    expect(count(text, /OpLoad %float/)).toBe(2);
  });

  it('reuses a value only where it dominates: not after a branch that computed it', () => {
    const text = dis(`RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() {
  float a = o[0], b = o[1];
  float r = 0;
  if (a > 0) r = a * b;
  o[2] = r + a * b;
}`, COMPUTE);
    expect(count(text, /OpFMul %float/)).toBe(2);
    const hoisted = dis(`RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() {
  float a = o[0], b = o[1];
  float m = a * b;
  float r = 0;
  if (a > 0) r = a * b;
  o[2] = r + m;
}`, COMPUTE);
    expect(count(hoisted, /OpFMul %float/)).toBe(1);
  });

  it('keeps a NonUniform-decorated instruction apart', () => {
    const text = dis(`Texture2D t[] : register(t0);
SamplerState s : register(s0);
RWStructuredBuffer<float4> o : register(u0);
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = NonUniformResourceIndex(id.x);
  o[0] = t[i].SampleLevel(s, float2(0, 0), 0) + t[i].SampleLevel(s, float2(1, 1), 0);
}`, { ...COMPUTE, targetEnv: 'vulkan1.2' });
    const decorated = [...text.matchAll(/OpDecorate (%\w+) NonUniform/g)].map((m) => m[1]);
    const chains = [...text.matchAll(/(%\w+) = OpAccessChain %_ptr_UniformConstant_\w+ %t /g)].map((m) => m[1]);
    expect(chains).toHaveLength(2);
    for (const id of chains) expect(decorated).toContain(id);
    // The sampler's load (undecorated) is shared.
    expect(count(text, /OpLoad %\w+ %s\n/)).toBe(1);
  });
});
