// What checking an expression yields: a typed value that may also be a place (assignable memory),
// or a writable swizzle of a vector place. Loads are made explicit only when a value is needed.
import type { HeapRef } from './descriptor-heaps.js';
import type { Loc } from '../diagnostics.js';
import type { IrExpr, IrPlace, IrStmt } from '../ir/ir.js';
import { BOOL, INT, vector, type Bitfield, type MatrixType, type ScalarType, type Type } from '../types.js';
import { insertBitfield, readBitfield } from './bitfields.js';
import type { Held } from './resource-aliases.js';
import type { LiteralKind } from './conversions.js';

export interface Value {
  type: Type;
  loc: Loc;
  expr?: IrExpr;
  place?: IrPlace;
  /** `v.zx` of a vector place: readable, and writable when the components are distinct. */
  swizzle?: { place: IrPlace; components: number[] };
  readonly: boolean;
  /** What the value names, for diagnostics (`variable 'k'`). */
  what?: string;
  /** Untyped literal (`1`, `2.5`): adapts to the other operand of a binary operator. */
  literal?: LiteralKind;
  /** Spelled `half` while half is float (Checker.halfFlag): only overload resolution looks at it. */
  half?: boolean;
  /** A bitfield of a struct in memory: `place` is its storage member (of type `type`). */
  bitfield?: { place: IrPlace; field: Bitfield };
  /** `m._m00_m11` of a matrix place with distinct elements: the matrix and each component's [row, column]. */
  scatter?: { place: IrPlace; elements: [number, number][] };
  /** `tex.mips` / `tex.sample` (and after their first `[i]`): only indexing continues them. */
  accessor?: TextureAccessor;
  /** A resource alias or a struct holding resources (resource-aliases.ts); a cell's place is its origin. */
  held?: Held;
  /** `ResourceDescriptorHeap` / `SamplerDescriptorHeap` or an element of one, typed by what receives it. */
  heap?: HeapRef;
}

export interface TextureAccessor {
  kind: 'mips' | 'sample';
  texture: Value;
  /** The mip level or sample index, once the first `[…]` is applied. */
  first?: IrExpr;
}

export function toExpr(v: Value): IrExpr {
  if (v.expr) return v.expr;
  if (v.place) return { op: 'load', type: v.type, place: v.place };
  if (v.bitfield) return readBitfield({ op: 'load', type: v.type, place: v.bitfield.place }, v.type as ScalarType, v.bitfield.field);
  if (v.scatter) {
    const m: IrExpr = { op: 'load', type: v.scatter.place.type, place: v.scatter.place };
    return { op: 'construct', type: v.type, parts: v.scatter.elements.map(([r, c]) => matrixElement(m, r, c)) };
  }
  const s = v.swizzle!;
  const whole: IrExpr = { op: 'load', type: s.place.type, place: s.place };
  return { op: 'swizzle', type: v.type, arg: whole, components: s.components };
}

/** Is the value memory that can be written (a place, a swizzle, a bitfield, matrix elements)? */
export function isLvalue(v: Value): boolean {
  return !!(v.place || v.swizzle || v.bitfield || v.scatter);
}

/** The statement writing `value` (of the target's type) to a bitfield: a read-modify-write of its storage member. */
export function storeBitfield(target: Value, value: IrExpr): IrStmt {
  const { place, field } = target.bitfield!;
  const storage: IrExpr = { op: 'load', type: place.type, place };
  return { op: 'store', place, value: insertBitfield(storage, value, target.type as ScalarType, field) };
}

/** Element [r][c] of a matrix value (a 1-column matrix's rows are scalars). */
export function matrixElement(m: IrExpr, r: number, c: number): IrExpr {
  const t = m.type as MatrixType;
  const rowT: Type = t.cols === 1 ? t.element : vector(t.element, t.cols);
  const row: IrExpr = { op: 'extract', type: rowT, arg: m, index: r };
  return t.cols === 1 ? row : { op: 'extract', type: t.element, arg: row, index: c };
}

/**
 * The statements writing `value` (a vector, or a scalar for one element) to the matrix elements of a
 * matrix swizzle: one store per element, as DXC does, so that the other elements of a shared matrix
 * (groupshared, a RW buffer) are not rewritten. Grouped in an always-taken `if` because a store
 * target yields one statement. `value` must be cheap to repeat (the caller spills it otherwise).
 */
export function storeScatter(target: Value, value: IrExpr): IrStmt {
  const { place, elements } = target.scatter!;
  const t = place.type as MatrixType;
  const rowT: Type = t.cols === 1 ? t.element : vector(t.element, t.cols);
  const index = (n: number): IrExpr => ({ op: 'const', type: INT, value: { kind: 'scalar', type: INT, value: n } });
  const stores: IrStmt[] = elements.map(([r, c], k) => {
    const row: IrPlace = { kind: 'element', base: place, index: index(r), type: rowT };
    const cell: IrPlace = t.cols === 1 ? row : { kind: 'element', base: row, index: index(c), type: t.element };
    return { op: 'store', place: cell, value: elements.length === 1 ? value : { op: 'extract', type: t.element, arg: value, index: k } };
  });
  const yes: IrExpr = { op: 'const', type: BOOL, value: { kind: 'scalar', type: BOOL, value: true } };
  return stores.length === 1 ? stores[0]! : { op: 'if', cond: yes, then: stores, else: [] };
}

/** Pure and cheap: a constant, a load, or conversions/extractions of one (safe to evaluate twice). */
export function isSimpleExpr(e: IrExpr): boolean {
  if (e.op === 'const' || e.op === 'load') return true;
  if (e.op === 'convert' || e.op === 'extract' || e.op === 'splat') return isSimpleExpr(e.arg);
  return false;
}
