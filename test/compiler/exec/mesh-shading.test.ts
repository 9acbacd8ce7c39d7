// Mesh shading executed on Mesa 25 lavapipe (VK_EXT_mesh_shader): the meshlet fixture's
// amplification shader culls meshlets (normal cone, bounding sphere) and compacts the survivors
// into its payload; the mesh shader draws each survivor's triangles, back-face culling one through
// SV_CullPrimitive; the pixel shader writes the meshlet colour and SV_PrimitiveID + 1 in alpha.
// Every pixel of the 64x64 target is compared with the image worked out here from the meshlet data.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

const FIXTURE = new URL('../../../fixtures/compiler/meshlets.hlsl', import.meta.url);
const SIZE = 64;

/** Meshlet k covers a 24x20-pixel quad in quadrant k (no pixel centre lies on an edge or its diagonal). */
interface MeshletSpec {
  quadrant: number;
  /** Offset of the quad in NDC (moves meshlet 4 off screen). */
  shift?: number;
  coneAxis: [number, number, number];
  /** Triangle 0 wound clockwise on screen: back-facing, culled by the mesh shader. */
  backFacing?: boolean;
  color: [number, number, number];
}

const MESHLETS: MeshletSpec[] = [
  { quadrant: 0, coneAxis: [0, 0, -1], color: [30, 200, 90] },
  { quadrant: 1, coneAxis: [0, 0, -1], color: [90, 160, 110], backFacing: true },
  { quadrant: 2, coneAxis: [0, 0, 1], color: [150, 120, 130] }, // faces away: culled by the amplification shader
  { quadrant: 3, coneAxis: [0, 0, -1], color: [210, 80, 150] },
  { quadrant: 0, shift: 6, coneAxis: [0, 0, -1], color: [255, 255, 255] }, // outside the view: culled
];

function quad(spec: MeshletSpec) {
  const ox = (spec.quadrant % 2) * 32, oy = Math.floor(spec.quadrant / 2) * 32;
  return { x0: ox + 4, y0: oy + 6, x1: ox + 28, y1: oy + 26 };
}

const ndc = (pixels: number) => pixels / 32 - 1;

function buffers() {
  const meshlets = new ArrayBuffer(64 * MESHLETS.length);
  const positions: number[] = [];
  const vertices: number[] = [];
  const primitives: number[] = [];
  MESHLETS.forEach((spec, k) => {
    const { x0, y0, x1, y1 } = quad(spec);
    const shift = spec.shift ?? 0;
    const corners = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
    for (const [x, y] of corners) positions.push(ndc(x!) + shift, ndc(y!), 0.5, 1);
    for (let v = 0; v < 4; v++) vertices.push(k * 4 + v);
    const pack = (a: number, b: number, c: number) => a | (b << 8) | (c << 16);
    primitives.push(spec.backFacing ? pack(0, 2, 1) : pack(0, 1, 2), pack(0, 2, 3));
    const u32 = new Uint32Array(meshlets, k * 64, 16);
    const f32 = new Float32Array(meshlets, k * 64, 16);
    u32.set([k * 4, 4, k * 2, 2]);
    f32.set([ndc((x0 + x1) / 2) + shift, ndc((y0 + y1) / 2), 0.5, 0.5], 4); // bounding sphere
    f32.set([...spec.coneAxis, 0.5], 8); // cone axis, cutoff
    f32.set(spec.color.map((c) => c / 255), 12);
  });
  const frame = new Float32Array(24);
  frame.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]); // viewProj: identity
  frame.set([0, 0, 1], 16); // viewDirection
  new Uint32Array(frame.buffer)[19] = MESHLETS.length;
  frame.set([0, 0, 1, 0.25], 20); // lightDirection (from the viewer), ambient
  return {
    frame: new Uint8Array(frame.buffer),
    meshlets: new Uint8Array(meshlets),
    positions: new Uint8Array(new Float32Array(positions).buffer),
    vertices: new Uint8Array(new Uint32Array(vertices).buffer),
    primitives: new Uint8Array(new Uint32Array(primitives).buffer),
  };
}

/** RGBA bytes of pixel (px, py) as the pipeline must draw it. */
function expectedPixel(px: number, py: number): number[] {
  for (const [k, spec] of MESHLETS.entries()) {
    if (spec.coneAxis[2] > 0 || spec.shift) continue; // culled meshlets
    const { x0, y0, x1, y1 } = quad(spec);
    const x = px + 0.5, y = py + 0.5;
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    // Triangle 0 (v0, v1, v2) lies above the v0→v2 diagonal, triangle 1 (v0, v2, v3) below it.
    const triangle = (y - y0) * (x1 - x0) < (x - x0) * (y1 - y0) ? 0 : 1;
    if (triangle === 0 && spec.backFacing) return [0, 0, 0, 0];
    return [...spec.color, k * 8 + triangle + 1];
  }
  return [0, 0, 0, 0];
}

