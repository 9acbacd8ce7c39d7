// HLSL intrinsics in WGSL: a table of the ones that are one WGSL builtin applied component-wise,
// and expansions for the rest (HLSL's mul() on WGSL's transposed matrices, isnan/isinf through the
// bits, unsigned abs/sign, barriers, wave intrinsics through `enable subgroups;`).
import { f32ToF16Bits } from './float-narrowing.js';
import type { IrExpr } from '../ir/ir.js';
import { elementScalar, type ScalarType, type Type } from '../types.js';
import { unsupported } from './errors.js';
import type { FunctionWriter } from './function.js';
import { scalarLiteral } from './literals.js';
import { componentCount, matrixShape, vectorName } from './types.js';
import { writeWaveIntrinsic } from './wave-intrinsics.js';
import type { IntrinsicName } from '../ir/intrinsics.js';

/**
 * How each IR intrinsic is written: one WGSL builtin applied component-wise (matrices row by row),
 * one builtin on whole values, a wave/subgroup builtin (wave-intrinsics.ts), or an expansion in
 * writeIntrinsic. A Record over every IntrinsicName: tsc reports a missing one.
 */
type Handling = { map: string } | { whole: string } | 'wave' | 'expand';

const HANDLING: Readonly<Record<IntrinsicName, Handling>> = {
  min: { map: 'min' }, max: { map: 'max' }, clamp: { map: 'clamp' }, sin: { map: 'sin' }, cos: { map: 'cos' }, tan: { map: 'tan' },
  asin: { map: 'asin' }, acos: { map: 'acos' }, atan: { map: 'atan' }, sinh: { map: 'sinh' }, cosh: { map: 'cosh' }, tanh: { map: 'tanh' },
  exp: { map: 'exp' }, exp2: { map: 'exp2' }, log: { map: 'log' }, log2: { map: 'log2' }, sqrt: { map: 'sqrt' }, rsqrt: { map: 'inverseSqrt' },
  floor: { map: 'floor' }, ceil: { map: 'ceil' }, trunc: { map: 'trunc' }, frac: { map: 'fract' },
  // DXIL's round is round-to-nearest-even, which is WGSL's round.
  round: { map: 'round' }, radians: { map: 'radians' }, degrees: { map: 'degrees' }, pow: { map: 'pow' }, atan2: { map: 'atan2' },
  step: { map: 'step' }, lerp: { map: 'mix' }, smoothstep: { map: 'smoothstep' }, fma: { map: 'fma' }, saturate: { map: 'saturate' },
  ddx: { map: 'dpdx' }, ddy: { map: 'dpdy' }, ddx_coarse: { map: 'dpdxCoarse' }, ddy_coarse: { map: 'dpdyCoarse' }, ddx_fine: { map: 'dpdxFine' },
  ddy_fine: { map: 'dpdyFine' }, fwidth: { map: 'fwidth' }, countbits: { map: 'countOneBits' }, reversebits: { map: 'reverseBits' },
  firstbitlow: { map: 'firstTrailingBit' }, firstbithigh: { map: 'firstLeadingBit' },
  length: { whole: 'length' }, distance: { whole: 'distance' }, cross: { whole: 'cross' }, normalize: { whole: 'normalize' },
  faceforward: { whole: 'faceForward' }, reflect: { whole: 'reflect' }, refract: { whole: 'refract' }, determinant: { whole: 'determinant' },
  transpose: { whole: 'transpose' },
  abs: 'expand', sign: 'expand', mad: 'expand', log10: 'expand', rcp: 'expand', fmod: 'expand', ldexp: 'expand', isnan: 'expand',
  isinf: 'expand', isfinite: 'expand', all: 'expand', any: 'expand', dot: 'expand', mul: 'expand', bitcast: 'expand',
  f32tof16: 'expand', f16tof32: 'expand', modfStruct: 'expand', frexpStruct: 'expand', GroupMemoryBarrier: 'expand',
  GroupMemoryBarrierWithGroupSync: 'expand', DeviceMemoryBarrier: 'expand', DeviceMemoryBarrierWithGroupSync: 'expand',
  AllMemoryBarrier: 'expand', AllMemoryBarrierWithGroupSync: 'expand', Barrier: 'expand', 'vk::ReadClock': 'expand', IsHelperLane: 'expand', DebugBreak: 'expand',
  pack8: 'expand', unpack8s: 'expand', unpack8u: 'expand', dot4u8packed: 'expand', dot4i8packed: 'expand',
  SetMeshOutputCounts: 'expand', DispatchMesh: 'expand',
  NonUniformResourceIndex: 'expand',
  WaveGetLaneCount: 'wave', WaveGetLaneIndex: 'wave', GetGroupWaveCount: 'wave', GetGroupWaveIndex: 'wave', WaveIsFirstLane: 'wave', WaveActiveAnyTrue: 'wave', WaveActiveAllTrue: 'wave',
  WaveActiveBallot: 'wave', WaveActiveCountBits: 'wave', WavePrefixCountBits: 'wave', WaveActiveAllEqual: 'wave', WaveReadLaneFirst: 'wave',
  WaveReadLaneAt: 'wave', WaveActiveSum: 'wave', WaveActiveProduct: 'wave', WaveActiveMin: 'wave', WaveActiveMax: 'wave', WavePrefixSum: 'wave',
  WavePrefixProduct: 'wave', WaveActiveBitAnd: 'wave', WaveActiveBitOr: 'wave', WaveActiveBitXor: 'wave', QuadReadAcrossX: 'wave',
  QuadReadAcrossY: 'wave', QuadReadAcrossDiagonal: 'wave', QuadReadLaneAt: 'wave', WaveMatch: 'wave', WaveMultiPrefixSum: 'wave',
  WaveMultiPrefixProduct: 'wave', WaveMultiPrefixBitAnd: 'wave', WaveMultiPrefixBitOr: 'wave', WaveMultiPrefixBitXor: 'wave',
};

