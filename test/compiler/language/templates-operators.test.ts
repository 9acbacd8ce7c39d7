// HLSL 2021 struct templates (type and value parameters, defaults, methods, nesting) and member
// operator overloading (issue 20); values on lavapipe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from '../exec/kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

function errors(source: string): string[] {
  return compile(`${source}\n[numthreads(1,1,1)] void main() {}`).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
}

describe('templates and operators', () => {
  it('struct templates: methods, value parameters, defaults, nesting, template functions on them', async () => {
    const prelude = `
      template <typename T> struct Box {
        T v;
        T get() { return v; }
        void set(T x) { v = x; }
        T scaled(T k) { return v * k; }
      };
      template <typename T, int N = 3> struct Ring {
        T items[N];
        int count() { return N; }
        T sum() { T s = (T)0; for (int i = 0; i < N; i++) s += items[i]; return s; }
      };
      template <typename T> struct Pair { Box<T> first; Box<T> second; T total() { return first.get() + second.get(); } };
      template <typename T> T unbox(Box<T> b) { return b.get(); }
      template <typename T> struct Later { T v; T doubled(); static T zero(); };
      template <typename U> U Later<U>::doubled() { return v * 2; }
      template <typename U> U Later<U>::zero() { return (U)0; }`;
    const setup = `
      Box<float> bf; bf.set(In[0].x);
      Box<int> bi; bi.v = 7;
      Ring<float2, 2> r2; r2.items[0] = float2(1, 2); r2.items[1] = float2(3, 4);
      Ring<uint> r3; r3.items[0] = 1; r3.items[1] = 2; r3.items[2] = 3;
      Pair<float> p; p.first.v = 10; p.second.set(5);
      Box<float> same = bf;
      Later<int> later; later.v = 21;`;
    const checks: Check[] = [
      { expr: 'bf.get()', kind: 'f', expect: 1.5 },
      { expr: 'bf.scaled(4)', kind: 'f', expect: 6 },
      { expr: 'bi.get() / 2', kind: 'i', expect: 3 }, // integer division: T is int
      { expr: 'r2.sum().y + r2.count()', kind: 'f', expect: 8 },
      { expr: 'r3.sum() + r3.count()', kind: 'u', expect: 9 },
      { expr: 'p.total()', kind: 'f', expect: 15 },
      { expr: 'unbox(same)', kind: 'f', expect: 1.5 },
      { expr: 'sizeof(Ring<float2, 2>)', kind: 'u', expect: 16 },
      { expr: 'sizeof(Box<float>[3]) + sizeof(float3[2][2])', kind: 'u', expect: 12 + 48 },
      { expr: 'later.doubled() + Later<int>::zero()', kind: 'i', expect: 42 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1.5, 0, 0, 0]], checks });
  });

  it('member operators: arithmetic, comparison, compound assignment', async () => {
    const prelude = `
      struct V2 {
        float x, y;
        V2 operator+(V2 o) { V2 r; r.x = x + o.x; r.y = y + o.y; return r; }
        V2 operator*(float k) { V2 r; r.x = x * k; r.y = y * k; return r; }
        bool operator==(V2 o) { return x == o.x && y == o.y; }
      };
      struct Counter { int n; void operator+=(int k) { n += k * 10; } };
      struct Number { int n; int operator()() { return n; } int operator()(int k) { return n * k; } };
      struct Arr { float v[3]; float operator[](int i) { return v[i] * 2; } Arr operator-() { Arr r; for (int i = 0; i < 3; i++) r.v[i] = -v[i]; return r; } };`;
    const setup = `
      V2 a = { In[0].x, 2 }; V2 b = { 3, 4 };
      V2 c = a + b * 2;
      V2 d = a; d += b;
      Counter k = { 1 }; k += 2;
      Arr arr = { 1, 2, In[0].x };
      Number num = { 7 };`;
    const checks: Check[] = [
      { expr: 'c.x', kind: 'f', expect: 7.5 },
      { expr: 'c.y', kind: 'f', expect: 10 },
      { expr: 'd.x + d.y', kind: 'f', expect: 10.5 },
      { expr: 'a == a', kind: 'b', expect: true },
      { expr: 'a == b', kind: 'b', expect: false },
      { expr: 'k.n', kind: 'i', expect: 21 },
      { expr: 'arr[2] + (-arr)[1]', kind: 'f', expect: 3 - 4 },
      { expr: 'num() + num(3)', kind: 'i', expect: 28 },
      { expr: 'V2(In[0].x).y', kind: 'f', expect: 1.5 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1.5, 0, 0, 0]], checks });
  });

  it('diagnostics', () => {
    expect(errors('template <typename T> struct Box { T v; };\nBox<float, int> b;')).toEqual([
      "2:1 too many template arguments for 'Box' (2 given, at most 1)",
    ]);
    expect(errors('template <typename T> struct Box { T v; };\nstatic Box<> b;')).toEqual([
      "2:8 too few template arguments for 'Box': 'T' has no default",
    ]);
    expect(errors('struct P { float x; };\nfloat f(P a, P b) { return (a - b).x; }\n[numthreads(1,1,1)] void k() { P p = (P)0; f(p, p); }')).toEqual([
      "2:31 invalid operands to binary expression ('P' and 'P'): 'P' has no member 'operator-'",
    ]);
  });
});
