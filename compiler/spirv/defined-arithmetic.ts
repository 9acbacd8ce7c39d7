// Integer and conversion results that are the same on every driver. Vulkan leaves some SPIR-V
// results undefined that HLSL code meets in practice: OpSRem/OpSMod with a negative operand,
// division by zero, a shift by the bit width or more, OpConvertFTo* out of range or of NaN. The
// definitions applied here are WGSL's (so both targets give the same numbers) and D3D's for
// conversions:
//   a / 0 = a,  a % 0 = 0,  INT_MIN / -1 = INT_MIN,  INT_MIN % -1 = 0   (signed % truncates: the
//   result has the dividend's sign);  shift amounts are masked to the bit width − 1 (as DXC does);
//   float → integer saturates to the target's range, NaN → 0.
// With `arithmetic: 'dxc'` only the shift mask stays (DXC's own instructions, no guards).
import type { IrConst } from '../ir/ir.js';
import type { ScalarType, Type } from '../types.js';
import { Op } from '../spirv-spec/spec.js';
import { constantId, type FunctionEmitter } from './function.js';

/** `defined`: the guards above (default); `dxc`: DXC's unguarded instructions. */
export type ArithmeticMode = 'defined' | 'dxc';

/** A scalar or vector constant of `t`'s shape (bigint for 64-bit integers, exact at the extremes). */
export function splat(fe: FunctionEmitter, el: ScalarType, t: Type, value: number | bigint | boolean): number {
  const v = el.base === 'float' ? Number(value) : el.base === 'bool' ? Boolean(value) : el.width === 64 ? BigInt(value) : Number(value);
  const scalar: IrConst = { kind: 'scalar', type: el, value: v };
  const c: IrConst = t.kind === 'vector' ? { kind: 'composite', type: t, parts: Array(t.size).fill(scalar) } : scalar;
  return constantId(fe.m, c);
}

export function op(fe: FunctionEmitter, opcode: number, type: Type, ...args: number[]): number {
  const id = fe.b.id();
  fe.f.emit(opcode, [fe.t.type(type), id, ...args]);
  return id;
}

export const boolOf = (t: Type): Type => (t.kind === 'vector' ? { kind: 'vector', element: BOOL, size: t.size } : BOOL);
export const withElement = (t: Type, el: ScalarType): Type => (t.kind === 'vector' ? { ...t, element: el } : el);
const BOOL: ScalarType = { kind: 'scalar', base: 'bool', width: 32 };

/** `amount & (width - 1)`: HLSL's (and DXC's) shift, defined for every amount. */
export function maskShiftAmount(fe: FunctionEmitter, t: Type, el: ScalarType, amount: number): number {
  return op(fe, Op.BitwiseAnd, t, amount, splat(fe, el, t, el.width - 1));
}

/** Integer `/` and `%` with the definitions above; `t` is the scalar or vector type of both operands. */
export function definedDivRem(fe: FunctionEmitter, kind: 'div' | 'rem', t: Type, el: ScalarType, a: number, b: number): number {
  const bt = boolOf(t);
  const zero = splat(fe, el, t, 0);
  const one = splat(fe, el, t, 1);
  let bad = op(fe, Op.IEqual, bt, b, zero);
  if (el.base === 'uint') {
    const safe = op(fe, Op.Select, t, bad, one, b);
    return op(fe, kind === 'div' ? Op.UDiv : Op.UMod, t, a, safe);
  }
  const min = -(2n ** BigInt(el.width - 1));
  const overflow = op(fe, Op.LogicalAnd, bt, op(fe, Op.IEqual, bt, a, splat(fe, el, t, min)), op(fe, Op.IEqual, bt, b, splat(fe, el, t, -1)));
  bad = op(fe, Op.LogicalOr, bt, bad, overflow);
  const safe = op(fe, Op.Select, t, bad, one, b);
  if (kind === 'div') return op(fe, Op.SDiv, t, a, safe);
  // Vulkan leaves OpSRem undefined for negative operands: the remainder of the magnitudes, with the
  // dividend's sign. |INT_MIN| is 2^(w-1) as an unsigned number, which is what the bitcast gives.
  const ut = withElement(t, { kind: 'scalar', base: 'uint', width: el.width });
  const magnitude = (x: number) => {
    const negative = op(fe, Op.SLessThan, bt, x, zero);
    return { negative, value: op(fe, Op.Bitcast, ut, op(fe, Op.Select, t, negative, op(fe, Op.SNegate, t, x), x)) };
  };
  const dividend = magnitude(a);
  const remainder = op(fe, Op.Bitcast, t, op(fe, Op.UMod, ut, dividend.value, magnitude(safe).value));
  return op(fe, Op.Select, t, dividend.negative, op(fe, Op.SNegate, t, remainder), remainder);
}

/**
 * float → int/uint, saturating to the target's range with NaN → 0 (D3D's rule; OpConvertFTo* is
 * undefined out of range). The bounds are powers of two, exact in every float width (or infinite
 * in half, where no finite value reaches them).
 */
export function saturatingFloatToInt(fe: FunctionEmitter, from: ScalarType, to: ScalarType, t: Type, value: number): number {
  const ft = withElement(t, from);
  const bt = boolOf(t);
  const signed = to.base === 'int';
  const bits = BigInt(to.width);
  const upper = signed ? 2 ** (to.width - 1) : 2 ** to.width;
  const lower = signed ? -(2 ** (to.width - 1)) : 0;
  const high = op(fe, Op.FOrdGreaterThanEqual, bt, value, splat(fe, from, ft, upper));
  const low = op(fe, Op.FOrdLessThan, bt, value, splat(fe, from, ft, lower));
  const nan = op(fe, Op.IsNan, bt, value);
  const outside = op(fe, Op.LogicalOr, bt, op(fe, Op.LogicalOr, bt, high, low), nan);
  const inRange = op(fe, Op.Select, ft, outside, splat(fe, from, ft, 0), value);
  const converted = op(fe, signed ? Op.ConvertFToS : Op.ConvertFToU, t, inRange);
  const max = signed ? 2n ** (bits - 1n) - 1n : 2n ** bits - 1n;
  const min = signed ? -(2n ** (bits - 1n)) : 0n;
  const clampedHigh = op(fe, Op.Select, t, high, splat(fe, to, t, to.width === 64 ? max : Number(max)), converted);
  return op(fe, Op.Select, t, low, splat(fe, to, t, to.width === 64 ? min : Number(min)), clampedHigh);
}

/** NaN → 0 before a float → int conversion whose value is otherwise known to be in range. */
export function nanToZero(fe: FunctionEmitter, from: ScalarType, t: Type, value: number): number {
  const ft = withElement(t, from);
  return op(fe, Op.Select, ft, op(fe, Op.IsNan, boolOf(t), value), splat(fe, from, ft, 0), value);
}
