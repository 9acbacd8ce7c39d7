// Intrinsic functions: a table of signature shapes (the manual's intrinsic sections), checked here
// and lowered to `intrinsic` IR nodes that each back end maps to its instructions.
import type { Loc } from '../diagnostics.js';
import type { IrExpr } from '../ir/ir.js';
import { intrinsicName } from '../ir/intrinsics.js';
import { BOOL, elementScalar, FLOAT, INT, isNumeric, matrix, sameType, typeToString, UINT, vector, VOID, type ScalarType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { commonScalar, commonShape, withScalar, type NumericType } from './conversions.js';
import type { ExpressionChecker } from './expressions.js';
import type { Value } from './value.js';
import { EXPANDED_INTRINSICS, integerMatrixMul } from './intrinsic-expansions.js';
import { asuintDouble } from './double-bits.js';
import { checkAttributeCall, isAttributeIntrinsic } from './attribute-evaluation.js';
import { checkWaveCall, isWaveIntrinsic } from './wave-intrinsics.js';
import { isUnsupportedIntrinsic, rejectUnsupportedIntrinsic } from './unsupported-intrinsics.js';
import { checkReadClock, VK_INTRINSICS } from './vk-namespace.js';
import { checkMeshIntrinsic, MESH_INTRINSICS } from './mesh-intrinsics.js';
import { checkBarrier } from './barriers.js';
import { remainingRecursionLevels } from './node-objects.js';
import { checkRayTracingIntrinsic, isRayTracingIntrinsic } from './ray-tracing-intrinsics.js';
import { checkNonUniformResourceIndex, NON_UNIFORM_INTRINSICS } from './non-uniform.js';

/**
 * Signature shapes. "map" signatures apply component-wise: every argument is converted to the
 * common shape and scalar type of all arguments (float forces a float scalar).
 */
type Signature =
  | 'float-map' | 'float-map2' | 'float-map3'
  | 'num-map' | 'num-map2' | 'num-map3'
  | 'int-map' | 'bool-map' | 'bool-reduce' | 'sign'
  | 'dot' | 'length' | 'distance' | 'cross' | 'normalize' | 'reflect' | 'refract'
  | 'mul' | 'transpose' | 'determinant'
  | 'asfloat' | 'asint' | 'asuint'
  | 'f32tof16' | 'f16tof32'
  | 'barrier' | 'ldexp';

const INTRINSICS: Record<string, Signature> = {
  abs: 'num-map', sign: 'sign', min: 'num-map2', max: 'num-map2', clamp: 'num-map3', mad: 'num-map3',
  sin: 'float-map', cos: 'float-map', tan: 'float-map', asin: 'float-map', acos: 'float-map', atan: 'float-map',
  sinh: 'float-map', cosh: 'float-map', tanh: 'float-map', exp: 'float-map', exp2: 'float-map', log: 'float-map',
  log2: 'float-map', log10: 'float-map', sqrt: 'float-map', rsqrt: 'float-map', rcp: 'float-map', floor: 'float-map',
  ceil: 'float-map', round: 'float-map', trunc: 'float-map', frac: 'float-map', saturate: 'float-map',
  radians: 'float-map', degrees: 'float-map', ddx: 'float-map', ddy: 'float-map', ddx_coarse: 'float-map',
  ddy_coarse: 'float-map', ddx_fine: 'float-map', ddy_fine: 'float-map', fwidth: 'float-map',
  pow: 'float-map2', atan2: 'float-map2', fmod: 'float-map2', step: 'float-map2', ldexp: 'ldexp',
  lerp: 'float-map3', smoothstep: 'float-map3', fma: 'float-map3', faceforward: 'float-map3',
  countbits: 'int-map', reversebits: 'int-map', firstbithigh: 'int-map', firstbitlow: 'int-map',
  isnan: 'bool-map', isinf: 'bool-map', isfinite: 'bool-map', all: 'bool-reduce', any: 'bool-reduce',
  dot: 'dot', length: 'length', distance: 'distance', cross: 'cross', normalize: 'normalize',
  reflect: 'reflect', refract: 'refract', mul: 'mul', transpose: 'transpose', determinant: 'determinant',
  asfloat: 'asfloat', asint: 'asint', asuint: 'asuint', f32tof16: 'f32tof16', f16tof32: 'f16tof32',
  // SM 6.2 16-bit reinterpretations (with -enable-16bit-types): the same bits as half, int16_t, uint16_t.
  asfloat16: 'asfloat', asint16: 'asint', asuint16: 'asuint',
  GroupMemoryBarrier: 'barrier', GroupMemoryBarrierWithGroupSync: 'barrier', DeviceMemoryBarrier: 'barrier',
  DeviceMemoryBarrierWithGroupSync: 'barrier', AllMemoryBarrier: 'barrier', AllMemoryBarrierWithGroupSync: 'barrier',
};

const ARITY: Record<Signature, number> = {
  'float-map': 1, 'float-map2': 2, 'float-map3': 3, 'num-map': 1, 'num-map2': 2, 'num-map3': 3, 'int-map': 1,
  'bool-map': 1, 'bool-reduce': 1, sign: 1, dot: 2, length: 1, distance: 2, cross: 2, normalize: 1, reflect: 2,
  refract: 3, mul: 2, transpose: 1, determinant: 1, asfloat: 1, asint: 1, asuint: 1, f32tof16: 1, f16tof32: 1, barrier: 0, ldexp: 2,
};

export function isIntrinsic(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(INTRINSICS, name) || Object.prototype.hasOwnProperty.call(EXPANDED_INTRINSICS, name) || isWaveIntrinsic(name) || isUnsupportedIntrinsic(name) || VK_INTRINSICS.has(name) || MESH_INTRINSICS.has(name) || isRayTracingIntrinsic(name) || NON_UNIFORM_INTRINSICS.has(name) || isAttributeIntrinsic(name) || name === 'Barrier' || name === 'GetRemainingRecursionLevels';
}

export function checkIntrinsicCall(c: Checker, x: ExpressionChecker, name: string, args: Value[], loc: Loc): Value | undefined {
  if (isUnsupportedIntrinsic(name)) return rejectUnsupportedIntrinsic(c, name, loc);
  if (name === 'vk::ReadClock') return checkReadClock(c, x, args, loc);
  if (name === 'Barrier') return checkBarrier(c, x, args, loc);
  if (name === 'GetRemainingRecursionLevels') return remainingRecursionLevels(c, args, loc);
  if (MESH_INTRINSICS.has(name)) return checkMeshIntrinsic(c, x, name, args, loc);
  if (isRayTracingIntrinsic(name)) return checkRayTracingIntrinsic(c, x, name, args, loc);
  if (name === 'NonUniformResourceIndex') return checkNonUniformResourceIndex(c, x, args, loc);
  if (name === 'asuint' && args.length === 3) return asuintDouble(c, x, args, loc);
  if (isAttributeIntrinsic(name)) return checkAttributeCall(c, x, name, args, loc);
  const expanded = EXPANDED_INTRINSICS[name];
  const sig = INTRINSICS[name]!;
  const arity = expanded ? expanded[0] : isWaveIntrinsic(name) ? [args.length] : [ARITY[sig]];
  if (!arity.includes(args.length)) {
    const n = arity[0]!;
    c.error(`'${name}' takes ${n} argument${n === 1 ? '' : 's'}, but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`, loc, name.length);
    return undefined;
  }
  if (name === 'select' && args.length === 3 && !isNumeric(args[1]!.type)) return selectAggregate(c, x, args, loc);
  for (const a of args) {
    if (!isNumeric(a.type)) {
      c.error(`no matching overload of '${name}' for argument of type '${typeToString(a.type)}'`, a.loc);
      return undefined;
    }
  }
  const nargs = args as (Value & { type: NumericType })[];
  if (isWaveIntrinsic(name)) return checkWaveCall(c, x, name, nargs, loc);
  if (expanded) return expanded[1](c, x, nargs, loc);
  const make = (type: Type, irArgs: IrExpr[], irName = name): Value => ({ type, loc, expr: { op: 'intrinsic', type, name: intrinsicName(irName), args: irArgs }, readonly: true });
  const common = (forceFloat: boolean): NumericType | undefined => {
    let shape: NumericType = nargs[0]!.type;
    let el: ScalarType = elementScalar(shape)!;
    let lit = nargs[0]!.literal;
    for (const a of nargs.slice(1)) {
      const s = commonShape(shape, a.type);
      if (typeof s === 'string') {
        c.error(`no matching overload of '${name}': ${s} ('${typeToString(shape)}' and '${typeToString(a.type)}')`, loc, name.length);
        return undefined;
      }
      shape = s.shape;
      el = commonScalar(el, lit, elementScalar(a.type)!, a.literal);
      lit = lit && a.literal;
    }
    if (forceFloat && el.base !== 'float') el = FLOAT;
    if (el.base === 'bool') el = INT;
    return withScalar(shape, el);
  };
  switch (sig) {
    case 'float-map': case 'float-map2': case 'float-map3': case 'num-map': case 'num-map2': case 'num-map3': {
      const t = common(sig.startsWith('float'));
      return t && make(t, nargs.map((a) => x.coerce(a, t)));
    }
    case 'ldexp': {
      // GLSL Ldexp takes an integer exponent; HLSL's is float-typed (converted like (int)exp).
      const t = common(true);
      return t && make(t, [x.coerce(nargs[0]!, t), x.coerce(nargs[1]!, withScalar(t, INT))]);
    }
    case 'int-map': {
      // A float argument converts to int, the first type of DXC's any_int list (firstbithigh(2.5) is FindSMsb(2)).
      const t0 = elementScalar(nargs[0]!.type)!.base === 'float' ? withScalar(nargs[0]!.type, INT) : nargs[0]!.type;
      const el = elementScalar(t0)!;
      const t = withScalar(t0, name === 'countbits' || name === 'reversebits' ? UINT : el.base === 'int' ? INT : UINT);
      const argT = withScalar(t0, el.base === 'bool' ? UINT : el);
      // reversebits keeps its operand's width (uint16_t → uint16_t, uint64_t → uint64_t); countbits is a uint.
      const result = name === 'reversebits' ? withScalar(t0, { ...UINT, width: el.base === 'bool' ? 32 : el.width }) : name === 'countbits' ? withScalar(t0, UINT) : t;
      return make(result, [x.coerce(nargs[0]!, argT)]);
    }
    case 'sign': {
      const t = withScalar(nargs[0]!.type, INT);
      return make(t, [x.coerce(nargs[0]!, withScalar(nargs[0]!.type, elementScalar(nargs[0]!.type)!.base === 'bool' ? INT : elementScalar(nargs[0]!.type)!))]);
    }
    case 'bool-map': {
      const ft = withScalar(nargs[0]!.type, elementScalar(nargs[0]!.type)!.base === 'float' ? elementScalar(nargs[0]!.type)! : FLOAT);
      return make(withScalar(nargs[0]!.type, BOOL), [x.coerce(nargs[0]!, ft)]);
    }
    case 'bool-reduce':
      return make(BOOL, [x.coerce(nargs[0]!, withScalar(nargs[0]!.type, BOOL))]);
    case 'dot': {
      const t = common(false);
      if (!t) return undefined;
      return make(elementScalar(t)!, nargs.map((a) => x.coerce(a, t)));
    }
    case 'length': case 'normalize': {
      const t = common(true);
      if (!t || t.kind === 'matrix') return t && noOverload(c, name, t, loc);
      return make(sig === 'length' ? elementScalar(t)! : t, [x.coerce(nargs[0]!, t)]);
    }
    case 'distance': case 'reflect': {
      const t = common(true);
      if (!t || t.kind === 'matrix') return t && noOverload(c, name, t, loc);
      return make(sig === 'distance' ? elementScalar(t)! : t, nargs.map((a) => x.coerce(a, t)));
    }
    case 'refract': {
      const t = common(true);
      if (!t || t.kind !== 'vector') return t && noOverload(c, name, t, loc);
      const el = elementScalar(t)!;
      return make(t, [x.coerce(nargs[0]!, t), x.coerce(nargs[1]!, t), x.coerce(nargs[2]!, el)]);
    }
    case 'cross': {
      const t = vector(commonFloat(nargs), 3);
      return make(t, nargs.map((a) => x.coerce(a, t)));
    }
    case 'mul':
      return mulIntrinsic(c, x, nargs[0]!, nargs[1]!, loc);
    case 'transpose': {
      const t = nargs[0]!.type;
      if (t.kind !== 'matrix') return noOverload(c, name, t, loc);
      return make(matrix(t.element, t.cols, t.rows), [x.coerce(nargs[0]!, t)]);
    }
    case 'determinant': {
      const t = nargs[0]!.type;
      if (t.kind !== 'matrix' || t.rows !== t.cols || t.element.base !== 'float') return noOverload(c, name, t, loc);
      return make(t.element, [x.rvalue(nargs[0]!)]);
    }
    case 'asfloat': case 'asint': case 'asuint': {
      const t0 = nargs[0]!.type;
      const el = elementScalar(t0)!;
      const width = name.endsWith('16') ? 16 : 32;
      const base = sig === 'asfloat' ? FLOAT : sig === 'asint' ? INT : UINT;
      const target = width === 16 ? { ...base, width: 16 as const } : base;
      if (el.width !== width || el.base === 'bool') return noOverload(c, name, t0, loc);
      const t = withScalar(t0, target);
      return el.base === target.base ? { ...nargs[0]!, type: t, expr: x.rvalue(nargs[0]!), readonly: true, place: undefined, swizzle: undefined } : make(t, [x.rvalue(nargs[0]!)], 'bitcast');
    }
    case 'f32tof16':
      return make(withScalar(nargs[0]!.type, UINT), [x.coerce(nargs[0]!, withScalar(nargs[0]!.type, FLOAT))]);
    case 'f16tof32':
      return make(withScalar(nargs[0]!.type, FLOAT), [x.coerce(nargs[0]!, withScalar(nargs[0]!.type, UINT))]);
    case 'barrier':
      return make(VOID, []);
  }
}

function commonFloat(args: Value[]): ScalarType {
  const el = elementScalar(args[0]!.type)!;
  return el.base === 'float' ? el : FLOAT;
}

function noOverload(c: Checker, name: string, t: Type, loc: Loc): undefined {
  c.error(`no matching overload of '${name}' for argument of type '${typeToString(t)}'`, loc, name.length);
  return undefined;
}

/**
 * `mul(a, b)` in all nine forms of the HLSL reference: scalar×{scalar,vector,matrix}, vector×vector
 * (dot), vector×matrix (row vector), matrix×vector (column vector), matrix×matrix.
 */
function mulIntrinsic(c: Checker, x: ExpressionChecker, a: Value & { type: NumericType }, b: Value & { type: NumericType }, loc: Loc): Value | undefined {
  const el0 = commonScalar(elementScalar(a.type)!, a.literal, elementScalar(b.type)!, b.literal);
  const el = el0.base === 'bool' ? INT : el0;
  let at = withScalar(a.type, el);
  let bt = withScalar(b.type, el);
  // Mismatched inner dimensions: as DXC, the larger operand is truncated to fit (mul(float3x3, float4)
  // uses the float4's xyz), with DXC's warning; an operand is never extended.
  const truncate = (v: Value, t: NumericType, rows: number, cols: number): NumericType => {
    c.sink.warning('implicit truncation of vector type', v.loc);
    if (t.kind === 'vector') return cols === 1 ? el : vector(el, cols);
    return rows === 1 && cols === 1 ? el : matrix(el, rows, cols);
  };
  if (at.kind === 'vector' && bt.kind === 'vector' && at.size !== bt.size) {
    if (at.size > bt.size) at = truncate(a, at, 1, bt.size);
    else bt = truncate(b, bt, 1, at.size);
  } else if (at.kind === 'vector' && bt.kind === 'matrix' && at.size !== bt.rows) {
    if (at.size > bt.rows) at = truncate(a, at, 1, bt.rows);
    else bt = truncate(b, bt, at.size, bt.cols);
  } else if (at.kind === 'matrix' && bt.kind === 'vector' && at.cols !== bt.size) {
    if (bt.size > at.cols) bt = truncate(b, bt, 1, at.cols);
    else at = truncate(a, at, at.rows, bt.size);
  } else if (at.kind === 'matrix' && bt.kind === 'matrix' && at.cols !== bt.rows) {
    if (at.cols > bt.rows) at = truncate(a, at, at.rows, bt.rows);
    else bt = truncate(b, bt, at.cols, bt.cols);
  }
  const fail = () => {
    c.error(`no matching overload of 'mul' for '${typeToString(a.type)}' and '${typeToString(b.type)}'`, loc, 3);
    return undefined;
  };
  let result: Type;
  if (at.kind === 'scalar' || bt.kind === 'scalar') result = at.kind === 'scalar' ? bt : at;
  else if (at.kind === 'vector' && bt.kind === 'vector') {
    if (at.size !== bt.size) return fail();
    result = el;
  } else if (at.kind === 'vector' && bt.kind === 'matrix') {
    if (at.size !== bt.rows) return fail();
    result = vector(el, bt.cols);
  } else if (at.kind === 'matrix' && bt.kind === 'vector') {
    if (at.cols !== bt.size) return fail();
    result = vector(el, at.rows);
  } else if (at.kind === 'matrix' && bt.kind === 'matrix') {
    if (at.cols !== bt.rows) return fail();
    result = at.rows === 1 && bt.cols === 1 ? el : matrix(el, at.rows, bt.cols);
  } else return fail();
  if (el.base !== 'float' && (at.kind === 'matrix' || bt.kind === 'matrix')) {
    return { type: result, loc, expr: integerMatrixMul(x, x.coerce(a, at), x.coerce(b, bt), el, result), readonly: true };
  }
  return { type: result, loc, expr: { op: 'intrinsic', type: result, name: 'mul', args: [x.coerce(a, at), x.coerce(b, bt)] }, readonly: true };
}


/**
 * select(cond, a, b) of structs or arrays (HLSL 2021's `select<T>(bool, T, T)`): both operands are
 * evaluated, then the chosen one is copied through a temporary (OpSelect on composites needs SPIR-V 1.4).
 */
function selectAggregate(c: Checker, x: ExpressionChecker, [cond, a, b]: Value[], loc: Loc): Value | undefined {
  const t = a!.type;
  if (!sameType(t, b!.type) || !isNumeric(cond!.type) || cond!.type.kind !== 'scalar' || t.kind === 'resource' || t.kind === 'sampler') {
    c.error(`no matching overload of 'select' for (${[cond!, a!, b!].map((v) => `'${typeToString(v.type)}'`).join(', ')}): a scalar condition and two values of one type are needed`, loc, 6);
    return undefined;
  }
  if (!x.newLocal) {
    c.error(`'select' of '${typeToString(t)}' values is only allowed inside a function`, loc, 6);
    return undefined;
  }
  const condition = x.spill(x.coerce(cond!, BOOL), BOOL);
  const first = x.spill(x.rvalue(a!), t);
  const second = x.spill(x.rvalue(b!), t);
  const tmp = x.newLocal('select', t);
  x.emitBefore({ op: 'if', cond: condition, then: [{ op: 'store', place: tmp, value: first }], else: [{ op: 'store', place: tmp, value: second }] });
  return { type: t, loc, expr: { op: 'load', type: t, place: tmp }, readonly: true };
}
