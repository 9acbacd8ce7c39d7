// printf(format, args…) and the global `string` constants a format may name (DXC: the format is an
// OpString, the call NonSemantic.DebugPrintf's DebugPrintf). Strings are nothing else in HLSL here:
// a string constant is not a value, and its text never reaches the IR except as a printf format.
import type * as ast from '../parse/ast.js';
import type { IrExpr } from '../ir/ir.js';
import { FLOAT, INT, isNumeric, typeToString, VOID } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Scope } from './scope.js';

export function isStringDecl(decl: ast.VarDecl): boolean {
  return decl.type.name === 'string' && !decl.type.templateArgs;
}

/** `[const|static] string name = "text";` at global scope. */
export function declareStrings(c: Checker, decl: ast.VarDecl, scope: Scope): void {
  for (const d of decl.declarators) {
    if (d.arrayDims.length || d.init?.kind !== 'StringLiteral') {
      c.error(`a string must be initialized with a string literal (strings are printf formats only)`, d.loc, d.name.length || 1);
      scope.define({ kind: 'invalid', name: d.name, loc: d.loc });
      continue;
    }
    if (scope.define({ kind: 'string', name: d.name, text: d.init.value, loc: d.loc })) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
  }
}

export function checkPrintf(c: Checker, x: ExpressionChecker, e: ast.CallExpr, scope: Scope) {
  const [first, ...rest] = e.args;
  if (!first) {
    c.error(`'printf' takes a format string`, e.loc, 'printf'.length);
    return undefined;
  }
  const named = first.kind === 'Name' ? scope.lookup(first.name) : undefined;
  const format = first.kind === 'StringLiteral' ? first.value : named?.kind === 'string' ? named.text : undefined;
  if (format === undefined) {
    c.error(`the format of 'printf' must be a string literal or a global string constant`, first.loc);
    return undefined;
  }
  const args: IrExpr[] = [];
  for (const a of rest) {
    const v = x.check(a, scope);
    if (!v) return undefined;
    const t = v.type;
    const el = isNumeric(t) && t.kind !== 'matrix' ? (t.kind === 'vector' ? t.element : t) : undefined;
    if (!el || el.base === 'bool') {
      c.error(`'printf' prints numeric scalars and vectors, not '${typeToString(t)}'`, a.loc);
      return undefined;
    }
    // Untyped literals print as what DXC gives them: int and float.
    args.push(v.literal === 'int' ? x.coerce(v, INT) : v.literal === 'float' ? x.coerce(v, FLOAT) : x.rvalue(v));
  }
  return { type: VOID, loc: e.loc, readonly: true, expr: { op: 'printf', type: VOID, format, args, loc: e.loc } as IrExpr };
}
