// IR constants the checker builds: a scalar constant, the zero of a type (`(S)0`), a matrix's row type.
import type { IrExpr } from '../ir/ir.js';
import { elementScalar, INT, isNumeric, vector, type MatrixType, type Type } from '../types.js';

export function constExpr(t: Type, value: number | bigint | boolean): IrExpr {
  return { op: 'const', type: t, value: { kind: 'scalar', type: t, value } };
}

/** The type of one row of a matrix. */
export function rowType(t: MatrixType): Type {
  return vector(t.element, t.cols);
}

/** The zero of a numeric or aggregate type (every scalar 0), or undefined for opaque types. */
export function zeroOf(t: Type): IrExpr | undefined {
  return zeroConst(t, constExpr(INT, 0));
}

/** `(S)0`: every scalar of the aggregate is the given scalar converted. */
export function zeroConst(t: Type, value: IrExpr): IrExpr | undefined {
  if (t.kind === 'scalar') return { op: 'convert', type: t, arg: value };
  if (isNumeric(t)) return { op: 'splat', type: t, arg: { op: 'convert', type: elementScalar(t)!, arg: value } } as IrExpr;
  if (t.kind === 'array' && t.length !== null) {
    const part = zeroConst(t.element, value);
    return part && { op: 'construct', type: t, parts: Array.from({ length: t.length }, () => part) };
  }
  if (t.kind === 'struct') {
    const parts = t.fields.map((f) => zeroConst(f.type, value));
    return parts.every(Boolean) ? { op: 'construct', type: t, parts: parts as IrExpr[] } : undefined;
  }
  return undefined;
}
