// Language features executed on lavapipe: struct inheritance (fields and methods through the base),
// sizeof, using namespace, local struct/typedef/enum, static locals with run-time initializers
// (initialized once), [branch]/[flatten] selections, swizzles on float literals.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const INPUT = [[1.5, 2, 3, 4]];

describe('language features', () => {
  it('struct inheritance: base fields, base methods, overriding names, copies', async () => {
    const prelude = `
      struct Shape { float scale; float scaled(float v) { return v * scale; } void grow(float by) { scale += by; } };
      struct Circle : Shape { float r; float area() { return 3.0 * r * r * scale; } };
      struct Ring : Circle { float inner; float r2; float scale2() { return scaled(2); } };
      float scaleOf(Shape s) { return s.scale; }`;
    const setup = `
      Ring g; g.scale = In[0].x; g.r = In[0].y; g.inner = In[0].z; g.r2 = 9;
      g.grow(0.5);
      Ring copy = g; copy.r = 10;`;
    const checks: Check[] = [
      { expr: 'g.scale', kind: 'f', expect: 2 },
      { expr: 'g.area()', kind: 'f', expect: 3 * 2 * 2 * 2 },
      { expr: 'g.scaled(g.inner)', kind: 'f', expect: 6 },
      { expr: 'g.scale2()', kind: 'f', expect: 4 },
      { expr: 'copy.r + g.r', kind: 'f', expect: 12 },
      { expr: 'scaleOf(g) + ((Shape)copy).scale', kind: 'f', expect: 4 },
      // A cast of a scalar to a struct fills every member (here the one of Shape).
      { expr: 'scaleOf((Shape)g.inner)', kind: 'f', expect: 3 },
    ];
    await runChecks(gpu, { prelude, setup, input: INPUT, checks });
  });

  it('sizeof of types and expressions (C-like packing as DXC)', async () => {
    const prelude = `
      struct A { float a; float3 b; };
      struct B : A { int c; };
      struct H { float x; bool y; float2 z[3]; };
      typedef int Five[5];`;
    const checks: Check[] = [
      { expr: 'sizeof(float)', kind: 'u', expect: 4 },
      { expr: 'sizeof(float3)', kind: 'u', expect: 12 },
      { expr: 'sizeof(float4x3)', kind: 'u', expect: 48 },
      { expr: 'sizeof(int2x2)', kind: 'u', expect: 16 },
      { expr: 'sizeof(bool3x2[2])', kind: 'u', expect: 48 },
      { expr: 'sizeof(A)', kind: 'u', expect: 16 },
      { expr: 'sizeof(B)', kind: 'u', expect: 20 },
      { expr: 'sizeof(H)', kind: 'u', expect: 32 },
      { expr: 'sizeof(double2)', kind: 'u', expect: 16 },
      { expr: 'sizeof In[0].xy', kind: 'u', expect: 8 },
      { expr: 'sizeof(Five)', kind: 'u', expect: 20 },
    ];
    await runChecks(gpu, { prelude, checks });
  });

  it('using namespace, local struct/typedef/enum', async () => {
    const prelude = `
      namespace Math { static const float Two = 2; float twice(float v) { return v * Two; } namespace Inner { int three() { return 3; } } }
      using namespace Math;`;
    const setup = `
      using namespace Math::Inner;
      struct Local { float a; int b; };
      typedef float2 Pair;
      enum Colour { Red, Green = 5, Blue };
      Local l; l.a = In[0].x; l.b = three();
      Pair p = Pair(l.a, Two);
      Colour c = Blue;`;
    const checks: Check[] = [
      { expr: 'twice(l.a)', kind: 'f', expect: 3 },
      { expr: 'l.b + (int)c', kind: 'i', expect: 9 },
      { expr: 'p.x * p.y', kind: 'f', expect: 3 },
      { expr: 'Math::twice(1)', kind: 'f', expect: 2 },
    ];
    await runChecks(gpu, { prelude, setup, input: INPUT, checks });
  });

  it('static locals with run-time initializers run them once', async () => {
    const prelude = `
      int next() { static int n = (int)In[0].w * 10; n++; return n; }
      float sum(float v) { static float total = In[0].x; static const int k = 7; total += v + k; return total; }`;
    const setup = `
      int a = next(); int b = next(); int c = next();
      sum(1); float s = sum(2);`;
    const checks: Check[] = [
      { expr: 'a', kind: 'i', expect: 41 },
      { expr: 'b', kind: 'i', expect: 42 },
      { expr: 'c', kind: 'i', expect: 43 },
      { expr: 's', kind: 'f', expect: 1.5 + 8 + 9 },
    ];
    await runChecks(gpu, { prelude, setup, input: INPUT, checks });
  });

  it('[branch]/[flatten] selections and swizzled literals', async () => {
    const setup = `
      float x = In[0].x; int sel = (int)In[0].z;
      float r0 = 0; [branch] if (x > 1) r0 = 1; else r0 = 2;
      float r1 = 0; [flatten] if (x > 2) r1 = 1; else r1 = 2;
      int r2 = 0; [branch] switch (sel) { case 3: r2 = 30; break; default: r2 = -1; break; }
      int r3 = 0; [flatten] switch (sel) { case 1: r3 = 10; break; case 3: r3 = 31; default: r3 += 1; }
      float4 ones = 1.0.xxxx;
      float2 halves = 0.5f.rr;`;
    const checks: Check[] = [
      { expr: 'r0', kind: 'f', expect: 1 },
      { expr: 'r1', kind: 'f', expect: 2 },
      { expr: 'r2', kind: 'i', expect: 30 },
      { expr: 'r3', kind: 'i', expect: 32 },
      { expr: 'dot(ones, 1) + halves.y + 2.xxx.z', kind: 'f', expect: 6.5 },
    ];
    await runChecks(gpu, { setup, input: INPUT, checks });
  });

  it('partial specializations of struct templates: parameters deduced from vector<…>/matrix<…> patterns', async () => {
    // DXC: template.class.partial.specialization.hlsl (matrix_traits<matrix<T, N, M> >).
    const prelude = `
      template <typename T> struct traits;
      template <typename T, int N, int M> struct traits<matrix<T, N, M> > { static const uint count = N * M; static const uint rows = N; };
      template <typename T, int N> struct traits<vector<T, N> > { static const uint count = N; static const uint rows = 1; };
      template <typename T> struct traits<Texture2D<T> > { static const uint count = 0; static const uint rows = 0; };
      template <> struct traits<float> { static const uint count = 1; static const uint rows = 1; };
      template <typename A, typename B> struct both { static const int same = 0; };
      template <typename A> struct both<A, A> { static const int same = 1; };
      template <typename T, int N> struct Box { T v[N]; };
      template <typename T, int N> struct traits<Box<T, N> > { static const uint count = N; static const uint rows = 7; };
      template <typename M> uint elements() { return traits<M>::count * 10 + traits<M>::rows; }`;
    const setup = `uint scale = (uint)In[0].y;`;
    const checks: Check[] = [
      { expr: 'elements<float4x4>() * scale', kind: 'i', expect: 164 * 2 },
      { expr: 'elements<float3x2>()', kind: 'i', expect: 63 },
      { expr: 'elements<int3>()', kind: 'i', expect: 31 },
      { expr: 'elements<float>()', kind: 'i', expect: 11 },
      { expr: 'elements<Texture2D<uint> >()', kind: 'i', expect: 0 },
      { expr: 'both<int, int>::same * 10 + both<int, uint>::same', kind: 'i', expect: 10 },
      { expr: 'elements<Box<float, 5> >()', kind: 'i', expect: 57 },
    ];
    await runChecks(gpu, { prelude, setup, input: INPUT, checks });
  });

  it('static data members of struct templates defined outside them, per instantiation', async () => {
    // DXC: template.static.var.split.instantiate.hlsl.
    const prelude = `
      template <typename T> struct Table { static const T weights[3]; static T scale; static T weighted(uint i) { return weights[i] * scale; } };
      template <typename T> const static T Table<T>::weights[3] = { 1, 2, 3 };
      template <typename T> T Table<T>::scale = 10;`;
    const setup = `uint i = (uint)In[0].y; Table<float>::scale = In[0].x;`;
    const checks: Check[] = [
      { expr: 'Table<int>::weights[i]', kind: 'i', expect: 3 },
      { expr: 'Table<int>::weighted(1)', kind: 'i', expect: 20 },
      { expr: 'Table<float>::weighted(i)', kind: 'f', expect: 4.5 },
    ];
    await runChecks(gpu, { prelude, setup, input: INPUT, checks });
  });

  it('variable templates with partial and explicit specializations', async () => {
    // DXC: var.template.hlsl (is_same_v<T, T>, unnamed template parameters).
    const prelude = `
      template <class, class> static const bool is_same_v = false;
      template <class T> static const bool is_same_v<T, T> = true;
      template <typename T> static const uint size_v = sizeof(T);
      template <typename T, int N> static const uint size_v<vector<T, N> > = N * 100;
      template <> static const uint size_v<float> = 7;
      template <int N> static const int square_v = N * N;`;
    const setup = `int k = (int)In[0].y;`;
    const checks: Check[] = [
      { expr: 'is_same_v<int, bool> ? 1 : 0', kind: 'i', expect: 0 },
      { expr: 'is_same_v<float3, vector<float, 3> > ? k : 0', kind: 'i', expect: 2 },
      { expr: 'size_v<int>', kind: 'i', expect: 4 },
      { expr: 'size_v<uint3>', kind: 'i', expect: 300 },
      { expr: 'size_v<float> * k', kind: 'i', expect: 14 },
      { expr: 'square_v<5> + square_v<-2>', kind: 'i', expect: 29 },
    ];
    await runChecks(gpu, { prelude, setup, input: INPUT, checks });
  });

  it('a local is in scope in its own initializer (C++ and DXC), shadowing an outer name', async () => {
    // `v.x = 4` writes the inner float2 (then overwritten by the initializer's value), not the outer float.
    const setup = `
      float v = In[0].x * 10;
      float inner = 0;
      { float2 v = float2(1, v.x = 4); inner = v.x * 100 + v.y; }
      int n = (n = (int)In[0].y + 3) * 2;`;
    const checks: Check[] = [
      { expr: 'v', kind: 'f', expect: 10 * INPUT[0]![0]! },
      { expr: 'inner', kind: 'f', expect: 104 },
      { expr: 'n', kind: 'i', expect: (INPUT[0]![1]! + 3) * 2 },
    ];
    await runChecks(gpu, { setup, input: INPUT, checks });
  });

  it('a cast to a base struct names the base part: (Base)d2 = (Base)d writes only the base fields (DXC)', async () => {
    const prelude = `
      struct Base { float a; float b; };
      struct Derived : Base { float b; float c; };
      struct Again : Derived { float d; };`;
    const setup = `
      float k = In[0].x;
      Derived d; d.a = k; ((Base)d).b = 2 * k; d.b = 3 * k; d.c = 4 * k;
      Derived d2; d2.a = 10; ((Base)d2).b = 20; d2.b = 30; d2.c = 40;
      (Base)d2 = (Base)d;
      Again g; g.a = 100; ((Base)g).b = 200; g.b = 300; g.c = 400; g.d = 500;
      (Derived)g = d2;
      (Base)g = (Base)d2;`;
    const k = INPUT[0]![0]!;
    const checks: Check[] = [
      { expr: 'd2.a', kind: 'f', expect: k },
      { expr: '((Base)d2).b', kind: 'f', expect: 2 * k },
      { expr: 'd2.b', kind: 'f', expect: 30 },
      { expr: 'd2.c', kind: 'f', expect: 40 },
      { expr: 'g.a', kind: 'f', expect: k },
      { expr: '((Base)g).b', kind: 'f', expect: 2 * k },
      { expr: 'g.b', kind: 'f', expect: 30 },
      { expr: 'g.c', kind: 'f', expect: 40 },
      { expr: 'g.d', kind: 'f', expect: 500 },
    ];
    await runChecks(gpu, { prelude, setup, input: INPUT, checks });
  });
});
