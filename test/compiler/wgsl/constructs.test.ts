// Constructs across the language translate to WGSL that Tint accepts (textures of every shape and
// method, storage textures, push constants, spec constants, static initializers, byte-address and
// append/consume buffers, intrinsics, stage I/O, wave intrinsics, $Globals under the dx rule), and
// what WGSL cannot express is a compile error naming the construct and the target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type EntryPointRequest } from '../../../compiler/index.js';
import { startWebGpu, wgslFeatures, type WebGpuRunner } from '../../webgpu/harness.js';

let gpu: WebGpuRunner;
beforeAll(async () => {
  gpu = await startWebGpu();
});
afterAll(() => gpu?.close());

const VALID: Record<string, string> = {
  textures: `Texture2D<float4> tex : register(t1); SamplerState smp : register(s1); Texture2DArray<float> arr : register(t2);
    TextureCube cube : register(t3); SamplerComparisonState cmp : register(s4); Texture2D<float> depth : register(t4);
    RWTexture2D<float4> outTex : register(u0); RWTexture2D<uint> counts : register(u5); Texture2DMS<float4> ms : register(t6);
    float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
      float4 c = tex.Sample(smp, uv) + tex.SampleLevel(smp, uv, 1) + tex.SampleBias(smp, uv, 0.5) + tex.SampleGrad(smp, uv, ddx(uv), ddy(uv));
      c += tex.Sample(smp, uv, int2(1, -1));
      c.x += arr.Sample(smp, float3(uv, 2));
      c += cube.SampleLevel(smp, float3(uv, 1), 0);
      c.y += depth.SampleCmp(cmp, uv, 0.5) + depth.SampleCmpLevelZero(cmp, uv, 0.25);
      c += tex.Gather(smp, uv) + tex.GatherGreen(smp, uv, int2(1,1));
      c += tex.Load(int3(pos.xy, 0)) + tex[uint2(pos.xy)] + ms.Load(int2(pos.xy), 1) + ms[uint2(pos.xy)];
      uint w, h, levels; tex.GetDimensions(0, w, h, levels);
      uint aw, ah, ae; arr.GetDimensions(aw, ah, ae);
      c.z += w + h + levels + aw + ah + ae;
      return c;
    }`,
  storageTex2: `RWTexture2D<float4> img : register(u0); RWTexture2DArray<uint> layers : register(u1); RWTexture2D<float4> src : register(u2); RWTexture2D<float2> pair : register(u3);
    [numthreads(8,8,1)] void main(uint3 id : SV_DispatchThreadID) { img[id.xy] = float4(id, 1) + src[id.xy]; layers[uint3(id.xy, 1)] = layers[uint3(id.xy, 0)] + 1; pair[id.xy] = float2(1, 2); uint w, h; img.GetDimensions(w, h); }`,
  pushAndSpec: `struct PC { float4x4 m; float s; }; [[vk::push_constant]] PC pc; [[vk::constant_id(3)]] const int N = 4; [[vk::constant_id(4)]] const bool B = true;
    RWStructuredBuffer<float> o : register(u0); static float k = 2; static float dyn = o[0] * 2;
    [numthreads(1,1,1)] void main() { o[1] = pc.m[1][2] * pc.s + N + (B ? 1 : 0) + k + dyn; }`,
  byteAddress: `ByteAddressBuffer src : register(t0); RWByteAddressBuffer dst : register(u1); AppendStructuredBuffer<float2> app : register(u2); ConsumeStructuredBuffer<float2> con : register(u3);
    [numthreads(4,1,1)] void main(uint i : SV_GroupIndex) { uint4 v = src.Load4(i * 16); dst.Store4(i * 16, v + 1); float f = src.Load<float>(4); dst.Store(0, asuint(f));
      uint old; dst.InterlockedAdd(8, 1, old); dst.InterlockedMax(12, 5); app.Append(con.Consume()); uint n; dst.GetDimensions(n); dst.Store(4, n); }`,
  intrinsics: `RWStructuredBuffer<float4> o : register(u0); RWStructuredBuffer<int4> oi : register(u1);
    [numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) { float4 x = o[0]; int4 n = oi[0];
      o[1] = abs(x) + sign(x) + saturate(x) + rcp(x) + log10(x) + frac(x) + fmod(x, 3) + lerp(x, x, 0.5) + smoothstep(0, 1, x) + step(0.5, x) + mad(x, x, x) + ldexp(x, 2) + exp(x) + pow(x, 2) + rsqrt(x) + round(x) + trunc(x);
      o[2] = float4((isnan(x) || isinf(x)).xy, all(x), any(x)) + (float4)isfinite(x) + float4(cross(x.xyz, x.yzx), dot(x, x)) + length(x) + distance(x, x) + normalize(x) + reflect(x, x) + refract(x, x, 0.5) + faceforward(x, x, x);
      oi[1] = countbits(n) + firstbithigh(n) + firstbitlow(n) + reversebits(n) + abs(n) + sign(n) + min(n, 2) + max(n, 1) + clamp(n, 0, 5) + (int4)f32tof16(x) + asint(x) + (int4)asuint(x);
      float ip; o[3].x = modf(x.x, ip) + ip; int e; o[3].y = frexp(x.y, e) + e; o[3].zw = f16tof32(uint2(15360, 16384)); float s, c; sincos(x.z, s, c); o[4] = float4(s, c, determinant(float2x2(x)), asfloat(n.x));
      float3x3 m = float3x3(x.xyz, x.yzw, x.zwx); o[5].xyz = mul(m, x.xyz) + mul(x.xyz, m) + mul(transpose(m), m)[1];
      int2x2 im = int2x2(n); im += im; oi[2].xy = im[1]; bool2x2 bm = im > 1; oi[2].z = all(bm);
      float1x3 r = x.xyz; float3x1 cc = x.xyz; o[6].xyz = r + (float1x3)cc; o[7] = float4(mul(cc, r)[1], 1);
      uint u = id.x; o[8].x = u / (u + 1) + u % 3; }`,
  ps: `struct VSOut { float4 pos : SV_Position; nointerpolation int id : ID; noperspective float3 n : NORMAL; centroid float2 uv : TEXCOORD0; };
    VSOut vs(uint vid : SV_VertexID, uint iid : SV_InstanceID, float3 p : POSITION, float2 uv : TEXCOORD0) { VSOut o; o.pos = float4(p, 1); o.id = vid + iid; o.n = p; o.uv = uv; return o; }
    struct PSOut { float4 c : SV_Target0; float4 d : SV_Target1; float depth : SV_Depth; };
    PSOut ps(VSOut i, bool front : SV_IsFrontFace, uint cov : SV_Coverage, out uint mask : SV_Coverage) { PSOut o; o.c = i.pos; o.d = float4(i.n, i.id + front); o.depth = i.pos.z; mask = cov; if (i.uv.x < 0) discard; return o; }`,
  waves: `RWStructuredBuffer<uint> o : register(u0); [numthreads(32,1,1)] void main(uint i : SV_GroupIndex) { if (i > 3) { o[i] = WaveActiveSum(i) + WavePrefixSum(i) + WaveActiveCountBits(i > 5) + WaveGetLaneIndex() + WaveGetLaneCount() + WaveReadLaneAt(i, 2) + WaveActiveMax(i) + (WaveIsFirstLane() ? 1 : 0) + WaveActiveBallot(true).x + (WaveActiveAllEqual(i) ? 1 : 0) + (all(WaveActiveAllEqual(uint2(i, 3)).y) ? 2 : 0); } }`,
  outParams: `void vs(float3 p : POSITION, int4 bones : BONES, out float4 pos : SV_Position, out nointerpolation int bone : BONE, inout float2 uv : TEXCOORD0) { pos = float4(p, 1); bone = bones.y; uv *= 2; }
    float4 ps(float4 pos : SV_Position, nointerpolation int bone : BONE, float2 uv : TEXCOORD0, uint sample : SV_SampleIndex) : SV_Target3 { return float4(uv, bone, pos.w + sample); }`,
  sm68Barrier: `RWStructuredBuffer<float> o; groupshared float g[4];
    [numthreads(4,1,1)] void main(uint i : SV_GroupIndex) { g[i] = o[i]; Barrier(GROUP_SHARED_MEMORY | UAV_MEMORY, GROUP_SYNC | GROUP_SCOPE); o[i] = g[3 - i]; }`,
  computeIds: `RWStructuredBuffer<int> o; [numthreads(4,2,1)] void main(int3 g : SV_GroupID, uint2 t : SV_GroupThreadID, uint i : SV_GroupIndex, int d : SV_DispatchThreadID) { o[i] = g.x + (int)t.y + d; }`,
  divergentSample: `Texture2D tex : register(t0); SamplerState smp : register(s1);
    float4 main(float2 uv : TEXCOORD0) : SV_Target { float4 c = 0; if (uv.x > 0.5) c = tex.Sample(smp, uv) + ddx(uv.y); return c; }`,
  globalsDx: `float a; float3 b; float2x3 m; int arr[3]; RWStructuredBuffer<float> o; [numthreads(1,1,1)] void main() { o[0] = a + b.y + m[1][2] + arr[2]; }`,
};

