// float → half, double → float and double → half as Direct3D converts (its data-conversion rules):
// round toward zero; NaN stays NaN, ±INF stays ±INF; a finite value beyond the destination's range
// becomes ±its largest finite value; the destination's subnormals are kept. OpFConvert rounds as the
// driver chooses, so the value is first truncated, in the source format, to one the destination
// holds exactly; the OpFConvert that follows is then exact on every driver. f32tof16 is computed on
// the bits (its result is a uint), the same algorithm as the WGSL back end's.
// With `arithmetic: 'dxc'` none of this is emitted: plain OpFConvert / PackHalf2x16, as DXC.
import { UINT, type ScalarType, type Type } from '../types.js';
import { Op } from '../spirv-spec/spec.js';
import { boolOf, op, splat, withElement } from './defined-arithmetic.js';
import { constantId, type FunctionEmitter } from './function.js';
import type { IrConst } from '../ir/ir.js';

const GLSL = { Trunc: 3, FAbs: 4, UMin: 38, FClamp: 43 } as const;

/** What a narrowing keeps: the destination's mantissa bits, smallest normal and largest finite value. */
interface Narrowing {
  /** Source mantissa bits the destination drops (23 − 10, 52 − 23, 52 − 10). */
  dropped: number;
  /** The destination's smallest normal magnitude: below it the spacing is fixed at `2^-subnormalShift`. */
  minNormal: number;
  subnormalShift: number;
  max: number;
}

const HALF = { minNormal: 2 ** -14, subnormalShift: 24, max: 65504 };
const FLOAT = { minNormal: 2 ** -126, subnormalShift: 149, max: 3.4028234663852886e38 };

function narrowing(from: ScalarType, to: ScalarType): Narrowing {
  const mantissa = (s: ScalarType) => (s.width === 16 ? 10 : s.width === 32 ? 23 : 52);
  return { dropped: mantissa(from) - mantissa(to), ...(to.width === 16 ? HALF : FLOAT) };
}

const glsl = (fe: FunctionEmitter, inst: number, type: Type, ...args: number[]) => op(fe, Op.ExtInst, type, fe.glslSet(), inst, ...args);

/** The value with its low `dropped` mantissa bits cleared: truncation toward zero for a normal result. */
function clearLowBits(fe: FunctionEmitter, from: ScalarType, ft: Type, x: number, dropped: number): number {
  if (from.width === 32) {
    const ut = withElement(ft, UINT);
    return op(fe, Op.Bitcast, ft, op(fe, Op.BitwiseAnd, ut, op(fe, Op.Bitcast, ut, x), splat(fe, UINT, ut, (~0 << dropped) >>> 0)));
  }
  // 64-bit: each component as two words (low word first), masked, and put back.
  const words: Type = { kind: 'vector', element: UINT, size: 2 };
  const low = dropped >= 32 ? 0 : (~0 << dropped) >>> 0;
  const high = dropped > 32 ? (~0 << (dropped - 32)) >>> 0 : 0xffffffff;
  const mask = (component: number) => op(fe, Op.Bitcast, from, op(fe, Op.BitwiseAnd, words, op(fe, Op.Bitcast, words, component), constantPair(fe, low, high)));
  if (ft.kind !== 'vector') return mask(x);
  const parts = Array.from({ length: ft.size }, (_, i) => mask(op(fe, Op.CompositeExtract, from, x, i)));
  return op(fe, Op.CompositeConstruct, ft, ...parts);
}

function constantPair(fe: FunctionEmitter, low: number, high: number): number {
  const parts: IrConst[] = [low, high].map((value) => ({ kind: 'scalar', type: UINT, value }));
  return constantId(fe.m, { kind: 'composite', type: { kind: 'vector', element: UINT, size: 2 }, parts });
}

/** `x` (of `from`, shaped as `t`) converted to `to` as D3D rounds; `t` is the destination type. */
export function narrowFloat(fe: FunctionEmitter, from: ScalarType, to: ScalarType, t: Type, x: number): number {
  const ft = withElement(t, from);
  const bt = boolOf(t);
  const n = narrowing(from, to);
  const normal = clearLowBits(fe, from, ft, x, n.dropped);
  // Below the smallest normal the destination's spacing is fixed: trunc(x · 2^k) · 2^-k, exact in the source.
  const scaled = op(fe, Op.FMul, ft, x, splat(fe, from, ft, 2 ** n.subnormalShift));
  const subnormal = op(fe, Op.FMul, ft, glsl(fe, GLSL.Trunc, ft, scaled), splat(fe, from, ft, 2 ** -n.subnormalShift));
  const tiny = op(fe, Op.FOrdLessThan, bt, glsl(fe, GLSL.FAbs, ft, x), splat(fe, from, ft, n.minNormal));
  const truncated = op(fe, Op.Select, ft, tiny, subnormal, normal);
  const clamped = glsl(fe, GLSL.FClamp, ft, truncated, splat(fe, from, ft, -n.max), splat(fe, from, ft, n.max));
  const special = op(fe, Op.LogicalOr, bt, op(fe, Op.IsNan, bt, x), op(fe, Op.IsInf, bt, x));
  return op(fe, Op.FConvert, t, op(fe, Op.Select, ft, special, x, clamped));
}

/**
 * f32tof16 of a float (scalar or vector `t` of uint): the half's bits in the low 16 bits, as D3D
 * converts (above); a NaN keeps its sign and the top payload bits, made quiet.
 */
export function f32ToF16Bits(fe: FunctionEmitter, t: Type, x: number): number {
  const bt = boolOf(t);
  const c = (v: number) => splat(fe, UINT, t, v);
  const bits = op(fe, Op.Bitcast, t, x);
  const sign = op(fe, Op.BitwiseAnd, t, op(fe, Op.ShiftRightLogical, t, bits, c(16)), c(0x8000));
  const m = op(fe, Op.BitwiseAnd, t, bits, c(0x7fffffff));
  const atLeast = (v: number) => op(fe, Op.UGreaterThanEqual, bt, m, c(v));
  // Normal half (m ≥ 2^-14's bits): rebias the exponent by 127 − 15, drop 13 mantissa bits.
  const normal = op(fe, Op.ShiftRightLogical, t, op(fe, Op.ISub, t, m, c(0x38000000)), c(13));
  // Subnormal half: the significand (with its hidden bit) shifted to units of 2^-24; 31 at most (→ 0).
  const exponent = op(fe, Op.ShiftRightLogical, t, m, c(23));
  const significand = op(fe, Op.BitwiseOr, t, op(fe, Op.BitwiseAnd, t, m, c(0x7fffff)), c(0x800000));
  const shift = glsl(fe, GLSL.UMin, t, op(fe, Op.ISub, t, c(126), exponent), c(31));
  const subnormal = op(fe, Op.ShiftRightLogical, t, significand, shift);
  let r = op(fe, Op.Select, t, atLeast(0x38800000), normal, subnormal);
  r = op(fe, Op.Select, t, atLeast(0x47800000), c(0x7bff), r);
  r = op(fe, Op.Select, t, atLeast(0x7f800000), c(0x7c00), r);
  const nan = op(fe, Op.UGreaterThan, bt, m, c(0x7f800000));
  const quietNan = op(fe, Op.BitwiseOr, t, op(fe, Op.BitwiseAnd, t, op(fe, Op.ShiftRightLogical, t, m, c(13)), c(0x3ff)), c(0x7e00));
  r = op(fe, Op.Select, t, nan, quietNan, r);
  return op(fe, Op.BitwiseOr, t, sign, r);
}
