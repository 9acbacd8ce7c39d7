// Hull and domain shaders executed on lavapipe: the terrain fixture covers its patch and each
// triangle's flat patch coordinates (its provoking vertex's) lie on the grid its tess factor makes
// (which vertex provokes, and so how many distinct values show, is the driver's choice: NVIDIA's
// differ from lavapipe's), and a quad patch wrapped onto a disk covers exactly the regular N-gon its
// factor N makes, pixel by pixel (the cut count, independent of vertex order).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';
import { disassembleSpirv } from '../../helpers/tools.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

type Stage = 'vertex' | 'hull' | 'domain' | 'pixel';

function stages(source: string, filename: string | undefined, names: Record<Stage, string>) {
  const one = (stage: Stage) => compileValid(source, { ...(filename ? { filename } : {}), entryPoints: [{ name: names[stage], stage }] }).spirv;
  return { vertex: one('vertex'), hull: one('hull'), domain: one('domain'), pixel: one('pixel') };
}

/** One quad patch over the whole target: control points (0,0), (1,0), (1,1), (0,1) in patch space. */
const QUAD_PATCH = new Float32Array([-1, -1, 0, 0, 0, 1, -1, 0, 1, 0, 1, 1, 0, 1, 1, -1, 1, 0, 0, 1]);

