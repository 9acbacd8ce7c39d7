// Ray queries executed on Mesa 25 lavapipe (VK_KHR_ray_query): a compute shader traces one ray per
// thread against a top-level structure holding one instance of a one-triangle bottom-level
// structure (runner/accel.c), and writes what the query reports, checked value by value against
// the ray/triangle intersection computed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
});
afterAll(() => gpu?.close());

const RAY_QUERY = {
  extensions: ['VK_KHR_ray_query', 'VK_KHR_acceleration_structure', 'VK_KHR_deferred_host_operations'],
  features: ['accelerationStructure', 'bufferDeviceAddress'],
};

// One triangle in the z = 0 plane: (0,0), (1,0), (0,1); counter-clockwise seen from +z.
const TRIANGLE = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);

const SHADER = `
RaytracingAccelerationStructure scene : register(t0);

struct Hit {
  float t;
  float2 barycentrics;
  uint status;
  uint primitive;
  uint instanceId;
  uint frontFace;
  uint candidates;
  float3 objectOrigin;
  float tMin;
};
RWStructuredBuffer<Hit> hits : register(u1);

cbuffer Rays : register(b2) {
  float4 origins[8];
};

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  RayDesc ray;
  ray.Origin = origins[id.x].xyz;
  ray.Direction = float3(0, 0, -1);
  ray.TMin = 0.5;
  ray.TMax = origins[id.x].w;
  // Not forced opaque: each triangle candidate is committed by hand, and counted.
  RayQuery<RAY_FLAG_NONE> q;
  q.TraceRayInline(scene, RAY_FLAG_FORCE_NON_OPAQUE, 0xFF, ray);
  uint candidates = 0;
  while (q.Proceed()) {
    if (q.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE) {
      candidates++;
      q.CommitNonOpaqueTriangleHit();
    }
  }
  Hit h = (Hit)0;
  h.status = q.CommittedStatus();
  h.candidates = candidates;
  h.tMin = q.RayTMin();
  if (h.status == COMMITTED_TRIANGLE_HIT) {
    h.t = q.CommittedRayT();
    h.barycentrics = q.CommittedTriangleBarycentrics();
    h.primitive = q.CommittedPrimitiveIndex();
    h.instanceId = q.CommittedInstanceID();
    h.frontFace = q.CommittedTriangleFrontFace() ? 1 : 0;
    h.objectOrigin = q.CommittedObjectRayOrigin();
  }
  hits[id.x] = h;
}`;

const HIT_WORDS = 12;