const ENTRIES: Record<string, EntryPointRequest[]> = {
  textures: [{ name: 'main', stage: 'pixel' }],
  divergentSample: [{ name: 'main', stage: 'pixel' }],
  outParams: [{ name: 'vs', stage: 'vertex' }, { name: 'ps', stage: 'pixel' }],
  ps: [{ name: 'vs', stage: 'vertex' }, { name: 'ps', stage: 'pixel' }],
};

describe('WGSL constructs', () => {
  for (const [name, source] of Object.entries(VALID)) {
    it(`${name} passes Tint`, async () => {
      const r = compile(source, { target: 'wgsl', targetEnv: 'vulkan1.1', entryPoints: ENTRIES[name] ?? [{ name: 'main', stage: 'compute' }], ...(name === 'globalsDx' ? { layoutRule: 'dx' } : {}) });
      expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
      await gpu.compile(r.wgsl!.code, wgslFeatures(r.wgsl!.code));
    });
  }
});

describe('WGSL bindings', () => {
  it('a sampler sharing its texture\'s binding number moves to the next free binding; push constants become a uniform buffer in the next group', async () => {
    const source = `Texture2D tex : register(t1); SamplerState smp : register(s1); RWStructuredBuffer<float4> o : register(u0, space1);
      struct PC { float4 tint; }; [[vk::push_constant]] PC pc;
      [numthreads(1,1,1)] void main() { o[0] = tex.SampleLevel(smp, float2(0.5, 0.5), 0) * pc.tint; }`;
    const r = compile(source, { target: ['spirv', 'wgsl'] });
    expect(r.success).toBe(true);
    const spirv = Object.fromEntries(r.reflection!.bindings.map((b) => [b.name, [b.set, b.binding, b.kind]]));
    const wgsl = Object.fromEntries(r.wgsl!.reflection.bindings.map((b) => [b.name, [b.set, b.binding, b.kind]]));
    expect(spirv).toEqual({ tex: [0, 1, 'sampled-image'], smp: [0, 1, 'sampler'], o: [1, 0, 'storage-buffer'] });
    expect(wgsl).toEqual({ tex: [0, 1, 'sampled-image'], smp: [0, 2, 'sampler'], o: [1, 0, 'storage-buffer'], pc: [2, 0, 'uniform-buffer'] });
    expect(r.wgsl!.reflection.pushConstants).toEqual([]);
    expect(r.wgsl!.reflection.bindings.find((b) => b.name === 'pc')!.block).toEqual(r.reflection!.pushConstants[0]!.block);
    expect(r.wgsl!.code).toContain('@group(0) @binding(2) var g1_smp: sampler;');
    expect(r.wgsl!.code).toMatch(/@group\(2\) @binding\(0\) var<uniform> \w+: S_PC;/);
    await gpu.compile(r.wgsl!.code, wgslFeatures(r.wgsl!.code));
  });
});