describe('tessellation stages', () => {
  const path = new URL('../../../fixtures/compiler/terrain-tessellation.hlsl', import.meta.url);
  const source = readFileSync(path, 'utf8');
  const modules = stages(source, path.pathname, { vertex: 'vs_main', hull: 'hs_main', domain: 'ds_main', pixel: 'ps_main' });

  for (const factor of [1, 2, 4, 5]) {
    it(`covers the terrain patch with triangles whose vertices lie on the ${factor}x${factor} grid for tess factor ${factor} (terrain fixture)`, async () => {
      // Terrain cbuffer: identity viewProj, camera at the origin, no height, min = max = factor, debug view.
      const cb = new ArrayBuffer(96);
      const f = new Float32Array(cb);
      [0, 5, 10, 15].forEach((i) => (f[i] = 1));
      f[19] = 0; // heightScale
      f[20] = factor; // minTess
      f[21] = factor; // maxTess
      f[22] = 1; // farDistance
      new Uint32Array(cb)[23] = 1; // debugView
      const image = await gpu.renderTriangle({
        vertexSpirv: modules.vertex,
        vertexEntry: 'vs_main',
        hull: { spirv: modules.hull, entry: 'hs_main' },
        domain: { spirv: modules.domain, entry: 'ds_main' },
        pixelSpirv: modules.pixel,
        pixelEntry: 'ps_main',
        topology: 'patch-list',
        patchControlPoints: 4,
        vertices: QUAD_PATCH,
        stride: 20,
        attributes: [
          { location: 0, format: 'rgb32float', offset: 0 },
          { location: 1, format: 'rg32float', offset: 12 },
        ],
        width: 32,
        height: 32,
        format: 'rgba32float',
        clear: [-1, -1, -1, -1],
        bindings: [
          { set: 0, binding: 0, kind: 'uniform-buffer', data: new Uint8Array(cb) },
          { set: 0, binding: 1, kind: 'sampled-image', format: 'r8unorm', width: 1, height: 1, data: new Uint8Array([0]) },
          { set: 0, binding: 2, kind: 'sampler', filter: 'nearest', addressMode: 'clamp-to-edge' },
        ],
      });
      for (let y = 0; y < 32; y++) {
        for (let x = 0; x < 32; x++) {
          const [u, v, z, w] = image.texel(x, y);
          expect([z, w], `pixel (${x}, ${y}) is covered`).toEqual([0, 1]);
          // Every provoking vertex sits on the factor x factor grid of the patch.
          for (const k of [u!, v!].map((c) => Math.round(c * factor * 1e4) / 1e4)) expect(Number.isInteger(k), `${k} / ${factor} is a grid coordinate`).toBe(true);
        }
      }
    });
  }

  const disk = `
    cbuffer Params : register(b0) { float segments; float radius; };
    struct CP { float2 uv : PATCH; };
    struct Factors { float edges[4] : SV_TessFactor; float inside[2] : SV_InsideTessFactor; };
    struct V { float4 pos : SV_Position; };
    CP vs_main(float3 unused : POSITION, float2 uv : TEXCOORD0) { CP c; c.uv = uv; return c; }
    Factors constants() {
      Factors f;
      f.edges[0] = 1; f.edges[1] = segments; f.edges[2] = 1; f.edges[3] = segments;
      f.inside[0] = segments; f.inside[1] = 1;
      return f;
    }
    [domain("quad")] [partitioning("integer")] [outputtopology("triangle_ccw")]
    [outputcontrolpoints(1)] [patchconstantfunc("constants")]
    CP hs_main(InputPatch<CP, 4> patch) { return patch[0]; }
    [domain("quad")]
    V ds_main(Factors f, float2 d : SV_DomainLocation, OutputPatch<CP, 1> patch) {
      float angle = d.x * 6.28318530718;
      V v;
      v.pos = float4(cos(angle) * d.y * radius, sin(angle) * d.y * radius, 0, 1);
      return v;
    }
    float4 ps_main() : SV_Target0 { return float4(1, 1, 1, 1); }`;
  const diskModules = stages(disk, undefined, { vertex: 'vs_main', hull: 'hs_main', domain: 'ds_main', pixel: 'ps_main' });

  for (const segments of [3, 4, 6, 12]) {
    it(`wraps a quad patch onto the regular ${segments}-gon its tess factor makes, pixel by pixel`, async () => {
      const size = 64;
      const radius = 0.9;
      const image = await gpu.renderTriangle({
        vertexSpirv: diskModules.vertex,
        vertexEntry: 'vs_main',
        hull: { spirv: diskModules.hull, entry: 'hs_main' },
        domain: { spirv: diskModules.domain, entry: 'ds_main' },
        pixelSpirv: diskModules.pixel,
        pixelEntry: 'ps_main',
        topology: 'patch-list',
        patchControlPoints: 4,
        vertices: QUAD_PATCH,
        stride: 20,
        attributes: [
          { location: 0, format: 'rgb32float', offset: 0 },
          { location: 1, format: 'rg32float', offset: 12 },
        ],
        width: size,
        height: size,
        bindings: [{ set: 0, binding: 0, kind: 'uniform-buffer', data: new Uint8Array(new Float32Array([segments, radius, 0, 0]).buffer) }],
      });
      expectPolygons(image, size, [{ cx: 32, cy: 32, r: radius * (size / 2), n: segments }]);
    });
  }

  // Without [domain] on the hull shader (DXC accepts it) the module has no Quads mode: the domain shader's counts.
  for (const hullDomain of ['[domain("quad")] ', '']) it(`reads the hull outputs back through OutputPatch and SV_PrimitiveID in the patch-constant function${hullDomain ? '' : ' (hull without [domain])'}`, async () => {
    // Two patches; each one's factor is the sum of two control-point weights that the hull's
    // control-point function doubles, plus the patch id: the left patch gets 3, the right one 5.
    const source = `
      cbuffer Params : register(b0) { float radius; };
      struct CP { float2 center : CENTER; float k : WEIGHT; };
      struct Factors { float edges[4] : SV_TessFactor; float inside[2] : SV_InsideTessFactor; };
      CP vs_main(float2 c : POSITION, float k : WEIGHT) { CP o; o.center = c; o.k = k; return o; }
      Factors constants(OutputPatch<CP, 4> op, uint patchId : SV_PrimitiveID) {
        float n = op[0].k + op[3].k + patchId;
        Factors f;
        f.edges[0] = 1; f.edges[1] = n; f.edges[2] = 1; f.edges[3] = n;
        f.inside[0] = n; f.inside[1] = 1;
        return f;
      }
      ${hullDomain}[partitioning("integer")] [outputtopology("triangle_ccw")]
      [outputcontrolpoints(4)] [patchconstantfunc("constants")]
      CP hs_main(InputPatch<CP, 4> ip, uint id : SV_OutputControlPointID) { CP o = ip[id]; o.k = ip[id].k * 2.0; return o; }
      [domain("quad")]
      float4 ds_main(Factors f, float2 d : SV_DomainLocation, OutputPatch<CP, 4> patch) : SV_Position {
        float angle = d.x * 6.28318530718;
        return float4(patch[0].center + float2(cos(angle), sin(angle)) * d.y * radius, 0, 1);
      }
      float4 ps_main() : SV_Target0 { return float4(1, 1, 1, 1); }`;
    const m = stages(source, undefined, { vertex: 'vs_main', hull: 'hs_main', domain: 'ds_main', pixel: 'ps_main' });
    expect(/OpExecutionMode %\w+ Quads/.test(disassembleSpirv(m.hull))).toBe(hullDomain !== '');
    const size = 64;
    const radius = 0.4;
    const patch = (cx: number, k0: number, k3: number) => [cx, 0, k0, cx, 0, 0, cx, 0, 0, cx, 0, k3];
    const image = await gpu.renderTriangle({
      vertexSpirv: m.vertex,
      vertexEntry: 'vs_main',
      hull: { spirv: m.hull, entry: 'hs_main' },
      domain: { spirv: m.domain, entry: 'ds_main' },
      pixelSpirv: m.pixel,
      pixelEntry: 'ps_main',
      topology: 'patch-list',
      patchControlPoints: 4,
      vertices: new Float32Array([...patch(-0.5, 1, 0.5), ...patch(0.5, 1, 1)]),
      stride: 12,
      attributes: [
        { location: 0, format: 'rg32float', offset: 0 },
        { location: 1, format: 'r32float', offset: 8 },
      ],
      width: size,
      height: size,
      bindings: [{ set: 0, binding: 0, kind: 'uniform-buffer', data: new Uint8Array(new Float32Array([radius, 0, 0, 0]).buffer) }],
    });
    const r = radius * (size / 2);
    expectPolygons(image, size, [
      { cx: 16, cy: 32, r, n: 3 },
      { cx: 48, cy: 32, r, n: 5 },
    ]);
  });
});

