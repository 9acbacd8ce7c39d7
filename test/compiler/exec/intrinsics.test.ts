// Every intrinsic family executed on lavapipe, against JS's Math (float tolerances allow for the
// driver's approximations; integer and bit results are exact).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const INPUT = [
  [0.5, -1.25, 2, 3],
  [-5.5, 4, 0.25, 100],
];
const SETUP = `
  float p = In[0].x; float n = In[0].y; float two = In[0].z; float three = In[0].w;
  float m = In[1].x; float four = In[1].y; float q = In[1].z; float hundred = In[1].w;
  int ni = (int)n * 8; uint bits = 0xF0u | (uint)three;
`;
const T = 1e-5;
/** WGSL's accuracy bound for sin/cos (absolute error ≤ 2^-11 on [-π, π]); SwiftShader uses part of it. */
const WGSL_SIN_COS = 2 ** -11;

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
const smooth = (a: number, b: number, x: number) => {
  const t = clamp((x - a) / (b - a), 0, 1);
  return t * t * (3 - 2 * t);
};
const popcount = (v: number) => v.toString(2).split('').filter((c) => c === '1').length;
const reverse32 = (v: number) => parseInt(v.toString(2).padStart(32, '0').split('').reverse().join(''), 2);
const f32bits = (v: number) => new Uint32Array(new Float32Array([v]).buffer)[0]!;