describe('mesh shading on Mesa 25 lavapipe', () => {
  let gpu: GpuRunner;
  beforeAll(async () => {
    gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
  });
  afterAll(() => gpu?.close());

  it('culls meshlets in the amplification shader and draws the survivors from its payload, pixel by pixel', async () => {
    const source = readFileSync(FIXTURE, 'utf8');
    const compile = (name: string, stage: 'amplification' | 'mesh' | 'pixel') =>
      compileValid(source, { filename: FIXTURE.pathname, entryPoints: [{ name, stage }] }, ['vulkan1.2']).spirv;
    const data = buffers();
    const image = await gpu.drawMeshTasks({
      amplificationSpirv: compile('cullMeshlets', 'amplification'),
      amplificationEntry: 'cullMeshlets',
      meshSpirv: compile('drawMeshlet', 'mesh'),
      meshEntry: 'drawMeshlet',
      pixelSpirv: compile('shadeMeshlet', 'pixel'),
      pixelEntry: 'shadeMeshlet',
      groups: [1, 1, 1],
      extensions: ['VK_EXT_mesh_shader'],
      width: SIZE,
      height: SIZE,
      bindings: [
        { set: 0, binding: 0, kind: 'uniform-buffer', data: data.frame },
        { set: 0, binding: 1, kind: 'storage-buffer', data: data.meshlets },
        { set: 0, binding: 2, kind: 'storage-buffer', data: data.positions },
        { set: 0, binding: 3, kind: 'storage-buffer', data: data.vertices },
        { set: 0, binding: 4, kind: 'storage-buffer', data: data.primitives },
      ],
    });
    const wrong: string[] = [];
    let drawn = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const at = (y * SIZE + x) * 4;
        const got = [...image.pixels.subarray(at, at + 4)];
        const want = expectedPixel(x, y);
        if (want[3]) drawn++;
        if (got.join() !== want.join() && wrong.length < 8) wrong.push(`(${x}, ${y}): got ${got.join()}, want ${want.join()}`);
      }
    }
    expect(wrong).toEqual([]);
    // Two full quads and one half quad: 24*20*2.5 pixels.
    expect(drawn).toBe(1200);
  });

  it('clips with SV_ClipDistance written per component by a mesh shader (the manual packs them into one array)', async () => {
    const source = `
      struct V { float4 pos : SV_Position; float2 clip : SV_ClipDistance0; };
      [outputtopology("triangle")] [numthreads(4, 1, 1)]
      void ms(uint i : SV_GroupThreadID, out vertices V verts[4], out indices uint3 tris[2]) {
        SetMeshOutputCounts(4, 2);
        float2 corner = float2(i == 1 || i == 2 ? 1.0 : -1.0, i >= 2 ? 1.0 : -1.0); // a full-screen quad
        verts[i].pos = float4(corner, 0.5, 1.0);
        verts[i].clip.x = corner.x;       // keeps x >= 0: the right half
        verts[i].clip.y = corner.y + 0.5; // keeps y >= -0.5: below the top quarter
        if (i < 2) tris[i] = i == 0 ? uint3(0, 1, 2) : uint3(0, 2, 3);
      }
      float4 ps(float4 pos : SV_Position) : SV_Target { return float4(64, 128, 192, 255) / 255.0; }`;
    const mesh = compileValid(source, { entryPoints: [{ name: 'ms', stage: 'mesh' }] }, ['vulkan1.2']).spirv;
    const pixel = compileValid(source, { entryPoints: [{ name: 'ps', stage: 'pixel' }] }, ['vulkan1.2']).spirv;
    const image = await gpu.drawMeshTasks({
      meshSpirv: mesh, meshEntry: 'ms', pixelSpirv: pixel, pixelEntry: 'ps', groups: [1, 1, 1],
      extensions: ['VK_EXT_mesh_shader'], width: SIZE, height: SIZE,
    });
    const wrong: string[] = [];
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const got = [...image.pixels.subarray((y * SIZE + x) * 4, (y * SIZE + x) * 4 + 4)].join();
        // Pixel centres: NDC x = (x + 0.5) / 32 - 1 >= 0 from x = 32; NDC y >= -0.5 from y = 16.
        const want = x >= 32 && y >= 16 ? '64,128,192,255' : '0,0,0,0';
        if (got !== want && wrong.length < 8) wrong.push(`(${x}, ${y}): got ${got}, want ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  });
  /** A 16×16 draw of `source`'s mesh entry `ms` and pixel entry `ps`, as rows of '#' (drawn) and '.'. */
  const drawnRows = async (source: string, invertY: boolean, optimizationLevel: 0 | 3 = 3) => {
    const meshSpirv = compileValid(source, { entryPoints: [{ name: 'ms', stage: 'mesh' }], invertY, optimizationLevel }, ['vulkan1.2']).spirv;
    const pixelSpirv = compileValid(source, { entryPoints: [{ name: 'ps', stage: 'pixel' }] }, ['vulkan1.2']).spirv;
    const image = await gpu.drawMeshTasks({
      meshSpirv, meshEntry: 'ms', pixelSpirv, pixelEntry: 'ps', groups: [1, 1, 1],
      extensions: ['VK_EXT_mesh_shader'], width: 16, height: 16,
    });
    return Array.from({ length: 16 }, (_, y) => Array.from({ length: 16 }, (_, x) => (image.pixels[(y * 16 + x) * 4] ? '#' : '.')).join(''));
  };
  const UPPER_HALF = [...Array(8).fill('#'.repeat(16)), ...Array(8).fill('.'.repeat(16))];
  const LOWER_HALF = [...Array(8).fill('.'.repeat(16)), ...Array(8).fill('#'.repeat(16))];

  it('flips a DirectX-style mesh shader\'s triangle with -fvk-invert-y, written as a whole vertex, through an out parameter or as a position', async () => {
    // DirectX clip space: y up; the triangle covers the upper half. Vertex 0 is stored as a whole
    // vertex, vertex 1 through an out parameter of an (inlined) helper, vertex 2 as a position.
    // Component stores (pos.y = …) are the next test's.
    const source = `
      struct V { float4 pos : SV_Position; };
      void place(out V v, float2 xy) { v.pos = float4(xy, 0, 1); }
      [outputtopology("triangle")] [numthreads(3, 1, 1)]
      void ms(uint i : SV_GroupThreadID, out vertices V verts[3], out indices uint3 tris[1]) {
        const float2 corners[3] = { float2(-1, 0), float2(3, 0), float2(-1, 2) };
        SetMeshOutputCounts(3, 1);
        if (i == 0) { V v; v.pos = float4(corners[0], 0, 1); verts[0] = v; tris[0] = uint3(0, 1, 2); }
        else if (i == 1) place(verts[1], corners[1]);
        else verts[i].pos = float4(corners[i], 0, 1);
      }
      float4 ps() : SV_Target { return float4(1, 0, 0, 1); }`;
    const render = (invertY: boolean, optimizationLevel: 0 | 3 = 3) => drawnRows(source, invertY, optimizationLevel);
    const [inverted, plain, unoptimized] = await Promise.all([render(true), render(false), render(true, 0)]);
    // Vulkan's y points down: flipped, the upper half is at the top of the framebuffer.
    expect(inverted).toEqual(UPPER_HALF);
    expect(plain).toEqual(LOWER_HALF);
    expect(unoptimized).toEqual(inverted);
  });

  it('flips component stores to SV_Position (pos.y = …, pos[c] = … with a run-time c) with -fvk-invert-y', async (ctx) => {
    // y is first written wrong (5: off screen), then per component; only the component store can
    // place the triangle. Mesa 25.0.7's lavapipe drops component stores to a mesh shader's Position
    // array (the plain module, without the option, draws nothing there, though spirv-val accepts it
    // and a whole-vector store draws): the test is skipped on that driver and judged on NVIDIA's
    // through the real-driver lane (scripts/gpu-lane), where the control must draw.
    const source = `
      struct V { float4 pos : SV_Position; };
      [outputtopology("triangle")] [numthreads(3, 1, 1)]
      void ms(uint i : SV_GroupThreadID, out vertices V verts[3], out indices uint3 tris[1]) {
        const float2 corners[3] = { float2(-1, 0), float2(3, 0), float2(-1, 2) };
        SetMeshOutputCounts(3, 1);
        if (i == 0) tris[0] = uint3(0, 1, 2);
        verts[i].pos = float4(corners[i].x, 5, 0, 1);
        uint c = 1 + i / 8; // 1, known only at run time
        if (i == 2) verts[i].pos[c] = corners[i].y;
        else verts[i].pos.y = corners[i].y;
      }
      float4 ps() : SV_Target { return float4(1, 0, 0, 1); }`;
    const render = (invertY: boolean, optimizationLevel: 0 | 3 = 3) => drawnRows(source, invertY, optimizationLevel);
    const [plain, inverted, unoptimized] = await Promise.all([render(false), render(true), render(true, 0)]);
    if (plain.join() === Array(16).fill('.'.repeat(16)).join()) {
      // The driver defect's signature, not ours: the same shader with a whole-vector store draws.
      const whole = source.replace(/uint c = [^\n]*\n[^\n]*\n[^\n]*\n/, 'verts[i].pos = float4(corners[i], 0, 1);\n');
      expect(await drawnRows(whole, false)).toEqual(LOWER_HALF);
      return ctx.skip('this driver (Mesa 25.0.7 lavapipe) drops component stores to a mesh shader\'s Position: the control without -fvk-invert-y draws nothing, its whole-vector twin draws; judged on NVIDIA by the real-driver lane');
    }
    expect(plain).toEqual(LOWER_HALF);
    expect(inverted).toEqual(UPPER_HALF);
    expect(unoptimized).toEqual(UPPER_HALF);
  });
});
