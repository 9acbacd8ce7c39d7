// Folds IR expressions whose operands are all constants, for the places HLSL needs a value at
// compile time (array sizes, template arguments, attribute arguments, static const initializers).
import type { BinaryOperator, IrConst, IrExpr } from '../ir/ir.js';
import { elementScalar, type ScalarType, type Type } from '../types.js';

type Scalar = number | bigint | boolean;

export function evaluateConstant(e: IrExpr): IrConst | undefined {
  switch (e.op) {
    case 'const':
      return e.value;
    case 'convert': {
      const a = evaluateConstant(e.arg);
      return a && mapComponents(a, e.type, (v) => convertScalar(v, elementScalar(e.type)!, elementScalar(e.arg.type)));
    }
    case 'splat': {
      const a = evaluateConstant(e.arg);
      if (!a || a.kind !== 'scalar') return undefined;
      const count = e.type.kind === 'vector' ? e.type.size : e.type.kind === 'matrix' ? e.type.rows : 1;
      const part = e.type.kind === 'matrix' ? splatRow(a, e.type) : a;
      return { kind: 'composite', type: e.type, parts: Array.from({ length: count }, () => part) };
    }
    case 'unary': {
      const a = evaluateConstant(e.arg);
      return a && mapComponents(a, e.type, (v) => unary(e.operator, v));
    }
    case 'binary': {
      const l = evaluateConstant(e.left);
      const r = evaluateConstant(e.right);
      if (!l || !r) return undefined;
      return zipComponents(l, r, e.type, (a, b) => binary(e.operator, a, b, elementScalar(e.left.type)!));
    }
    case 'construct': {
      const parts = e.parts.map(evaluateConstant);
      if (parts.some((p) => !p)) return undefined;
      return { kind: 'composite', type: e.type, parts: parts as IrConst[] };
    }
    case 'extract': {
      const a = evaluateConstant(e.arg);
      return a?.kind === 'composite' ? a.parts[e.index] : undefined;
    }
    case 'swizzle': {
      const a = evaluateConstant(e.arg);
      if (!a) return undefined;
      const comps = a.kind === 'composite' ? a.parts : [a];
      const picked = e.components.map((c) => comps[c]!);
      return picked.length === 1 ? picked[0] : { kind: 'composite', type: e.type, parts: picked };
    }
    case 'select': {
      const c = evaluateConstant(e.cond);
      if (!c || c.kind !== 'scalar') return undefined;
      return evaluateConstant(c.value ? e.then : e.else);
    }
    default:
      return undefined;
  }
}

function splatRow(a: IrConst, t: Type): IrConst {
  if (t.kind !== 'matrix') return a;
  const rowType: Type = t.cols === 1 ? t.element : { kind: 'vector', element: t.element, size: t.cols as 2 | 3 | 4 };
  return t.cols === 1 ? a : { kind: 'composite', type: rowType, parts: Array.from({ length: t.cols }, () => a) };
}

function mapComponents(c: IrConst, type: Type, f: (v: Scalar) => Scalar | undefined): IrConst | undefined {
  if (c.kind === 'scalar') {
    const v = f(c.value);
    return v === undefined ? undefined : { kind: 'scalar', type, value: v };
  }
  const partType = (i: number): Type => componentType(type, i);
  const parts = c.parts.map((p, i) => mapComponents(p, partType(i), f));
  return parts.some((p) => !p) ? undefined : { kind: 'composite', type, parts: parts as IrConst[] };
}

function zipComponents(a: IrConst, b: IrConst, type: Type, f: (x: Scalar, y: Scalar) => Scalar | undefined): IrConst | undefined {
  if (a.kind === 'scalar' && b.kind === 'scalar') {
    const v = f(a.value, b.value);
    return v === undefined ? undefined : { kind: 'scalar', type, value: v };
  }
  if (a.kind !== 'composite' || b.kind !== 'composite' || a.parts.length !== b.parts.length) return undefined;
  const parts = a.parts.map((p, i) => zipComponents(p, b.parts[i]!, componentType(type, i), f));
  return parts.some((p) => !p) ? undefined : { kind: 'composite', type, parts: parts as IrConst[] };
}