const width = componentCount;
const U32: ScalarType = { kind: 'scalar', base: 'uint', width: 32 };

export function writeIntrinsic(w: FunctionWriter, e: Extract<IrExpr, { op: 'intrinsic' }>): string {
  const name = e.name;
  const handling = HANDLING[name];
  if (handling === 'wave') return writeWaveIntrinsic(w, e);
  switch (name) {
    case 'GroupMemoryBarrierWithGroupSync':
      w.line('workgroupBarrier();');
      return '';
    case 'DeviceMemoryBarrierWithGroupSync':
      w.line('storageBarrier();');
      return '';
    case 'AllMemoryBarrierWithGroupSync':
      w.line('storageBarrier();');
      w.line('workgroupBarrier();');
      return '';
    case 'Barrier': {
      // SM 6.8: with GROUP_SYNC, UAV memory is storageBarrier(), groupshared workgroupBarrier().
      const [memory, semantics] = e.args.map((a) => (a.op === 'const' && a.value.kind === 'scalar' ? Number(a.value.value) : 0));
      if (!(memory! | semantics!)) return '';
      if (!(semantics! & 1) || memory! & 0xc) throw unsupported(`'Barrier' without GROUP_SYNC or on node memory`, e.loc, 'WGSL barriers always synchronise the workgroup, and WebGPU has no work graphs');
      if (memory! & 1) w.line('storageBarrier();');
      if (memory! & 2) w.line('workgroupBarrier();');
      return '';
    }
    case 'GroupMemoryBarrier':
    case 'DeviceMemoryBarrier':
    case 'AllMemoryBarrier':
      throw unsupported(`'${name}' (a memory barrier without a group sync)`, undefined, 'WGSL barriers always synchronise the workgroup');
    case 'vk::ReadClock':
      throw unsupported(`'vk::ReadClock'`, undefined, 'WGSL has no shader clock');
    case 'DebugBreak':
      throw unsupported(`'DebugBreak'`, e.loc, 'WGSL has no debugger hooks (as it has no printf)');
    case 'IsHelperLane':
      throw unsupported(`'IsHelperLane'`, e.loc, 'WGSL has no helper-invocation query');
    case 'SetMeshOutputCounts':
    case 'DispatchMesh':
      throw unsupported(`'${name}'`, undefined, 'WebGPU has no mesh shading');
    case 'NonUniformResourceIndex':
      // The index itself: WGSL has no binding arrays to index (resource arrays are refused where declared).
      return w.expr(e.args[0]!);
  }
  const args = e.args.map((a) => w.expr(a));
  const argType = e.args[0]?.type ?? e.type;
  const el = elementScalar(argType)!;
  const perRow = (f: (rowType: Type, parts: string[]) => string) => w.perRow(e.type, args, e.args.map((a) => a.type), f);
  /** WGSL's result has the argument's scalar where HLSL's is another (countbits on int → uint): convert. */
  const retype = (expr: string, from: ScalarType) => w.convert(w.let(expr), withScalar(e.type, from), e.type);

  switch (name) {
    case 'mul':
      return mul(w, e, args);
    case 'transpose':
      // WGSL transposes float matrices only; an integer or bool matrix is an array of row vectors, rebuilt here.
      if (argType.kind === 'matrix' && matrixShape(argType) === 'array') {
        const rows = Array.from({ length: argType.cols }, (_, c) =>
          `${vectorName(el, argType.rows)}(${Array.from({ length: argType.rows }, (_, r) => `${args[0]}[${r}][${c}]`).join(', ')})`);
        return w.let(`${w.typeName(e.type)}(${rows.join(', ')})`);
      }
      break;
    case 'dot':
      // A one-component dot (float1) is a scalar in WGSL, where dot() takes vectors only.
      if (componentCount(argType) === 1) return w.let(`${args[0]} * ${args[1]}`);
      return w.let(`dot(${args[0]}, ${args[1]})`);
    case 'abs':
      if (el.base === 'uint') return args[0]!;
      return perRow((_, [x]) => `abs(${x})`);
    case 'rcp':
      return perRow((rt, [x]) => `${vectorName(elementScalar(rt)!, width(rt))}(${scalarLiteral(elementScalar(rt)!, 1)}) / ${x}`);
    case 'log10':
      // log2(x) / log2(10) as a product with the same constant the SPIR-V back end uses.
      return perRow((rt, [x]) => `log2(${x}) * ${scalarLiteral(elementScalar(rt)!, 1 / Math.log2(10))}`);
    case 'mad':
      if (el.base === 'float') return perRow((_, [a, b, c]) => `fma(${a}, ${b}, ${c})`);
      return perRow((_, [a, b, c]) => `${a} * ${b} + ${c}`);
    case 'ldexp': {
      // x * 2^e: WGSL's ldexp takes an integer exponent; a float one goes through exp2.
      const integer = elementScalar(e.args[1]!.type)?.base === 'int';
      return perRow((_, [x, n]) => (integer ? `ldexp(${x}, ${n})` : `${x} * exp2(${n})`));
    }
    case 'fmod':
      // WGSL's float % truncates, like HLSL's fmod (and SPIR-V's OpFRem).
      return perRow((_, [a, b]) => `${a} % ${b}`);
    case 'sign': {
      const s = elementScalar(e.type)!;
      if (el.base === 'uint') return perRow((rt, [x]) => `select(${vectorName(s, width(rt))}(0i), ${vectorName(s, width(rt))}(1i), ${x} != ${vectorName(el, width(rt))}(0u))`);
      return perRow((rt, [x]) => `${vectorName(s, width(rt))}(sign(${x}))`);
    }
    case 'isnan':
      return perRow((rt, [x]) => floatBits(x!, rt, el, (b, n) => `(${b} & ${n}(0x7fffffffu)) > ${n}(0x7f800000u)`));
    case 'isinf':
      return perRow((rt, [x]) => floatBits(x!, rt, el, (b, n) => `(${b} & ${n}(0x7fffffffu)) == ${n}(0x7f800000u)`));
    case 'isfinite':
      return perRow((rt, [x]) => floatBits(x!, rt, el, (b, n) => `(${b} & ${n}(0x7f800000u)) != ${n}(0x7f800000u)`));
    case 'all':
    case 'any': {
      if (argType.kind === 'matrix' && (matrixShape(argType) === 'array' || matrixShape(argType) === 'matrix')) {
        const rows = Array.from({ length: argType.rows }, (_, r) => `${name}(${args[0]}[${r}])`);
        return w.let(rows.join(name === 'all' ? ' && ' : ' || '));
      }
      return w.let(`${name}(${args[0]})`);
    }
    case 'modfStruct':
    case 'frexpStruct': {
      const r = w.let(`${name === 'modfStruct' ? 'modf' : 'frexp'}(${args[0]})`);
      const st = e.type as Extract<Type, { kind: 'struct' }>;
      const [first, second] = name === 'modfStruct' ? ['fract', 'whole'] : ['fract', 'exp'];
      return w.let(`${w.typeName(st)}(${r}.${first}, ${w.typeName(st.fields[1]!.type)}(${r}.${second}))`);
    }
    case 'f32tof16':
      // D3D's conversion on the bits (float-narrowing.ts), not pack2x16float's implementation-chosen rounding.
      return perRow((rt, [x]) => f32ToF16Bits(w, x!, width(rt)));
    case 'f16tof32':
      return perRow((rt, [x]) => componentwise(w, rt, x!, (c) => `unpack2x16float(${c}).x`, { kind: 'scalar', base: 'float', width: 32 }));
    case 'bitcast':
      return perRow((rt, [x]) => `bitcast<${w.typeName(rt)}>(${x})`);
    case 'pack8':
    case 'unpack8s':
    case 'unpack8u':
      return packed8(w, name, args[0]!, el.width === 32 && elementScalar(e.type)!.width === 32);
    case 'dot4u8packed':
    case 'dot4i8packed': {
      // The bytes unpacked (sign-extended for i8) and dotted.
      const unpacked = name === 'dot4i8packed' ? 'unpack8s' : 'unpack8u';
      return w.let(`dot(${packed8(w, unpacked, args[0]!, true)}, ${packed8(w, unpacked, args[1]!, true)})`);
    }
  }
  if (handling === 'expand') throw new Error(`internal: no WGSL expansion for '${name}'`);
  if ('whole' in handling) return w.let(`${handling.whole}(${args.join(', ')})`);
  const builtin = handling.map;
  const resultEl = elementScalar(e.type)!;
  if (resultEl.base !== el.base && resultEl.base !== 'bool') return retype(perRowOn(w, argType, args, (_, parts) => `${builtin}(${parts.join(', ')})`, e.args.map((a) => a.type)), el);
  return perRow((_, parts) => `${builtin}(${parts.join(', ')})`);
}

