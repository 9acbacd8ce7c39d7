// Intrinsics the manual lowers through several instructions (its "no direct mapping" list) or with
// out parameters: the checker expands them into plain IR here, so every back end gets them for free.
// sincos/modf/frexp/asuint(double, out, out) write their outputs as statements before the value is used.
import type { Loc } from '../diagnostics.js';
import { intrinsicName } from '../ir/intrinsics.js';
import type { IrExpr } from '../ir/ir.js';
import {
  BOOL,
  elementScalar,
  FLOAT,
  INT,
  scalar,
  typeToString,
  vector,
  VOID,
  type MatrixType,
  type ScalarType,
  type StructType,
  type Type,
} from '../types.js';
import type { Checker } from './checker.js';
import { commonScalar, commonShape, withScalar, type NumericType } from './conversions.js';
import { type ExpressionChecker } from './expressions.js';
import { constExpr } from './ir-constants.js';
import { isLvalue, type Value } from './value.js';
import { PACKED_8BIT_INTRINSICS } from './packed-8bit.js';
import { asdouble } from './double-bits.js';
import { msad4 } from './msad4.js';
import { dot2add } from './dot2add.js';

type Expander = (c: Checker, x: ExpressionChecker, args: NumericValue[], loc: Loc) => Value | undefined;
type NumericValue = Value & { type: NumericType };

/** Name → [arity, expander]. */
export const EXPANDED_INTRINSICS: Record<string, [number[], Expander]> = {
  sincos: [[3], sincos],
  modf: [[2], (c, x, a, loc) => structIntrinsic(c, x, 'modf', a, loc)],
  frexp: [[2], (c, x, a, loc) => structIntrinsic(c, x, 'frexp', a, loc)],
  asdouble: [[2], asdouble],
  clip: [[1], clip],
  lit: [[3], lit],
  dst: [[2], dst],
  D3DCOLORtoUBYTE4: [[1], d3dColorToUbyte4],
  // HLSL 2021: the non-short-circuiting forms of `?:`, `&&` and `||` on scalars and vectors.
  select: [[3], select],
  and: [[2], (c, x, a, loc) => logical(c, x, 'and', a, loc)],
  or: [[2], (c, x, a, loc) => logical(c, x, 'or', a, loc)],
  isnormal: [[1], isnormal],
  msad4: [[3], msad4],
  dot2add: [[3], dot2add],
  // SM 6.10: a breakpoint for an attached debugger (NonSemantic.DebugBreak, which drivers ignore otherwise).
  DebugBreak: [[0], (_c, _x, _a, loc) => value(VOID, { op: 'intrinsic', type: VOID, name: intrinsicName('DebugBreak'), args: [], loc }, loc)],
  // SM 6.6; a pixel-shader query (the SPIR-V back end refuses it in other stages).
  IsHelperLane: [[0], (_c, _x, _a, loc) => value(BOOL, { op: 'intrinsic', type: BOOL, name: intrinsicName('IsHelperLane'), args: [], loc }, loc)],
  ...PACKED_8BIT_INTRINSICS,
};

/** The common shape of numeric values (`select`, `and`, `or` take it component-wise), or an error. */
function sharedShape(c: Checker, name: string, args: NumericValue[], loc: Loc): NumericType | undefined {
  let shape: Type = args[0]!.type;
  for (const a of args.slice(1)) {
    const common = commonShape(shape as NumericType, a.type);
    if (typeof common === 'string') {
      c.error(`${common} in '${name}': ${args.map((v) => `'${typeToString(v.type)}'`).join(', ')}`, loc, name.length);
      return undefined;
    }
    shape = common.shape;
  }
  return shape as NumericType;
}

