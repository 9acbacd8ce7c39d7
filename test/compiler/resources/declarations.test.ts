// Vulkan attributes and texture methods that need no driver run: the SPIR-V they produce (read back
// with spirv-dis / reflect) and the errors the manual asks for. Every module passes spirv-val.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const dis = (source: string, options: CompileOptions = {}) => disassembleSpirv(compileValid(source, options).spirv);

describe('[[vk::constant_id]], [[vk::push_constant]]', () => {
  it('specialization constants: OpSpecConstant* with SpecId and their defaults', () => {
    const r = compileValid(`
[[vk::constant_id(1)]] const bool  specConstBool  = true;
[[vk::constant_id(2)]] const int   specConstInt   = 42;
[[vk::constant_id(3)]] const float specConstFloat = 1.5;
RWStructuredBuffer<float> o;
[numthreads(1,1,1)] void main() { o[0] = specConstBool ? specConstInt * specConstFloat : 0; }`);
    expect(r.reflection!.specConstants.map((s) => [s.name, s.id, s.type, s.defaultValue])).toEqual([
      ['specConstBool', 1, 'bool', true],
      ['specConstInt', 2, 'i32', 42],
      ['specConstFloat', 3, 'f32', 1.5],
    ]);
  });

  it('specialization constants without const (DXC: vk.spec-constant.init.hlsl), defaults converted, read-only', () => {
    const source = `
[[vk::constant_id(0)]] bool flag = 1.5;
[[vk::constant_id(1)]] int count = 2.5;
RWStructuredBuffer<float> o;
[numthreads(1,1,1)] void main() { o[0] = flag ? count : 0; }`;
    const r = compileValid(source);
    expect(r.reflection!.specConstants.map((s) => [s.name, s.id, s.type, s.defaultValue])).toEqual([
      ['flag', 0, 'bool', true],
      ['count', 1, 'i32', 2],
    ]);
    const written = compile(source.replace('o[0] =', 'count = 3; o[0] =')).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/read-only/);
  });

  it('a push constant block is reflected; a second one is an error naming the first', () => {
    const ok = compileValid(`struct P { float4 tint; uint n; };\n[[vk::push_constant]] P pc;\nRWStructuredBuffer<float4> o;
[numthreads(1,1,1)] void main() { o[0] = pc.tint * pc.n; }`);
    expect(ok.reflection!.pushConstants.map((p) => [p.name, p.block.members.map((m) => [m.name, m.offset])])).toEqual([['pc', [['tint', 0], ['n', 16]]]]);
    const bad = compile(`struct P { float4 tint; };\n[[vk::push_constant]] P a;\n[[vk::push_constant]] P b;\n[numthreads(1,1,1)] void main() {}`);
    const errors = bad.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.line, d.message])).toEqual([[3, `at most one push constant block is allowed per shader; 'b' is a second one`]]);
    expect(errors[0]!.notes.map((n) => [n.line, n.message])).toEqual([[2, `'a' is the first push constant block`]]);
  });
});