/** SM 6.6 8-bit packing with shifts and masks (the same bytes as SPIR-V's 8-bit conversions). */
function packed8(w: FunctionWriter, name: 'pack8' | 'unpack8s' | 'unpack8u', x: string, only32: boolean): string {
  if (!only32) throw unsupported('8-bit packing of 16-bit integers', undefined, 'WGSL has no 16-bit integers');
  if (name === 'pack8') {
    const b = w.let(`bitcast<vec4<u32>>(${x}) & vec4<u32>(0xffu)`);
    return w.let(`${b}.x | (${b}.y << 8u) | (${b}.z << 16u) | (${b}.w << 24u)`);
  }
  // Each byte moved to the top, then shifted down: arithmetically (sign-extending) for s8.
  if (name === 'unpack8s') return w.let(`bitcast<vec4<i32>>(vec4<u32>(${x}) << vec4<u32>(24u, 16u, 8u, 0u)) >> vec4<u32>(24u)`);
  return w.let(`(vec4<u32>(${x}) >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(0xffu)`);
}

function perRowOn(w: FunctionWriter, type: Type, args: string[], f: (rowType: Type, parts: string[]) => string, argTypes: Type[]): string {
  return w.perRow(type, args, argTypes, f);
}

function withScalar(t: Type, s: ScalarType): Type {
  if (t.kind === 'vector' || t.kind === 'matrix') return { ...t, element: s };
  return s;
}

