// HLSL flat conversions (DXC's cast.flat-conversion.* tests), executed on lavapipe and WebGPU: casts
// between structs, arrays, vectors and matrices take the source's scalars in order (members and
// elements in declaration order, matrices row by row, bitfields one scalar each), convert each to the
// target's scalar type and drop the trailing ones; a struct converts implicitly to another struct of
// the same scalars. Expected values are computed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const PRELUDE = `
struct Pair { float2 a; int b; };
struct Wrapped { Pair p; float extra; };
struct Grid { float m[6]; };
struct Mat { float2x3 m; };
struct Rgba { uint r : 8; uint g : 8; uint b : 8; uint a : 8; };
struct First { float3 v[2]; int2 i; };
struct Second { float3 v[2]; int2 i; };
`;

describe('flat conversion', () => {
  it('rebuilds the target from the source scalars in order', async () => {
    const setup = `
      float4 v = In[0];                       // (1.5, -2, 3.25, 4)
      Pair p = (Pair)v;                        // a = (1.5, -2), b = 3
      Wrapped w = (Wrapped)float4(v.wzyx);     // p.a = (4, 3.25), p.b = -2, extra = 1.5
      int arr[2] = { 7, -8 };
      float2 fromArr = (float2)arr;
      bool2 flags = (bool2)arr;
      Mat mat; mat.m = float2x3(1, 2, 3, 4, 5, 6);
      Grid g = (Grid)mat;                      // row by row
      Mat back = (Mat)g;
      Rgba c = (Rgba)uint4(1, 2, 3, 300);      // bitfields keep 8 bits
      uint4 bytes = (uint4)c;
      Second s; s.v[0] = v.xyz; s.v[1] = v.yzw; s.i = int2(5, 6);
      First f = s;                             // implicit: the same scalars
      float ff[4] = (float[4])f.v;             // the first four of six
    `;
    const checks: Check[] = [
      { expr: 'p.a.x', kind: 'f', expect: 1.5 },
      { expr: 'p.a.y', kind: 'f', expect: -2 },
      { expr: 'p.b', kind: 'i', expect: 3 },
      { expr: 'w.p.a.x', kind: 'f', expect: 4 },
      { expr: 'w.p.b', kind: 'i', expect: -2 },
      { expr: 'w.extra', kind: 'f', expect: 1.5 },
      { expr: 'fromArr.y', kind: 'f', expect: -8 },
      { expr: 'flags.x && flags.y', kind: 'b', expect: true },
      { expr: 'g.m[1]', kind: 'f', expect: 2 },
      { expr: 'g.m[3]', kind: 'f', expect: 4 },
      { expr: 'back.m[1][2]', kind: 'f', expect: 6 },
      { expr: 'c.a', kind: 'u', expect: 300 & 0xff },
      { expr: 'bytes.x + bytes.y * 10 + bytes.z * 100', kind: 'u', expect: 321 },
      { expr: 'f.v[1].z', kind: 'f', expect: 4 },
      { expr: 'f.i.y', kind: 'i', expect: 6 },
      { expr: 'ff[3]', kind: 'f', expect: -2 },
    ];
    await runChecks(gpu, { prelude: PRELUDE, setup, input: [[1.5, -2, 3.25, 4]], checks });
  });

  it('refuses a source with fewer scalars, and implicit conversion between different scalars', () => {
    const errs = (body: string) =>
      compile(`${PRELUDE} RWStructuredBuffer<float> o; [numthreads(1, 1, 1)] void main() { ${body} }`)
        .diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errs('Pair p = (Pair)float2(1, 2); o[0] = p.b;')).toEqual(["cannot convert from 'float2' to 'Pair'"]);
    expect(errs('Grid g; Pair p = g; o[0] = p.b;')).toEqual(["cannot implicitly convert from 'Grid' to 'Pair' in initialization"]);
    expect(errs('Second s = (Second)0; First f = s; o[0] = f.i.x;')).toEqual([]);
  });
});
