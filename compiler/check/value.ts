// What checking an expression yields: a typed value that may also be a place (assignable memory),
// or a writable swizzle of a vector place. Loads are made explicit only when a value is needed.
import type { SourceLocation } from '../diagnostics.js';
import type { IrExpr, IrPlace } from '../ir/ir.js';
import type { Type } from '../types.js';
import type { Held } from './resource-aliases.js';
import type { LiteralKind } from './conversions.js';

export interface Value {
  type: Type;
  loc: SourceLocation;
  expr?: IrExpr;
  place?: IrPlace;
  /** `v.zx` of a vector place: readable, and writable when the components are distinct. */
  swizzle?: { place: IrPlace; components: number[] };
  readonly: boolean;
  /** What the value names, for diagnostics (`variable 'k'`). */
  what?: string;
  /** Untyped literal (`1`, `2.5`): adapts to the other operand of a binary operator. */
  literal?: LiteralKind;
  /** `tex.mips` / `tex.sample` (and after their first `[i]`): only indexing continues them. */
  accessor?: TextureAccessor;
  /** A resource alias or a struct holding resources (resource-aliases.ts); a cell's place is its origin. */
  held?: Held;
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
  const s = v.swizzle!;
  const whole: IrExpr = { op: 'load', type: s.place.type, place: s.place };
  return { op: 'swizzle', type: v.type, arg: whole, components: s.components };
}
