// Shader model 6.0 wave and quad intrinsics (the manual's wave table): checked here and lowered to
// `intrinsic` IR nodes named after the HLSL function; the back end maps each to its GroupNonUniform
// instruction. They need SPIR-V 1.3, so the manual makes them an error when targeting Vulkan 1.0.
import type { Loc } from '../diagnostics.js';
import { intrinsicName } from '../ir/intrinsics.js';
import { BOOL, elementScalar, typeToString, UINT, vector, type MatrixType, type Type } from '../types.js';
import type { IrExpr } from '../ir/ir.js';
import type { Checker } from './checker.js';
import { withScalar, type NumericType } from './conversions.js';
import { evaluateConstant } from './constant-eval.js';
import { type ExpressionChecker } from './expressions.js';
import { constExpr } from './ir-constants.js';
import type { Value } from './value.js';

/**
 * Argument/result shapes:
 * - `none`: no argument, returns `result`;
 * - `vote`: a bool condition, returns `result`;
 * - `value`: any scalar/vector (bool included), returns the same type;
 * - `lane`: a value and a lane index (uint), returns the value's type;
 * - `equal`: any scalar/vector, returns bool of the same shape;
 * - `arith`: int/uint/float scalar/vector; `bits`: int/uint scalar/vector; both return the argument's type;
 * - `match`: any scalar/vector, returns the uint4 mask of the lanes with an equal value (SM 6.5);
 * - `multiArith`, `multiBits`: as `arith`/`bits` with a uint4 mask of the lanes to combine (SM 6.5).
 */
type WaveShape = { kind: 'none'; result: Type } | { kind: 'vote'; result: Type } | { kind: 'value' | 'lane' | 'equal' | 'arith' | 'bits' | 'match' | 'multiArith' | 'multiBits' };

const UINT4 = vector(UINT, 4);

const WAVE_INTRINSICS: Record<string, WaveShape> = {
  WaveGetLaneCount: { kind: 'none', result: UINT },
  WaveGetLaneIndex: { kind: 'none', result: UINT },
  WaveIsFirstLane: { kind: 'none', result: BOOL },
  // SM 6.10: the workgroup's subgroup count and this invocation's subgroup (NumSubgroups, SubgroupId).
  GetGroupWaveCount: { kind: 'none', result: UINT },
  GetGroupWaveIndex: { kind: 'none', result: UINT },
  WaveActiveAnyTrue: { kind: 'vote', result: BOOL },
  WaveActiveAllTrue: { kind: 'vote', result: BOOL },
  WaveActiveBallot: { kind: 'vote', result: UINT4 },
  WaveActiveCountBits: { kind: 'vote', result: UINT },
  WavePrefixCountBits: { kind: 'vote', result: UINT },
  WaveActiveAllEqual: { kind: 'equal' },
  WaveReadLaneFirst: { kind: 'value' },
  WaveReadLaneAt: { kind: 'lane' },
  WaveActiveSum: { kind: 'arith' },
  WaveActiveProduct: { kind: 'arith' },
  WaveActiveMin: { kind: 'arith' },
  WaveActiveMax: { kind: 'arith' },
  WavePrefixSum: { kind: 'arith' },
  WavePrefixProduct: { kind: 'arith' },
  WaveActiveBitAnd: { kind: 'bits' },
  WaveActiveBitOr: { kind: 'bits' },
  WaveActiveBitXor: { kind: 'bits' },
  QuadReadAcrossX: { kind: 'value' },
  QuadReadAcrossY: { kind: 'value' },
  QuadReadAcrossDiagonal: { kind: 'value' },
  QuadReadLaneAt: { kind: 'lane' },
  QuadAny: { kind: 'vote', result: BOOL },
  QuadAll: { kind: 'vote', result: BOOL },
  WaveMatch: { kind: 'match' },
  WaveMultiPrefixSum: { kind: 'multiArith' },
  WaveMultiPrefixProduct: { kind: 'multiArith' },
  WaveMultiPrefixBitAnd: { kind: 'multiBits' },
  WaveMultiPrefixBitOr: { kind: 'multiBits' },
  WaveMultiPrefixBitXor: { kind: 'multiBits' },
};

const ARITY: Record<WaveShape['kind'], number> = { none: 0, vote: 1, value: 1, lane: 2, equal: 1, arith: 1, bits: 1, match: 1, multiArith: 2, multiBits: 2 };

export function isWaveIntrinsic(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(WAVE_INTRINSICS, name);
}

