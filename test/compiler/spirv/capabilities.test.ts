// Capabilities and layouts that spirv-val checks per module: unsized resource arrays declare
// RuntimeDescriptorArray (and SPV_EXT_descriptor_indexing before SPIR-V 1.5), 64-bit atomics Int64Atomics,
// 64-bit integer storage images Int64ImageEXT with its extension, and an empty struct in a cbuffer
// starts a new 16-byte slot under the relaxed and std140 rules (packed under the scalar rule).
import { describe, expect, it } from 'vitest';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const compute = { entryPoints: [{ name: 'main', stage: 'compute' as const }] };

describe('capabilities', () => {
  it('declares RuntimeDescriptorArray for unsized arrays of textures, samplers, cbuffers and structured buffers', () => {
    const source = `
      struct S { float4 a; };
      Texture2D<float4> textures[]; SamplerState samplers[]; ConstantBuffer<S> cbuffers[]; RWStructuredBuffer<float4> buffers[];
      float4 main(float2 uv : UV) : SV_Target { buffers[1][0] = cbuffers[2].a; return textures[0].Sample(samplers[0], uv); }`;
    const pixel = { entryPoints: [{ name: 'main', stage: 'pixel' as const }] };
    const v10 = disassembleSpirv(compileValid(source, { ...pixel, targetEnv: 'vulkan1.0' }, ['vulkan1.0']).spirv);
    expect(v10).toMatch(/OpCapability RuntimeDescriptorArray/);
    expect(v10).toMatch(/OpExtension "SPV_EXT_descriptor_indexing"/);
    const v12 = disassembleSpirv(compileValid(source, pixel, ['vulkan1.2', 'vulkan1.3']).spirv);
    expect(v12).toMatch(/OpCapability RuntimeDescriptorArray/);
    expect(v12).not.toMatch(/SPV_EXT_descriptor_indexing/);
  });

  it('declares Int64Atomics for InterlockedAdd on uint64_t', () => {
    const source = `RWStructuredBuffer<uint64_t> b; [numthreads(1, 1, 1)] void main() { uint64_t old; InterlockedAdd(b[0], 1, old); b[1] = old; }`;
    expect(disassembleSpirv(compileValid(source, { ...compute, shaderModel: { major: 6, minor: 6 } }, ['vulkan1.0', 'vulkan1.3']).spirv)).toMatch(/OpCapability Int64Atomics/);
  });

  it('declares Int64ImageEXT and SPV_EXT_shader_image_int64 for RWTexture2D<uint64_t>', () => {
    const source = `RWTexture2D<uint64_t> t; [numthreads(1, 1, 1)] void main() { t[uint2(0, 0)] = 5; }`;
    const text = disassembleSpirv(compileValid(source, { ...compute, shaderModel: { major: 6, minor: 6 } }, ['vulkan1.1', 'vulkan1.3']).spirv);
    expect(text).toMatch(/OpCapability Int64ImageEXT/);
    expect(text).toMatch(/OpExtension "SPV_EXT_shader_image_int64"/);
  });
});

describe('empty struct members', () => {
  const source = `
    struct Empty {};
    cbuffer cb { float3 a; Empty b; float2 c; float4 d; };
    float4 main() : SV_Target { return d + c.xyxy; }`;
  const pixel = { entryPoints: [{ name: 'main', stage: 'pixel' as const }] };
  const offsets = (text: string) => [...text.matchAll(/OpMemberDecorate %type_cb (\d) Offset (\d+)/g)].map((m) => Number(m[2]));

  it('align to 16 in a cbuffer under the relaxed and std140 rules', () => {
    expect(offsets(disassembleSpirv(compileValid(source, pixel, ['vulkan1.0', 'vulkan1.3']).spirv))).toEqual([0, 16, 16, 32]);
    expect(offsets(disassembleSpirv(compileValid(source, { ...pixel, layoutRule: 'gl' }, ['vulkan1.0']).spirv))).toEqual([0, 16, 16, 32]);
  });

  it('pack under the scalar rule', () => {
    expect(offsets(disassembleSpirv(compileValid(source, { ...pixel, layoutRule: 'scalar' }, ['vulkan1.1']).spirv))).toEqual([0, 12, 12, 20]);
  });
});
