// Vertex → pixel stage I/O on Dawn: SV_VertexID in, SV_Position and user semantics (flat integer,
// perspective float) out of the vertex shader and into the pixel shader, two SV_Target outputs.
// The pixel shader's SV_Position.w is HLSL's (the clip-space w, 2 here), not WGSL's reciprocal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startWebGpu, type WebGpuRunner } from '../../webgpu/harness.js';

let gpu: WebGpuRunner;
beforeAll(async () => {
  gpu = await startWebGpu();
});
afterAll(() => gpu?.close());

const SOURCE = `
struct VSOut {
  float4 pos : SV_Position;
  nointerpolation uint id : ID;
  float3 color : COLOR;
};
VSOut vs(uint vid : SV_VertexID) {
  // A triangle covering the viewport, every vertex at clip w = 2.
  float2 p = float2((vid << 1) & 2, vid & 2) * 2 - 1;
  VSOut o;
  o.pos = float4(p * 2, 1, 2);
  o.id = 7;
  o.color = float3(0.25, 0.5, 0.75);
  return o;
}
struct PSOut { float4 first : SV_Target0; float4 second : SV_Target1; };
PSOut ps(VSOut i) {
  PSOut o;
  o.first = float4(i.pos.w, i.id, i.color.y, i.pos.z);
  o.second = float4(i.pos.xy, i.color.xz);
  return o;
}`;

describe('WGSL stage I/O', () => {
  it('carries builtins, flat and interpolated values, and HLSL’s SV_Position.w', async () => {
    const r = compile(SOURCE, { target: ['spirv', 'wgsl'], entryPoints: [{ name: 'vs', stage: 'vertex' }, { name: 'ps', stage: 'pixel' }] });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
    // The WGSL uses the SPIR-V's locations, so the reflections agree on the interface.
    expect(r.wgsl!.reflection.entryPoints).toEqual(r.reflection!.entryPoints);
    const image = await gpu.renderTriangle({
      vertexWgsl: r.wgsl!.code, vertexEntry: 'vs', pixelEntry: 'ps', vertexCount: 3,
      targets: 2, format: 'rgba32float', width: 4, height: 4, clear: [-1, -1, -1, -1],
    });
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 4; x++) {
        expect(image.texel(x, y, 0)).toEqual([2, 7, 0.5, 0.5]);
        expect(image.texel(x, y, 1)).toEqual([x + 0.5, y + 0.5, 0.25, 0.75]);
      }
    }
  });
});
