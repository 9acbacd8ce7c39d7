// Intrinsics and conversions on the shapes SPIR-V's instructions do not take as they are, executed
// on lavapipe: integer matrix transpose (arrays of rows), scalar × integer matrix, one-component dot,
// isfinite/ldexp per matrix row, all/any/sign on 1xN matrices, bool → bool casts. Plus valid modules
// for bool textures (read as uint), SV_ClipDistance arrays of vectors and ddx on half/double; and
// mul() with mismatched inner dimensions truncating the larger operand with DXC's warning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';
import { runChecks, type Check } from '../exec/kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

describe('edge shapes on lavapipe', () => {
  it('computes what HLSL defines for them', async () => {
    // In[0] = (1, -2, 3, 0.5): values the driver cannot fold.
    const setup = `
      float4 v = In[0];
      int a = (int)v.x; int b = (int)v.y; int c = (int)v.z;
      int2x3 m = int2x3(a, b, c, a + 3, b + 7, c + 3);
      int3x2 mt = transpose(m);
      bool2x3 bm = bool2x3(a, 0, c, 0, b, 0);
      bool3x2 bmt = transpose(bm);
      int2x3 scaled = mul(c, m);
      int2x3 scaled2 = mul(m, b);
      float1 f1 = v.z; float1 g1 = v.w;
      int1 i1 = a; int1 j1 = c;
      float2x2 fm = float2x2(v.x, 1.0 / (v.w - 0.5), v.z, v.y);
      bool2x2 fin = isfinite(fm);
      float2x3 lm = ldexp(float2x3(v.x, v.y, v.z, v.w, 1, 2), float2x3(1, 2, 3, -1, 0, 4));
      float1x3 row = float1x3(v.x, 0, v.z);
      uint1x3 urow = uint1x3(a, 0, c);
      int1x3 signs = sign(urow);
      bool flag = (bool)(v.x > 0);
      bool same = (bool)flag;
    `;
    const checks: Check[] = [
      { expr: 'mt[0][0] * 1000 + mt[0][1] * 100 + mt[1][0] * 10 + mt[1][1]', kind: 'i', expect: 1 * 1000 + 4 * 100 + -2 * 10 + 5 },
      { expr: 'mt[2][1]', kind: 'i', expect: 6 },
      { expr: 'bmt[0][0] && !bmt[0][1] && !bmt[1][0] && bmt[1][1] && bmt[2][0] && !bmt[2][1]', kind: 'b', expect: true },
      { expr: 'scaled[1][2]', kind: 'i', expect: 3 * 6 },
      { expr: 'scaled2[0][1]', kind: 'i', expect: -2 * -2 },
      { expr: 'dot(f1, g1)', kind: 'f', expect: 1.5 },
      { expr: 'dot(i1, j1)', kind: 'i', expect: 3 },
      { expr: 'fin[0][0] && !fin[0][1] && fin[1][0] && fin[1][1]', kind: 'b', expect: true },
      { expr: 'lm[0][2] + lm[1][0]', kind: 'f', expect: 3 * 8 + 0.5 / 2 },
      { expr: 'lm[1][2]', kind: 'f', expect: 32 },
      { expr: 'all(row)', kind: 'b', expect: false },
      { expr: 'any(row)', kind: 'b', expect: true },
      { expr: 'signs[0][0] * 100 + signs[0][1] * 10 + signs[0][2]', kind: 'i', expect: 101 },
      { expr: 'same', kind: 'b', expect: true },
    ];
    await runChecks(gpu, { setup, input: [[1, -2, 3, 0.5]], checks });
  });
});

describe('valid modules', () => {
  it('reads a bool texture through a uint image and compares with zero', () => {
    const source = `Texture1D<bool> t; float4 main(int2 p : P) : SV_Target { bool b = t.Load(p); return b ? 1 : 0; }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'pixel' }] }, ['vulkan1.0', 'vulkan1.3']).spirv);
    expect(text).toMatch(/OpImageFetch %v4uint/);
    expect(text).toMatch(/OpINotEqual %bool/);
  });

  it('packs SV_ClipDistance arrays of vectors into one ClipDistance array, in and out', () => {
    const vs = `struct O { float4 pos : SV_Position; float4 clips[2] : SV_ClipDistance; }; O main() { O o = (O)0; o.clips[1].w = 1; return o; }`;
    const ps = `struct I { float4 pos : SV_Position; float2 clips[2] : SV_ClipDistance; }; float4 main(I i) : SV_Target { return i.clips[1].y; }`;
    expect(disassembleSpirv(compileValid(vs, { entryPoints: [{ name: 'main', stage: 'vertex' }] }, ['vulkan1.0', 'vulkan1.3']).spirv)).toMatch(/_arr_float_uint_8/);
    expect(disassembleSpirv(compileValid(ps, { entryPoints: [{ name: 'main', stage: 'pixel' }] }, ['vulkan1.0', 'vulkan1.3']).spirv)).toMatch(/_arr_float_uint_4/);
  });

  it('takes ddx of half and double through float', () => {
    const source = `float4 main(float2 uv : UV) : SV_Target { half h = (half)uv.x; double d = uv.y; return float4(ddx(h), ddy(d), 0, 1); }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'pixel' }], enable16BitTypes: true, shaderModel: { major: 6, minor: 2 } }, ['vulkan1.0', 'vulkan1.3']).spirv);
    expect(text).toMatch(/OpDPdx %float/);
    expect(text).toMatch(/OpDPdy %float/);
  });
});

describe('mul() with mismatched inner dimensions', () => {
  it('warns (not errors) at the truncated argument, as DXC does', () => {
    const source = `float3x3 N; float4 main(float4 p : POSITION) : SV_Position { return float4(mul(N, p), 1); }`;
    const r = compile(source, { entryPoints: [{ name: 'main', stage: 'vertex' }] });
    expect(r.success).toBe(true);
    const column = source.indexOf('mul(N, p)') + 'mul(N, '.length + 1;
    expect(r.diagnostics.map((d) => `${d.severity} ${d.column}: ${d.message}`)).toEqual([`warning ${column}: implicit truncation of vector type`]);
  });

  it('uses the leading components of the larger operand on lavapipe', async () => {
    const setup = `
      float4 v = In[0];
      float3x3 n = float3x3(v.x, 2, 3, 4, v.y, 6, 7, 8, v.z);
      float4x4 big = float4x4(v, v.yzwx, v.zwxy, v.wxyz);
      float3 r = mul(n, v);        // n × v.xyz
      float3 l = mul(v, n);        // v.xyz × n
      float2 s = mul(v.xy, big);   // big truncated to its first two rows (2x4), the result truncated to float2
      float d = mul(v, v.xyz);     // dot of v.xyz with v.xyz
      float2x2 mm = mul(big, n);   // big truncated to 4x3; the 4x3 product truncated to 2x2 on assignment
    `;
    const [x, y, z] = [1, -2, 3];
    const checks: Check[] = [
      { expr: 'r.x', kind: 'f', expect: x * x + 2 * y + 3 * z },
      { expr: 'r.z', kind: 'f', expect: 7 * x + 8 * y + z * z },
      { expr: 'l.y', kind: 'f', expect: x * 2 + y * y + z * 8 },
      { expr: 'd', kind: 'f', expect: x * x + y * y + z * z },
      { expr: 's.x', kind: 'f', expect: x * x + y * y },
      { expr: 'mm[1][1]', kind: 'f', expect: y * 2 + z * y + 0.5 * 8 },
    ];
    await runChecks(gpu, { setup, input: [[x, y, z, 0.5]], checks });
  });
});