/** Constructs WGSL cannot express: the error names the construct and the WGSL target. */
const UNSUPPORTED: [string, string, RegExp, EntryPointRequest['stage']?][] = [
  ['64-bit types', `RWStructuredBuffer<double> o : register(u0); [numthreads(1,1,1)] void main() { o[0] = 1.0; }`, /64-bit .* is not supported by the WGSL target \(WGSL has no 64-bit types\)/],
  ['1D array textures', `Texture1DArray t : register(t0); SamplerState s; RWStructuredBuffer<float4> o; [numthreads(1,1,1)] void main() { o[0] = t.SampleLevel(s, float2(0,0), 0); }`, /the resource type 'Texture1DArray<float4>' is not supported by the WGSL target \(WGSL has no 1D array textures\), in 't'/],
  ['texel buffers', `RWBuffer<float> b : register(u2); [numthreads(1,1,1)] void main() { b[0] = 1; }`, /the resource type 'RWBuffer<float>' is not supported by the WGSL target \(WebGPU has no texel buffers\)/],
  ['memory-only barriers', `RWStructuredBuffer<float4> o; [numthreads(1,1,1)] void main() { GroupMemoryBarrier(); o[0] = 1; }`, /'GroupMemoryBarrier' \(a memory barrier without a group sync\) is not supported by the WGSL target/],
  ['SM 6.8 barriers without a group sync', `RWStructuredBuffer<float4> o; [numthreads(1,1,1)] void main() { Barrier(UAV_MEMORY, DEVICE_SCOPE); o[0] = 1; }`, /'Barrier' without GROUP_SYNC or on node memory is not supported by the WGSL target/],
  ['sparse residency', `Texture2D t : register(t0); RWStructuredBuffer<float4> o; [numthreads(1,1,1)] void main() { uint s; o[0] = t.Load(int3(0,0,0), int2(0,0), s); }`, /sparse residency .* is not supported by the WGSL target/],
  ['arrays of buffers', `struct P { float4 v; }; ConstantBuffer<P> cbs[2] : register(b0); RWStructuredBuffer<float4> o; [numthreads(1,1,1)] void main() { o[0] = cbs[1].v; }`, /the array of buffers 'cbs' is not supported by the WGSL target/],
  ['read_write storage textures of other formats', `RWTexture2D<float4> img : register(u0); [numthreads(1,1,1)] void main() { img[uint2(0,0)] = img[uint2(1,1)] * 2; }`, /reading and writing the rgba32float storage texture 'RWTexture2D<float4>' in one shader is not supported by the WGSL target \(WebGPU allows read_write storage textures of r32float, r32sint and r32uint only\)/],
  ['texture atomics', `RWTexture2D<uint> t : register(u0); [numthreads(1,1,1)] void main() { InterlockedAdd(t[uint2(0,0)], 1); }`, /Interlocked\* on a texture texel is not supported by the WGSL target/],
  ['LOD queries', `Texture2D t; SamplerState s; float4 main(float2 uv : UV) : SV_Target { return t.CalculateLevelOfDetail(s, uv); }`, /CalculateLevelOfDetail is not supported by the WGSL target/, 'pixel'],
  ['16-bit integers', `RWStructuredBuffer<uint> o; [numthreads(1,1,1)] void main() { uint16_t h = (uint16_t)o[0]; o[1] = h; }`, /16-bit integer .* is not supported by the WGSL target/],
];

describe('WGSL compile errors', () => {
  for (const [what, source, message, stage] of UNSUPPORTED) {
    it(`${what}`, () => {
      const r = compile(source, { target: 'wgsl', enable16BitTypes: true, entryPoints: [{ name: 'main', stage: stage ?? 'compute' }] });
      expect(r.success).toBe(false);
      expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('\n')).toMatch(message);
    });
  }
});

describe('target checks belong to their back end', () => {
  it('wave intrinsics need Vulkan 1.1 for SPIR-V only: the WGSL target takes them at the default environment', async () => {
    const source = `RWStructuredBuffer<uint> o; [numthreads(32,1,1)] void main(uint i : SV_GroupIndex) { o[i] = WaveActiveSum(i); }`;
    const wgsl = compile(source, { target: 'wgsl' });
    expect(wgsl.diagnostics).toEqual([]);
    await gpu.compile(wgsl.wgsl!.code, wgslFeatures(wgsl.wgsl!.code));
    const spirv = compile(source, { target: ['spirv', 'wgsl'] });
    expect(spirv.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      `1:93 'WaveActiveSum' requires Vulkan 1.1 (SPIR-V 1.3): compile with -fspv-target-env=vulkan1.1 or later`,
    ]);
  });
});
