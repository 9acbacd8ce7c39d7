// SV_Barycentrics as DXC maps it (semantic.barycentrics.ps.*.hlsl): BaryCoordKHR, or BaryCoordNoPerspKHR
// for a `noperspective` input, with the third coordinate recomputed as 1 - x - y. Drawn with a
// triangle whose third vertex has clip w = 2, so perspective-correct and screen-space weights differ;
// the expected weights follow from the triangle's geometry, not from the compiler. Lavapipe lacks
// VK_KHR_fragment_shader_barycentric: the draw reports a skip there and runs on the real-driver lane
// (scripts/gpu-lane).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disassembleSpirv } from '../../helpers/tools.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
});
afterAll(() => gpu?.close());

const source = `
  float4 vs_main(float4 position : POSITION) : SV_Position { return position; }
  float4 ps_main(float3 p : SV_Barycentrics0, noperspective centroid float3 n : SV_Barycentrics1) : SV_Target {
    return float4(p.xz, n.xz);
  }`;

// Clip-space corners of a triangle covering the screen: (-1,-1), (3,-1), (-1,3) in NDC; the last at w = 2.
const CLIP = [
  [-1, -1, 0, 1],
  [3, -1, 0, 1],
  [-2, 6, 0, 2],
];
const SIZE = 8;

/** Screen-space (linear) and perspective-correct weights of the three vertices at pixel (x, y)'s centre. */
function weights(x: number, y: number): { linear: number[]; perspective: number[] } {
  const ndcX = ((x + 0.5) / SIZE) * 2 - 1;
  const ndcY = ((y + 0.5) / SIZE) * 2 - 1;
  const l1 = (ndcX + 1) / 4;
  const l2 = (ndcY + 1) / 4;
  const linear = [1 - l1 - l2, l1, l2];
  const overW = linear.map((l, i) => l / CLIP[i]![3]!);
  const sum = overW.reduce((a, b) => a + b, 0);
  return { linear, perspective: overW.map((v) => v / sum) };
}

describe('SV_Barycentrics', () => {
  it('are the perspective-correct and the noperspective weights, the third as 1 - x - y', async (ctx) => {
    const vs = compileValid(source, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }] });
    const ps = compileValid(source, { entryPoints: [{ name: 'ps_main', stage: 'pixel' }] });
    const text = disassembleSpirv(ps.spirv);
    expect(text).toMatch(/OpDecorate %\w+ BuiltIn BaryCoordKHR/);
    const linear = /OpDecorate (%\w+) BuiltIn BaryCoordNoPerspKHR/.exec(text)?.[1];
    expect(text).toContain(`OpDecorate ${linear} Centroid`);
    const image = await gpu
      .renderTriangle({
        vertexSpirv: vs.spirv,
        pixelSpirv: ps.spirv,
        vertexEntry: 'vs_main',
        pixelEntry: 'ps_main',
        vertices: new Float32Array(CLIP.flat()),
        stride: 16,
        attributes: [{ location: 0, format: 'rgba32float', offset: 0 }],
        width: SIZE,
        height: SIZE,
        format: 'rgba32float',
        clear: [0, 0, 0, 0],
        extensions: ['VK_KHR_fragment_shader_barycentric'],
      })
      .catch((error: Error) => {
        if (/VK_KHR_fragment_shader_barycentric is not supported by this driver/.test(error.message)) ctx.skip();
        throw error;
      });
    for (const [x, y] of [[0, 0], [5, 2], [1, 6], [3, 3]] as const) {
      const { linear, perspective } = weights(x, y);
      const texel = image.texel(x, y);
      const expected = [perspective[0]!, perspective[2]!, linear[0]!, linear[2]!];
      texel.forEach((value, i) => expect(value, `pixel (${x}, ${y}) channel ${i}`).toBeCloseTo(expected[i]!, 4));
    }
  });
});
