// HLSL's implicit conversions: usual arithmetic conversions for binary operators, splats and
// truncations between shapes, and the cost ranking overload resolution uses.
import { enumOf, implicitEnumRefusal, withoutEnum } from './enum-types.js';
import {
  elementScalar,
  isNumeric,
  matrix,
  sameType,
  vector,
  type MatrixType,
  type ScalarType,
  type Type,
  type VectorType,
} from '../types.js';

export type NumericType = ScalarType | VectorType | MatrixType;

/** Untyped literals (`1`, `2.0`) adapt to the other operand, as DXC's "literal int/float" do. */
export type LiteralKind = 'int' | 'float' | undefined;

/** Rank of a scalar for the usual arithmetic conversions (higher wins). */
function rank(t: ScalarType): number {
  const byBase = { bool: 0, int: 1, uint: 1, float: 10 }[t.base];
  const width = t.width === 64 ? 3 : t.width === 32 ? 2 : 1;
  return byBase * 10 + width * 2 + (t.base === 'uint' ? 1 : 0);
}

/** Common scalar of a binary arithmetic operation. */
export function commonScalar(a: ScalarType, aLit: LiteralKind, b: ScalarType, bLit: LiteralKind): ScalarType {
  // A literal takes the other side's type when it is of the same category (int/float), or when the
  // other side is floating point; a float literal against an integer gives float.
  if (aLit && !bLit) return literalAgainst(aLit, b);
  if (bLit && !aLit) return literalAgainst(bLit, a);
  const promoted = (t: ScalarType): ScalarType => (t.base === 'bool' ? { kind: 'scalar', base: 'int', width: 32 } : t);
  const pa = promoted(a);
  const pb = promoted(b);
  // Mixed signedness at the same width: unsigned.
  if (pa.base !== 'float' && pb.base !== 'float' && pa.base !== pb.base && pa.width === pb.width) {
    return { kind: 'scalar', base: 'uint', width: pa.width };
  }
  if (rank(pa) !== rank(pb)) return rank(pa) > rank(pb) ? pa : pb;
  // Same rank: min-precision only when both sides are.
  return pa.relaxed ? pb : pa;
}

function literalAgainst(lit: 'int' | 'float', other: ScalarType): ScalarType {
  if (other.base === 'float') return other;
  if (lit === 'float') return { kind: 'scalar', base: 'float', width: 32 };
  return other.base === 'bool' ? { kind: 'scalar', base: 'int', width: 32 } : other;
}

/** Replaces the element scalar of a numeric type. */
export function withScalar(t: NumericType, el: ScalarType): NumericType {
  if (t.kind === 'scalar') return el;
  if (t.kind === 'vector') return vector(el, t.size) as VectorType;
  return matrix(el, t.rows, t.cols, t.majorness);
}

export interface ShapeResult {
  shape: NumericType;
  /** Set when a vector/matrix operand is truncated (DXC warns). */
  truncated?: boolean;
}

/** The shape both operands of a component-wise binary operator take, or an error message. */
export function commonShape(a: NumericType, b: NumericType): ShapeResult | string {
  if (a.kind === 'scalar') return { shape: b };
  if (b.kind === 'scalar') return { shape: a };
  if (a.kind === 'vector' && b.kind === 'vector') {
    return a.size === b.size ? { shape: a } : { shape: a.size < b.size ? a : b, truncated: true };
  }
  if (a.kind === 'matrix' && b.kind === 'matrix') {
    if (a.rows === b.rows && a.cols === b.cols) return { shape: a };
    if (a.rows <= b.rows && a.cols <= b.cols) return { shape: a, truncated: true };
    if (b.rows <= a.rows && b.cols <= a.cols) return { shape: b, truncated: true };
  }
  // A vector and a matrix (DXC's CombineDimensions): the operand with more components is tried as the
  // shape first (the left one on a tie), then the other; float2x2 * float4 is a float2x2, float4 < float2x2 a bool4.
  const [first, second] = components(a) >= components(b) ? [a, b] : [b, a];
  for (const [target, source] of [[first, second], [second, first]] as const) {
    const how = mixedConversion(target as VectorType | MatrixType, source as VectorType | MatrixType);
    if (how) return how === 'truncate' ? { shape: target, truncated: true } : { shape: target };
  }
  return 'cannot convert between these operand shapes';
}

