// Ray-tracing pipelines executed on Mesa 25 lavapipe (VK_KHR_ray_tracing_pipeline): ray generation,
// closest-hit and miss entry points of one HLSL library (compiled as one module, every entry point),
// a shader binding table of one record per group (runner/raytracing.c) and a top-level structure
// holding one instance of a one-triangle bottom-level structure (runner/accel.c); then with an
// any-hit shader that ignores hits and a callable shader; then an intersection shader reporting
// procedural hits in a box. The launch writes one texel per ray; each is
// checked against the ray/triangle intersection computed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { validateSpirv } from '../../helpers/tools.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
});
afterAll(() => gpu?.close());

const LIBRARY = `
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<float4> image : register(u1);
RWStructuredBuffer<uint4> ids : register(u2);

struct Payload {
  float4 color;
  uint4 info;
};

struct Attributes {
  float2 bary;
};

[shader("raygeneration")]
void raygen() {
  uint2 pixel = DispatchRaysIndex().xy;
  uint2 size = DispatchRaysDimensions().xy;
  RayDesc ray;
  // A quarter into each pixel over [0, 1]^2 (never on the triangle's diagonal edge), shot down from z = 2.
  ray.Origin = float3((float2(pixel) + 0.25) / float2(size), 2.0);
  ray.Direction = float3(0, 0, -1);
  ray.TMin = 0.0;
  ray.TMax = 100.0;
  Payload p;
  p.color = float4(0, 0, 0, 0);
  p.info = uint4(0, 0, 0, 0);
  TraceRay(scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, p);
  uint index = pixel.y * size.x + pixel.x;
  image[index] = p.color;
  ids[index] = p.info;
}

[shader("closesthit")]
void closest(inout Payload p, in Attributes a) {
  p.color = float4(a.bary, RayTCurrent(), 1.0);
  p.info = uint4(InstanceID(), PrimitiveIndex(), HitKind(), 1);
}

[shader("miss")]
void miss(inout Payload p) {
  p.color = float4(WorldRayDirection(), -1.0);
  p.info = uint4(7, 7, 7, 2);
}
`;

const SIZE = 8;

