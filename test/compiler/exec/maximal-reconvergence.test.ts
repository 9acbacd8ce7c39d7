// -fspv-enable-maximal-reconvergence executed on Mesa 25's lavapipe (VK_KHR_shader_maximal_reconvergence,
// enabled because the module names SPV_KHR_maximal_reconvergence): under MaximallyReconvergesKHR each
// lane that leaves a loop in its own iteration runs its wave operation alone, and the lanes rejoin after
// the `if` they diverged in. Vulkan-only option: no WebGPU half (the WGSL target refuses it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
});
afterAll(() => gpu?.close());

const LANES = 32;

// alone[i]: the lanes active when lane i breaks out (itself only, under maximal reconvergence);
// rejoined[i]: the lanes active after the lane-dependent `if` (the whole wave).
const source = `
  RWStructuredBuffer<uint> alone : register(u0);
  RWStructuredBuffer<uint> rejoined : register(u1);
  RWStructuredBuffer<uint> width : register(u2);
  [numthreads(${LANES}, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
    uint lane = WaveGetLaneIndex();
    for (uint i = 0; ; ++i) {
      if (i == lane) { alone[id.x] = WaveActiveCountBits(true); break; }
    }
    if (lane % 3 == 0) alone[id.x] += 100;
    rejoined[id.x] = WaveActiveCountBits(true);
    width[id.x] = WaveGetLaneCount();
  }`;

describe('-fspv-enable-maximal-reconvergence on lavapipe', () => {
  it('each lane breaks out alone and the wave rejoins after the divergent branches', async () => {
    const { spirv } = compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }], maximalReconvergence: true }, ['vulkan1.1', 'vulkan1.3']);
    expect(disassembleSpirv(spirv)).toMatch(/OpExecutionMode %main MaximallyReconvergesKHR/);
    const bytes = LANES * 4;
    const { buffers } = await gpu.runCompute({
      spirv,
      entry: 'main',
      groups: [1, 1, 1],
      extensions: ['VK_KHR_shader_maximal_reconvergence'],
      bindings: [
        { set: 0, binding: 0, kind: 'storage-buffer', size: bytes, name: 'alone' },
        { set: 0, binding: 1, kind: 'storage-buffer', size: bytes, name: 'rejoined' },
        { set: 0, binding: 2, kind: 'storage-buffer', size: bytes, name: 'width' },
      ],
    });
    const read = (name: string) => [...new Uint32Array(buffers[name]!.buffer, buffers[name]!.byteOffset, LANES)];
    const width = read('width');
    const wave = width[0]!;
    expect(wave).toBeGreaterThan(1);
    expect(width).toEqual(Array(LANES).fill(wave));
    expect(read('alone')).toEqual(Array.from({ length: LANES }, (_, i) => 1 + (i % wave % 3 === 0 ? 100 : 0)));
    expect(read('rejoined')).toEqual(Array(LANES).fill(wave));
  });
});
