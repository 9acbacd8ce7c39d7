// The language forms of issue 20 through the WGSL back end: Tint accepts what they lower to
// (bitfields are shifts and masks of their storage member, matrix swizzle stores whole-matrix
// stores, templates and operators plain functions, templated byte-address access word loads/stores).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startWebGpu, type WebGpuRunner } from '../../webgpu/harness.js';

let gpu: WebGpuRunner;
beforeAll(async () => {
  gpu = await startWebGpu();
});
afterAll(() => gpu?.close());

const SOURCES: Record<string, string> = {
  bitfields: `struct D { float head; uint index : 24; uint flags : 8; int delta : 5; int rest : 27; };
    RWStructuredBuffer<D> rw : register(u0); ConstantBuffer<D> cb : register(b1); RWStructuredBuffer<int> o : register(u2);
    [numthreads(1,1,1)] void main() { D d = rw[0]; d.flags++; d.delta = cb.delta - 3; rw[1] = d; rw[2].index = cb.index; o[0] = d.delta + (int)cb.flags;
      D init = { 1.5, 2, 3, -4, 5 }; o[1] = init.delta; }`,
  declarations: `typedef struct { float a; } Anon; static float const K = 2; static struct Q { float q; } qs;
    SamplerState s { Filter = MIN_MAG_MIP_LINEAR; }; RWStructuredBuffer<float> o : register(u0);
    [numthreads(1,1,1)] void main() { Anon x; x.a = K; qs.q = 3; float const y = 4; o[0] = x.a + qs.q + y; }`,
  matrixSwizzle: `RWStructuredBuffer<float3x3> o : register(u0);
    [numthreads(1,1,1)] void main() { float3x3 m = o[0]; m._m00_m11_m22 = float3(1, 2, 3); m._12_21 += 5; o[1] = m; o[2]._m01_m10 = float2(7, 8);
      float4 v = 0; v.wzx.grb = float3(1, 2, 3); int a = 1; ++a = 3; o[3]._m00 = v.x + a; }`,
  templatesOperators: `template <typename T, int N = 2> struct Ring { T items[N]; T sum() { T s = (T)0; for (int i = 0; i < N; i++) s += items[i]; return s; } };
    struct V2 { float x, y; V2 operator+(V2 o) { V2 r; r.x = x + o.x; r.y = y + o.y; return r; } float operator[](int i) { return i == 0 ? x : y; } };
    RWStructuredBuffer<float> o : register(u0);
    [numthreads(1,1,1)] void main() { Ring<float> r; r.items[0] = o[0]; r.items[1] = 2; V2 a = { 1, 2 }; V2 b = a + a; o[1] = r.sum() + b[1]; }`,
  hlsl2021: `enum class Mode : uint { Off, On = 3 }; RWStructuredBuffer<float4> o : register(u0);
    float f(float x) { return 1; } float f(half x) { return 2; }
    [numthreads(1,1,1)] void main() { Mode m = Mode::On; half h = o[0].x; float4 a = o[0];
      o[1] = select(a > 1, a, float4(1, 2, 3, 4)) + (float)m + f(h) + f(a.x); bool2 b = and(a.xy > 0, or(a.zw > 0, false)); o[2] = float4(b, 0, 0);
      float2x2 mm = select(a.x > 0, float2x2(a), float2x2(1, 2, 3, 4)); o[3] = float4(mm[0], mm[1]); }`,
  byteAddress: `struct S { uint u; float3 v; int arr[2]; float2x2 m; };
    ByteAddressBuffer src : register(t0); RWByteAddressBuffer dst : register(u1);
    [numthreads(1,1,1)] void main() { S s = src.Load<S>(16); dst.Store<S>(0, s); dst.Store(64, src.Load<float2x3>(0)); dst.Store(96, true); }`,
};

describe('issue 20 language forms through WGSL', () => {
  for (const [name, source] of Object.entries(SOURCES)) {
    it(`${name} passes Tint`, async () => {
      const r = compile(source, { target: 'wgsl', entryPoints: [{ name: 'main', stage: 'compute' }] });
      expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
      await gpu.compile(r.wgsl!.code);
    });
  }
});
