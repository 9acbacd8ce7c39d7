// 16-bit integers and floats in buffer memory declare SPV_KHR_16bit_storage's capabilities, as DXC's
// capability visitor does (compiler/spirv/storage-16bit.ts): without them a driver's validation refuses
// the module (VUID-RuntimeSpirv-storageBuffer16BitAccess-06331, seen on NVIDIA for half buffers).
import { describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const compute: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }], enable16BitTypes: true };
const capabilities = (source: string, env: string) =>
  disassembleSpirv(compileValid(source, compute, [env]).spirv)
    .split('\n')
    .filter((l) => /Op(Capability|Extension) /.test(l))
    .map((l) => l.trim());

describe('16-bit storage capabilities', () => {
  it('declares StorageBuffer16BitAccess for a StorageBuffer-class buffer of half (the extension is core)', () => {
    expect(capabilities('RWStructuredBuffer<half> h;\n[numthreads(1,1,1)] void main() { h[0] = h[1] * 2; }', 'vulkan1.2')).toEqual([
      'OpCapability Shader',
      'OpCapability Float16',
      'OpCapability StorageBuffer16BitAccess',
    ]);
  });

  it('declares the Uniform storage class capability (BufferBlock buffers), and the extension before SPIR-V 1.3', () => {
    expect(capabilities('RWStructuredBuffer<int16_t2> h;\n[numthreads(1,1,1)] void main() { h[0] = h[1] + 1; }', 'vulkan1.0')).toEqual([
      'OpCapability Shader',
      'OpCapability Int16',
      'OpCapability UniformAndStorageBuffer16BitAccess',
      'OpExtension "SPV_KHR_16bit_storage"',
    ]);
  });

  it('declares the uniform buffer and push constant capabilities', () => {
    const caps = capabilities(
      'cbuffer C { half4 scale; };\nstruct P { uint16_t k; };\n[[vk::push_constant]] P p;\nRWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void main() { o[0] = scale.x * p.k; }',
      'vulkan1.2',
    );
    expect(caps).toContain('OpCapability UniformAndStorageBuffer16BitAccess');
    expect(caps).toContain('OpCapability StoragePushConstant16');
    expect(caps).not.toContain('OpCapability StorageBuffer16BitAccess');
  });

  it('declares none for 16-bit values in function memory only', () => {
    expect(capabilities('RWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void main() { half h = (half)o[1]; o[0] = h * h; }', 'vulkan1.2')).toEqual(['OpCapability Shader', 'OpCapability Float16']);
  });
});
