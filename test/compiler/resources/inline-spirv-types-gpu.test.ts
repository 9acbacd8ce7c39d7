// Inline SPIR-V types and decorations executed on lavapipe (fixtures/resources/inline-spirv-types.hlsl):
// a vk::SpirvType word stored in a structured buffer and added with an inline OpIAdd, a vector of it
// multiplied with OpIMul, and records read through an inline PhysicalStorageBuffer pointer type whose
// member offsets (0 and 12) exist only as [[vk::ext_decorate(Offset)]]. Expected values follow from
// the inputs and those offsets, not from the compiler.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/inline-spirv-types.hlsl', import.meta.url), 'utf8');
const options = { entryPoints: [{ name: 'main', stage: 'compute' as const }], optimizationLevel: 0 as const };

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

function records(): Uint8Array {
  const view = new DataView(new ArrayBuffer(32));
  view.setUint32(0, 1, true);
  view.setUint32(4, 0xdead, true); // not a member: Offset 12 skips it
  view.setUint32(12, 2, true);
  view.setUint32(16, 3, true);
  view.setUint32(28, 4, true);
  return new Uint8Array(view.buffer);
}

describe('inline SPIR-V types and decorations on the driver', () => {
  const { spirv } = compileValid(source, options, ['vulkan1.1', 'vulkan1.2']);

  it('emits the types and decorations as written', () => {
    const text = disassembleSpirv(spirv);
    expect(text).toContain('OpMemoryModel PhysicalStorageBuffer64 GLSL450');
    expect(text).toMatch(/OpMemberDecorate %Record 1 Offset 12/);
    expect(text).toMatch(/OpDecorate %inputs NonWritable/);
    expect(text).toMatch(/%spirvIntrinsicType(_\d+)? = OpTypePointer PhysicalStorageBuffer %Record/);
    expect(text).toMatch(/OpIMul %v2uint/);
    expect(text).toMatch(/OpLoad %Record %\d+ Aligned 4/);
    expect(text).toMatch(/OpDecorate %p AliasedPointer/);
  });

  it('computes with them', async () => {
    const result = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      push: new Uint8Array(8),
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Uint32Array([10, 20]), name: 'words' },
        { binding: 1, kind: 'storage-buffer', data: new Uint32Array([5, 7]), name: 'inputs' },
        { binding: 2, kind: 'storage-buffer', size: 24, name: 'results' },
        { binding: 3, kind: 'storage-buffer', data: records(), name: 'records' },
      ],
      addresses: [{ binding: 3, pushOffset: 0 }],
    });
    expect([...new Uint32Array(result.buffers.words!.slice().buffer)]).toEqual([15, 27]);
    // key * 1000 + value, then (sum * 3, (i + 2) * 5) per invocation
    expect([...new Uint32Array(result.buffers.results!.slice().buffer)]).toEqual([1002, 45, 10, 3004, 81, 15]);
  });
});