function components(t: VectorType | MatrixType): number {
  return t.kind === 'vector' ? t.size : t.rows * t.cols;
}

/**
 * Whether a vector converts to a matrix or back for a binary operator, by DXC's ConvertDimensions: a
 * one-component source splats, equal component counts reshape, a one-component target or a one-row or
 * one-column side with fewer components truncates; anything else needs two steps and is refused.
 */
function mixedConversion(target: VectorType | MatrixType, source: VectorType | MatrixType): 'same' | 'truncate' | undefined {
  const t = components(target);
  const s = components(source);
  if (s === 1 && t !== 1) return 'same';
  if (t === s) return 'same';
  if (t === 1) return 'truncate';
  const thin = (m: VectorType | MatrixType): boolean => m.kind === 'matrix' && (m.rows === 1 || m.cols === 1);
  // matrix→vector truncates only from a one-row/one-column matrix; vector→matrix only into one.
  if (target.kind === 'vector' ? thin(source) && t < s : thin(target) && t < s) return 'truncate';
  return undefined;
}

/**
 * Cost of an implicit conversion, for overload resolution (lower is better); undefined when no
 * implicit conversion exists. 0 exact, 1 promotion, 2 conversion, 3 splat, 4 truncation.
 */
export function conversionCost(from: Type, to: Type, fromLiteral: LiteralKind = undefined): number | undefined {
  if (enumOf(from) || enumOf(to)) {
    if (implicitEnumRefusal(from, to) !== undefined) return undefined;
    if (enumOf(to)) return 0;
    // An unscoped enum to a numeric type is a conversion, never an exact match.
    const cost = conversionCost(withoutEnum(from), to, fromLiteral);
    return cost === undefined ? undefined : Math.max(cost, 1);
  }
  if (sameType(from, to)) return 0;
  if (!isNumeric(from) || !isNumeric(to)) {
    if (from.kind === 'array' && to.kind === 'array' && from.length === to.length) {
      return conversionCost(from.element, to.element);
    }
    return undefined;
  }
  const fs = elementScalar(from)!;
  const ts = elementScalar(to)!;
  let cost = sameType(fs, ts) ? 0 : fromLiteral ? 1 : isPromotion(fs, ts) ? 1 : 2;
  if (from.kind === to.kind) {
    if (from.kind === 'vector' && to.kind === 'vector' && from.size !== to.size) {
      if (from.size < to.size) return undefined;
      cost = 4 + cost / 10;
    }
    if (from.kind === 'matrix' && to.kind === 'matrix' && (from.rows !== to.rows || from.cols !== to.cols)) {
      if (from.rows < to.rows || from.cols < to.cols) return undefined;
      cost = 4 + cost / 10;
    }
    return cost;
  }
  // A splat or truncation that also converts the component ranks below one that does not (DXC
  // compares the component conversion too: float→float3 beats float→int3).
  if (from.kind === 'scalar') return 3 + cost / 10;
  if (to.kind === 'scalar') return 4 + cost / 10;
  // vector <-> matrix of the same component count (float4 <-> float2x2) and 1xN/Nx1 forms.
  const fc = from.kind === 'vector' ? from.size : (from as MatrixType).rows * (from as MatrixType).cols;
  const tc = to.kind === 'vector' ? to.size : (to as MatrixType).rows * (to as MatrixType).cols;
  return fc === tc ? Math.max(cost, 2) : undefined;
}

function isPromotion(from: ScalarType, to: ScalarType): boolean {
  return from.base === to.base && to.width >= from.width;
}