describe('ray-tracing pipeline on lavapipe (Mesa 25)', () => {
  it('a library with raygen, closest-hit and miss entries traces one triangle, ray by ray', async () => {
    // No entry named: a library compiles every [shader(...)] entry into one module.
    const r = compile(LIBRARY, { targetEnv: 'vulkan1.2' });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.entryPoints.map((e) => `${e.name}:${e.stage}`)).toEqual(['raygen:raygeneration', 'closest:closesthit', 'miss:miss']);
    validateSpirv(r.spirv!, { targetEnv: 'vulkan1.2' });
    const spirv = r.spirv!;
    // The triangle (0,0), (1,0), (0,1) at z = 0: pixels below the diagonal hit it.
    const triangles = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const { buffers } = await gpu.traceRays({
      raygen: { spirv, entry: 'raygen' },
      miss: { spirv, entry: 'miss' },
      closestHit: { spirv, entry: 'closest' },
      launch: [SIZE, SIZE, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'acceleration-structure', triangles, instanceCustomIndex: 5 },
        { set: 0, binding: 1, kind: 'storage-buffer', size: SIZE * SIZE * 16, name: 'image' },
        { set: 0, binding: 2, kind: 'storage-buffer', size: SIZE * SIZE * 16, name: 'ids' },
      ],
      extensions: ['VK_KHR_ray_tracing_pipeline', 'VK_KHR_acceleration_structure', 'VK_KHR_deferred_host_operations'],
      features: ['accelerationStructure', 'bufferDeviceAddress'],
    });
    const image = new Float32Array(buffers.image!.buffer, buffers.image!.byteOffset, SIZE * SIZE * 4);
    const ids = new Uint32Array(buffers.ids!.buffer, buffers.ids!.byteOffset, SIZE * SIZE * 4);
    let hits = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const i = y * SIZE + x;
        const u = (x + 0.25) / SIZE;
        const v = (y + 0.25) / SIZE;
        const color = [...image.subarray(i * 4, i * 4 + 4)];
        const info = [...ids.subarray(i * 4, i * 4 + 4)];
        if (u + v < 1) {
          hits++;
          expect(info, `ray ${x},${y}`).toEqual([5, 0, 0xfe, 1]);
          expect(color[0], `ray ${x},${y} barycentric u`).toBeCloseTo(u, 5);
          expect(color[1], `ray ${x},${y} barycentric v`).toBeCloseTo(v, 5);
          expect(color[2], `ray ${x},${y} RayTCurrent`).toBeCloseTo(2, 5);
          expect(color[3]).toBe(1);
        } else {
          expect(info, `ray ${x},${y}`).toEqual([7, 7, 7, 2]);
          expect(color, `ray ${x},${y} miss`).toEqual([0, 0, -1, -1]);
        }
      }
    }
    expect(hits).toBe(36);
  });

  it('an any-hit shader that ignores hits and a closest-hit shader that calls a callable shader', async () => {
    const library = `
      RaytracingAccelerationStructure scene : register(t0);
      RWStructuredBuffer<float4> image : register(u1);
      struct Payload { float4 value; };
      struct Attributes { float2 bary; };
      struct Scale { float3 v; float factor; };

      [shader("raygeneration")]
      void raygen() {
        uint2 pixel = DispatchRaysIndex().xy;
        uint2 size = DispatchRaysDimensions().xy;
        RayDesc ray = { float3((float2(pixel) + 0.25) / float2(size), 2.0), 0.0, float3(0, 0, -1), 100.0 };
        Payload p = { float4(0, 0, 0, 0) };
        TraceRay(scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, p);
        image[pixel.y * size.x + pixel.x] = p.value;
      }

      // Cuts the triangle: hits with barycentric u below a quarter are ignored (the ray misses).
      [shader("anyhit")]
      void cut(inout Payload p, in Attributes a) {
        if (a.bary.x < 0.25) IgnoreHit();
      }

      [shader("closesthit")]
      void shade(inout Payload p, in Attributes a) {
        Scale s = { float3(a.bary, RayTCurrent()), 3.0 };
        CallShader(0, s);
        p.value = float4(s.v, 1);
      }

      [shader("callable")]
      void scale(inout Scale s) { s.v *= s.factor; }

      [shader("miss")]
      void miss(inout Payload p) { p.value = float4(0, 0, 0, -1); }
    `;
    const r = compile(library, { targetEnv: 'vulkan1.2' });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    validateSpirv(r.spirv!, { targetEnv: 'vulkan1.2' });
    const spirv = r.spirv!;
    const { buffers } = await gpu.traceRays({
      raygen: { spirv, entry: 'raygen' },
      miss: { spirv, entry: 'miss' },
      closestHit: { spirv, entry: 'shade' },
      anyHit: { spirv, entry: 'cut' },
      callable: { spirv, entry: 'scale' },
      launch: [SIZE, SIZE, 1],
      bindings: [
        // Not opaque: the any-hit shader runs for every candidate.
        { set: 0, binding: 0, kind: 'acceleration-structure', triangles: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), opaque: false },
        { set: 0, binding: 1, kind: 'storage-buffer', size: SIZE * SIZE * 16, name: 'image' },
      ],
      extensions: ['VK_KHR_ray_tracing_pipeline', 'VK_KHR_acceleration_structure', 'VK_KHR_deferred_host_operations'],
      features: ['accelerationStructure', 'bufferDeviceAddress'],
    });
    const image = new Float32Array(buffers.image!.buffer, buffers.image!.byteOffset, SIZE * SIZE * 4);
    let shaded = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const i = y * SIZE + x;
        const u = (x + 0.25) / SIZE;
        const v = (y + 0.25) / SIZE;
        const texel = [...image.subarray(i * 4, i * 4 + 4)];
        if (u + v < 1 && u >= 0.25) {
          shaded++;
          // The callable shader tripled (u, v, t).
          expect(texel[0], `ray ${x},${y} u`).toBeCloseTo(3 * u, 5);
          expect(texel[1], `ray ${x},${y} v`).toBeCloseTo(3 * v, 5);
          expect(texel[2], `ray ${x},${y} t`).toBeCloseTo(6, 5);
          expect(texel[3]).toBe(1);
        } else {
          expect(texel, `ray ${x},${y} missed or ignored`).toEqual([0, 0, 0, -1]);
        }
      }
    }
    // Of the 36 rays inside the triangle, the 15 with u < 1/4 (columns x = 0 and 1: 8 + 7 rays) are cut.
    expect(shaded).toBe(36 - 15);
  });

  it('an intersection shader reports procedural hits (a disc in a box) with its attributes and hit kind', async () => {
    const library = `
      RaytracingAccelerationStructure scene : register(t0);
      RWStructuredBuffer<float4> image : register(u1);
      struct Payload { float4 value; };
      struct DiscHit { float2 position; };

      [shader("raygeneration")]
      void raygen() {
        uint2 pixel = DispatchRaysIndex().xy;
        uint2 size = DispatchRaysDimensions().xy;
        RayDesc ray = { float3((float2(pixel) + 0.25) / float2(size), 2.0), 0.0, float3(0, 0, -1), 100.0 };
        Payload p = { float4(0, 0, 0, 0) };
        TraceRay(scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, p);
        image[pixel.y * size.x + pixel.x] = p.value;
      }

      // The disc of radius 0.5 around (0.5, 0.5) in the plane z = 0, inside the box.
      [shader("intersection")]
      void disc() {
        float t = ObjectRayOrigin().z / -ObjectRayDirection().z;
        float3 p = ObjectRayOrigin() + t * ObjectRayDirection();
        if (t >= RayTMin() && length(p.xy - 0.5) < 0.5) {
          DiscHit hit = { p.xy };
          ReportHit(t, 7, hit);
        }
      }

      [shader("closesthit")]
      void shade(inout Payload p, in DiscHit hit) {
        p.value = float4(hit.position, RayTCurrent(), HitKind());
      }

      [shader("miss")]
      void miss(inout Payload p) { p.value = float4(0, 0, 0, -1); }
    `;
    const r = compile(library, { targetEnv: 'vulkan1.2' });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    validateSpirv(r.spirv!, { targetEnv: 'vulkan1.2' });
    const spirv = r.spirv!;
    const { buffers } = await gpu.traceRays({
      raygen: { spirv, entry: 'raygen' },
      miss: { spirv, entry: 'miss' },
      closestHit: { spirv, entry: 'shade' },
      intersection: { spirv, entry: 'disc' },
      launch: [SIZE, SIZE, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'acceleration-structure', boxes: new Float32Array([0, 0, -0.5, 1, 1, 0.5]) },
        { set: 0, binding: 1, kind: 'storage-buffer', size: SIZE * SIZE * 16, name: 'image' },
      ],
      extensions: ['VK_KHR_ray_tracing_pipeline', 'VK_KHR_acceleration_structure', 'VK_KHR_deferred_host_operations'],
      features: ['accelerationStructure', 'bufferDeviceAddress'],
    });
    const image = new Float32Array(buffers.image!.buffer, buffers.image!.byteOffset, SIZE * SIZE * 4);
    let inside = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const i = y * SIZE + x;
        const u = (x + 0.25) / SIZE;
        const v = (y + 0.25) / SIZE;
        const texel = [...image.subarray(i * 4, i * 4 + 4)];
        if (Math.hypot(u - 0.5, v - 0.5) < 0.5) {
          inside++;
          expect(texel[0], `ray ${x},${y} x`).toBeCloseTo(u, 5);
          expect(texel[1], `ray ${x},${y} y`).toBeCloseTo(v, 5);
          expect(texel[2], `ray ${x},${y} t`).toBeCloseTo(2, 5);
          expect(texel[3], `ray ${x},${y} HitKind`).toBe(7);
        } else {
          expect(texel, `ray ${x},${y} outside the disc`).toEqual([0, 0, 0, -1]);
        }
      }
    }
    expect(inside).toBeGreaterThan(20);
    expect(inside).toBeLessThan(64);
  });
});