/**
 * Regular polygons (vertices at angles 2πk/n around a pixel-space centre) cover exactly the lit
 * pixels, except pixels whose centre lies on an edge, where the fill rule decides.
 */
function expectPolygons(image: { texel(x: number, y: number): number[] }, size: number, polygons: { cx: number; cy: number; r: number; n: number }[]): void {
  const edges = polygons.map(({ cx, cy, r, n }) => {
    const corners = Array.from({ length: n }, (_, k) => [cx + r * Math.cos((2 * Math.PI * k) / n), cy + r * Math.sin((2 * Math.PI * k) / n)] as const);
    return corners.map(([ax, ay], k) => [ax, ay, ...corners[(k + 1) % n]!] as const);
  });
  let covered = 0;
  let checked = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      // Signed distances to each polygon's edges (positive inside: the polygons are counter-clockwise).
      const distances = edges.map((polygon) => polygon.map(([ax, ay, bx, by]) => ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / Math.hypot(bx - ax, by - ay)));
      const lit = image.texel(x, y)[0] === 1;
      if (lit) covered++;
      if (distances.flat().some((d) => Math.abs(d) < 0.01)) continue;
      checked++;
      expect(lit, `pixel (${x}, ${y})`).toBe(distances.some((polygon) => polygon.every((d) => d > 0)));
    }
  }
  const area = polygons.reduce((sum, { r, n }) => sum + (n / 2) * r * r * Math.sin((2 * Math.PI) / n), 0);
  expect(checked).toBeGreaterThan(size * size - 10);
  expect(Math.abs(covered - area)).toBeLessThan(polygons.reduce((sum, { r }) => sum + r * 2 * Math.PI * 0.25, 0));
}