export function checkWaveCall(c: Checker, x: ExpressionChecker, name: string, args: (Value & { type: NumericType })[], loc: Loc): Value | undefined {
  const shape = WAVE_INTRINSICS[name]!;
  const arity = ARITY[shape.kind];
  if (args.length !== arity) {
    c.error(`'${name}' takes ${arity} argument${arity === 1 ? '' : 's'}, but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`, loc, name.length);
    return undefined;
  }
  const make = (type: Type, irArgs: import('../ir/ir.js').IrExpr[]): Value => ({ type, loc, expr: { op: 'intrinsic', type, name: intrinsicName(name), args: irArgs, loc }, readonly: true });
  if (shape.kind === 'none') return make(shape.result, []);
  if (shape.kind === 'vote') {
    const cond = args[0]!;
    if (cond.type.kind !== 'scalar') return noOverload(c, name, cond.type, cond.loc);
    if (name === 'QuadAny' || name === 'QuadAll') return quadVote(x, name, x.coerce(cond, BOOL), loc);
    return make(shape.result, [x.coerce(cond, BOOL)]);
  }
  const value = args[0]!;
  const t = value.type;
  const el = elementScalar(t)!;
  // GroupNonUniform instructions take scalars and vectors only; AllEqual compares a matrix row by row (DXC).
  if (t.kind === 'matrix' && shape.kind === 'equal') return allEqualByRows(x, name, value, t, make);
  if (t.kind === 'matrix') return noOverload(c, name, t, value.loc);
  if ((shape.kind === 'arith' || shape.kind === 'multiArith') && el.base === 'bool') return noOverload(c, name, t, value.loc);
  if ((shape.kind === 'bits' || shape.kind === 'multiBits') && (el.base === 'bool' || el.base === 'float')) return noOverload(c, name, t, value.loc);
  const v = x.rvalue(value);
  if (shape.kind === 'equal') return make(withScalar(t, BOOL), [v]);
  if (shape.kind === 'match') return make(UINT4, [v]);
  if (shape.kind === 'multiArith' || shape.kind === 'multiBits') {
    const mask = args[1]!;
    if (mask.type.kind === 'matrix' || elementScalar(mask.type)!.base === 'float' || elementScalar(mask.type)!.base === 'bool') return noOverload(c, name, mask.type, mask.loc);
    const m = x.convert(mask, UINT4, mask.loc, `the mask of '${name}'`);
    return m && make(t, [v, m]);
  }
  if (shape.kind !== 'lane') return make(t, [v]);
  const lane = args[1]!;
  if (lane.type.kind !== 'scalar' || lane.type.base === 'bool' || lane.type.base === 'float') return noOverload(c, name, lane.type, lane.loc);
  const index = x.coerce(lane, UINT);
  // OpGroupNonUniformQuadBroadcast takes a constant index before SPIR-V 1.5; HLSL requires one anyway.
  if (name === 'QuadReadLaneAt' && !evaluateConstant(index)) {
    c.error(`the lane index of 'QuadReadLaneAt' must be a compile-time constant`, lane.loc);
    return undefined;
  }
  return make(t, [v, index]);
}

/**
 * QuadAny/QuadAll: the condition of the quad's four invocations combined through three quad swaps, as
 * DXC does without SPV_KHR_quad_control; as a uint, since WGSL's quadSwap* take no bool.
 */
function quadVote(x: ExpressionChecker, name: 'QuadAny' | 'QuadAll', cond: IrExpr, loc: Loc): Value {
  const bit = x.spill({ op: 'select', type: UINT, cond, then: constExpr(UINT, 1), else: constExpr(UINT, 0) }, UINT);
  const swap = (across: 'QuadReadAcrossX' | 'QuadReadAcrossY' | 'QuadReadAcrossDiagonal'): IrExpr => ({ op: 'intrinsic', type: UINT, name: intrinsicName(across), args: [bit], loc });
  const operator = name === 'QuadAny' ? 'bitor' : 'bitand';
  const combined = [swap('QuadReadAcrossX'), swap('QuadReadAcrossY'), swap('QuadReadAcrossDiagonal')].reduce(
    (a: IrExpr, b): IrExpr => ({ op: 'binary', type: UINT, operator, left: a, right: b }),
    bit,
  );
  return { type: BOOL, loc, expr: { op: 'binary', type: BOOL, operator: 'ne', left: combined, right: constExpr(UINT, 0) }, readonly: true };
}

/** WaveActiveAllEqual(matrix): each row's component-wise result, as a bool matrix (a 1x1 one: one scalar). */
function allEqualByRows(x: ExpressionChecker, name: string, value: Value, t: MatrixType, make: (type: Type, args: IrExpr[]) => Value): Value {
  const result = withScalar(t, BOOL) as MatrixType;
  if (t.rows === 1 && t.cols === 1) {
    const one = make(BOOL, [x.coerce(value, t.element)]).expr!;
    return { ...make(result, []), expr: x.coerceExpr(one, BOOL, result) };
  }
  const m = x.spill(x.rvalue(value), t);
  const row = vector(t.element, t.cols);
  const parts = Array.from({ length: t.rows }, (_, r) => make(vector(BOOL, t.cols), [{ op: 'extract', type: row, arg: m, index: r }]).expr!);
  return { ...make(result, []), expr: { op: 'construct', type: result, parts } };
}

function noOverload(c: Checker, name: string, t: Type, loc: Loc): undefined {
  c.error(`no matching overload of '${name}' for argument of type '${typeToString(t)}'`, loc);
  return undefined;
}
