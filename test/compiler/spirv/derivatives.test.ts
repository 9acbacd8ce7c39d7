// Implicit derivatives per entry point: a compute shader that samples with an implicit LOD, takes
// ddx or asks for a LOD declares the derivative group its numthreads allows (linear or quads); fine and
// coarse derivatives declare DerivativeControl; a stage without derivatives is a clear error, unless
// the use sits in a branch a constant condition removes. Not executed: this machine's lavapipe lists
// VK_NV_compute_shader_derivatives but reports computeDerivativeGroupQuads/Linear as false.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { compileValid } from '../helpers.js';
import { disassembleSpirv } from '../../helpers/tools.js';

const computeSampling = (threads: string) => `
  SamplerState s : register(s0);
  Texture2D<float4> t : register(t0);
  RWStructuredBuffer<float4> o : register(u0);
  float lodOf(float2 uv) { return t.CalculateLevelOfDetail(s, uv); }
  [numthreads(${threads})]
  void main(uint3 id : SV_DispatchThreadID) {
    float2 uv = id.xy / 8.0;
    o[id.x] = t.Sample(s, uv) + ddx(uv).xyxy + lodOf(uv);
  }`;

describe('derivatives in compute shaders', () => {
  it('declares a quad derivative group for numthreads with X and Y even', () => {
    const r = compileValid(computeSampling('2, 2, 1'), { entryPoints: [{ name: 'main', stage: 'compute' }] }, ['vulkan1.0', 'vulkan1.1', 'vulkan1.3']);
    const text = disassembleSpirv(r.spirv);
    expect(text).toMatch(/OpCapability ComputeDerivativeGroupQuadsNV/);
    expect(text).toMatch(/OpExtension "SPV_NV_compute_shader_derivatives"/);
    expect(text).toMatch(/OpExecutionMode %main DerivativeGroupQuadsNV/);
  });

  it('declares a linear group for numthreads(4k, 1, 1), also when only a called function samples', () => {
    const source = `
      SamplerState s; Texture2D<float4> t; RWStructuredBuffer<float4> o;
      float4 fetch(float2 uv) { return t.Sample(s, uv); }
      [numthreads(16, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { o[id.x] = fetch(id.xy / 4.0); }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }] }, ['vulkan1.0', 'vulkan1.2']).spirv);
    expect(text).toMatch(/OpCapability ComputeDerivativeGroupLinearNV/);
    expect(text).toMatch(/OpExecutionMode %main DerivativeGroupLinearNV/);
  });

  it('declares nothing for a compute shader without derivatives', () => {
    const source = `RWStructuredBuffer<float> o; [numthreads(3, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { o[id.x] = id.x; }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }] }, ['vulkan1.0']).spirv);
    expect(text).not.toMatch(/Derivative/);
  });

  it('rejects derivatives with a workgroup shape that has no quads', () => {
    const r = compile(computeSampling('3, 3, 1'), { entryPoints: [{ name: 'main', stage: 'compute' }] });
    expect(r.success).toBe(false);
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(/numthreads\(3, 3, 1\): derivatives need X divisible by 4/);
  });
});

describe('derivatives in other stages', () => {
  it('declares DerivativeControl for ddx_fine/ddy_coarse in a pixel shader', () => {
    const source = `float4 main(float2 uv : UV) : SV_Target { return float4(ddx_fine(uv), ddy_coarse(uv)); }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'pixel' }] }, ['vulkan1.0', 'vulkan1.3']).spirv);
    expect(text).toMatch(/OpCapability DerivativeControl/);
    expect(text).toMatch(/OpDPdxFine/);
  });

  it('rejects ddx reachable from a vertex shader, naming the stage', () => {
    const source = `float4 main(float4 p : POSITION) : SV_Position { return p + ddx(p); }`;
    const r = compile(source, { entryPoints: [{ name: 'main', stage: 'vertex' }] });
    expect(r.success).toBe(false);
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(/uses ddx, which needs derivatives: .* not the vertex stage/);
  });

  it('drops a branch whose condition is a constant false, derivatives included', () => {
    const source = `
      #define COND false
      float4 main(float4 p : POSITION) : SV_Position { float4 r = p; if (COND) { r += ddx(p); } return r; }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'vertex' }] }, ['vulkan1.0']).spirv);
    expect(text).not.toMatch(/OpDPdx/);
  });
});