function componentType(t: Type, _i: number): Type {
  if (t.kind === 'vector') return t.element;
  if (t.kind === 'matrix') return t.cols === 1 ? t.element : { kind: 'vector', element: t.element, size: t.cols as 2 | 3 | 4 };
  if (t.kind === 'array') return t.element;
  return t;
}

/** `from`: the source's type where known (a float source saturates, an integer one wraps). */
export function convertScalar(v: Scalar, to: ScalarType, from?: ScalarType): Scalar {
  const n = typeof v === 'boolean' ? (v ? 1 : 0) : v;
  switch (to.base) {
    case 'bool':
      return typeof n === 'bigint' ? n !== 0n : n !== 0;
    case 'float':
      return to.width === 32 ? Math.fround(Number(n)) : Number(n);
    case 'int':
    case 'uint': {
      // float → integer saturates, NaN → 0 (defined-arithmetic.ts: the run-time conversion's definition).
      if (typeof n === 'number' && (from?.base === 'float' || !Number.isInteger(n))) return saturate(n, to);
      const whole = typeof n === 'bigint' ? n : BigInt(n);
      const wrapped = to.base === 'int' ? BigInt.asIntN(to.width, whole) : BigInt.asUintN(to.width, whole);
      return to.width === 64 ? wrapped : Number(wrapped);
    }
  }
}

function saturate(n: number, to: ScalarType): Scalar {
  const bits = BigInt(to.width);
  const max = to.base === 'int' ? 2n ** (bits - 1n) - 1n : 2n ** bits - 1n;
  const min = to.base === 'int' ? -(2n ** (bits - 1n)) : 0n;
  const whole = Number.isNaN(n) ? 0n : n === Infinity ? max : n === -Infinity ? min : BigInt(Math.trunc(n));
  const clamped = whole > max ? max : whole < min ? min : whole;
  return to.width === 64 ? clamped : Number(clamped);
}

function unary(op: 'neg' | 'lognot' | 'bitnot', v: Scalar): Scalar | undefined {
  if (op === 'lognot') return !v;
  if (typeof v === 'boolean') return undefined;
  if (op === 'neg') return typeof v === 'bigint' ? -v : -v;
  return typeof v === 'bigint' ? ~v : ~v;
}

function binary(op: BinaryOperator, a: Scalar, b: Scalar, operand: ScalarType): Scalar | undefined {
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const x = !!a;
    const y = !!b;
    const table: Partial<Record<BinaryOperator, boolean>> = { logand: x && y, logor: x || y, eq: x === y, ne: x !== y };
    return table[op];
  }
  const isFloat = operand.base === 'float';
  const wrap = (v: number | bigint): Scalar => (isFloat ? (operand.width === 32 ? Math.fround(Number(v)) : Number(v)) : convertScalar(typeof v === 'number' ? BigInt(Math.trunc(v)) : v, operand));
  const x = isFloat ? Number(a) : BigInt(a);
  const y = isFloat ? Number(b) : BigInt(b);
  switch (op) {
    case 'add': return wrap((x as number) + (y as number));
    case 'sub': return wrap((x as number) - (y as number));
    case 'mul': return wrap((x as number) * (y as number));
    case 'div':
      if (!isFloat && y === 0n) return undefined;
      return isFloat ? wrap((x as number) / (y as number)) : wrap((x as bigint) / (y as bigint));
    case 'rem':
      if (!isFloat && y === 0n) return undefined;
      return wrap((x as number) % (y as number));
    case 'shl': return isFloat ? undefined : wrap((x as bigint) << ((y as bigint) & BigInt(operand.width - 1)));
    case 'shr': return isFloat ? undefined : wrap((x as bigint) >> ((y as bigint) & BigInt(operand.width - 1)));
    case 'bitand': return isFloat ? undefined : wrap((x as bigint) & (y as bigint));
    case 'bitor': return isFloat ? undefined : wrap((x as bigint) | (y as bigint));
    case 'bitxor': return isFloat ? undefined : wrap((x as bigint) ^ (y as bigint));
    case 'eq': return x === y;
    case 'ne': return x !== y;
    case 'lt': return x < y;
    case 'le': return x <= y;
    case 'gt': return x > y;
    case 'ge': return x >= y;
    case 'logand': return !!x && !!y;
    case 'logor': return !!x || !!y;
  }
}
