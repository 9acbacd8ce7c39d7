// Proves the harness binds descriptor arrays: sized and runtime arrays (dstArrayElement per entry,
// the layout's descriptorCount, PARTIALLY_BOUND and VARIABLE_DESCRIPTOR_COUNT), with a module that
// glslang compiles from GLSL (an independent producer) and spirv-val accepts; the expected values
// are written out by hand from fixtures/gpu/descriptor-arrays.comp. Mesa 22.3's lavapipe has no
// descriptor indexing (runtimeDescriptorArray, non-uniform indexing and the binding flags are all
// false there), so these run on Mesa 25 (scripts/mesa25.sh).

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GpuRunner, GpuValidationError, type Binding, type ComputeJob } from './harness.js';
import { inTempDir, readSpirvFile, runTool, validateSpirv } from '../helpers/tools.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/gpu/descriptor-arrays.comp', import.meta.url));

function glsl(file: string, defines: string[] = []): Uint32Array {
  const spirv = inTempDir((dir) => {
    runTool('glslangValidator', ['-V', '--target-env', 'vulkan1.2', ...defines, file, '-o', join(dir, 'out.spv')]);
    return readSpirvFile(join(dir, 'out.spv'));
  });
  validateSpirv(spirv, { targetEnv: 'vulkan1.2' });
  return spirv;
}

const f32 = (...values: number[]) => new Float32Array(values);
const u32 = (...values: number[]) => new Uint32Array(values);

/** Texture i of the runtime array: 4x1 rgba32float whose texel x is (10i + x, i, x, 1). */
function texture(i: number, extra: Partial<Binding> = {}): Binding {
  const texels = Array.from({ length: 4 }, (_, x) => [10 * i + x, i, x, 1]).flat();
  return { binding: 0, arrayElement: i, kind: 'sampled-image', format: 'rgba32float', width: 4, height: 1, data: f32(...texels), ...extra } as Binding;
}

const counts = (i: number, first: number): Binding => ({ binding: 1, arrayElement: i, kind: 'storage-buffer', data: u32(first, 0), size: 8 });
const output: Binding = { set: 1, binding: 0, kind: 'storage-buffer', size: 64, name: 'output' };

describe('gpu harness: descriptor arrays', () => {
  let gpu: GpuRunner;
  let spirv: Uint32Array;
  beforeAll(async () => {
    gpu = await GpuRunner.start({ driver: 'lavapipe-mesa25' });
    spirv = glsl(FIXTURE);
  });
  afterAll(async () => {
    await gpu?.close();
  });

  const job = (textures: Binding[]): ComputeJob => ({ spirv, groups: [1, 1, 1], bindings: [...textures, counts(0, 1000), counts(1, 2000), output] });

  it('binds every element of a runtime texture array and a sized buffer array, and returns each element', async () => {
    const { buffers } = await gpu.runCompute(job([0, 1, 2, 3].map((i) => texture(i))));
    // output[i] = texel (i, 0) of texture i + counts[i % 2].value[0].
    const expected = [0, 1, 2, 3].flatMap((i) => [10 * i + i, i, i, 1].map((v) => v + (i % 2 ? 2000 : 1000)));
    expect([...new Float32Array(buffers.output!.buffer)]).toEqual(expected);
    // Each element of the buffer array comes back under its own key; invocation i < 2 wrote i + 100.
    expect([...new Uint32Array(buffers['0:1[0]']!.buffer)]).toEqual([1000, 100]);
    expect([...new Uint32Array(buffers['0:1[1]']!.buffer)]).toEqual([2000, 101]);
  });

  it('allocates a variable-count runtime array, partially bound, at its descriptorCount', async () => {
    // 8 descriptors allocated, 4 written: legal with PARTIALLY_BOUND since the shader reads only 0..3.
    const textures = [0, 1, 2, 3].map((i) => texture(i, { descriptorCount: 8, partiallyBound: true, variableCount: true }));
    // The variable-count binding must be the set's highest: here the textures move to binding 2.
    const moved = textures.map((t) => ({ ...t, binding: 2 }));
    const { buffers } = await gpu.runCompute({ ...job(moved), spirv: glsl(FIXTURE, ['-DTEXTURES_BINDING=2']) });
    // output[1] = texel (1, 0) of texture 1 = (11, 1, 1, 1) + counts[1].value[0] = 2000.
    expect([...new Float32Array(buffers.output!.buffer).subarray(4, 8)]).toEqual([2011, 2001, 2001, 2001]);
  });

  it('reports an array element left unwritten without PARTIALLY_BOUND', async () => {
    const textures = [0, 1, 2].map((i) => texture(i, { descriptorCount: 4 }));
    const failure = gpu.runCompute(job(textures));
    await expect(failure).rejects.toThrow(GpuValidationError);
    await expect(failure).rejects.toThrow(/binding #0 index 3 is being used .* has never been updated/);
  });
});
