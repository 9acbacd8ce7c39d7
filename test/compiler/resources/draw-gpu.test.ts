// Implicit-LOD sampling in a draw on lavapipe: Sample and CalculateLevelOfDetailUnclamped in a pixel
// shader, which only have derivatives inside a draw. Expected values follow from the texture data
// and the geometry, not from the compiler.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/sample-in-pixel.hlsl', import.meta.url), 'utf8');

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

describe('Texture2D.Sample in a pixel shader', () => {
  const vs = compileValid(source, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }] });
  const ps = compileValid(source, { entryPoints: [{ name: 'ps_main', stage: 'pixel' }] });

  it('reads the texel under each pixel, and the LOD from the implicit derivatives', async () => {
    // 2x2 rgba32float texture stretched over a 32x32 target: each quadrant shows one texel
    // (nearest filter). uv moves 1/32 per pixel, i.e. 2/32 texels: LOD = log2(1/16) = -4.
    const colours = [
      [1, 0, 0, 1], [0, 1, 0, 1],
      [0, 0, 1, 1], [1, 1, 0, 1],
    ];
    const image = await gpu.renderTriangle({
      vertexSpirv: vs.spirv,
      pixelSpirv: ps.spirv,
      vertexEntry: 'vs_main',
      pixelEntry: 'ps_main',
      vertexCount: 3,
      width: 32,
      height: 32,
      format: 'rgba32float',
      bindings: [
        { binding: 0, kind: 'sampled-image', format: 'rgba32float', width: 2, height: 2, data: new Float32Array(colours.flat()) },
        { binding: 1, kind: 'sampler', filter: 'nearest' },
      ],
    });
    const quadrants: [number, number, number][] = [[4, 4, 0], [27, 4, 1], [4, 27, 2], [27, 27, 3], [15, 15, 0], [16, 16, 3]];
    for (const [x, y, texel] of quadrants) {
      const [r, g, b, lod] = image.texel(x, y);
      expect([r, g, b]).toEqual(colours[texel]!.slice(0, 3));
      expect(lod).toBeCloseTo(-4, 1);
    }
  });
});