describe('image formats, subpass inputs, globallycoherent', () => {
  it('[[vk::image_format]] wins; otherwise RW textures and texel buffers take the format of T (DXC)', () => {
    const text = dis(`[[vk::image_format("rgba8")]] RWTexture2D<float4> a;\nRWTexture2D<float4> b;\nRWTexture2D<uint2> c;\nRWBuffer<int> d;\nRWTexture2D<float3> e;\nTexture2D<float4> f;
[numthreads(1,1,1)] void main() { a[uint2(0,0)] = b[uint2(0,0)] + f.Load(int3(0,0,0)); c[uint2(0,0)] = d[0]; e[uint2(0,0)] = 1; }`);
    const formats = [...text.matchAll(/OpTypeImage %\w+ (\w+) 2 0 0 (\d) (\w+)/g)].map((m) => `${m[1]}/${m[2]}/${m[3]}`);
    expect(new Set(formats)).toEqual(new Set(['2D/2/Rgba8', '2D/2/Rgba32f', '2D/2/Rg32ui', 'Buffer/2/R32i', '2D/2/Unknown', '2D/1/Unknown']));
    expect(text).toContain('OpCapability StorageImageWriteWithoutFormat'); // the float3 texture has no format
  });

  it('an unknown format name is an error', () => {
    const r = compile(`[[vk::image_format("rgb8")]] RWTexture2D<float4> a;\n[numthreads(1,1,1)] void main() {}`);
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      `'vk::image_format' needs one of the manual's format names (rgba8, r32f, …), not 'rgb8'`,
    ]);
  });

  it('SubpassInput with [[vk::input_attachment_index]] reads with OpImageRead', () => {
    const text = dis(`[[vk::input_attachment_index(2)]] SubpassInput<float4> colour;\nfloat4 main() : SV_Target { return colour.SubpassLoad(); }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    expect(text).toMatch(/OpDecorate %colour InputAttachmentIndex 2/);
    expect(text).toMatch(/OpTypeImage %float SubpassData 2 0 0 2 Unknown/);
    expect(text).toMatch(/OpImageRead %v4float %\w+ %\w+/);
  });

  it('globallycoherent decorates the variable Coherent', () => {
    expect(dis(`globallycoherent RWByteAddressBuffer buf;\n[numthreads(1,1,1)] void main() { buf.Store(0, 1); }`)).toMatch(/OpDecorate %buf Coherent/);
  });
});

describe('sampling methods (pixel stage: implicit LOD needs derivatives)', () => {
  const text = dis(`
Texture2D<float4> t; Texture2DArray<float> ta; TextureCube<float4> tc;
SamplerState s; SamplerComparisonState sc;
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 r = t.Sample(s, uv) + t.Sample(s, uv, int2(1, -1)) + t.Sample(s, uv, int2(0, 0), 2.0);
  r += t.SampleBias(s, uv, 0.5) + t.SampleGrad(s, uv, float2(0.1, 0), float2(0, 0.1));
  r.x += ta.SampleCmp(sc, float3(uv, 1), 0.5) + ta.SampleCmpLevelZero(sc, float3(uv, 0), 0.25);
  r += t.GatherRed(s, uv) + t.GatherAlpha(s, uv, int2(1, 1)) + tc.Gather(s, float3(uv, 1));
  r.y += t.CalculateLevelOfDetail(s, uv) + t.CalculateLevelOfDetailUnclamped(s, uv);
  return r;
}`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });

  it.each([
    ['Sample', /OpImageSampleImplicitLod %v4float %\w+ %\w+\n/],
    ['Sample + offset', /OpImageSampleImplicitLod %v4float %\w+ %\w+ ConstOffset %\w+/],
    ['Sample + clamp', /OpImageSampleImplicitLod %v4float %\w+ %\w+ ConstOffset\|MinLod %\w+ %\w+/],
    ['SampleBias', /OpImageSampleImplicitLod %v4float %\w+ %\w+ Bias %\w+/],
    ['SampleGrad', /OpImageSampleExplicitLod %v4float %\w+ %\w+ Grad %\w+ %\w+/],
    ['SampleCmp', /OpImageSampleDrefImplicitLod %float %\w+ %\w+ %\w+\n/],
    ['SampleCmpLevelZero', /OpImageSampleDrefExplicitLod %float %\w+ %\w+ %\w+ Lod %float_0/],
    ['GatherRed', /OpImageGather %v4float %\w+ %\w+ %uint_0\n/],
    ['GatherAlpha + offset', /OpImageGather %v4float %\w+ %\w+ %uint_3 ConstOffset %\w+/],
    ['CalculateLevelOfDetail', /OpImageQueryLod %v2float/],
  ])('%s', (_name, pattern) => {
    expect(text).toMatch(pattern);
  });
});

describe('errors', () => {
  const errors = (source: string) => compile(source).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
  it('wrong sampler kind, unavailable method, sparse status', () => {
    expect(errors(`Texture2D t; SamplerState s; SamplerComparisonState c; RWStructuredBuffer<float> o;
[numthreads(1,1,1)] void main() { o[0] = t.SampleCmpLevelZero(s, float2(0,0), 0); }`)).toEqual([`argument 1 of 'SampleCmpLevelZero' must be a SamplerComparisonState, not 'SamplerState'`]);
    expect(errors(`Texture2DMS<float4> t; SamplerState s; RWStructuredBuffer<float4> o;
[numthreads(1,1,1)] void main() { o[0] = t.SampleLevel(s, float2(0,0), 0); }`)).toEqual([`'SampleLevel' is not available on 'Texture2DMS<float4>'`]);
    // The manual: byte-address and structured buffers are not images, so their Load has no status form.
    expect(errors(`ByteAddressBuffer t; RWStructuredBuffer<uint> o;
[numthreads(1,1,1)] void main() { uint st; o[0] = t.Load(0, st); }`)).toEqual([`the status argument of 'Load' (sparse residency) is not supported on 'ByteAddressBuffer<uint>': it is not an image (manual)`]);
  });
  it('writing a read-only texture or buffer', () => {
    expect(errors(`Texture2D<float4> t;\n[numthreads(1,1,1)] void main() { t[uint2(0,0)] = 1; }`)).toEqual([`cannot assign to a read-only value`]);
    expect(errors(`ByteAddressBuffer b;\n[numthreads(1,1,1)] void main() { b.Store(0, 1); }`)).toEqual([`'Store' is not available on the read-only 'ByteAddressBuffer<uint>'`]);
  });
});