/** select(cond, a, b): every argument evaluated, component-wise choice (OpSelect). */
function select(c: Checker, x: ExpressionChecker, args: NumericValue[], loc: Loc): Value | undefined {
  const [cond, a, b] = args as [NumericValue, NumericValue, NumericValue];
  const shape = sharedShape(c, 'select', args, loc);
  if (!shape) return undefined;
  const type = withScalar(shape, commonScalar(elementScalar(a.type)!, a.literal, elementScalar(b.type)!, b.literal));
  const condType = withScalar(shape, BOOL);
  let condExpr = x.coerce(cond, cond.type.kind === 'scalar' ? BOOL : condType);
  const then = x.coerce(a, type);
  const other = x.coerce(b, type);
  if (type.kind === 'matrix') {
    // OpSelect takes scalars and vectors: a matrix is chosen row by row.
    const row = vector(type.element, type.cols);
    const boolRow = vector(BOOL, type.cols);
    const scalarCond = cond.type.kind === 'scalar' ? x.spill(condExpr, BOOL) : undefined;
    const matrixCond = scalarCond ? undefined : x.spill(condExpr, condType);
    const [t, e] = [x.spill(then, type), x.spill(other, type)];
    const rows: IrExpr[] = [];
    for (let r = 0; r < type.rows; r++) {
      const rowCond: IrExpr = scalarCond
        ? type.cols === 1 ? scalarCond : { op: 'splat', type: boolRow, arg: scalarCond }
        : { op: 'extract', type: boolRow, arg: matrixCond!, index: r };
      const pick = (m: IrExpr): IrExpr => ({ op: 'extract', type: row, arg: m, index: r });
      rows.push({ op: 'select', type: row, cond: rowCond, then: pick(t), else: pick(e) });
    }
    return value(type, { op: 'construct', type, parts: rows }, loc);
  }
  if (cond.type.kind === 'scalar' && condType.kind !== 'scalar') condExpr = { op: 'splat', type: condType, arg: condExpr };
  return value(type, { op: 'select', type, cond: condExpr, then, else: other }, loc);
}

/** and(a, b) / or(a, b): component-wise logical operations on the arguments converted to bool, both evaluated. */
function logical(c: Checker, x: ExpressionChecker, name: 'and' | 'or', args: NumericValue[], loc: Loc): Value | undefined {
  const shape = sharedShape(c, name, args, loc);
  if (!shape) return undefined;
  const type = withScalar(shape, BOOL);
  const expr: IrExpr = { op: 'binary', type, operator: name === 'and' ? 'logand' : 'logor', left: x.coerce(args[0]!, type), right: x.coerce(args[1]!, type) };
  return value(type, expr, loc);
}

/** Exponent masks by float width (half, float, double). */
const EXPONENT_MASK: Record<number, bigint> = { 16: 0x7c00n, 32: 0x7f800000n, 64: 0x7ff0000000000000n };

/**
 * isnormal(x): the exponent bits are neither all 0 (zero, subnormal) nor all 1 (inf, NaN), as DXC
 * tests them (OpIsNormal needs the Kernel capability); a matrix row by row.
 */
function isnormal(c: Checker, x: ExpressionChecker, [v]: NumericValue[], loc: Loc): Value | undefined {
  const el0 = elementScalar(v!.type)!;
  const el = el0.base === 'float' ? el0 : FLOAT;
  const t = withScalar(v!.type, el);
  const bits = scalar('uint', el.width);
  const mask = EXPONENT_MASK[el.width]!;
  const test = (part: IrExpr, pt: Type): IrExpr => {
    const n = pt.kind === 'vector' ? pt.size : 1;
    const ut = n === 1 ? bits : vector(bits, n);
    const bt = n === 1 ? BOOL : vector(BOOL, n);
    const constant = (value: bigint): IrExpr => (n === 1 ? constExpr(bits, el.width === 64 ? value : Number(value)) : { op: 'splat', type: ut, arg: constExpr(bits, el.width === 64 ? value : Number(value)) });
    const exponent = x.spill({ op: 'binary', type: ut, operator: 'bitand', left: intrinsic(ut, 'bitcast', [part]), right: constant(mask) }, ut);
    const notZero: IrExpr = { op: 'binary', type: bt, operator: 'ne', left: exponent, right: constant(0n) };
    const notMax: IrExpr = { op: 'binary', type: bt, operator: 'ne', left: exponent, right: constant(mask) };
    return { op: 'binary', type: bt, operator: 'logand', left: notZero, right: notMax };
  };
  const arg = x.coerce(v!, t);
  if (t.kind !== 'matrix') return value(withScalar(t, BOOL), test(arg, t), loc);
  const m = x.spill(arg, t);
  const row = vector(el, t.cols);
  const rows = Array.from({ length: t.rows }, (_, r) => test({ op: 'extract', type: row, arg: m, index: r }, row));
  const type = withScalar(t, BOOL);
  return value(type, { op: 'construct', type, parts: rows }, loc);
}

function intrinsic(type: Type, name: string, args: IrExpr[]): IrExpr {
  return { op: 'intrinsic', type, name: intrinsicName(name), args };
}

function value(type: Type, expr: IrExpr, loc: Loc): Value {
  return { type, loc, expr, readonly: true };
}

