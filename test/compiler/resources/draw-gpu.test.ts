// Implicit-LOD sampling in a draw on lavapipe: Sample and CalculateLevelOfDetailUnclamped in a pixel
// shader, which only have derivatives inside a draw. Expected values follow from the texture data
// and the geometry, not from the compiler. The WGSL of the same source draws on WebGPU with the same
// texture: WebGPU's NDC y points up (as Direct3D's) where Vulkan's points down, so this shader, which
// does not flip y, shows texel row 0 at the top on Vulkan and at the bottom on WebGPU.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderResult } from '../../gpu/harness.js';
import { renderTriangleOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/sample-in-pixel.hlsl', import.meta.url), 'utf8');

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
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
    const images = await renderTriangleOnBoth(gpu, source, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }, { name: 'ps_main', stage: 'pixel' }] }, {
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
    const check = (image: RenderResult, quadrants: [number, number, number][], target: string) => {
      for (const [x, y, texel] of quadrants) {
        const [r, g, b, lod] = image.texel(x, y);
        expect([r, g, b], `${target} (${x}, ${y})`).toEqual(colours[texel]!.slice(0, 3));
        expect(lod, `${target} LOD`).toBeCloseTo(-4, 1);
      }
    };
    check(images.spirv, [[4, 4, 0], [27, 4, 1], [4, 27, 2], [27, 27, 3], [15, 15, 0], [16, 16, 3]], 'SPIR-V on lavapipe');
    // The same quadrants mirrored vertically (y up): row 1 of the texture at the top.
    if (images.wgsl) check(images.wgsl, [[4, 4, 2], [27, 4, 3], [4, 27, 0], [27, 27, 1], [15, 16, 0], [16, 15, 3]], 'WGSL on WebGPU');
  });
});
