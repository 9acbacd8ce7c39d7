// HLSL 2021 operator overloading: operators on a struct call its member `operator…` functions.
import type { Loc } from '../diagnostics.js';
import { typeToString, type StructType } from '../types.js';
import { checkUserCall } from './calls.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Scope } from './scope.js';
import type { Value } from './value.js';

/**
 * `a + b`, `-a`, `a[i]` on a struct: its member `operator+` / `operator-` / `operator[]` (HLSL 2021
 * operator overloading), called on `a` with the other operand, if any, as the argument.
 */
export function operatorCall(c: Checker, x: ExpressionChecker, op: string, l: Value, r: Value | Value[] | undefined, loc: Loc, scope: Scope): Value | undefined {
  const t = l.type as StructType;
  const name = `operator${op}`;
  const entry = c.structMembers.get(t.id)?.lookupMember(name);
  const args = r === undefined ? [] : Array.isArray(r) ? r : [r];
  if (entry?.kind !== 'functions') {
    const operands = r && !Array.isArray(r) ? `binary expression ('${typeToString(l.type)}' and '${typeToString(r.type)}')` : `'${op}' ('${typeToString(l.type)}')`;
    c.error(`invalid operand${r && !Array.isArray(r) ? 's' : ''} to ${operands}: '${typeToString(t)}' has no member '${name}'`, loc);
    return undefined;
  }
  return checkUserCall(c, x, entry.overloads, args, { name, loc, scope, self: l });
}
