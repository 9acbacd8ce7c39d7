// HLSL 2021 forms engine code uses (issue 20): enum class with explicit underlying types and scoped
// names, select/and/or, literal suffixes (incl. 202x's f16/f32/f64) and DXC's predefined macros;
// values on lavapipe, diagnostics as DXC words them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from '../exec/kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

function errors(body: string, prelude = '', enable16BitTypes = false): string[] {
  const source = `${prelude}\n[numthreads(1,1,1)] void main() {\n${body}\n}`;
  return compile(source, { enable16BitTypes }).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
}

describe('HLSL 2021 language forms', () => {
  it('enums: enum class with underlying types, scoped names, conversions', async () => {
    const prelude = `
      enum class Mode : uint { Off, Low = 4, High };
      enum class Signed : int { Neg = -2, Next };
      enum Plain { P0, P1 = 3 };
      uint modeValue(Mode m) { return (uint)m * 10; }`;
    const setup = `
      Mode m = Mode::High;
      Signed s = Signed::Next;
      Plain p = P1;
      Plain q = Plain::P1;
      Mode sel = In[0].x > 1 ? Mode::Low : Mode::Off;`;
    const checks: Check[] = [
      { expr: '(uint)m', kind: 'u', expect: 5 },
      { expr: 'modeValue(Mode::Low)', kind: 'u', expect: 40 },
      { expr: '(int)s', kind: 'i', expect: -1 },
      { expr: 'p + q', kind: 'i', expect: 6 },
      { expr: 'sel == Mode::Low', kind: 'b', expect: true },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1.5, 0, 0, 0]], checks });
  });

  it('select, and, or evaluate every argument, component-wise', async () => {
    const prelude = `struct Pair { float a; int b; };`;
    const setup = `
      Pair p1 = { 1, 2 }; Pair p2 = { 3, 4 };
      Pair chosen = select(In[0].x > 1, p2, p1);
      float arrA[2] = { 5, 6 }; float arrB[2] = { 7, 8 };
      float picked[2] = select(In[0].x > 2, arrA, arrB);
      float2x2 ma = float2x2(1, 2, 3, 4); float2x2 mb = float2x2(5, 6, 7, 8);
      float2x2 mByScalar = select(In[0].x > 1, ma, mb);
      float2x2 mByMatrix = select(bool2x2(true, false, false, true), ma, mb);
      float3 a = In[0].xyz;
      float3 s = select(bool3(true, false, true), a, float3(7, 8, 9));
      int k = 0;
      float t = select(a.x > 1, a.y, (float)(++k));
      bool2 both = and(bool2(true, false), a.xy);
      bool2 either = or(bool2(false, false), float2(0, a.z));
      bool one = and(a.x > 1, false);`;
    const checks: Check[] = [
      { expr: 's.x + s.y + s.z', kind: 'f', expect: 1.5 + 8 + 3 },
      { expr: 't', kind: 'f', expect: 2 },
      { expr: 'k', kind: 'i', expect: 1 },
      { expr: 'both.x', kind: 'b', expect: true },
      { expr: 'both.y', kind: 'b', expect: false },
      { expr: 'either.x', kind: 'b', expect: false },
      { expr: 'either.y', kind: 'b', expect: true },
      { expr: 'one', kind: 'b', expect: false },
      { expr: 'chosen.a + chosen.b', kind: 'f', expect: 7 },
      { expr: 'picked[1]', kind: 'f', expect: 8 },
      { expr: 'mByScalar[1][0]', kind: 'f', expect: 3 },
      { expr: 'mByMatrix[0][1] + mByMatrix[1][1] * 10', kind: 'f', expect: 6 + 40 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[1.5, 2, 3, 0]], checks });
  });

  it('literal suffixes', async () => {
    const setup = `
      uint u = 3u; uint lu = 7lu; uint ul = 9UL;
      float h = 1.5h; float f = 2.25f; float f32 = 0.75f32;`;
    const checks: Check[] = [
      { expr: 'u + lu + ul', kind: 'u', expect: 19 },
      { expr: 'h + f + f32', kind: 'f', expect: 1.5 + 2.25 + 0.75 },
    ];
    await runChecks(gpu, { setup, checks });
    expect(errors('float x = 2.5lf;')).toEqual(["3:11 invalid suffix 'lf' on floating constant"]);
    expect(errors('float x = 1.0f16;')).toEqual(["3:11 16-bit floating-point literal suffix 'f16' requires '-enable-16bit-types'"]);
    expect(errors('float16_t x = 1.0f16;', '', true)).toEqual([]);
  });

  it('64-bit enums and literal suffixes', async () => {
    const prelude = `enum class Wide : uint64_t { Big = 0x100000000ull };`;
    const setup = `
      uint64_t big = 0xFFFFFFFFFull;
      int64_t neg = -4ll;
      double d = 2.5l; double f64 = 1.25f64;`;
    const checks: Check[] = [
      { expr: '(uint)(big >> 32)', kind: 'u', expect: 15 },
      { expr: '(int)neg', kind: 'i', expect: -4 },
      { expr: '(float)d + (float)f64', kind: 'f', expect: 3.75 },
      { expr: '(uint)(((uint64_t)Wide::Big) >> 32)', kind: 'u', expect: 1 },
      { expr: 'sizeof(Wide)', kind: 'u', expect: 8 },
    ];
    await runChecks(gpu, { prelude, setup, checks });
  });

  it("DXC's predefined macros", async () => {
    const prelude = `
      #if defined(__spirv__) && defined(__hlsl_dx_compiler) && __HLSL_VERSION >= 2021
      static const uint Ok = 1;
      #else
      static const uint Ok = 0;
      #endif
      #if __DXC_VERSION_MAJOR >= 1 && (__DXC_VERSION_MAJOR > 1 || __DXC_VERSION_MINOR >= 8)
      static const uint Modern = 1;
      #endif`;
    const checks: Check[] = [
      { expr: 'Ok', kind: 'u', expect: 1 },
      { expr: 'Modern', kind: 'u', expect: 1 },
      { expr: '__SHADER_TARGET_MAJOR * 10 + __SHADER_TARGET_MINOR', kind: 'u', expect: 60 },
    ];
    await runChecks(gpu, { prelude, checks });
  });

  it('using-declarations bring one name into scope', async () => {
    const prelude = `
      namespace Lib { using real = float; namespace Math { real twice(real v) { return v * 2; } struct Pair { real a, b; }; } }
      using namespace Lib;
      using Math::twice;
      using Lib::Math::Pair;`;
    const setup = `Pair p = { 1, 2 };`;
    const checks: Check[] = [{ expr: 'twice(p.b) + twice(In[0].x)', kind: 'f', expect: 4 + 3 }];
    await runChecks(gpu, { prelude, setup, input: [[1.5, 0, 0, 0]], checks });
  });

  it('static members through objects, namespace members defined outside, prototypes in functions, functions in cbuffers', async () => {
    const prelude = `
      struct T { static float M; static const int K = 3; float v; };
      float T::M = 2.5;
      namespace A { namespace B { float blue(); } float green(); }
      float A::B::blue() { return 4; }
      float A::green() { return 5; }
      cbuffer Params : register(b3) { float unused; float helper(float x) { return x + 1; } };`;
    const setup = `
      float later(float x);
      T t; t.v = 1;
      t.M = t.M * 2;`;
    const checks: Check[] = [
      { expr: 'T::M + t.K', kind: 'f', expect: 8 },
      { expr: 'A::B::blue() + A::green()', kind: 'f', expect: 9 },
      { expr: 'later(2) + helper(1)', kind: 'f', expect: 6 + 2 },
    ];
    await runChecks(gpu, { prelude: prelude + '\nfloat later(float x) { return x * 3; }', setup, checks });
  });

  it('enum diagnostics', () => {
    expect(errors('', 'enum class E : float { A };')).toEqual(["1:16 underlying type of enum 'E' must be an integer type, not 'float'"]);
  });
});
