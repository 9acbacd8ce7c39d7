// Derivatives in compute shaders executed on Mesa 25's lavapipe: a quad derivative group
// (numthreads with X and Y even) takes ddx across x pairs and ddy across y pairs of the workgroup, a
// linear group across invocations 4k…4k+3 (as SPV_KHR_compute_shader_derivatives lays quads out), with
// DXC's KHR extension. Not the NV one: Mesa 25's lavapipe does not offer VK_NV_compute_shader_derivatives,
// and Mesa 22.3's reports its features as false. Vulkan-only: WGSL has no compute derivatives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
});
afterAll(() => gpu?.close());

const EXTENSIONS = { khr: 'SPV_KHR_compute_shader_derivatives' } as const;
const DEVICE = { khr: 'VK_KHR_compute_shader_derivatives' } as const;

async function run(source: string, threads: number, flavour: keyof typeof EXTENSIONS): Promise<number[]> {
  const { spirv } = compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }], allowedExtensions: [EXTENSIONS[flavour]] }, ['vulkan1.1', 'vulkan1.3']);
  expect(disassembleSpirv(spirv)).toMatch(new RegExp(`OpExtension "${EXTENSIONS[flavour]}"`));
  const { buffers } = await gpu.runCompute({
    spirv,
    entry: 'main',
    groups: [1, 1, 1],
    extensions: [DEVICE[flavour]],
    bindings: [{ set: 0, binding: 0, kind: 'storage-buffer', size: threads * 8, name: 'out' }],
  });
  const out = buffers.out!;
  return [...new Float32Array(out.buffer, out.byteOffset, threads * 2)];
}

describe('compute shader derivatives on lavapipe', () => {
  for (const flavour of ['khr'] as const) {
    it(`quad group (numthreads(4, 2, 1)), ${EXTENSIONS[flavour]}`, async () => {
      const source = `
        RWStructuredBuffer<float2> o : register(u0);
        [numthreads(4, 2, 1)] void main(uint3 id : SV_GroupThreadID, uint i : SV_GroupIndex) {
          float v = id.x * id.x + 10.0 * id.y * id.y;
          o[i] = float2(ddx_fine(v), ddy_fine(v));
        }`;
      const got = await run(source, 8, flavour);
      // x pairs (0,1) and (2,3): d(x²) = 1 and 5; y pair (0,1): d(10y²) = 10.
      const expected = [0, 1].flatMap(() => [0, 1, 2, 3].flatMap((x) => [x < 2 ? 1 : 5, 10]));
      expect(got).toEqual(expected);
    });

    it(`linear group (numthreads(8, 1, 1)), ${EXTENSIONS[flavour]}`, async () => {
      const source = `
        RWStructuredBuffer<float2> o : register(u0);
        [numthreads(8, 1, 1)] void main(uint i : SV_GroupIndex) {
          float v = i * i;
          o[i] = float2(ddx_fine(v), ddy_fine(v));
        }`;
      const got = await run(source, 8, flavour);
      // Quad k holds invocations 4k..4k+3 as (0,0) (1,0) (0,1) (1,1).
      const v = (i: number) => i * i;
      const expected = Array.from({ length: 8 }, (_, i) => {
        const base = i - (i % 4);
        const [x, y] = [i % 2, (i >> 1) % 2];
        const row = base + y * 2;
        const col = base + x;
        return [v(row + 1) - v(row), v(col + 2) - v(col)];
      }).flat();
      expect(got).toEqual(expected);
    });
  }
});
