// IsHelperLane (SM 6.6) drawn on lavapipe: along a triangle's diagonal edge, a covered pixel whose quad
// partner in x is uncovered shares its quad with a helper invocation, so ddx_fine of
// `IsHelperLane() ? 100 : 0` is ±100 there and 0 inside; the covered (written) pixels themselves are
// never helpers. Coverage is read from the image. WGSL has no helper query: the WGSL target refuses it.
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

const source = `
  float4 vs_main(uint id : SV_VertexID) : SV_Position {
    const float2 corners[3] = { float2(-1, -1), float2(1, -1), float2(-1, 1) };
    return float4(corners[id], 0, 1);
  }
  float4 ps_main() : SV_Target {
    float mark = IsHelperLane() ? 100.0 : 0.0;
    return float4(ddx_fine(mark), IsHelperLane() ? 1 : 0, 1, 1);
  }`;

describe('IsHelperLane', () => {
  it('is true in the helper invocations of edge quads only', async () => {
    const vs = compileValid(source, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }] }, ['vulkan1.1']);
    const ps = compileValid(source, { entryPoints: [{ name: 'ps_main', stage: 'pixel' }] }, ['vulkan1.1', 'vulkan1.3']);
    expect(disassembleSpirv(ps.spirv)).toMatch(/OpIsHelperInvocationEXT %bool/);
    const size = 8;
    const image = await gpu.renderTriangle({ vertexSpirv: vs.spirv, pixelSpirv: ps.spirv, vertexEntry: 'vs_main', pixelEntry: 'ps_main', vertexCount: 3, width: size, height: size, format: 'rgba32float', clear: [0, 0, 0, 0] });
    const covered = (x: number, y: number) => x >= 0 && x < size && image.texel(x, y)[3] === 1;
    let edges = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (!covered(x, y)) continue;
        const partnerIsHelper = !covered(x ^ 1, y);
        if (partnerIsHelper) edges++;
        const expected = partnerIsHelper ? (x % 2 === 0 ? 100 : -100) : 0;
        expect(image.texel(x, y), `(${x}, ${y})`).toEqual([expected, 0, 1, 1]);
      }
    }
    expect(edges).toBeGreaterThan(0);
  });

  it('is refused outside pixel shaders and by the WGSL target', () => {
    const errs = (text: string, options: object) => compile(text, options).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('\n');
    expect(errs('RWStructuredBuffer<uint> o; [numthreads(1, 1, 1)] void main() { o[0] = IsHelperLane(); }', {})).toMatch(/uses IsHelperLane, which exists in pixel shaders only, not in the compute stage/);
    expect(errs(source, { entryPoints: [{ name: 'ps_main', stage: 'pixel' }], target: 'wgsl' })).toMatch(/'IsHelperLane'.*helper-invocation query/);
  });
});
