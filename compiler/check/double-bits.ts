// asdouble and asuint(double, out, out): a double's bit pattern as two uints (low word first),
// component by component as DXC does (OpBitcast between double and uint2; vectors and matrices
// are taken apart and rebuilt, since no uint vector holds more than two doubles' words).
import type { Loc } from '../diagnostics.js';
import type { IrExpr } from '../ir/ir.js';
import { BOOL, scalar, typeToString, UINT, vector, VOID, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { withScalar, type NumericType } from './conversions.js';
import { type ExpressionChecker } from './expressions.js';
import { constExpr } from './ir-constants.js';
import { isLvalue, type Value } from './value.js';

const DOUBLE = scalar('float', 64);
const UINT2 = vector(UINT, 2);

function bitcast(type: Type, arg: IrExpr): IrExpr {
  return { op: 'intrinsic', type, name: 'bitcast', args: [arg] };
}

/** The scalar components of a value of `t` (spilled), row-major for matrices. */
function components(t: NumericType, v: IrExpr, el: Type): IrExpr[] {
  if (t.kind === 'scalar') return [v];
  if (t.kind === 'vector') return Array.from({ length: t.size }, (_, i) => ({ op: 'extract', type: el, arg: v, index: i }) as IrExpr);
  const row = vector(el as never, t.cols);
  return Array.from({ length: t.rows }, (_, r) => components(row, { op: 'extract', type: row, arg: v, index: r }, el)).flat();
}

/** A value of `t` from its scalar components (row-major for matrices). */
function assemble(t: NumericType, parts: IrExpr[]): IrExpr {
  if (t.kind === 'scalar') return parts[0]!;
  if (t.kind === 'vector') return { op: 'construct', type: t, parts };
  const row = vector(t.element, t.cols);
  const rows = Array.from({ length: t.rows }, (_, r) => assemble(row, parts.slice(r * t.cols, (r + 1) * t.cols)));
  return { op: 'construct', type: t, parts: rows };
}

/** asdouble(uintN lo, uintN hi), N ≤ 4: each double from (lo[i], hi[i]) (manual: OpVectorShuffle and OpBitcast). */
export function asdouble(c: Checker, x: ExpressionChecker, [lo, hi]: Value[], loc: Loc): Value | undefined {
  const shapeOf = (v: Value) => (v.type.kind === 'scalar' ? 1 : v.type.kind === 'vector' ? v.type.size : 0);
  const n = Math.max(shapeOf(lo!), shapeOf(hi!));
  if (!shapeOf(lo!) || !shapeOf(hi!)) {
    const bad = shapeOf(lo!) ? hi! : lo!;
    c.error(`no matching overload of 'asdouble' for argument of type '${typeToString(bad.type)}' (expected uint or a uint vector)`, bad.loc);
    return undefined;
  }
  const ut = vector(UINT, n);
  const result = vector(DOUBLE, n);
  if (n === 1) return { type: result, loc, readonly: true, expr: bitcast(DOUBLE, { op: 'construct', type: UINT2, parts: [x.coerce(lo!, UINT), x.coerce(hi!, UINT)] }) };
  const l = x.spill(x.coerce(lo!, ut), ut);
  const h = x.spill(x.coerce(hi!, ut), ut);
  const doubles = Array.from({ length: n }, (_, i) =>
    bitcast(DOUBLE, { op: 'construct', type: UINT2, parts: [l, h].map((v): IrExpr => ({ op: 'extract', type: UINT, arg: v, index: i })) }),
  );
  return { type: result, loc, readonly: true, expr: { op: 'construct', type: result, parts: doubles } };
}

/** asuint(double d, out uint lo, out uint hi) for scalars, vectors and matrices of double. */
export function asuintDouble(c: Checker, x: ExpressionChecker, [d, lo, hi]: Value[], loc: Loc): Value | undefined {
  const t = d!.type;
  const isDouble = (t.kind === 'scalar' || t.kind === 'vector' || t.kind === 'matrix') && (t.kind === 'scalar' ? t : t.element).base === 'float' && (t.kind === 'scalar' ? t : t.element).width === 64;
  const shape = (isDouble ? t : d!.literal !== undefined ? DOUBLE : undefined) as NumericType | undefined;
  if (!shape) {
    c.error(`no matching overload of 'asuint' with 3 arguments for '${typeToString(t)}' (expected double or a vector or matrix of double)`, d!.loc);
    return undefined;
  }
  for (const out of [lo!, hi!]) {
    if (!isLvalue(out)) {
      c.error(`argument of 'asuint' is an 'out' parameter and must be assignable`, out.loc);
      return undefined;
    }
    if (!x.writable(out, out.loc)) return undefined;
  }
  const value = x.spill(x.coerce(d!, shape), shape);
  const words = components(shape, value, DOUBLE).map((e) => x.spill(bitcast(UINT2, e), UINT2));
  const half = (index: number) => words.map((w): IrExpr => ({ op: 'extract', type: UINT, arg: w, index }));
  const ut = withScalar(shape, UINT);
  x.emitBefore(x.storeTo(lo!, x.coerceExpr(assemble(ut, half(0)), ut, lo!.type)));
  x.emitBefore(x.storeTo(hi!, x.coerceExpr(assemble(ut, half(1)), ut, hi!.type)));
  return { type: VOID, loc, readonly: true, expr: constExpr(BOOL, true) };
}