/** The float type (scalar or vector) an argument is converted to; matrices are not accepted. */
function floatShape(c: Checker, name: string, a: NumericValue): NumericType | undefined {
  if (a.type.kind === 'matrix') {
    c.error(`no matching overload of '${name}' for argument of type '${typeToString(a.type)}'`, a.loc);
    return undefined;
  }
  const el = elementScalar(a.type)!;
  return withScalar(a.type, el.base === 'float' ? el : FLOAT);
}

function outArgument(c: Checker, x: ExpressionChecker, name: string, a: Value): boolean {
  if (isLvalue(a)) return x.writable(a, a.loc);
  c.error(`argument of '${name}' is an 'out' parameter and must be assignable`, a.loc);
  return false;
}

/** Stores `e` (of type `t`) into an out argument, converting to the argument's type. */
function writeOut(x: ExpressionChecker, target: Value, e: IrExpr, t: Type): void {
  x.emitBefore(x.storeTo(target, x.coerceExpr(e, t, target.type)));
}

/** sincos(x, out s, out c): GLSL Sin and Cos (manual). */
function sincos(c: Checker, x: ExpressionChecker, [v, s, k]: NumericValue[], loc: Loc): Value | undefined {
  const byRows = matrixRows(x, v!);
  if (byRows) {
    // Row by row, as DXC (GLSL Sin and Cos take scalars and vectors).
    if (!outArgument(c, x, 'sincos', s!) || !outArgument(c, x, 'sincos', k!)) return undefined;
    const { t, rows } = byRows;
    const each = (name: 'sin' | 'cos'): IrExpr => ({ op: 'construct', type: t, parts: rows.map((r) => intrinsic(r.type, name, [r])) });
    writeOut(x, s!, each('sin'), t);
    writeOut(x, k!, each('cos'), t);
    return value(VOID, { op: 'const', type: BOOL, value: { kind: 'scalar', type: BOOL, value: true } }, loc);
  }
  const t = floatShape(c, 'sincos', v!);
  if (!t || !outArgument(c, x, 'sincos', s!) || !outArgument(c, x, 'sincos', k!)) return undefined;
  const arg = x.spill(x.coerce(v!, t), t);
  writeOut(x, s!, intrinsic(t, 'sin', [arg]), t);
  writeOut(x, k!, intrinsic(t, 'cos', [arg]), t);
  return value(VOID, { op: 'const', type: BOOL, value: { kind: 'scalar', type: BOOL, value: true } }, loc);
}

/**
 * modf(x, out ip) → GLSL ModfStruct {fraction, whole}; frexp(x, out e) → FrexpStruct {significand,
 * exponent (int)}. The struct result is spilled once and split into the return value and the out argument.
 */
function structIntrinsic(c: Checker, x: ExpressionChecker, name: 'modf' | 'frexp', [v, out]: NumericValue[], loc: Loc): Value | undefined {
  const byRows = matrixRows(x, v!);
  if (byRows) {
    // Row by row (GLSL's ModfStruct/FrexpStruct take scalars and vectors), as DXC.
    if (!outArgument(c, x, name, out!)) return undefined;
    const { t } = byRows;
    const row = vector(t.element, t.cols);
    const secondRow = name === 'modf' ? row : withScalar(row as NumericType, INT);
    const struct: StructType = { kind: 'struct', name: name === 'modf' ? 'ModfStructType' : 'FrexpStructType', fields: [{ name: 'result', type: row }, { name: 'part', type: secondRow }], id: c.newId() };
    const both = byRows.rows.map((r) => x.spill(intrinsic(struct, `${name}Struct`, [r]), struct));
    const second: MatrixType = { ...t, element: elementScalar(secondRow)! };
    writeOut(x, out!, { op: 'construct', type: second, parts: both.map((b) => ({ op: 'extract', type: secondRow, arg: b, index: 1 }) as IrExpr) }, second);
    return value(t, { op: 'construct', type: t, parts: both.map((b) => ({ op: 'extract', type: row, arg: b, index: 0 }) as IrExpr) }, loc);
  }
  const t = floatShape(c, name, v!);
  if (!t || !outArgument(c, x, name, out!)) return undefined;
  const second = name === 'modf' ? t : withScalar(t, INT);
  const struct: StructType = { kind: 'struct', name: name === 'modf' ? 'ModfStructType' : 'FrexpStructType', fields: [{ name: 'result', type: t }, { name: 'part', type: second }], id: c.newId() };
  const both = x.spill(intrinsic(struct, `${name}Struct`, [x.coerce(v!, t)]), struct);
  writeOut(x, out!, { op: 'extract', type: second, arg: both, index: 1 }, second);
  return value(t, { op: 'extract', type: t, arg: both, index: 0 }, loc);
}