describe('intrinsics', () => {
  it('trigonometry, exponentials and logarithms', async () => {
    const checks: Check[] = [
      { expr: 'sin(p)', kind: 'f', expect: Math.sin(0.5), tol: T, wgslTol: WGSL_SIN_COS },
      { expr: 'cos(n)', kind: 'f', expect: Math.cos(-1.25), tol: T, wgslTol: WGSL_SIN_COS },
      { expr: 'tan(p)', kind: 'f', expect: Math.tan(0.5), tol: T },
      // lavapipe's asin/acos are approximations good to about 4e-4.
      { expr: 'asin(p)', kind: 'f', expect: Math.asin(0.5), tol: 1e-3 },
      { expr: 'acos(q)', kind: 'f', expect: Math.acos(0.25), tol: 1e-3 },
      { expr: 'atan(n)', kind: 'f', expect: Math.atan(-1.25), tol: T },
      { expr: 'atan2(n, m)', kind: 'f', expect: Math.atan2(-1.25, -5.5), tol: T },
      { expr: 'sinh(p)', kind: 'f', expect: Math.sinh(0.5), tol: T },
      { expr: 'cosh(p)', kind: 'f', expect: Math.cosh(0.5), tol: T },
      { expr: 'tanh(n)', kind: 'f', expect: Math.tanh(-1.25), tol: T },
      { expr: 'exp(p)', kind: 'f', expect: Math.exp(0.5), tol: T },
      { expr: 'exp2(three)', kind: 'f', expect: 8, tol: T },
      { expr: 'log(four)', kind: 'f', expect: Math.log(4), tol: T },
      { expr: 'log2(q)', kind: 'f', expect: -2, tol: T },
      { expr: 'log10(hundred)', kind: 'f', expect: 2, tol: T },
      { expr: 'pow(two, three)', kind: 'f', expect: 8, tol: T },
      { expr: 'sqrt(four)', kind: 'f', expect: 2, tol: T },
      { expr: 'rsqrt(four)', kind: 'f', expect: 0.5, tol: T },
      { expr: 'rcp(four)', kind: 'f', expect: 0.25, tol: T },
      { expr: 'radians(180 * p)', kind: 'f', expect: Math.PI / 2, tol: T },
      { expr: 'degrees(p)', kind: 'f', expect: (0.5 * 180) / Math.PI, tol: T },
    ];
    await runChecks(gpu, { setup: SETUP, input: INPUT, checks });
  });

  it('rounding, ranges and interpolation', async () => {
    const checks: Check[] = [
      { expr: 'floor(n)', kind: 'f', expect: -2 },
      { expr: 'ceil(n)', kind: 'f', expect: -1 },
      { expr: 'round(m - 0.25)', kind: 'f', expect: -6 },
      { expr: 'trunc(n)', kind: 'f', expect: -1 },
      { expr: 'frac(n)', kind: 'f', expect: -1.25 - Math.floor(-1.25) },
      { expr: 'fmod(m, two)', kind: 'f', expect: -5.5 % 2 },
      { expr: 'abs(n)', kind: 'f', expect: 1.25 },
      { expr: 'abs(ni)', kind: 'i', expect: 8 },
      { expr: 'sign(n)', kind: 'i', expect: -1 },
      { expr: 'sign(ni) + sign(0)', kind: 'i', expect: -1 },
      { expr: 'min(p, n)', kind: 'f', expect: -1.25 },
      { expr: 'max(ni, -3)', kind: 'i', expect: -3 },
      { expr: 'min(bits, 7u)', kind: 'u', expect: 7 },
      { expr: 'clamp(m, -2, 2)', kind: 'f', expect: -2 },
      { expr: 'clamp(ni, -9, -2)', kind: 'i', expect: -8 },
      { expr: 'saturate(three)', kind: 'f', expect: 1 },
      { expr: 'saturate(n)', kind: 'f', expect: 0 },
      { expr: 'step(p, q)', kind: 'f', expect: 0.25 >= 0.5 ? 1 : 0 },
      { expr: 'step(q, p)', kind: 'f', expect: 1 },
      { expr: 'smoothstep(0, two, p)', kind: 'f', expect: smooth(0, 2, 0.5), tol: T },
      { expr: 'lerp(two, hundred, q)', kind: 'f', expect: 2 + (100 - 2) * 0.25, tol: T },
      { expr: 'mad(two, three, p)', kind: 'f', expect: 6.5, tol: T },
      { expr: 'mad(ni, 2, 1)', kind: 'i', expect: -15 },
      { expr: 'ldexp(three, two)', kind: 'f', expect: 12 },
    ];
    await runChecks(gpu, { setup: SETUP, input: INPUT, checks });
  });

  it('vector geometry', async () => {
    const setup = `${SETUP}
      float3 a = float3(p, n, two); float3 b = float3(three, four, q);
      float3 c3 = cross(a, b); float3 nrm = normalize(a);
      float3 refl = reflect(float3(1, -1, 0), float3(0, 1, 0));
      float3 refr = refract(float3(0, -1, 0), float3(0, 1, 0), 0.5);
      float3 ff = faceforward(float3(0, 0, 1), float3(0, 0, 1), float3(0, 0, 1));
      float4 lt = lit(p, q, two); float4 ds = dst(float4(1, 2, 3, 4), float4(5, 6, 7, 8));
    `;
    const a = [0.5, -1.25, 2];
    const b = [3, 4, 0.25];
    const len = Math.hypot(...a);
    const checks: Check[] = [
      { expr: 'dot(a, b)', kind: 'f', expect: 0.5 * 3 - 1.25 * 4 + 2 * 0.25, tol: T },
      { expr: 'dot(int3(1, 2, 3), int3(ni, 2, 1))', kind: 'i', expect: -8 + 4 + 3 },
      { expr: 'c3.x', kind: 'f', expect: a[1]! * b[2]! - a[2]! * b[1]!, tol: T },
      { expr: 'c3.y', kind: 'f', expect: a[2]! * b[0]! - a[0]! * b[2]!, tol: T },
      { expr: 'c3.z', kind: 'f', expect: a[0]! * b[1]! - a[1]! * b[0]!, tol: T },
      { expr: 'length(a)', kind: 'f', expect: len, tol: T },
      { expr: 'distance(a, b)', kind: 'f', expect: Math.hypot(0.5 - 3, -1.25 - 4, 2 - 0.25), tol: T },
      { expr: 'nrm.y', kind: 'f', expect: -1.25 / len, tol: T },
      { expr: 'refl.y', kind: 'f', expect: 1, tol: T },
      { expr: 'refr.y', kind: 'f', expect: -1, tol: T },
      { expr: 'ff.z', kind: 'f', expect: -1 },
      { expr: 'lt.x + 10 * lt.w', kind: 'f', expect: 11 },
      { expr: 'lt.y', kind: 'f', expect: 0.5 },
      { expr: 'lt.z', kind: 'f', expect: 0.25 ** 2, tol: T },
      { expr: 'dot(ds, float4(1, 10, 100, 1000))', kind: 'f', expect: 1 + 10 * 12 + 100 * 3 + 1000 * 8 },
    ];
    await runChecks(gpu, { setup, input: INPUT, checks });
  });

  it('bits, reinterpretation, classification and out-parameter intrinsics', async () => {
    const setup = `${SETUP}
      float s, c; sincos(p, s, c);
      float whole; float fracPart = modf(m, whole);
      float e; float mant = frexp(hundred, e);
      float2 sc2, cc2; sincos(float2(p, n), sc2, cc2);
      float2x3 sm, cm; sincos(float2x3(p, n, 0, 1, 2, 3), sm, cm); // row by row, as DXC
      // NaN from its bit pattern: drivers may fold inf * 0 without NaN-preserving float controls.
      float inf = hundred / (three - 3); float nan = asfloat(bits | 0x7FC00000u);
    `;
    const checks: Check[] = [
      { expr: 'countbits(bits)', kind: 'u', expect: popcount(0xf3) },
      { expr: 'reversebits(bits)', kind: 'u', expect: reverse32(0xf3) },
      { expr: 'firstbithigh(bits)', kind: 'u', expect: 7 },
      { expr: 'firstbitlow(bits)', kind: 'u', expect: 0 },
      { expr: 'firstbitlow(bits & 0xF0u)', kind: 'u', expect: 4 },
      { expr: 'firstbithigh(ni)', kind: 'i', expect: 2 },
      { expr: 'firstbitlow(0u)', kind: 'u', expect: 0xffffffff },
      // A float argument converts to int first (DXC's any_int defaults to int): 100.75 → 100, -10.
      { expr: 'firstbithigh(hundred + 0.75)', kind: 'i', expect: 6 },
      { expr: 'firstbitlow(hundred)', kind: 'i', expect: 2 },
      { expr: 'countbits(n * 8)', kind: 'u', expect: popcount(-10 >>> 0) },
      { expr: 'asuint(n)', kind: 'u', expect: f32bits(-1.25) },
      { expr: 'f32tof16(n)', kind: 'u', expect: 0xbd00 },
      { expr: 'f16tof32(0x3E00u)', kind: 'f', expect: 1.5 },
      { expr: 'isnan(nan)', kind: 'b', expect: true },
      { expr: 'isinf(inf)', kind: 'b', expect: true },
      { expr: 'isfinite(inf)', kind: 'b', expect: false },
      { expr: 'isfinite(n)', kind: 'b', expect: true },
      { expr: 'any(float3(0, n, 0))', kind: 'b', expect: true },
      { expr: 'all(float3(p, n, 0))', kind: 'b', expect: false },
      { expr: 'all(float2x2(1, 2, p, n))', kind: 'b', expect: true },
      { expr: 'any(float2x2(0, 0, 0, three - 3))', kind: 'b', expect: false },
      { expr: 's', kind: 'f', expect: Math.sin(0.5), tol: T, wgslTol: WGSL_SIN_COS },
      { expr: 'c', kind: 'f', expect: Math.cos(0.5), tol: T, wgslTol: WGSL_SIN_COS },
      { expr: 'cc2.y', kind: 'f', expect: Math.cos(-1.25), tol: T, wgslTol: WGSL_SIN_COS },
      { expr: 'sm[0][1]', kind: 'f', expect: Math.sin(-1.25), tol: T, wgslTol: WGSL_SIN_COS },
      { expr: 'sm[1][2]', kind: 'f', expect: Math.sin(3), tol: T, wgslTol: WGSL_SIN_COS },
      { expr: 'cm[1][0]', kind: 'f', expect: Math.cos(1), tol: T, wgslTol: WGSL_SIN_COS },
      { expr: 'fracPart', kind: 'f', expect: -0.5 },
      { expr: 'whole', kind: 'f', expect: -5 },
      { expr: 'mant', kind: 'f', expect: 100 / 128 },
      { expr: 'e', kind: 'f', expect: 7 },
    ];
    await runChecks(gpu, { setup, input: INPUT, checks });
  });

  it('asdouble and asuint(double) round-trip 64-bit patterns', async () => {
    const setup = `${SETUP}
      double d = asdouble(0x54442D18u, 0x400921FBu);
      uint lo, hi; asuint(d * 2, lo, hi);
    `;
    const tau = new Uint32Array(new Float64Array([2 * 3.141592653589793]).buffer);
    const checks: Check[] = [
      // double → float rounds toward zero (D3D's rule): the float just below π (0x40490fda), not fround(π).
      { expr: '(float)d', kind: 'f', expect: new Float32Array(new Uint32Array([0x40490fda]).buffer)[0]! },
      { expr: 'lo', kind: 'u', expect: tau[0]! },
      { expr: 'hi', kind: 'u', expect: tau[1]! },
    ];
    await runChecks(gpu, { setup, input: INPUT, checks });
  });

  it('asdouble and asuint(double) on vectors and matrices: component i from (lo[i], hi[i])', async () => {
    // Four doubles' words; each vector and matrix form is taken apart component by component.
    const values = [Math.PI, -2.5, 1e300, 2 ** -1000];
    const words = new Uint32Array(new Float64Array(values).buffer);
    const lo = values.map((_, i) => words[2 * i]!);
    const hi = values.map((_, i) => words[2 * i + 1]!);
    const u4 = (w: number[]) => `uint4(${w.map((v) => `${v}u`).join(', ')})`;
    const setup = `${SETUP}
      uint4 lo4 = ${u4(lo)} + (uint)p * 0; uint4 hi4 = ${u4(hi)};
      double2 d2 = asdouble(lo4.xy, hi4.xy);
      double3 d3 = asdouble(lo4.yzw, hi4.yzw);
      double4 d4 = asdouble(lo4, hi4);
      uint4 l4, h4; asuint(d4 * 2, l4, h4);
      uint3 l3 = 0, h3 = 0; asuint(d4.wzy, l3, h3);
      double2x2 dm = double2x2(d4.x, d4.y, d4.z, d4.w);
      uint2x2 lm, hm; asuint(dm, lm, hm);
      uint4 lw = 7u; asuint(d3.zyx, lw.xyz, h3);
    `;
    const twice = new Uint32Array(new Float64Array(values.map((v) => v * 2)).buffer);
    const checks: Check[] = [
      { expr: 'd2.x == d4.x && d2.y == d4.y && d3.x == d4.y && d3.z == d4.w', kind: 'b', expect: true },
      // double → float rounds toward zero (D3D's rule), as above.
      { expr: '(float)d2.x', kind: 'f', expect: new Float32Array(new Uint32Array([0x40490fda]).buffer)[0]! },
      { expr: '(float)d3.x', kind: 'f', expect: -2.5 },
      { expr: 'd4.z > 3.0e38 && d4.w > 0 && d4.w < 1e-38', kind: 'b', expect: true },
      { expr: 'l4.x', kind: 'u', expect: twice[0]! },
      { expr: 'h4.y', kind: 'u', expect: twice[3]! },
      { expr: 'h4.w', kind: 'u', expect: twice[7]! },
      { expr: 'l3.x', kind: 'u', expect: lo[3]! },
      { expr: 'lm[1][0]', kind: 'u', expect: lo[2]! },
      { expr: 'hm[0][1]', kind: 'u', expect: hi[1]! },
      { expr: 'lw.x', kind: 'u', expect: lo[3]! },
      { expr: 'lw.w', kind: 'u', expect: 7 },
      { expr: 'h3.z', kind: 'u', expect: hi[1]! },
    ];
    await runChecks(gpu, { setup, input: INPUT, checks });
  });

  it('D3DCOLORtoUBYTE4 is int4(c.zyxw * 255.002) (manual)', async () => {
    const setup = `${SETUP} int4 b = D3DCOLORtoUBYTE4(float4(p, n, q, 1));`;
    // Conversion to int truncates toward zero.
    const checks: Check[] = [
      { expr: 'b.x', kind: 'i', expect: Math.trunc(0.25 * 255.002) },
      { expr: 'b.y', kind: 'i', expect: Math.trunc(-1.25 * 255.002) },
      { expr: 'b.z', kind: 'i', expect: Math.trunc(0.5 * 255.002) },
      { expr: 'b.w', kind: 'i', expect: 255 },
    ];
    await runChecks(gpu, { setup, input: INPUT, checks });
  });
});
