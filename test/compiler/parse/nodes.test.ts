// Node details the S-expression printer does not show: literal values and suffixes, whether a
// template argument is a type or an expression, locations, and the scoping of the type-name table
// that decides casts and template calls.
import { describe, expect, it } from 'vitest';
import { DiagnosticSink, type Loc } from '../../../compiler/diagnostics.js';
import { tokenize } from '../../../compiler/lex/lexer.js';
import type { Expr, FunctionDecl, VarDecl } from '../../../compiler/parse/ast.js';
import { parse } from '../../../compiler/parse/index.js';
import { parseText } from './helpers.js';
import { exprToSexpr, stmtToSexpr } from './sexpr.js';

function initOf(text: string): Expr {
  const { program, sink } = parseText(text);
  expect(sink.items).toEqual([]);
  return (program.decls.at(-1) as VarDecl).declarators[0]!.init!;
}

function bodyOf(text: string, fn: string): string[] {
  const { program } = parseText(text);
  const decl = program.decls.find((d): d is FunctionDecl => d.kind === 'FunctionDecl' && d.name === fn)!;
  return decl.body!.body.map(stmtToSexpr);
}

describe('literal nodes', () => {
  const CASES: [string, Partial<Expr>][] = [
    ['0x1Fu', { kind: 'IntLiteral', value: 31n, suffix: 'u', text: '0x1Fu' }],
    ['0xFFFFFFFFFFFFFFFFull', { kind: 'IntLiteral', value: 18446744073709551615n, suffix: 'ull' }],
    ['10LU', { kind: 'IntLiteral', value: 10n, suffix: 'ul' }],
    ['017', { kind: 'IntLiteral', value: 15n, suffix: '' }],
    ['0', { kind: 'IntLiteral', value: 0n, suffix: '' }],
    ['1.5h', { kind: 'FloatLiteral', value: 1.5, suffix: 'h', text: '1.5h' }],
    ['1.0L', { kind: 'FloatLiteral', value: 1, suffix: 'l' }],
    ['1e-3', { kind: 'FloatLiteral', value: 0.001, suffix: '' }],
    ['.5f', { kind: 'FloatLiteral', value: 0.5, suffix: 'f' }],
    ['1.', { kind: 'FloatLiteral', value: 1, suffix: '' }],
    ['true', { kind: 'BoolLiteral', value: true }],
    ['"a\\x41\\101\\n" "b"', { kind: 'StringLiteral', value: 'aAA\nb' }],
  ];
  for (const [text, expected] of CASES) {
    it(text, () => {
      expect(initOf(`static const float x = ${text};`)).toMatchObject(expected);
    });
  }
});

describe('template arguments', () => {
  it('keeps types and constant expressions apart', () => {
    const { program } = parseText('Texture2DMS<float4, 4> ms; vector<float, N + 1> v; StructuredBuffer<Unknown> u;');
    const [ms, v, u] = program.decls as VarDecl[];
    expect(ms!.type.templateArgs!.map((a) => a.kind)).toEqual(['TypeSpec', 'IntLiteral']);
    expect(v!.type.templateArgs!.map((a) => a.kind)).toEqual(['TypeSpec', 'Binary']);
    // An undeclared name cannot be known to be a type: it stays a name for the checker to report.
    expect(u!.type.templateArgs!.map((a) => a.kind)).toEqual(['Name']);
  });

  it('splits >> without touching the caller\'s tokens', () => {
    const sink = new DiagnosticSink();
    const tokens = tokenize('RWStructuredBuffer<vector<float,3>> b;', 't.hlsl', sink);
    const before = tokens.map((t) => t.text);
    const program = parse(tokens, sink);
    expect(sink.items).toEqual([]);
    expect(tokens.map((t) => t.text)).toEqual(before);
    expect((program.decls[0] as VarDecl).type.templateArgs![0]).toMatchObject({ name: 'vector' });
  });

  it('reads f<T>(x) as a template call only for templates or type arguments', () => {
    const src = 'template<typename T> T g(T x);\nvoid f() { g<2>(x); a < b > (c); buf.Load<float4>(0); a.b < c > (d); }';
    expect(bodyOf(src, 'f')).toEqual([
      '(call g<2> x)',
      '(> (< a b) c)',
      '(call (. buf Load<float4>) 0)',
      '(> (< (. a b) c) d)',
    ]);
  });
});

describe('type-name scopes', () => {
  it('scopes typedefs to their block', () => {
    const src = 'void f() { { typedef float T; x = (T) - y; } x = (T) - y; }';
    expect(bodyOf(src, 'f')).toEqual(['(block (typedef float T) (= x (cast T (- y))))', '(= x (- T y))']);
  });

  it('scopes template parameters to their template', () => {
    const src = 'template<typename T> T f(T x) { return (T) - x; }\nfloat g(float x) { return (T) - x; }';
    expect(bodyOf(src, 'f')).toEqual(['(return (cast T (- x)))']);
    expect(bodyOf(src, 'g')).toEqual(['(return (- T x))']);
  });

  it('sees nested types through qualification and in out-of-line member bodies', () => {
    const src = 'struct S { struct In { int a; }; float f(); };\nfloat S::f() { return (In) - x; }\n' +
      'float g() { return (S::In) - x + (In) - x; }';
    expect(bodyOf(src, 'S::f')).toEqual(['(return (cast In (- x)))']);
    expect(bodyOf(src, 'g')).toEqual(['(return (- (+ (cast S::In (- x)) In) x))']);
  });

  it('treats a statement "Type name" as a declaration even for unknown types', () => {
    expect(bodyOf('void f() { flaot4 v = 1; v.x = 2; }', 'f')).toEqual(['(var flaot4 (v = 1))', '(= (. v x) 2)']);
  });
});

describe('locations', () => {
  it('records where names, members and attributes stand', () => {
    const { program, sink } = parseText('[numthreads(1, 1, 1)]\nvoid main() {\n  x.yz = 1;\n}');
    const at = (loc: Loc) => sink.locations.resolve(loc);
    const fn = program.decls[0] as FunctionDecl;
    expect(at(fn.attributes[0]!.loc)).toMatchObject({ line: 1, column: 2 });
    expect(at(fn.nameLoc)).toMatchObject({ line: 2, column: 6 });
    const stmt = fn.body!.body[0]!;
    if (stmt.kind !== 'ExprStmt' || stmt.expr.kind !== 'Assign' || stmt.expr.target.kind !== 'Member') {
      throw new Error(`unexpected ${stmtToSexpr(stmt)}`);
    }
    expect(at(stmt.expr.target.memberLoc)).toMatchObject({ line: 3, column: 5 });
    expect(exprToSexpr(stmt.expr)).toBe('(= (. x yz) 1)');
  });
});
