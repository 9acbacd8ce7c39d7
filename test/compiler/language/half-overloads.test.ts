// Overloads that differ only in `half` vs `float` (issue 20). Without -enable-16bit-types half is a
// 32-bit float, but DXC keeps it a distinct type (HalfFloat) for overloading: both overloads exist,
// a half-spelled argument picks the half one, a float-spelled one (or a literal) the float one, and
// a call no spelling decides is ambiguous. min16float, dword, vector<T,N>/matrix<T,R,C> resolve as
// their types. Which overload ran is observed on lavapipe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from '../exec/kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

describe('half and float overloads', () => {
  it('the overload DXC picks runs', async () => {
    const prelude = `
      float3 f(float3 v) { return 2; }
      half3 f(half3 v) { return 3; }
      typedef half3 hcolor;
      using hscalar = half;
      struct Surface { half3 albedo; float3 normal; };
      float g(float x) { return 1; }
      float g(half x) { return 2; }
      float m(min16float x) { return 5; }
      float m(float x) { return 6; }
      float v(vector<half, 2> x) { return 7; }
      float v(float2 x) { return 8; }
      float w(matrix<float, 2, 2> x) { return 9; }
      float d(dword x) { return 10; }
      float d(int x) { return 11; }
      half h() { return 1; }
      float p(float3 x, float3 y) { return 1; }
      float p(int3 x, int3 y) { return 2; }
      float p(uint3 x, uint3 y) { return 3; }`;
    const setup = `
      float3 a = In[0].xyz; half3 b = a; hcolor hc = a; hscalar hs = a.x;
      Surface s; s.albedo = a; s.normal = a;`;
    const checks: Check[] = [
      { expr: 'f(a).x', kind: 'f', expect: 2 },
      { expr: 'f(b).x', kind: 'f', expect: 3 },
      { expr: 'f(hc).x', kind: 'f', expect: 3 },
      { expr: 'f(s.albedo).x * 10 + f(s.normal).x', kind: 'f', expect: 32 },
      { expr: 'f(b * 2.0).x + f(b.zyx).y * 10 + f(-b).z * 100', kind: 'f', expect: 333 },
      { expr: 'f(half3(a)).x + f((half3)a).y * 10 + f(a + b).z * 100', kind: 'f', expect: 233 },
      { expr: 'g(1.0) + g(1) * 10 + g(hs) * 100 + g(h()) * 1000', kind: 'f', expect: 2211 },
      { expr: 'g(b.x) + g(a.y) * 10', kind: 'f', expect: 12 },
      { expr: 'm(a.x) + m((min16float)a.x) * 10', kind: 'f', expect: 56 },
      { expr: 'v(b.xy) + v(a.xy) * 10', kind: 'f', expect: 87 },
      { expr: 'w(float2x2(a.xy, a.yz))', kind: 'f', expect: 9 },
      { expr: 'd(1u) + d(1) * 100', kind: 'f', expect: 1110 },
      // A splat that also converts its component ranks below one that does not (FSR2's ffxMin(v, 0.1f)).
      { expr: 'p(a, a.x) + p(int3(a), 1) * 10 + p(uint3(a), 1u) * 100 + p(a, 0.5) * 1000', kind: 'f', expect: 1321 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1, 2, 3, 0]], checks });
  });

  it('a call no spelling decides is ambiguous, naming the candidates; identical spellings are redefinitions', () => {
    const source = `
float k(float a, half b) { return 1; }
float k(half a, float b) { return 2; }
float r(half a) { return 1; }
float r(half a) { return 2; }
[numthreads(1,1,1)] void main() { float x = 1; k(x, x); }`;
    expect(compile(source).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      "5:7 redefinition of 'r'",
      "6:48 call to 'k' is ambiguous; candidate: float k(float, half); candidate: float k(half, float)",
    ]);
  });

  it('with -enable-16bit-types half is float16_t: a distinct type anyway', () => {
    const source = `half f(half x) { return x; }\nfloat f(float x) { return x; }\nRWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void main() { half h = 1; o[0] = f(h) + f(1.0f); }`;
    expect(compile(source, { enable16BitTypes: true }).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
