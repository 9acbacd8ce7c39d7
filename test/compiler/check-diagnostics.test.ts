// The checker's errors and warnings: exact text and line:column for the mistakes users make most.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../compiler/index.js';

function diagnostics(source: string): string[] {
  return compile(source).diagnostics.map((d) => `${d.severity} ${d.line}:${d.column} ${d.message}`);
}

const kernel = (body: string, prelude = '') => `${prelude}[numthreads(1,1,1)]\nvoid main() {\n${body}\n}`;

describe('checker diagnostics', () => {
  it('unknown names', () => {
    expect(diagnostics(kernel('  float x = yy + 1;'))).toEqual([`error 3:13 use of undeclared identifier 'yy'`]);
    expect(diagnostics(kernel('  float x = nope(1);'))).toEqual([`error 3:13 use of undeclared identifier 'nope'`]);
  });

  it('a constant index past an array or vector says so (DXC warns for arrays: the read has no defined value)', () => {
    expect(diagnostics(kernel('  bool a[1] = { true };\n  bool b = a[2];\n  float4 v = 0;\n  float f = v[4];'))).toEqual([
      `error 4:14 index 2 is out of bounds for 'bool[1]': it would access memory outside the array (DXC only warns)`,
      `error 6:15 index 4 is out of bounds for 'float4'`,
    ]);
  });

  it('a declaration whose type is unknown reports once: its uses do not cascade', () => {
    const prelude = 'Bar g;\nfloat helper(Foo x) { return x.y; }\nRWStructuredBuffer<float> o;\n';
    expect(diagnostics(kernel('  Baz f;\n  f.x = 1;\n  o[0] = f.y + g.a + helper(2) + nope;', prelude))).toEqual([
      `error 1:1 unknown type name 'Bar'`,
      `error 2:14 unknown type name 'Foo'`,
      `error 6:3 unknown type name 'Baz'`,
      `error 8:34 use of undeclared identifier 'nope'`,
    ]);
  });

  it('no matching overload lists the candidates', () => {
    const prelude = 'float f(float2 a) { return a.x; }\nfloat f(float3 a) { return a.x; }\n';
    expect(diagnostics(kernel('  f(true, 2);', prelude))).toEqual([
      `error 5:3 no matching function for call to 'f(bool, int)'; candidate: float f(float2); candidate: float f(float3)`,
    ]);
  });

  it('ambiguous calls list the equally good candidates', () => {
    const prelude = 'float g(int a) { return a; }\nfloat g(uint a) { return a; }\n';
    expect(diagnostics(kernel('  float x = g(1.5);', prelude))).toEqual([
      `error 5:13 call to 'g' is ambiguous; candidate: float g(int); candidate: float g(uint)`,
    ]);
  });

  it('wrong arity and argument types of intrinsics', () => {
    expect(diagnostics(kernel('  float x = sin(1, 2);'))).toEqual([`error 3:13 'sin' takes 1 argument, but 2 were given`]);
    expect(diagnostics(kernel('  S s; s.a = 1;\n  float x = cos(s);', 'struct S { float a; };\n'))).toEqual([
      `error 5:17 no matching overload of 'cos' for argument of type 'S'`,
    ]);
    // As DXC: mismatched inner dimensions truncate the larger operand (float2x3 → float2x2) with a warning.
    expect(diagnostics(kernel('  float2x3 m = 1; float3x2 n = 1;\n  float x = mul(m, m)[0][0];'))).toEqual([
      `warning 4:17 implicit truncation of vector type`,
    ]);
    expect(diagnostics(kernel('  S s; s.a = 1;\n  float x = mul(s, 2);', 'struct S { float a; };\n'))[0]).toEqual(`error 5:17 no matching overload of 'mul' for argument of type 'S'`);
  });

  it('assignment to const and to non-lvalues', () => {
    expect(diagnostics(kernel('  const int k = 3;\n  k = 4;'))).toEqual([`error 4:3 cannot assign to read-only variable 'k'`]);
    expect(diagnostics(kernel('  g(2.0);', 'void g(out float x) { x = 1; }\n'))).toEqual([`error 4:5 expression is not assignable`]);
  });

  it('recursion', () => {
    expect(diagnostics(kernel('  int x = fact(3);', 'int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\n'))).toEqual([
      `error 1:43 recursive call to 'fact': recursion is not allowed in HLSL`,
    ]);
  });

  it('missing return on some path: a warning, as DXC (-Wreturn-type), zero returned there', () => {
    expect(diagnostics(kernel('  float x = f(1);', 'float f(float a) {\n  if (a > 0) return a;\n}\n'))).toEqual([
      `warning 3:1 non-void function 'f' does not return a value on every path: it returns zero where it ends`,
    ]);
  });

  it('a local read in its own initializer: a warning (-Wuninitialized, as clang), the new variable is the one read', () => {
    expect(diagnostics(kernel('  float x = 2;\n  { float x = x + 1; }'))).toEqual([`warning 4:11 variable 'x' is uninitialized when used within its own initialization`]);
    // Assigned before it is read: nothing to say.
    expect(diagnostics(kernel('  int n = (n = 3) * 2;'))).toEqual([]);
    expect(diagnosticsFor(kernel('  float x = 2;\n  { float x = x + 1; }'), { warnings: { flags: { uninitialized: 'off' } } })).toEqual([]);
  });

  it('implicit truncation warns like DXC', () => {
    expect(diagnostics(`RWStructuredBuffer<float> o;\n[numthreads(1,1,1)]\nvoid main() {\n  float4 v = 1;\n  float2 w = v;\n  o[0] = w.x;\n}`)).toEqual([
      `warning 5:14 implicit truncation of vector type`,
    ]);
  });

  it('jumps, swizzles and members', () => {
    expect(diagnostics(kernel('  break;'))).toEqual([`error 3:3 'break' statement not in loop or switch statement`]);
    expect(diagnostics(kernel('  float2 v = 1;\n  float x = v.z;'))).toEqual([`error 4:15 invalid swizzle 'z' on 'float2'`]);
    expect(diagnostics(kernel('  S s;\n  s.b = 1;', 'struct S { float a; };\n'))).toEqual([`error 5:5 no member named 'b' in 'S'`]);
    expect(diagnostics(kernel('  float2x2 m = 1;\n  float x = m._m22;'))).toEqual([`error 4:15 matrix member '_m22' is out of range for 'float2x2'`]);
  });
});

