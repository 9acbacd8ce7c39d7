// dot2add(a, b, acc) (SM 6.4): a.x*b.x + a.y*b.y + acc, the products taken in half precision and the
// sums in float, as DXC lowers it (OpFMul on half2, OpFConvert to float2, two OpFAdd). `half` is float
// without -enable-16bit-types.
import type { Loc } from '../diagnostics.js';
import type { IrExpr } from '../ir/ir.js';
import { FLOAT, vector } from '../types.js';
import { scalarByName } from './builtin-types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Value } from './value.js';

export function dot2add(c: Checker, x: ExpressionChecker, args: Value[], loc: Loc): Value | undefined {
  const [a, b, acc] = args as [Value, Value, Value];
  const half = scalarByName('half', c.enable16)!;
  const h2 = vector(half, 2);
  const f2 = vector(FLOAT, 2);
  // The implicit conversions of a call (a scalar splats, a wider vector truncates with a warning).
  const [av, bv, accv] = [x.convert(a, h2, a.loc, 'argument'), x.convert(b, h2, b.loc, 'argument'), x.convert(acc, FLOAT, acc.loc, 'argument')];
  if (!av || !bv || !accv) return undefined;
  const product: IrExpr = { op: 'binary', type: h2, operator: 'mul', left: av, right: bv };
  const wide = x.spill(x.convertExpr(product, FLOAT, f2), f2);
  const part = (i: number): IrExpr => ({ op: 'extract', type: FLOAT, arg: wide, index: i });
  const pair: IrExpr = { op: 'binary', type: FLOAT, operator: 'add', left: part(0), right: part(1) };
  return { type: FLOAT, loc, expr: { op: 'binary', type: FLOAT, operator: 'add', left: pair, right: accv }, readonly: true };
}
