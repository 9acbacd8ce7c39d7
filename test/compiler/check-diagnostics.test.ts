// The checker's errors and warnings: exact text and line:column for the mistakes users make most.
import { describe, expect, it } from 'vitest';
import { compile } from '../../compiler/index.js';

function diagnostics(source: string): string[] {
  return compile(source).diagnostics.map((d) => `${d.severity} ${d.line}:${d.column} ${d.message}`);
}

const kernel = (body: string, prelude = '') => `${prelude}[numthreads(1,1,1)]\nvoid main() {\n${body}\n}`;

describe('checker diagnostics', () => {
  it('unknown names', () => {
    expect(diagnostics(kernel('  float x = yy + 1;'))).toEqual([`error 3:13 use of undeclared identifier 'yy'`]);
    expect(diagnostics(kernel('  float x = nope(1);'))).toEqual([`error 3:13 use of undeclared identifier 'nope'`]);
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
    expect(diagnostics(kernel('  float2x3 m = 1; float3x2 n = 1;\n  float x = mul(m, m)[0][0];'))).toEqual([
      `error 4:13 no matching overload of 'mul' for 'float2x3' and 'float2x3'`,
    ]);
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

  it('missing return on some path', () => {
    expect(diagnostics(kernel('  float x = f(1);', 'float f(float a) {\n  if (a > 0) return a;\n}\n'))).toEqual([
      `error 1:18 non-void function 'f' does not return a value on every path`,
    ]);
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
