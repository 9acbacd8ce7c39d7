// Matrix swizzles as lvalues (issue 20): `M._m00_m10_m20 = v`, `M._11_22 += v`, ++, out arguments,
// on local matrices and matrices in a RWStructuredBuffer (both majornesses); values on lavapipe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from '../exec/kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

describe('matrix swizzles as lvalues', () => {
  it('assignment, compound assignment, increment and out arguments', async () => {
    const prelude = `
      struct Holder { row_major float3x3 r; float2x4 c; };
      RWStructuredBuffer<Holder> H : register(u2);
      void fill(out float2 v) { v = float2(40, 50); }`;
    const setup = `
      float3x3 m = 0;
      m._m00_m10_m20 = float3(1, 2, 3);
      m._12_23 = In[0].xy;
      m._m11 += 5;
      m._11_22 += float2(10, 20);
      m._m02_m21++;
      float3x3 k = 1;
      fill(k._m00_m22);
      float3 sum = m._m00_m10_m20 + (m._11_22_33 = float3(7, 8, 9));
      Holder h = (Holder)0;
      h.r._m01_m10 = float2(3, 4);
      h.c._m13_m00 = float2(5, 6);
      H[0] = h;
      H[0].r._m22_m02 = float2(11, 12);
      H[0].c._14 -= 1;
      Holder back = H[0];`;
    const checks: Check[] = [
      { expr: 'm[0][0]', kind: 'f', expect: 7 },
      { expr: 'm[1][0]', kind: 'f', expect: 2 },
      { expr: 'm[2][0]', kind: 'f', expect: 3 },
      { expr: 'm[0][1]', kind: 'f', expect: 1.5 },
      { expr: 'm[1][2]', kind: 'f', expect: 2 },
      { expr: 'm[1][1]', kind: 'f', expect: 8 },
      { expr: 'm[2][2]', kind: 'f', expect: 9 },
      { expr: 'm[0][2]', kind: 'f', expect: 1 },
      { expr: 'm[2][1]', kind: 'f', expect: 1 },
      { expr: 'k[0][0] + k[2][2] + k[1][1] + k[0][1]', kind: 'f', expect: 92 },
      { expr: 'sum.x + sum.y + sum.z', kind: 'f', expect: 11 + 3 + 2 + 8 + 3 + 9 },
      { expr: 'back.r[0][1] + back.r[1][0]', kind: 'f', expect: 7 },
      { expr: 'back.r[2][2] + back.r[0][2]', kind: 'f', expect: 23 },
      { expr: 'back.c[1][3]', kind: 'f', expect: 5 },
      { expr: 'back.c[0][0]', kind: 'f', expect: 6 },
      { expr: 'back.c[0][3]', kind: 'f', expect: -1 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1.5, 2, 0, 0]], checks, extraBuffers: [{ binding: 2, size: 256 }] });
  });

  it('a swizzle naming one element twice cannot be assigned', () => {
    const d = compile('[numthreads(1,1,1)] void main() { float2x2 m = 0; m._m00_m00 = float2(1, 2); }').diagnostics;
    expect(d.map((x) => `${x.severity} ${x.column} ${x.message}`)).toEqual(['error 52 expression is not assignable']);
  });
});

describe('lvalues as C++ has them', () => {
  it('swizzles of swizzles, assignment and prefix increment results are assignable', async () => {
    const prelude = `void twice(inout int v) { v *= 2; }`;
    const setup = `
      float4 v = In[0];
      v.wzx.grb = float3(10, 20, 30);
      float4 u = 0;
      u.wzyx.zy.x = 7;
      u.w.x.x = 9;
      int a = 1, b = 5;
      ++a = b;
      int c = 2, d = 3;
      (c += d) = c * 10;
      int arr[2] = { 4, 6 };
      twice(++arr[0]);`;
    const checks: Check[] = [
      // .wzx picks w, z, x; its .grb picks z, w, x.
      { expr: 'v.x', kind: 'f', expect: 30 },
      { expr: 'v.z', kind: 'f', expect: 10 },
      { expr: 'v.w', kind: 'f', expect: 20 },
      { expr: 'v.y', kind: 'f', expect: 2 },
      { expr: 'u.y', kind: 'f', expect: 7 },
      { expr: 'u.w', kind: 'f', expect: 9 },
      { expr: 'a', kind: 'i', expect: 5 },
      { expr: 'c', kind: 'i', expect: 50 },
      { expr: 'arr[0]', kind: 'i', expect: 10 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1, 2, 3, 4]], checks });
  });
});
