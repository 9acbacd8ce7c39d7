// HLSL 2021 evaluates `&&`, `||` and `?:` on scalars lazily, as C does. When the lazily evaluated
// side cannot run unconditionally (it has side effects, calls a function, indexes dynamically or
// divides integers), it is lowered to an `if` writing a temporary; otherwise to OpLogical*/OpSelect,
// which evaluate both sides as the manual describes for vectors.
import type { IrExpr, IrPlace, IrStmt } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { BOOL, isNumeric, type Type } from '../types.js';
import type { ExpressionChecker, SideEffects } from './expressions.js';
import type { Scope } from './scope.js';
import type { Value } from './value.js';

/** Checks `e` with its side effects collected apart, so the caller can decide where they run. */
export function checkApart(x: ExpressionChecker, e: ast.Expr, scope: Scope): { value: Value | undefined; effects: SideEffects } {
  const saved = x.effects;
  const effects: SideEffects = { before: [], after: [] };
  x.effects = saved ? effects : undefined;
  x.conditionalArms++;
  try {
    return { value: x.check(e, scope), effects };
  } finally {
    x.effects = saved;
    x.conditionalArms--;
  }
}

/** True when an expression must not be evaluated unless HLSL's lazy evaluation reaches it. */
export function mustBeLazy(e: IrExpr, effects: SideEffects): boolean {
  return effects.before.length > 0 || effects.after.length > 0 || unsafe(e);
}

function unsafe(e: IrExpr): boolean {
  switch (e.op) {
    case 'call':
    case 'spirv':
    case 'dynamicExtract':
      return true;
    case 'load':
      return dynamicPlace(e.place);
    case 'binary':
      return ((e.operator === 'div' || e.operator === 'rem') && isInteger(e.type)) || unsafe(e.left) || unsafe(e.right);
    case 'unary':
    case 'convert':
    case 'extract':
    case 'swizzle':
    case 'splat':
      return unsafe(e.arg);
    case 'construct':
      return e.parts.some(unsafe);
    case 'select':
      return unsafe(e.cond) || unsafe(e.then) || unsafe(e.else);
    case 'intrinsic':
      return e.args.some(unsafe);
    default:
      return e.op !== 'const';
  }
}

function isInteger(t: Type): boolean {
  return isNumeric(t) && (t.kind === 'scalar' ? t.base : t.element.base) !== 'float';
}

function dynamicPlace(p: IrPlace): boolean {
  if (p.kind === 'element') return p.index.op !== 'const' || dynamicPlace(p.base);
  if (p.kind === 'member') return dynamicPlace(p.base);
  return p.kind !== 'local' && p.kind !== 'global';
}

/**
 * `l && r` / `l || r` with a lazy right side: `t = l; if (t) { r's effects; t = r; }` (`if (!t)` for ||).
 * `left` is the already converted bool left operand; `right` the checked right operand and its effects.
 */
export function lazyLogical(x: ExpressionChecker, op: '&&' | '||', left: IrExpr, right: Value, effects: SideEffects): IrExpr {
  const tmp = x.newLocal!(op === '&&' ? 'and' : 'or', BOOL);
  x.emitBefore({ op: 'store', place: tmp, value: left });
  const evaluateRight: IrStmt[] = [...effects.before, { op: 'store', place: tmp, value: x.coerce(right, BOOL) }, ...effects.after];
  const current: IrExpr = { op: 'load', type: BOOL, place: tmp };
  x.emitBefore(op === '&&' ? { op: 'if', cond: current, then: evaluateRight, else: [] } : { op: 'if', cond: current, then: [], else: evaluateRight });
  return { op: 'load', type: BOOL, place: tmp };
}

/** `c ? a : b` with a lazy branch: `if (c) { t = a; } else { t = b; }`. */
export function lazySelect(
  x: ExpressionChecker,
  cond: IrExpr,
  type: Type,
  a: { value: IrExpr; effects: SideEffects },
  b: { value: IrExpr; effects: SideEffects },
): IrExpr {
  const tmp = x.newLocal!('select', type);
  const branch = (side: { value: IrExpr; effects: SideEffects }): IrStmt[] => [
    ...side.effects.before,
    { op: 'store', place: tmp, value: side.value },
    ...side.effects.after,
  ];
  x.emitBefore({ op: 'if', cond, then: branch(a), else: branch(b) });
  return { op: 'load', type, place: tmp };
}

/** Runs collected side effects in the enclosing expression's order (when evaluation is not lazy). */
export function mergeEffects(x: ExpressionChecker, effects: SideEffects): void {
  for (const s of effects.before) x.emitBefore(s);
  x.effects?.after.push(...effects.after);
}