function floatBits(x: string, rt: Type, el: ScalarType, test: (bits: string, u: string) => string): string {
  if (el.width !== 32) throw unsupported(`isnan/isinf/isfinite on ${el.width}-bit floats`);
  const n = width(rt);
  const u = vectorName(U32, n);
  return test(`bitcast<${u}>(${x})`, u);
}

/** A scalar-only WGSL function applied to each component. */
function componentwise(w: FunctionWriter, t: Type, x: string, f: (c: string) => string, el: ScalarType): string {
  if (t.kind !== 'vector') return f(x);
  return `${vectorName(el, t.size)}(${Array.from({ length: t.size }, (_, i) => f(`${x}[${i}]`)).join(', ')})`;
}

/**
 * mul(): a WGSL `matRxC` holds HLSL's RxC matrix transposed (column i is row i), as SPIR-V's does;
 * so mul(M, v) is `v * M`, mul(v, M) is `M * v` and mul(A, B) is `B * A` (manual, matrix multiplication).
 */
function mul(w: FunctionWriter, e: Extract<IrExpr, { op: 'intrinsic' }>, [a, b]: string[]): string {
  const [at, bt] = [e.args[0]!.type, e.args[1]!.type];
  const isMatrix = (x: Type) => x.kind === 'matrix' && x.rows > 1 && x.cols > 1;
  const el = elementScalar(e.type)!;
  if (el.base !== 'float' && (isMatrix(at) || isMatrix(bt))) throw unsupported('mul() on integer matrices');
  if (at.kind === 'scalar' || bt.kind === 'scalar') return w.let(`${a} * ${b}`);
  if (!isMatrix(at) && !isMatrix(bt)) {
    if (isMatrix(e.type)) {
      // Outer product of a column (Rx1) and a row (1xC): HLSL row i is b scaled by a[i].
      const m = e.type as Extract<Type, { kind: 'matrix' }>;
      const rows = Array.from({ length: m.rows }, (_, i) => `${b} * ${a}[${i}]`);
      return w.let(`${w.typeName(m)}(${rows.join(', ')})`);
    }
    return w.let(`dot(${a}, ${b})`);
  }
  if (!isMatrix(at)) return w.let(`${b} * ${a}`);
  if (!isMatrix(bt)) return w.let(`${b} * ${a}`);
  return w.let(`${b} * ${a}`);
}
