// SM 6.6 InterlockedExchange on a 32-bit float (DXC's intrinsics.interlocked-methods.cs): OpAtomicExchange on a
// float in groupshared memory and in a structured buffer, executed on lavapipe with VK_EXT_shader_atomic_float's
// shaderSharedFloat32Atomics and shaderBufferFloat32Atomics. Every value goes in once and comes out once: the
// originals the threads get plus the final contents are the initial value and the values the threads swapped in.
// The WGSL target has no float atomics and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const SOURCE = `
RWStructuredBuffer<float> cell : register(u0);
RWStructuredBuffer<float> originals : register(u1);
groupshared float slot;

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  if (i == 0) slot = -1.5;
  GroupMemoryBarrierWithGroupSync();
  float old;
  InterlockedExchange(slot, 10.25 + i, old);
  originals[i] = old;
  float before;
  InterlockedExchange(cell[0], 0.5 * i + 100, before);
  originals[4 + i] = before;
  GroupMemoryBarrierWithGroupSync();
  if (i == 0) originals[8] = slot;
}`;

describe('InterlockedExchange on float', () => {
  it('swaps floats atomically in groupshared memory and a storage buffer', async () => {
    const spirv = compileValid(SOURCE, { entryPoints: [{ name: 'main', stage: 'compute' }] }).spirv;
    expect(disassembleSpirv(spirv)).toMatch(/OpAtomicExchange %float %slot/);
    const { buffers } = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      extensions: ['VK_EXT_shader_atomic_float'],
      features: ['shaderSharedFloat32Atomics', 'shaderBufferFloat32Atomics'],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Float32Array([7.75]), name: 'cell' },
        { binding: 1, kind: 'storage-buffer', size: 9 * 4, name: 'originals' },
      ],
    });
    const floats = (b: Uint8Array) => [...new Float32Array(b.buffer, b.byteOffset, b.byteLength >> 2)];
    const out = floats(buffers.originals!);
    const cell = floats(buffers.cell!)[0]!;
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(sorted([...out.slice(0, 4), out[8]!])).toEqual(sorted([-1.5, 10.25, 11.25, 12.25, 13.25]));
    expect(sorted([...out.slice(4, 8), cell])).toEqual(sorted([7.75, 100, 100.5, 101, 101.5]));
  });

  it('is refused on other operations and on the WGSL target', () => {
    const add = compile('groupshared float g; [numthreads(1,1,1)] void main() { InterlockedAdd(g, 1.0); }', { entryPoints: [{ name: 'main', stage: 'compute' }] });
    expect(add.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/destination of 'InterlockedAdd' must be a writable int or uint in groupshared/)]);
    const wgsl = compile(SOURCE, { target: 'wgsl', entryPoints: [{ name: 'main', stage: 'compute' }] });
    expect(wgsl.diagnostics.map((d) => d.message)).toContainEqual(expect.stringMatching(/an atomic on 'float' is not supported by the WGSL target/));
  });
});
