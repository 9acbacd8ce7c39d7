// A real shader library from npm (lygia, pinned as a devDependency: it ships .hlsl files in plain
// folders, its `exports` maps only its JavaScript) included by package path, compiled, validated and
// executed on lavapipe. Expected colours are HSV's definition (hue 0 red, 1/3 green, 2/3 blue).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../compiler/index.js';
import { nodeHost } from '../../plugin/node-host.js';
import { startGpuRunner, type GpuRunner } from '../gpu/harness.js';
import { validateSpirv } from '../helpers/tools.js';

const SOURCE = `
#include "lygia/color/space/hsv2rgb.hlsl"
#include "lygia/generative/snoise.hlsl"
#include "lygia/generative/random.hlsl"
StructuredBuffer<float4> hsv : register(t0);
RWStructuredBuffer<float4> rgb : register(u1);
RWStructuredBuffer<float2> noise : register(u2);
[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  rgb[id.x] = float4(hsv2rgb(hsv[id.x].xyz), 1);
  noise[id.x] = float2(snoise(float2(id.x * 0.37, 1.5)), random(float2(id.x, 3.0)));
}
`;

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

describe('lygia from node_modules', () => {
  // The shader sits in the project (test/plugin), so lygia resolves from the repository's node_modules.
  const file = new URL('./npm-library-shader.hlsl', import.meta.url).pathname;
  const host = nodeHost();
  const result = compile(SOURCE, { filename: file, host, targetEnv: 'vulkan1.1' });

  it('compiles its files by package path to valid SPIR-V', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, (f) => host.contents.get(f)))).toEqual([]);
    validateSpirv(result.spirv!);
    const included = result.files.filter((f) => f.includes('/node_modules/lygia/')).map((f) => f.slice(f.indexOf('lygia/')));
    expect(included).toEqual(expect.arrayContaining(['lygia/color/space/hsv2rgb.hlsl', 'lygia/color/space/hue2rgb.hlsl', 'lygia/generative/snoise.hlsl', 'lygia/math/mod289.hlsl', 'lygia/generative/random.hlsl']));
    expect(readFileSync(result.files.find((f) => f.endsWith('hsv2rgb.hlsl'))!, 'utf8')).toContain('hsv2rgb');
  });

  it('runs: HSV primaries and greys come out as their RGB, noise within its range', async () => {
    const hsv = [[0, 1, 1], [1 / 3, 1, 1], [2 / 3, 1, 1], [1 / 6, 1, 1], [0.5, 1, 0.5], [0.25, 0, 0.75], [0, 0, 0], [5 / 6, 1, 1]];
    const want = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [0, 0.5, 0.5], [0.75, 0.75, 0.75], [0, 0, 0], [1, 0, 1]];
    const { buffers } = await gpu.runCompute({
      spirv: result.spirv!,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Uint8Array(new Float32Array(hsv.flatMap((c) => [...c, 0])).buffer) },
        { binding: 1, kind: 'storage-buffer', size: 8 * 16, name: 'rgb' },
        { binding: 2, kind: 'storage-buffer', size: 8 * 8, name: 'noise' },
      ],
    });
    const rgb = new Float32Array(buffers.rgb!.slice().buffer);
    want.forEach((c, i) => c.forEach((v, k) => expect(rgb[i * 4 + k], `hsv ${hsv[i]} channel ${k}`).toBeCloseTo(v, 5)));
    const noise = new Float32Array(buffers.noise!.slice().buffer);
    for (let i = 0; i < 8; i++) {
      expect(Math.abs(noise[i * 2]!)).toBeLessThanOrEqual(1);
      expect(noise[i * 2 + 1]!).toBeGreaterThanOrEqual(0);
      expect(noise[i * 2 + 1]!).toBeLessThan(1);
    }
    // Simplex noise varies along the line (a constant would mean a broken include or codegen).
    expect(new Set(Array.from({ length: 8 }, (_, i) => noise[i * 2]!.toFixed(4))).size).toBeGreaterThan(4);
  });
});