/** clip(x): discards the pixel when any component of x is negative (manual: control flow + OpKill). */
/** A float matrix argument as its row vectors (spilled once), for the intrinsics DXC applies row by row. */
function matrixRows(x: ExpressionChecker, v: NumericValue): { t: MatrixType; rows: IrExpr[] } | undefined {
  if (v.type.kind !== 'matrix') return undefined;
  const el = v.type.element.base === 'float' ? v.type.element : FLOAT;
  const t: MatrixType = { ...v.type, element: el };
  const m = x.spill(x.coerce(v, t), t);
  const row = vector(el, t.cols);
  return { t, rows: Array.from({ length: t.rows }, (_, r) => ({ op: 'extract', type: row, arg: m, index: r }) as IrExpr) };
}

function clip(c: Checker, x: ExpressionChecker, [v]: NumericValue[], loc: Loc): Value | undefined {
  const byRows = matrixRows(x, v!);
  if (byRows) {
    // Any component of any row below zero discards.
    const negative = byRows.rows.map((r): IrExpr => {
      const rt = r.type as Exclude<Type, MatrixType>;
      const bt = withScalar(rt as NumericType, BOOL);
      const zero = rt.kind === 'scalar' ? constExpr(rt, 0) : ({ op: 'splat', type: rt, arg: constExpr(byRows.t.element, 0) } as IrExpr);
      const lt: IrExpr = { op: 'binary', type: bt, operator: 'lt', left: r, right: zero };
      return bt.kind === 'scalar' ? lt : intrinsic(BOOL, 'any', [lt]);
    });
    const cond = negative.reduce((a, b): IrExpr => ({ op: 'binary', type: BOOL, operator: 'logor', left: a, right: b }));
    x.emitBefore({ op: 'if', cond, then: [{ op: 'discard' }], else: [] });
    return value(VOID, constExpr(BOOL, true), loc);
  }
  const t = floatShape(c, 'clip', v!);
  if (!t) return undefined;
  const el = elementScalar(t)!;
  const bt = withScalar(t, BOOL);
  const negative: IrExpr = { op: 'binary', type: bt, operator: 'lt', left: x.coerce(v!, t), right: t.kind === 'scalar' ? constExpr(el, 0) : { op: 'splat', type: t, arg: constExpr(el, 0) } };
  const cond = t.kind === 'scalar' ? negative : intrinsic(BOOL, 'any', [negative]);
  x.emitBefore({ op: 'if', cond, then: [{ op: 'discard' }], else: [] });
  return value(VOID, constExpr(BOOL, true), loc);
}

/** lit(n·l, n·h, m) = (1, max(n·l, 0), (n·l < 0 || n·h < 0) ? 0 : pow(n·h, m), 1) (HLSL reference). */
function lit(c: Checker, x: ExpressionChecker, args: NumericValue[], loc: Loc): Value | undefined {
  for (const a of args) {
    if (a.type.kind !== 'scalar') {
      c.error(`no matching overload of 'lit' for argument of type '${typeToString(a.type)}'`, a.loc);
      return undefined;
    }
  }
  const [nl, nh, m] = args.map((a) => x.spill(x.coerce(a, FLOAT), FLOAT));
  const zero = constExpr(FLOAT, 0);
  const one = constExpr(FLOAT, 1);
  const less = (e: IrExpr): IrExpr => ({ op: 'binary', type: BOOL, operator: 'lt', left: e, right: zero });
  const diffuse = intrinsic(FLOAT, 'max', [nl!, zero]);
  const noSpecular: IrExpr = { op: 'binary', type: BOOL, operator: 'logor', left: less(nl!), right: less(nh!) };
  const specular: IrExpr = { op: 'select', type: FLOAT, cond: noSpecular, then: zero, else: intrinsic(FLOAT, 'pow', [nh!, m!]) };
  const f4 = vector(FLOAT, 4);
  return value(f4, { op: 'construct', type: f4, parts: [one, diffuse, specular, one] }, loc);
}

