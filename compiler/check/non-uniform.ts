// NonUniformResourceIndex(i): marks a resource-array index as varying across invocations. The value
// is i itself (a uint); the back end decorates it, and what is computed from it, NonUniform.
import type { Loc } from '../diagnostics.js';
import type { IrExpr } from '../ir/ir.js';
import { typeToString, UINT } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Value } from './value.js';

export const NON_UNIFORM_INTRINSICS = new Set(['NonUniformResourceIndex']);

export function checkNonUniformResourceIndex(c: Checker, x: ExpressionChecker, args: Value[], loc: Loc): Value | undefined {
  const name = 'NonUniformResourceIndex';
  if (args.length !== 1) {
    c.error(`'${name}' takes 1 argument, but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`, loc, name.length);
    return undefined;
  }
  const arg = args[0]!;
  if (arg.type.kind !== 'scalar' || arg.type.base === 'float') {
    c.error(`no matching overload of '${name}' for argument of type '${typeToString(arg.type)}': it takes a uint index`, arg.loc);
    return undefined;
  }
  return { type: UINT, loc, expr: { op: 'intrinsic', type: UINT, name, args: [x.coerce(arg, UINT)], loc }, readonly: true };
}

/** Whether an index is computed from NonUniformResourceIndex (as the back end spreads the mark). */
export function isNonUniformIndex(e: IrExpr): boolean {
  switch (e.op) {
    case 'intrinsic':
      return e.name === 'NonUniformResourceIndex' || e.args.some(isNonUniformIndex);
    case 'unary':
    case 'convert':
      return isNonUniformIndex(e.arg);
    case 'binary':
      return isNonUniformIndex(e.left) || isNonUniformIndex(e.right);
    default:
      return false;
  }
}

/**
 * An index that replaces `original` (a spilled copy, a parameter of a specialised callee) stays
 * non-uniform: the copy is marked again, so the descriptor access keeps its NonUniform decoration.
 */
export function keepNonUniform(original: IrExpr, replacement: IrExpr): IrExpr {
  if (!isNonUniformIndex(original) || isNonUniformIndex(replacement)) return replacement;
  return { op: 'intrinsic', type: UINT, name: 'NonUniformResourceIndex', args: [replacement] };
}
