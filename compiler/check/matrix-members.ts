// Matrix members: `m._m01` (zero-based) and `m._12` (one-based), several at once (`m._m00_m11`),
// readable from any matrix and assignable on a matrix in memory when no element repeats.
import type { IrExpr, IrPlace } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { INT, typeToString, vector, type MatrixType } from '../types.js';
import type { Checker } from './checker.js';
import { type ExpressionChecker } from './expressions.js';
import { constExpr, rowType } from './ir-constants.js';
import type { Value } from './value.js';

/** `m._m01` (zero-based) and `m._12` (one-based), possibly several: `m._m00_m11`. */
export function matrixMember(c: Checker, x: ExpressionChecker, obj: Value, t: MatrixType, e: ast.MemberExpr): Value | undefined {
  const m = /^(?:_m[0-3][0-3])+$|^(?:_[1-4][1-4])+$/.exec(e.member);
  if (!m) {
    c.error(`invalid matrix member '${e.member}' on '${typeToString(t)}'`, e.memberLoc, e.member.length);
    return undefined;
  }
  const zeroBased = e.member.startsWith('_m');
  const parts = e.member.split('_').filter(Boolean).map((p) => (zeroBased ? [Number(p[1]), Number(p[2])] : [Number(p[0]) - 1, Number(p[1]) - 1]) as [number, number]);
  if (parts.some(([r, c]) => r >= t.rows || c >= t.cols)) {
    c.error(`matrix member '${e.member}' is out of range for '${typeToString(t)}'`, e.memberLoc, e.member.length);
    return undefined;
  }
  const el = t.element;
  const single = (r: number, c: number): Value => {
    if (obj.place) {
      const row: IrPlace = { kind: 'element', base: obj.place, index: constExpr(INT, r), type: rowType(t) };
      const place: IrPlace = t.cols === 1 ? row : { kind: 'element', base: row, index: constExpr(INT, c), type: el };
      return { type: el, loc: e.loc, place, readonly: obj.readonly };
    }
    const rowE: IrExpr = { op: 'extract', type: rowType(t), arg: x.rvalue(obj), index: r };
    return { type: el, loc: e.loc, expr: t.cols === 1 ? rowE : { op: 'extract', type: el, arg: rowE, index: c }, readonly: true };
  };
  if (parts.length === 1) return single(...parts[0]!);
  const vt = vector(el, parts.length);
  // Distinct elements of a matrix in memory can be assigned: `m._m00_m11 = v`, `m._11_22 += v`.
  const distinct = new Set(parts.map(([r, c]) => r * 4 + c)).size === parts.length;
  if (obj.place && distinct) return { type: vt, loc: e.loc, scatter: { place: obj.place, elements: parts }, readonly: obj.readonly, ...(obj.what ? { what: obj.what } : {}) };
  return { type: vt, loc: e.loc, expr: { op: 'construct', type: vt, parts: parts.map(([r, c]) => x.rvalue(single(r, c))) }, readonly: true };
}