/** dst(a, b) = (1, a.y·b.y, a.z, b.w) (manual: OpCompositeExtract and OpFMul). */
function dst(c: Checker, x: ExpressionChecker, [a, b]: NumericValue[], loc: Loc): Value | undefined {
  const el = commonScalar(elementScalar(a!.type)!, a!.literal, elementScalar(b!.type)!, b!.literal);
  const f = el.base === 'float' ? el : FLOAT;
  const v4 = vector(f, 4);
  if (a!.type.kind !== 'vector' || b!.type.kind !== 'vector' || a!.type.size !== 4 || b!.type.size !== 4) {
    c.error(`no matching overload of 'dst' for '${typeToString(a!.type)}' and '${typeToString(b!.type)}'`, loc, 3);
    return undefined;
  }
  const av = x.spill(x.coerce(a!, v4), v4);
  const bv = x.spill(x.coerce(b!, v4), v4);
  const at = (v: IrExpr, i: number): IrExpr => ({ op: 'extract', type: f, arg: v, index: i });
  const y: IrExpr = { op: 'binary', type: f, operator: 'mul', left: at(av, 1), right: at(bv, 1) };
  return value(v4, { op: 'construct', type: v4, parts: [constExpr(f, 1), y, at(av, 2), at(bv, 3)] }, loc);
}

/** D3DCOLORtoUBYTE4(c) = int4(c.zyxw * 255.002): OpVectorShuffle, OpVectorTimesScalar, OpConvertFToS (manual). */
function d3dColorToUbyte4(c: Checker, x: ExpressionChecker, [v]: NumericValue[], loc: Loc): Value | undefined {
  if (v!.type.kind !== 'vector' || v!.type.size !== 4) {
    c.error(`no matching overload of 'D3DCOLORtoUBYTE4' for argument of type '${typeToString(v!.type)}'`, v!.loc);
    return undefined;
  }
  const f4 = vector(FLOAT, 4);
  const zyxw: IrExpr = { op: 'swizzle', type: f4, arg: x.coerce(v!, f4), components: [2, 1, 0, 3] };
  const scaled: IrExpr = intrinsic(f4, 'mul', [zyxw, constExpr(FLOAT, 255.002)]);
  const i4 = vector(INT, 4);
  return value(i4, { op: 'convert', type: i4, arg: scaled }, loc);
}

/**
 * mul() on integer matrices: SPIR-V matrices are float-only, so integer matrices are arrays of row
 * vectors and the products are spelled out with OpIMul/OpIAdd, element by element.
 */
export function integerMatrixMul(x: ExpressionChecker, a: IrExpr, b: IrExpr, el: ScalarType, result: Type): IrExpr {
  const at = a.type as NumericType;
  const bt = b.type as NumericType;
  const av = x.spill(a, at);
  const bv = x.spill(b, bt);
  // Element (r, c) of an operand seen as a matrix: a vector on the left is a row, on the right a column.
  const shapeOf = (t: NumericType, left: boolean): [number, number] =>
    t.kind === 'matrix' ? [t.rows, t.cols] : t.kind === 'vector' ? (left ? [1, t.size] : [t.size, 1]) : [1, 1];
  const [ar, ac] = shapeOf(at, true);
  const [, bc] = shapeOf(bt, false);
  const element = (v: IrExpr, t: NumericType, r: number, c: number): IrExpr => {
    if (t.kind === 'scalar') return v;
    if (t.kind === 'vector') return { op: 'extract', type: el, arg: v, index: Math.max(r, c) };
    const m = t as MatrixType;
    const row: IrExpr = { op: 'extract', type: vector(el, m.cols), arg: v, index: r };
    return m.cols === 1 ? row : { op: 'extract', type: el, arg: row, index: c };
  };
  const cells: IrExpr[] = [];
  if (at.kind === 'scalar' || bt.kind === 'scalar') {
    // A scalar times a matrix (either order) scales every element: no sum of products.
    const [s, v, t] = at.kind === 'scalar' ? [av, bv, bt] : [bv, av, at];
    const [rows, cols] = shapeOf(t, true);
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cells.push({ op: 'binary', type: el, operator: 'mul', left: s, right: element(v, t, r, c) });
  } else {
    for (let r = 0; r < ar; r++) {
      for (let c = 0; c < bc; c++) {
        let sum: IrExpr | undefined;
        for (let k = 0; k < ac; k++) {
          const p: IrExpr = { op: 'binary', type: el, operator: 'mul', left: element(av, at, r, k), right: element(bv, bt, k, c) };
          sum = sum ? { op: 'binary', type: el, operator: 'add', left: sum, right: p } : p;
        }
        cells.push(sum!);
      }
    }
  }
  if (result.kind === 'scalar') return cells[0]!;
  if (result.kind === 'vector') return { op: 'construct', type: result, parts: cells };
  const m = result as MatrixType;
  const rows: IrExpr[] = [];
  for (let r = 0; r < m.rows; r++) {
    const slice = cells.slice(r * m.cols, (r + 1) * m.cols);
    rows.push(m.cols === 1 ? slice[0]! : { op: 'construct', type: vector(el, m.cols), parts: slice });
  }
  return { op: 'construct', type: result, parts: rows };
}