describe('ray queries on lavapipe (Mesa 25)', () => {
  it('reports committed hits, barycentrics, T, indices and misses of rays against one triangle, value by value', async () => {
    const { spirv } = compileValid(SHADER, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.2' }, ['vulkan1.2']);
    // Rays straight down from z = 2 (xyz = origin, w = TMax); a hit is at t = 2 with barycentrics (x, y).
    const rays = [
      [0.25, 0.25, 2, 10],
      [0.5, 0.1, 2, 10],
      [0.1, 0.7, 2, 10],
      [0.9, 0.9, 2, 10], // outside the triangle (x + y > 1)
      [-0.1, 0.2, 2, 10], // outside (x < 0)
      [0.2, 0.2, 2, 1.5], // TMax stops short of the triangle
      [0.3, 0.3, -1, 10], // starts below the plane, shoots away from it
      [0.05, 0.05, 2, 10],
    ];
    const transform = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
    const { buffers } = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'acceleration-structure', triangles: TRIANGLE, transform, instanceCustomIndex: 42, opaque: true },
        { set: 0, binding: 1, kind: 'storage-buffer', size: rays.length * HIT_WORDS * 4, name: 'hits' },
        { set: 0, binding: 2, kind: 'uniform-buffer', data: new Float32Array(rays.flat()) },
      ],
      ...RAY_QUERY,
    });
    const view = new DataView(buffers.hits!.buffer, buffers.hits!.byteOffset);
    rays.forEach(([x, y, z, tMax], i) => {
      const f = (w: number) => view.getFloat32((i * HIT_WORDS + w) * 4, true);
      const u = (w: number) => view.getUint32((i * HIT_WORDS + w) * 4, true);
      const inside = x! >= 0 && y! >= 0 && x! + y! <= 1;
      const t = z!; // the plane z = 0 along direction -z
      const hit = inside && t >= 0.5 && t <= tMax!;
      expect(u(3), `ray ${i} status`).toBe(hit ? 1 : 0);
      expect(u(7), `ray ${i} candidates`).toBe(hit ? 1 : 0);
      expect(f(11), `ray ${i} RayTMin`).toBe(0.5);
      if (!hit) {
        expect([f(0), f(1), f(2), u(4), u(5), u(6)], `ray ${i} untouched`).toEqual([0, 0, 0, 0, 0, 0]);
        return;
      }
      expect(f(0), `ray ${i} T`).toBeCloseTo(t, 5);
      // Barycentrics are those of vertices 1 and 2: (x, y) for this triangle.
      expect(f(1), `ray ${i} barycentric 1`).toBeCloseTo(x!, 5);
      expect(f(2), `ray ${i} barycentric 2`).toBeCloseTo(y!, 5);
      expect(u(4), `ray ${i} primitive`).toBe(0);
      expect(u(5), `ray ${i} InstanceID`).toBe(42);
      // Facing is the driver's (Vulkan's) convention: this winding is front-facing for rays from +z;
      // the second test flips the winding and expects the opposite.
      expect(u(6), `ray ${i} front face`).toBe(1);
      expect([f(8), f(9), f(10)], `ray ${i} object-space origin`).toEqual([x, y, z].map((v) => Math.fround(v!)));
    });
  });

  it('a query initialized in one function and advanced in another is one query (passed by reference)', async () => {
    const source = `
      RaytracingAccelerationStructure scene : register(t0);
      RWStructuredBuffer<float2> results : register(u1);
      void start(RayQuery<RAY_FLAG_FORCE_OPAQUE> query, float2 xy) {
        RayDesc ray = { float3(xy, 3.0), 0.0, float3(0, 0, -1), 10.0 };
        query.TraceRayInline(scene, RAY_FLAG_NONE, 0xFF, ray);
      }
      void run(RayQuery<RAY_FLAG_FORCE_OPAQUE> query) { while (query.Proceed()) {} }
      [numthreads(2, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        RayQuery<RAY_FLAG_FORCE_OPAQUE> q;
        start(q, id.x == 0 ? float2(0.2, 0.3) : float2(0.8, 0.8));
        run(q);
        results[id.x] = float2(q.CommittedStatus(), q.CommittedRayT());
      }`;
    const { spirv } = compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.2' }, ['vulkan1.2']);
    const { buffers } = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'acceleration-structure', triangles: TRIANGLE },
        { set: 0, binding: 1, kind: 'storage-buffer', size: 16, name: 'results' },
      ],
      ...RAY_QUERY,
    });
    // Thread 0 hits at t = 3; thread 1 misses, and CommittedRayT is then the ray's TMax (DXR).
    expect([...new Float32Array(buffers.results!.buffer, buffers.results!.byteOffset, 4)]).toEqual([1, 3, 0, 10]);
  });

  it('moves the triangle with the instance transform, flips facing with the winding, and skips it when the instance mask misses the ray', async () => {
    const { spirv } = compileValid(SHADER, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.2' }, ['vulkan1.2']);
    const rays = Array.from({ length: 8 }, (_, i) => [10.25 + (i % 2) * 0.9, 0.25, 3, 10]);
    // The same triangle wound the other way: (0,0), (0,1), (1,0).
    const REVERSED = new Float32Array([0, 0, 0, 0, 1, 0, 1, 0, 0]);
    // Translated by (10, 0, -1): the plane is z = -1, so t = 4; odd rays (x = 11.15) are outside.
    const transform = [1, 0, 0, 10, 0, 1, 0, 0, 0, 0, 1, -1];
    const run = (mask: number) =>
      gpu.runCompute({
        spirv,
        groups: [1, 1, 1],
        bindings: [
          { set: 0, binding: 0, kind: 'acceleration-structure', triangles: REVERSED, transform, mask },
          { set: 0, binding: 1, kind: 'storage-buffer', size: rays.length * HIT_WORDS * 4, name: 'hits' },
          { set: 0, binding: 2, kind: 'uniform-buffer', data: new Float32Array(rays.flat()) },
        ],
        ...RAY_QUERY,
      });
    const seen = new DataView((await run(0x01)).buffers.hits!.buffer);
    for (let i = 0; i < 8; i++) {
      const even = i % 2 === 0;
      expect(seen.getUint32((i * HIT_WORDS + 3) * 4, true), `ray ${i}`).toBe(even ? 1 : 0);
      if (even) {
        expect(seen.getFloat32(i * HIT_WORDS * 4, true)).toBeCloseTo(4, 5);
        expect(seen.getUint32((i * HIT_WORDS + 6) * 4, true), `ray ${i} front face`).toBe(0);
        // The object-space origin undoes the translation.
        expect(seen.getFloat32((i * HIT_WORDS + 8) * 4, true)).toBeCloseTo(0.25, 5);
        expect(seen.getFloat32((i * HIT_WORDS + 10) * 4, true)).toBeCloseTo(4, 5);
      }
    }
    // The shader's ray mask is 0xFF: an instance mask of 0 never matches.
    const masked = new DataView((await run(0x00)).buffers.hits!.buffer);
    for (let i = 0; i < 8; i++) expect(masked.getUint32((i * HIT_WORDS + 3) * 4, true), `masked ray ${i}`).toBe(0);
  });
});
