// Sparse residency (the manual's method tables: "If an output unsigned integer status argument is
// present, OpImageSparse* is used instead"): each form's opcode, the residency code stored to status,
// CheckAccessFullyMapped → OpImageSparseTexelsResident, the SparseResidency capability. Lavapipe has
// no sparse residency (sparseResidencyImage2D = false), so these are spirv-val and structure tests only.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const PIXEL = { entryPoints: [{ name: 'main', stage: 'pixel' as const }] };

/** One statement per method form; the shader returns all values so none is dead. */
function sparseShader(call: string, declarations = ''): string {
  return `Texture2D<float4> t; Texture2DArray<float> ta; TextureCube<float4> tc; Texture2DMS<float4> ms;
RWTexture2D<float4> rw; Buffer<float4> b; RWBuffer<float2> rb; SamplerState s; SamplerComparisonState sc;
${declarations}
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  uint status;
  float4 v = (float4)(${call});
  return CheckAccessFullyMapped(status) ? v : 0;
}`;
}

describe('status out-argument → OpImageSparse*', () => {
  // [HLSL call, manual's opcode, result struct member 1 type, image operands].
  const cases: [string, string, string, string][] = [
    ['t.Sample(s, uv, int2(1, 0), 1.0, status)', 'OpImageSparseSampleImplicitLod', 'v4float', 'ConstOffset|MinLod'],
    ['tc.Sample(s, float3(uv, 1), 0.5, status)', 'OpImageSparseSampleImplicitLod', 'v4float', 'MinLod'],
    ['t.SampleLevel(s, uv, 2.0, int2(0, 1), status)', 'OpImageSparseSampleExplicitLod', 'v4float', 'Lod|ConstOffset'],
    ['t.SampleGrad(s, uv, float2(1, 0), float2(0, 1), int2(0, 0), 0.5, status)', 'OpImageSparseSampleExplicitLod', 'v4float', 'Grad|ConstOffset|MinLod'],
    ['t.SampleBias(s, uv, 0.5, int2(0, 0), 1.0, status)', 'OpImageSparseSampleImplicitLod', 'v4float', 'Bias|ConstOffset|MinLod'],
    ['ta.SampleCmp(sc, float3(uv, 0), 0.5, int2(0, 0), 2.0, status)', 'OpImageSparseSampleDrefImplicitLod', 'float', 'ConstOffset|MinLod'],
    ['ta.SampleCmpLevelZero(sc, float3(uv, 0), 0.5, int2(0, 0), status)', 'OpImageSparseSampleDrefExplicitLod', 'float', 'Lod|ConstOffset'],
    ['t.Gather(s, uv, int2(1, 1), status)', 'OpImageSparseGather', 'v4float', 'ConstOffset'],
    ['t.GatherBlue(s, uv, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1), status)', 'OpImageSparseGather', 'v4float', 'ConstOffsets'],
    ['ta.GatherCmp(sc, float3(uv, 0), 0.5, int2(0, 0), status)', 'OpImageSparseDrefGather', 'v4float', 'ConstOffset'],
    ['t.Load(int3(1, 1, 0), int2(0, 0), status)', 'OpImageSparseFetch', 'v4float', 'Lod|ConstOffset'],
    ['ms.Load(int2(1, 1), 3, int2(1, 0), status)', 'OpImageSparseFetch', 'v4float', 'ConstOffset|Sample'],
    ['b.Load(2, status)', 'OpImageSparseFetch', 'v4float', ''],
    ['rw.Load(int2(1, 1), status)', 'OpImageSparseRead', 'v4float', ''],
    ['float4(rb.Load(3, status), 0, 0)', 'OpImageSparseRead', 'v4float', ''],
  ];

  it.each(cases)('%s → %s', (call, opcode, texel, operands) => {
    const text = disassembleSpirv(compileValid(sparseShader(call), PIXEL).spirv);
    expect(text).toMatch(/OpCapability SparseResidency/);
    // The SPIR-V result is a { uint residency code, texel } struct.
    const m = new RegExp(`%(\\w+) = ${opcode} %(\\w+) [^\\n]*?${operands ? ` ${operands.replace(/\|/g, '\\|')} ` : ''}`).exec(text);
    expect(m, `${opcode} with ${operands || 'no operands'}`).not.toBeNull();
    expect(text).toMatch(new RegExp(`%${m![2]} = OpTypeStruct %uint %${texel}\\n`));
    // Member 0 is the residency code stored to status, which CheckAccessFullyMapped tests.
    expect(text).toMatch(new RegExp(`%\\w+ = OpCompositeExtract %uint %${m![1]} 0\\n`));
    expect(text).toMatch(/OpImageSparseTexelsResident %bool %\w+/);
  });

  it('status needs the full argument list and an assignable scalar', () => {
    const errors = (call: string) => compile(sparseShader(call), PIXEL).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    // Sample(s, uv, offset, x): one argument short of the status form, so x is the clamp.
    expect(errors('t.Sample(s, uv, int2(0, 0), status)')).toEqual([]);
    // Texture2DMS.Load(location, sample, x): x is the offset, and a variable offset is not allowed there.
    expect(errors('ms.Load(int2(1, 1), 3, status)')).toEqual([
      `the offset of 'Load' must be a constant expression (Vulkan allows a non-constant offset on gathers only)`,
    ]);
    expect(errors('t.Sample(s, uv, int2(0, 0), 1.0, 3u)')).toEqual(['expression is not assignable']);
    expect(errors('t.Sample(s, uv, int2(0, 0), 1.0, uv)')).toEqual([`out argument 5 of 'Sample' must be a scalar, not 'float2'`]);
    expect(errors('t.GatherRed(s, uv, int2(0, 0), int2(1, 0), int2(0, 1), int2((int)uv.x, 1), status)')).toEqual([
      `the status argument of 'GatherRed' needs four constant offsets (non-constant offsets take four separate gathers)`,
    ]);
    expect(compile(sparseShader('t.Sample(s, uv)').replace('CheckAccessFullyMapped(status)', 'CheckAccessFullyMapped(status, 1)'), PIXEL).diagnostics.map((d) => d.message)).toContain(
      `'CheckAccessFullyMapped' takes 1 argument, but 2 were given`,
    );
  });
});