function diagnosticsFor(source: string, options: CompileOptions): string[] {
  return compile(source, options).diagnostics.map((d) => `${d.severity} ${d.line}:${d.column} ${d.message}`);
}

describe('checker diagnostics of wave intrinsics', () => {
  it('need Vulkan 1.1: an error when targeting vulkan1.0 (the default)', () => {
    expect(diagnostics(kernel('  uint n = WaveGetLaneCount();'))).toEqual([
      `error 3:12 'WaveGetLaneCount' requires Vulkan 1.1 (SPIR-V 1.3): compile with -fspv-target-env=vulkan1.1 or later`,
    ]);
  });

  it('argument types, arity and the constant quad lane', () => {
    const v11 = { targetEnv: 'vulkan1.1' } as const;
    expect(diagnosticsFor(kernel('  uint i = 1;\n  uint x = QuadReadLaneAt(i, i);'), v11)).toEqual([
      `error 4:30 the lane index of 'QuadReadLaneAt' must be a compile-time constant`,
    ]);
    expect(diagnosticsFor(kernel('  float f = WaveActiveBitAnd(1.5);'), v11)).toEqual([
      `error 3:30 no matching overload of 'WaveActiveBitAnd' for argument of type 'float'`,
    ]);
    expect(diagnosticsFor(kernel('  bool b = WaveActiveSum(true);'), v11)).toEqual([
      `error 3:26 no matching overload of 'WaveActiveSum' for argument of type 'bool'`,
    ]);
    expect(diagnosticsFor(kernel('  uint x = WaveReadLaneAt(1);'), v11)).toEqual([`error 3:12 'WaveReadLaneAt' takes 2 arguments, but 1 was given`]);
  });
});

describe('checker diagnostics of declarations and statements', () => {
  it('intrinsics without a Vulkan equivalent (manual)', () => {
    expect(diagnostics(kernel('  abort();'))).toEqual([`error 3:3 intrinsic 'abort' has no Vulkan equivalent`]);
    expect(diagnostics(kernel('  uint n = GetRenderTargetSampleCount();'))).toEqual([
      `error 3:12 intrinsic 'GetRenderTargetSampleCount' has no Vulkan equivalent (gl_NumSamples is not available to Vulkan shaders)`,
    ]);
    expect(diagnostics(kernel('  float4 c = tex2D(s, float2(0, 0));', 'sampler s;\n'))).toEqual([
      `error 4:14 intrinsic 'tex2D' is deprecated and not supported: use a texture object method such as Sample()`,
    ]);
  });

  it('mixing explicit and implicit stage locations in one SigPoint', () => {
    const source = 'struct V { float4 p : SV_Position; [[vk::location(1)]] float2 uv : TEXCOORD; float3 n : NORMAL; };\nV main(float3 p : POSITION) { V v = (V)0; return v; }';
    expect(diagnosticsFor(source, { entryPoints: [{ name: 'main', stage: 'vertex' }] })).toEqual([
      `error 2:3 partial explicit stage output location assignment via vk::location(X) unsupported: give every output of 'main' a location, or none`,
    ]);
    const inputs = 'float4 main([[vk::location(0)]] float4 a : A, float4 b : B) : SV_Target { return a + b; }';
    expect(diagnosticsFor(inputs, { entryPoints: [{ name: 'main', stage: 'pixel' }] })).toEqual([
      `error 1:8 partial explicit stage input location assignment via vk::location(X) unsupported: give every input of 'main' a location, or none`,
    ]);
  });

  it('struct inheritance: one struct base only', () => {
    expect(diagnostics(kernel('', 'struct A { float a; };\nstruct B { float b; };\nstruct C : A, B { float c; };\n'))).toEqual([
      `error 3:15 multiple inheritance is not allowed: 'C' already derives from 'A'`,
    ]);
    expect(diagnostics(kernel('', 'struct D : float4 { float d; };\n'))).toEqual([`error 1:12 base of 'D' must be a struct, not 'float4'`]);
  });

  it('sizeof of a type without a size, using namespace of a non-namespace', () => {
    expect(diagnostics(kernel('  uint n = sizeof(Texture2D);'))).toEqual([
      `error 3:12 invalid application of 'sizeof' to type 'Texture2D<float4>', which has no size in memory`,
    ]);
    expect(diagnostics(kernel('  using namespace S;', 'struct S { float a; };\n'))).toEqual([`error 4:3 'S' is not a namespace`]);
  });

  it('vk::ReadClock takes a constant Device or Subgroup scope', () => {
    expect(diagnostics(kernel('  uint64_t t = vk::ReadClock(vk::WorkgroupScope);'))).toEqual([
      `error 3:30 the scope of 'vk::ReadClock' must be the constant vk::DeviceScope or vk::SubgroupScope`,
    ]);
  });

  it('missing return is reported at the closing brace of the function', () => {
    expect(diagnostics(kernel('  int x = f(1);', 'int f(int a) {\n  switch (a) { case 0: return 1; }\n  }\n'))).toEqual([
      `warning 3:3 non-void function 'f' does not return a value on every path: it returns zero where it ends`,
    ]);
  });
});
