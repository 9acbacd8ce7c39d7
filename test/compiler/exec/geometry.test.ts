// Geometry shaders executed on lavapipe: the billboard fixture expands points into camera-facing
// quads (checked pixel by pixel), and an instanced geometry shader reads SV_GSInstanceID and
// SV_PrimitiveID and emits line strips and points.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const SIZE = 64;
/** NDC of a pixel edge (Vulkan: y down). */
const ndc = (px: number) => (px / SIZE) * 2 - 1;

/** The vertex, geometry and pixel stages of `source` (vs_main, gs_main, ps_main), as renderTriangle takes them. */
function stages(source: string, filename?: string) {
  const spirv = (name: string, stage: 'vertex' | 'geometry' | 'pixel') => compileValid(source, { ...(filename ? { filename } : {}), entryPoints: [{ name, stage }] }).spirv;
  return {
    vertexSpirv: spirv('vs_main', 'vertex'),
    vertexEntry: 'vs_main',
    geometry: { spirv: spirv('gs_main', 'geometry'), entry: 'gs_main' },
    pixelSpirv: spirv('ps_main', 'pixel'),
    pixelEntry: 'ps_main',
  };
}

describe('geometry stage', () => {
  it('expands points into camera-facing quads (billboards fixture)', async () => {
    const path = new URL('../../../fixtures/compiler/billboards.hlsl', import.meta.url);
    const source = readFileSync(path, 'utf8');
    // Three particles: pixel-space centre, half size 4 px, colour.
    const particles = [
      { x: 12, y: 12, color: [1, 0, 0, 1] },
      { x: 40, y: 20, color: [0, 1, 0, 1] },
      { x: 24, y: 48, color: [0, 0, 1, 1] },
    ];
    const vertices = new Float32Array(particles.flatMap((p) => [ndc(p.x), ndc(p.y), 0, ...p.color]));
    // Camera: identity view-projection, right = +x, up = +y, half size 4 px in NDC, no fade.
    const camera = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 4 / (SIZE / 2), 0, 1, 0, 0]);
    const image = await gpu.renderTriangle({
      ...stages(source, path.pathname),
      topology: 'point-list',
      vertices,
      stride: 28,
      attributes: [
        { location: 0, format: 'rgb32float', offset: 0 },
        { location: 1, format: 'rgba32float', offset: 12 },
      ],
      width: SIZE,
      height: SIZE,
      format: 'rgba32float',
      clear: [0, 0, 0, 0],
      bindings: [{ set: 0, binding: 0, kind: 'uniform-buffer', data: new Uint8Array(camera.buffer) }],
    });
    let covered = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const hit = particles.find((p) => x >= p.x - 4 && x < p.x + 4 && y >= p.y - 4 && y < p.y + 4);
        expect(image.texel(x, y), `pixel (${x}, ${y})`).toEqual(hit ? hit.color : [0, 0, 0, 0]);
        if (hit) covered++;
      }
    }
    expect(covered).toBe(3 * 64);
  });

  it('reads per-vertex SV_ClipDistance (float[1][3]) and writes it per emitted vertex, with SV_PrimitiveID out', async () => {
    // A full-screen triangle clipped where x < -0.5: the clip distance goes vertex -> geometry -> clipper.
    const source = `
      struct V { float4 pos : SV_Position; float clip : SV_ClipDistance0; };
      struct G { float4 pos : SV_Position; float clip : SV_ClipDistance0; uint prim : SV_PrimitiveID; };
      V vs_main(float2 p : POSITION) { V v; v.pos = float4(p, 0, 1); v.clip = p.x + 0.5; return v; }
      [maxvertexcount(3)]
      void gs_main(triangle V tri[3], uint id : SV_PrimitiveID, inout TriangleStream<G> s) {
        for (uint i = 0; i < 3; ++i) { G g; g.pos = tri[i].pos; g.clip = tri[i].clip; g.prim = id + 5; s.Append(g); }
      }
      uint4 ps_main(float4 pos : SV_Position, uint prim : SV_PrimitiveID) : SV_Target0 { return uint4(prim, 1, 0, 0); }`;
    const image = await gpu.renderTriangle({
      ...stages(source),
      vertices: new Float32Array([-1, -1, 3, -1, -1, 3]),
      stride: 8,
      attributes: [{ location: 0, format: 'rg32float', offset: 0 }],
      width: SIZE,
      height: SIZE,
      format: 'rgba32uint',
      clear: [0, 0, 0, 0],
    });
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) expect(image.texel(x, y), `pixel (${x}, ${y})`).toEqual(x < 16 ? [0, 0, 0, 0] : [5, 1, 0, 0]);
    }
  });

  it('runs [instance(N)] invocations per primitive: SV_GSInstanceID and SV_PrimitiveID, line strips', async () => {
    // Each input point becomes two horizontal lines (one per instance) on rows picked by
    // primitive and instance; the pixel shader writes the ids it receives.
    const source = `
      struct V { float4 pos : SV_Position; };
      struct L { float4 pos : SV_Position; nointerpolation uint2 ids : IDS; };
      V vs_main(float2 p : POSITION) { V v; v.pos = float4(p, 0, 1); return v; }
      [maxvertexcount(2)]
      [instance(2)]
      void gs_main(point V pts[1], uint prim : SV_PrimitiveID, uint inst : SV_GSInstanceID, inout LineStream<L> lines) {
        float y = -1.0 + (prim * 2 + inst) * 0.25 + 0.125;
        L o;
        o.ids = uint2(prim, inst);
        o.pos = float4(-1, y, 0, 1); lines.Append(o);
        o.pos = float4(1, y, 0, 1); lines.Append(o);
        lines.RestartStrip();
      }
      uint4 ps_main(L i) : SV_Target0 { return uint4(i.ids, 1, 0); }`;
    const image = await gpu.renderTriangle({
      ...stages(source),
      topology: 'point-list',
      vertices: new Float32Array([0, 0, 0.5, 0.5, -0.5, 0.5]),
      stride: 8,
      attributes: [{ location: 0, format: 'rg32float', offset: 0 }],
      width: 8,
      height: 8,
      format: 'rgba32uint',
      clear: [9, 9, 0, 0],
    });
    // Row r (of 8) holds the line of primitive floor(r / 2), instance r % 2, for the 3 primitives.
    for (let y = 0; y < 8; y++) {
      const expected = y < 6 ? [Math.floor(y / 2), y % 2, 1, 0] : [9, 9, 0, 0];
      for (let x = 0; x < 8; x++) expect(image.texel(x, y), `pixel (${x}, ${y})`).toEqual(expected);
    }
  });

  it('takes an input array of empty structs (no input variable; any length, as DXC) and draws from SV_PrimitiveID', async () => {
    // The geometry shader reads nothing per vertex: it emits a full-screen triangle coloured by the primitive id.
    for (const input of ['triangle Empty tri[3]', 'triangle Empty tri[4]']) {
      const source = `
        struct Empty {};
        struct G { float4 pos : SV_Position; nointerpolation uint prim : PRIM; };
        float4 vs_main(float2 p : POSITION) : SV_Position { return float4(p, 0, 1); }
        [maxvertexcount(3)]
        void gs_main(${input}, uint id : SV_PrimitiveID, inout TriangleStream<G> s) {
          G g; g.prim = id + 7;
          g.pos = float4(-1, -1, 0, 1); s.Append(g);
          g.pos = float4(3, -1, 0, 1); s.Append(g);
          g.pos = float4(-1, 3, 0, 1); s.Append(g);
        }
        uint4 ps_main(G i) : SV_Target0 { return uint4(i.prim, 1, 0, 0); }`;
      const image = await gpu.renderTriangle({
        ...stages(source),
        vertices: new Float32Array([-1, -1, 1, -1, -1, 1]),
        stride: 8,
        attributes: [{ location: 0, format: 'rg32float', offset: 0 }],
        width: 8,
        height: 8,
        format: 'rgba32uint',
        clear: [9, 9, 0, 0],
      });
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) expect(image.texel(x, y), `${input}: pixel (${x}, ${y})`).toEqual([7, 1, 0, 0]);
      }
    }
  });
});
