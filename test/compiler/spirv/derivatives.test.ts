// Implicit derivatives per entry point: a compute shader that samples with an implicit LOD, takes
// ddx or asks for a LOD declares the derivative group its numthreads allows (linear or quads); fine and
// coarse derivatives declare DerivativeControl; a stage without derivatives is a clear error, unless
// the use sits in a branch a constant condition removes. SPV_KHR_compute_shader_derivatives where DXC
// picks it (named by -fspv-extension, and mesh/task shaders); executed in exec/compute-derivatives.test.ts
// (Mesa 22.3's lavapipe reports the NV features as false, Mesa 25's has the KHR extension).
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

describe('SPV_KHR_compute_shader_derivatives', () => {
  it('declares the KHR extension when -fspv-extension names it or all KHR ones (DXC: ddx.compute.khr.hlsl)', () => {
    for (const allowedExtensions of [['SPV_KHR_compute_shader_derivatives'], ['KHR']]) {
      const text = disassembleSpirv(compileValid(computeSampling('2, 2, 1'), { entryPoints: [{ name: 'main', stage: 'compute' }], allowedExtensions }, ['vulkan1.1', 'vulkan1.3']).spirv);
      expect(text).toMatch(/OpExtension "SPV_KHR_compute_shader_derivatives"/);
      expect(text).not.toMatch(/SPV_NV_compute_shader_derivatives/);
      expect(text).toMatch(/OpCapability ComputeDerivativeGroupQuads(NV|KHR)/);
      expect(text).toMatch(/OpExecutionMode %main DerivativeGroupQuads(NV|KHR)/);
    }
  });

  it('keeps NV when it is named, and refuses KHR-only lists for none of them', () => {
    const named = disassembleSpirv(compileValid(computeSampling('4, 1, 1'), { entryPoints: [{ name: 'main', stage: 'compute' }], allowedExtensions: ['SPV_NV_compute_shader_derivatives'] }, ['vulkan1.1']).spirv);
    expect(named).toMatch(/OpExtension "SPV_NV_compute_shader_derivatives"/);
    const r = compile(computeSampling('4, 1, 1'), { entryPoints: [{ name: 'main', stage: 'compute' }], allowedExtensions: ['SPV_KHR_multiview'] });
    expect(r.diagnostics.map((d) => d.message)).toContain(
      "SPIR-V extension 'SPV_NV_compute_shader_derivatives' is required by this module but not permitted by -fspv-extension (add -fspv-extension=SPV_NV_compute_shader_derivatives)",
    );
  });

  const mesh = `
    struct VSOut { float4 pos : SV_Position; };
    [numthreads(4, 1, 1)] [outputtopology("triangle")]
    void main(in uint tid : SV_GroupThreadID, out vertices VSOut verts[3], out indices uint3 tris[1]) {
      SetMeshOutputCounts(3, 1);
      float4 val = ddx_coarse(float4(tid, 0, 0, 0));
      verts[0].pos = val; verts[1].pos = val + float4(0, 1, 0, 0); verts[2].pos = val + float4(1, 0, 0, 0);
      tris[0] = uint3(0, 1, 2);
    }`;

  it('gives mesh shaders a derivative group with SPV_EXT_mesh_shader (DXC: mesh_shader_derivative.hlsl)', () => {
    const text = disassembleSpirv(compileValid(mesh, { entryPoints: [{ name: 'main', stage: 'mesh' }] }, ['vulkan1.3']).spirv);
    expect(text).toMatch(/OpEntryPoint MeshEXT %main/);
    expect(text).toMatch(/OpExtension "SPV_KHR_compute_shader_derivatives"/);
    expect(text).toMatch(/OpExecutionMode %main DerivativeGroupLinear(NV|KHR)/);
  });

  it('refuses them with SPV_NV_mesh_shader, where SPIR-V has none (DXC emits them, unvalidated)', () => {
    const r = compile(mesh, { entryPoints: [{ name: 'main', stage: 'mesh' }], targetEnv: 'vulkan1.1' });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      "entry point 'main' uses ddx_coarse, which needs derivatives: the mesh stage has them with SPV_EXT_mesh_shader (SPIR-V 1.4, e.g. -fspv-target-env=vulkan1.2 or later), not with SPV_NV_mesh_shader",
    ]);
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
