// Intrinsic calls to SPIR-V, following the manual's intrinsic mapping: GLSL.std.450 extended
// instructions where the manual names them, core opcodes otherwise.
import { f32ToF16Bits } from './float-narrowing.js';
import type { IrExpr } from '../ir/ir.js';
import { BOOL, elementScalar, type ScalarType, type Type } from '../types.js';
import { componentCount, type FunctionEmitter } from './function.js';
import { MemorySemantics, ScopeId } from './operators.js';
import { Capability, Op } from '../spirv-spec/spec.js';
import { requireExtension } from './extensions.js';
import { emitDebugBreak } from './printf.js';
import { emitMeshIntrinsic } from './stages/mesh.js';
import { emitWaveIntrinsic, isWaveIntrinsicName } from './wave-intrinsics.js';
import { emitPacked8 } from './packed-8bit.js';

/** GLSL.std.450 instruction numbers (the extended instruction set's specification). */
const GLSL = {
  Round: 1, RoundEven: 2, Trunc: 3, FAbs: 4, SAbs: 5, FSign: 6, SSign: 7, Floor: 8, Ceil: 9, Fract: 10, Radians: 11,
  Degrees: 12, Sin: 13, Cos: 14, Tan: 15, Asin: 16, Acos: 17, Atan: 18, Sinh: 19, Cosh: 20, Tanh: 21, Atan2: 25,
  Pow: 26, Exp: 27, Log: 28, Exp2: 29, Log2: 30, Sqrt: 31, InverseSqrt: 32, Determinant: 33, FMin: 37, UMin: 38,
  SMin: 39, FMax: 40, UMax: 41, SMax: 42, FClamp: 43, UClamp: 44, SClamp: 45, FMix: 46, Step: 48, SmoothStep: 49,
  ModfStruct: 36, FrexpStruct: 52, FaceForward: 70, Fma: 50, Ldexp: 53, PackHalf2x16: 58, UnpackHalf2x16: 62, Length: 66, Distance: 67, Cross: 68, Normalize: 69,
  Reflect: 71, Refract: 72, FindILsb: 73, FindSMsb: 74, FindUMsb: 75, NMin: 79, NMax: 80,
} as const;

/** min/max on floats without -ffinite-math-only. */
const NAN_AWARE: Record<string, number> = { min: GLSL.NMin, max: GLSL.NMax };

type ByKind = { float?: number; sint?: number; uint?: number };

/** Component-wise intrinsics with one GLSL.std.450 instruction per operand kind. */
const GLSL_MAP: Record<string, ByKind> = {
  abs: { float: GLSL.FAbs, sint: GLSL.SAbs },
  min: { float: GLSL.FMin, sint: GLSL.SMin, uint: GLSL.UMin },
  max: { float: GLSL.FMax, sint: GLSL.SMax, uint: GLSL.UMax },
  clamp: { float: GLSL.FClamp, sint: GLSL.SClamp, uint: GLSL.UClamp },
  sin: { float: GLSL.Sin }, cos: { float: GLSL.Cos }, tan: { float: GLSL.Tan }, asin: { float: GLSL.Asin },
  acos: { float: GLSL.Acos }, atan: { float: GLSL.Atan }, sinh: { float: GLSL.Sinh }, cosh: { float: GLSL.Cosh },
  tanh: { float: GLSL.Tanh }, exp: { float: GLSL.Exp }, exp2: { float: GLSL.Exp2 }, log: { float: GLSL.Log },
  log2: { float: GLSL.Log2 }, sqrt: { float: GLSL.Sqrt }, rsqrt: { float: GLSL.InverseSqrt },
  floor: { float: GLSL.Floor }, ceil: { float: GLSL.Ceil }, round: { float: GLSL.Round }, trunc: { float: GLSL.Trunc },
  frac: { float: GLSL.Fract }, radians: { float: GLSL.Radians }, degrees: { float: GLSL.Degrees },
  pow: { float: GLSL.Pow }, atan2: { float: GLSL.Atan2 }, step: { float: GLSL.Step }, ldexp: { float: GLSL.Ldexp },
  lerp: { float: GLSL.FMix }, smoothstep: { float: GLSL.SmoothStep }, fma: { float: GLSL.Fma },
  length: { float: GLSL.Length }, distance: { float: GLSL.Distance }, cross: { float: GLSL.Cross },
  normalize: { float: GLSL.Normalize }, faceforward: { float: GLSL.FaceForward }, reflect: { float: GLSL.Reflect }, refract: { float: GLSL.Refract },
  determinant: { float: GLSL.Determinant }, firstbitlow: { sint: GLSL.FindILsb, uint: GLSL.FindILsb },
  firstbithigh: { sint: GLSL.FindSMsb, uint: GLSL.FindUMsb },
};

/** Component-wise intrinsics that are one core opcode. */
const CORE_MAP: Record<string, number> = {
  ddx: Op.DPdx, ddy: Op.DPdy, ddx_coarse: Op.DPdxCoarse, ddy_coarse: Op.DPdyCoarse, ddx_fine: Op.DPdxFine,
  ddy_fine: Op.DPdyFine, fwidth: Op.Fwidth, countbits: Op.BitCount, reversebits: Op.BitReverse,
  isnan: Op.IsNan, isinf: Op.IsInf, transpose: Op.Transpose, bitcast: Op.Bitcast, fmod: Op.FRem,
};

/** Intrinsics that take implicit derivatives: only pixel shaders, or compute with a derivative group. */
const DERIVATIVES = new Set(['ddx', 'ddy', 'ddx_coarse', 'ddy_coarse', 'ddx_fine', 'ddy_fine', 'fwidth']);

/** Barriers: (execution scope or undefined for memory-only, memory scope, semantics) as DXC emits them. */
const BARRIERS: Record<string, [number | undefined, number, number]> = {
  GroupMemoryBarrier: [undefined, ScopeId.Workgroup, MemorySemantics.AcquireRelease | MemorySemantics.WorkgroupMemory],
  GroupMemoryBarrierWithGroupSync: [ScopeId.Workgroup, ScopeId.Workgroup, MemorySemantics.AcquireRelease | MemorySemantics.WorkgroupMemory],
  DeviceMemoryBarrier: [undefined, ScopeId.Device, MemorySemantics.AcquireRelease | MemorySemantics.UniformMemory | MemorySemantics.ImageMemory],
  DeviceMemoryBarrierWithGroupSync: [ScopeId.Workgroup, ScopeId.Device, MemorySemantics.AcquireRelease | MemorySemantics.UniformMemory | MemorySemantics.ImageMemory],
  AllMemoryBarrier: [undefined, ScopeId.Device, MemorySemantics.AcquireRelease | MemorySemantics.UniformMemory | MemorySemantics.WorkgroupMemory | MemorySemantics.ImageMemory],
  AllMemoryBarrierWithGroupSync: [ScopeId.Workgroup, ScopeId.Device, MemorySemantics.AcquireRelease | MemorySemantics.UniformMemory | MemorySemantics.WorkgroupMemory | MemorySemantics.ImageMemory],
};

/**
 * SM 6.8 Barrier(memory, semantics), as DXC lowers it: the scope from DEVICE_SCOPE/GROUP_SCOPE, UAV,
 * groupshared and node-output memory as Uniform, Workgroup and Output memory, GROUP_SYNC an
 * OpControlBarrier at workgroup scope; both zero is nothing.
 */
function sm68Barrier(fe: FunctionEmitter, args: IrExpr[]): number {
  const [memory, semantics] = args.map((a) => (a.op === 'const' && a.value.kind === 'scalar' ? Number(a.value.value) : -1));
  if (memory === undefined || semantics === undefined || memory < 0 || semantics < 0) throw new Error('internal: Barrier with non-constant flags');
  if (!(memory | semantics)) return 0;
  const scope = semantics & 4 ? ScopeId.Device : semantics & 2 ? ScopeId.Workgroup : ScopeId.Invocation;
  const mask = MemorySemantics.AcquireRelease | (memory & 1 ? MemorySemantics.UniformMemory : 0) | (memory & 2 ? MemorySemantics.WorkgroupMemory : 0) | (memory & 8 ? MemorySemantics.OutputMemory : 0);
  const [memId, semId] = [fe.memoryScope(scope), fe.t.uintConst(mask)];
  if (semantics & 1) fe.f.emit(Op.ControlBarrier, [fe.t.uintConst(ScopeId.Workgroup), memId, semId]);
  else fe.f.emit(Op.MemoryBarrier, [memId, semId]);
  return 0;
}

function kind(s: ScalarType): 'float' | 'sint' | 'uint' {
  return s.base === 'float' ? 'float' : s.base === 'int' ? 'sint' : 'uint';
}

export function emitIntrinsic(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>): number {
  const name = e.name;
  const b = fe.b;
  const t = fe.t;
  const barrier = BARRIERS[name];
  if (barrier) {
    const [exec, mem, sem] = barrier;
    const [memId, semId] = [fe.memoryScope(mem), t.uintConst(sem)];
    if (exec === undefined) fe.f.emit(Op.MemoryBarrier, [memId, semId]);
    else fe.f.emit(Op.ControlBarrier, [t.uintConst(exec), memId, semId]);
    return 0;
  }
  if (name === 'Barrier') return sm68Barrier(fe, e.args);
  if (isWaveIntrinsicName(name)) return emitWaveIntrinsic(fe, e);
  if (name === 'vk::ReadClock') return readClock(fe, e);
  if (name === 'DebugBreak') return emitDebugBreak(fe);
  if (name === 'IsHelperLane') {
    // OpIsHelperInvocationEXT reads the current state (a demoted invocation is a helper from then on).
    fe.pixelOnly ??= 'IsHelperLane';
    b.capability(Capability.DemoteToHelperInvocation);
    if (Number(b.version.split('.')[1]) < 6) requireExtension(b, 'SPV_EXT_demote_to_helper_invocation');
    const id = b.id();
    fe.f.emit(Op.IsHelperInvocationEXT, [t.type(BOOL), id]);
    return id;
  }
  if (name === 'pack8' || name === 'unpack8s' || name === 'unpack8u' || name === 'dot4u8packed' || name === 'dot4i8packed') return emitPacked8(fe, e);
  if (name === 'SetMeshOutputCounts' || name === 'DispatchMesh') return emitMeshIntrinsic(fe, e);
  if (name === 'NonUniformResourceIndex') return nonUniformIndex(fe, e);
  if (DERIVATIVES.has(name)) {
    fe.derivative ??= name;
    if (name.endsWith('_fine') || name.endsWith('_coarse')) b.capability(Capability.DerivativeControl);
  }
  const args = e.args.map((a) => fe.expr(a));
  const argType = e.args[0]?.type ?? e.type;
  const el = elementScalar(argType)!;
  const result = (opcode: number, operands: number[], type: Type = e.type) => {
    const id = b.id();
    fe.f.emit(opcode, [t.type(type), id, ...operands]);
    return id;
  };
  const glsl = (inst: number, operands: number[], type: Type = e.type) => result(Op.ExtInst, [fe.glslSet(), inst, ...operands], type);
  const perRow = (f: (rowType: Type, parts: number[]) => number) => fe.perRow(e.type, args, f, argType, e.args.map((a) => a.type));

  switch (name) {
    case 'mul':
      return mul(fe, e, args);
    case 'dot':
      // OpDot takes vectors: a one-component dot (float1, float1x1) is a plain product.
      if (el.base === 'float') return result(width(argType) === 1 ? Op.FMul : Op.Dot, args);
      return integerDot(fe, e, args);
    case 'saturate':
      return perRow((rt, [x]) => glsl(GLSL.FClamp, [x!, fe.splatConst(elementScalar(rt)!, 0, width(rt)), fe.splatConst(elementScalar(rt)!, 1, width(rt))], rt));
    case 'rcp':
      return perRow((rt, [x]) => result(Op.FDiv, [fe.splatConst(elementScalar(rt)!, 1, width(rt)), x!], rt));
    case 'log10': {
      // log10(x) = log2(x) / log2(10), as DXC emits it.
      return perRow((rt, [x]) => {
        const l = glsl(GLSL.Log2, [x!], rt);
        return result(Op.FMul, [l, fe.splatConst(elementScalar(rt)!, 1 / Math.log2(10), width(rt))], rt);
      });
    }
    case 'mad':
      if (el.base === 'float') return perRow((rt, [a, x, c]) => glsl(GLSL.Fma, [a!, x!, c!], rt));
      return perRow((rt, [a, x, c]) => result(Op.IAdd, [result(Op.IMul, [a!, x!], rt), c!], rt));
    case 'sign': {
      if (el.base === 'float') return perRow((rt, [x]) => fe.convert(glsl(GLSL.FSign, [x!], withEl(rt, el)), withEl(rt, el), rt));
      if (el.base === 'uint') return perRow((rt, [x]) => fe.convert(result(Op.INotEqual, [x!, fe.zeroOf(el, width(rt))], withEl(rt, { kind: 'scalar', base: 'bool', width: 32 })), withEl(rt, { kind: 'scalar', base: 'bool', width: 32 }), rt));
      return perRow((rt, [x]) => glsl(GLSL.SSign, [x!], rt));
    }
    case 'abs':
      if (el.base === 'uint') return args[0]!;
      break;
    case 'isfinite': {
      // Per row: a bool matrix is an array of bool vectors, which OpIsNan cannot produce at once.
      return perRow((bt, [x]) => {
        const nan = result(Op.IsNan, [x!], bt);
        const inf = result(Op.IsInf, [x!], bt);
        return result(Op.LogicalNot, [result(Op.LogicalOr, [nan, inf], bt)], bt);
      });
    }
    case 'all':
    case 'any': {
      if (argType.kind === 'scalar') return args[0]!;
      const op = name === 'all' ? Op.All : Op.Any;
      if (argType.kind !== 'matrix' || argType.rows === 1 || argType.cols === 1) {
        return argType.kind === 'matrix' && argType.rows * argType.cols === 1 ? args[0]! : result(op, args);
      }
      // A matrix: OpAll/OpAny on each row, then on the vector of the rows' results (manual).
      const bool: ScalarType = { kind: 'scalar', base: 'bool', width: 32 };
      const row: Type = { kind: 'vector', element: bool, size: argType.cols as 2 | 3 | 4 };
      const perRowResults = Array.from({ length: argType.rows }, (_, i) => result(op, [result(Op.CompositeExtract, [args[0]!, i], row)], bool));
      return result(op, [fe.construct({ kind: 'vector', element: bool, size: argType.rows as 2 | 3 | 4 }, perRowResults)]);
    }
    case 'modfStruct':
      return glsl(GLSL.ModfStruct, args);
    case 'frexpStruct':
      return glsl(GLSL.FrexpStruct, args);
    case 'f32tof16': {
      const f32: ScalarType = { kind: 'scalar', base: 'float', width: 32 };
      if (fe.m.arithmetic === 'defined') return perRow((rt, [x]) => f32ToF16Bits(fe, rt, x!));
      return perRow((rt, [x]) => componentwise(fe, rt, x!, f32, (c) => {
        const v2 = fe.construct({ kind: 'vector', element: f32, size: 2 }, [c, fe.splatConst(f32, 0, 1)]);
        return glsl(GLSL.PackHalf2x16, [v2], { kind: 'scalar', base: 'uint', width: 32 });
      }));
    }
    case 'f16tof32': {
      const f32: ScalarType = { kind: 'scalar', base: 'float', width: 32 };
      const u32: ScalarType = { kind: 'scalar', base: 'uint', width: 32 };
      return perRow((rt, [x]) => componentwise(fe, rt, x!, u32, (c) => {
        const v2 = glsl(GLSL.UnpackHalf2x16, [c], { kind: 'vector', element: f32, size: 2 });
        return result(Op.CompositeExtract, [v2, 0], f32);
      }));
    }
  }
  if ((name === 'countbits' || name === 'reversebits') && el.width !== 32) return perRow((rt, [x]) => bitsAt32(fe, name, x!, withEl(rt, el), rt));
  // Vulkan takes derivatives of 32-bit floats only: half and double go through float, as DXC does.
  if (DERIVATIVES.has(name) && el.width !== 32) {
    const f32: ScalarType = { kind: 'scalar', base: 'float', width: 32 };
    return perRow((rt, [x]) => fe.convert(result(CORE_MAP[name]!, [fe.convert(x!, withEl(rt, el), withEl(rt, f32))], withEl(rt, f32)), withEl(rt, f32), rt));
  }
  const core = CORE_MAP[name];
  if (core !== undefined) {
    if (name === 'transpose' || name === 'bitcast' || name === 'countbits' || name === 'reversebits') {
      if (name === 'transpose') return transpose(fe, e, args[0]!);
      return perRow((rt, parts) => result(core, parts, rt));
    }
    return perRow((rt, parts) => result(core, parts, rt));
  }
  // HLSL's min/max return the other operand when one is NaN (DXC: NMin/NMax unless -ffinite-math-only).
  const nanAware = kind(el) === 'float' && !fe.m.finiteMathOnly ? NAN_AWARE[name] : undefined;
  const ext = nanAware ?? GLSL_MAP[name]?.[kind(el)];
  if (ext === undefined) throw new Error(`internal: no SPIR-V mapping for intrinsic '${name}' on ${el.base}`);
  if (['length', 'distance', 'cross', 'normalize', 'reflect', 'refract', 'determinant', 'firstbitlow', 'firstbithigh'].includes(name)) {
    return result(Op.ExtInst, [fe.glslSet(), ext, ...args]);
  }
  return perRow((rt, parts) => glsl(ext, parts, rt));
}

/**
 * countbits/reversebits on 16- or 64-bit integers: Vulkan's OpBitCount/OpBitReverse take 32-bit
 * operands only. 16-bit values are widened (reversebits shifts the result back down); 64-bit values
 * are split into halves (counts added; reversed halves swapped), as DXC does.
 */
function bitsAt32(fe: FunctionEmitter, name: 'countbits' | 'reversebits', x: number, from: Type, to: Type): number {
  const el = elementScalar(from)!;
  const n = componentCount(from);
  const u = (width: 16 | 32 | 64): Type => withEl(from, { kind: 'scalar', base: 'uint', width });
  const u32 = u(32);
  const emit = (opcode: number, type: Type, operands: number[]) => {
    const id = fe.b.id();
    fe.f.emit(opcode, [fe.t.type(type), id, ...operands]);
    return id;
  };
  const opcode = name === 'countbits' ? Op.BitCount : Op.BitReverse;
  const unsigned = fe.convert(x, from, u(el.width as 16 | 64));
  const shift = (value: number, type: Type, by: number, right: boolean) =>
    emit(right ? Op.ShiftRightLogical : Op.ShiftLeftLogical, type, [value, fe.splatConst(elementScalar(type)!, by, n)]);
  let value: number;
  let valueType: Type;
  if (el.width === 16) {
    const wide = emit(Op.UConvert, u32, [unsigned]);
    const r = emit(opcode, u32, [wide]);
    if (name === 'countbits') {
      value = r;
      valueType = u32;
    } else {
      value = emit(Op.UConvert, u(16), [shift(r, u32, 16, true)]);
      valueType = u(16);
    }
  } else {
    const lo = emit(Op.UConvert, u32, [unsigned]);
    const hi = emit(Op.UConvert, u32, [shift(unsigned, u(64), 32, true)]);
    const [rlo, rhi] = [emit(opcode, u32, [lo]), emit(opcode, u32, [hi])];
    if (name === 'countbits') {
      value = emit(Op.IAdd, u32, [rlo, rhi]);
      valueType = u32;
    } else {
      const top = shift(emit(Op.UConvert, u(64), [rlo]), u(64), 32, false);
      value = emit(Op.BitwiseOr, u(64), [top, emit(Op.UConvert, u(64), [rhi])]);
      valueType = u(64);
    }
  }
  return fe.convert(value, valueType, to);
}

/**
 * transpose(): OpTranspose needs a float matrix; integer and bool matrices (arrays of row vectors)
 * and 1xN/Nx1 shapes (held as vectors or scalars) are rebuilt element by element.
 */
function transpose(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>, m: number): number {
  const from = e.args[0]!.type;
  if (from.kind !== 'matrix' || componentCount(from) > 1 || from.rows * from.cols === 1) return m; // 1xN ↔ Nx1: same vector, 1x1: same scalar
  const el = from.element;
  if (el.base === 'float') {
    const id = fe.b.id();
    fe.f.emit(Op.Transpose, [fe.t.type(e.type), id, m]);
    return id;
  }
  const extract = (type: Type, base: number, index: number) => {
    const id = fe.b.id();
    fe.f.emit(Op.CompositeExtract, [fe.t.type(type), id, base, index]);
    return id;
  };
  const rowType: Type = { kind: 'vector', element: el, size: from.cols as 2 | 3 | 4 };
  const rows = Array.from({ length: from.rows }, (_, r) => extract(rowType, m, r));
  const newRow: Type = { kind: 'vector', element: el, size: from.rows as 2 | 3 | 4 };
  const columns = Array.from({ length: from.cols }, (_, c) => fe.construct(newRow, rows.map((row) => extract(el, row, c))));
  return fe.construct(e.type, columns);
}

function width(t: Type): number {
  return componentCount(t);
}

function withEl(t: Type, el: ScalarType): Type {
  // A 1xN/Nx1 matrix is held as a vector: the same shape with another element type.
  return t.kind === 'vector' || (t.kind === 'matrix' && componentCount(t) > 1) ? { ...t, element: el } : el;
}

/** Applies a scalar-only operation to each component of a scalar or vector. */
function componentwise(fe: FunctionEmitter, t: Type, x: number, argEl: ScalarType, f: (component: number) => number): number {
  if (t.kind !== 'vector') return f(x);
  const parts: number[] = [];
  for (let i = 0; i < t.size; i++) {
    const id = fe.b.id();
    fe.f.emit(Op.CompositeExtract, [fe.t.type(argEl), id, x, i]);
    parts.push(f(id));
  }
  return fe.construct(t, parts);
}

function integerDot(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>, [a, b]: number[]): number {
  const vt = e.args[0]!.type;
  const n = width(vt);
  const el = e.type;
  const t = fe.t.type(el);
  if (n === 1) {
    // One component: held as a scalar, nothing to extract.
    const id = fe.b.id();
    fe.f.emit(Op.IMul, [t, id, a!, b!]);
    return id;
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const x = fe.b.id();
    const y = fe.b.id();
    const p = fe.b.id();
    fe.f.emit(Op.CompositeExtract, [t, x, a!, i]);
    fe.f.emit(Op.CompositeExtract, [t, y, b!, i]);
    fe.f.emit(Op.IMul, [t, p, x, y]);
    if (i === 0) sum = p;
    else {
      const s = fe.b.id();
      fe.f.emit(Op.IAdd, [t, s, sum, p]);
      sum = s;
    }
  }
  return sum;
}

/**
 * mul(): SPIR-V matrices are HLSL's transposes, so mul(M, v) is v×M' (OpVectorTimesMatrix),
 * mul(v, M) is M'×v (OpMatrixTimesVector) and mul(A, B) is B'×A' (manual, matrix multiplication).
 */
function mul(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>, [a, b]: number[]): number {
  const [at, bt] = [e.args[0]!.type, e.args[1]!.type];
  const t = fe.t.type(e.type);
  const emit = (opcode: number, ops: number[]) => {
    const id = fe.b.id();
    fe.f.emit(opcode, [t, id, ...ops]);
    return id;
  };
  const isMatrix = (x: Type) => x.kind === 'matrix' && x.rows > 1 && x.cols > 1;
  const el = elementScalar(e.type)!;
  if (el.base !== 'float' && (isMatrix(at) || isMatrix(bt))) throw new Error(`mul() on integer matrices is not supported yet`);
  if (at.kind === 'scalar' || bt.kind === 'scalar') {
    const [s, x, xt] = at.kind === 'scalar' ? [a!, b!, bt] : [b!, a!, at];
    if (isMatrix(xt)) return emit(Op.MatrixTimesScalar, [x, s]);
    if (xt.kind === 'scalar') return emit(el.base === 'float' ? Op.FMul : Op.IMul, [x, s]);
    if (el.base === 'float') return emit(Op.VectorTimesScalar, [x, s]);
    return emit(Op.IMul, [x, fe.splat(s, xt)]);
  }
  if (!isMatrix(at) && !isMatrix(bt)) {
    // Rx1 × 1xC is an outer product; SPIR-V keeps its transpose, whose columns are b scaled by a's components.
    if (isMatrix(e.type)) return emit(Op.OuterProduct, [b!, a!]);
    if (el.base === 'float') return emit(Op.Dot, [a!, b!]);
    return integerDot(fe, e, [a!, b!]);
  }
  if (!isMatrix(at)) return emit(Op.MatrixTimesVector, [b!, a!]);
  if (!isMatrix(bt)) return emit(Op.VectorTimesMatrix, [b!, a!]);
  return emit(Op.MatrixTimesMatrix, [b!, a!]);
}

/** SPV_KHR_shader_clock: OpReadClockKHR and its capability (not in the core grammar tables). */
const ReadClockKHR = { opcode: 5056, capability: 5055, extension: 'SPV_KHR_shader_clock' } as const;

/** vk::ReadClock(scope) → OpReadClockKHR %ulong %scope (the checker made the scope a constant). */
function readClock(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>): number {
  fe.b.capability(ReadClockKHR.capability);
  fe.b.extension(ReadClockKHR.extension);
  const scope = e.args[0]!;
  const value = scope.op === 'const' && scope.value.kind === 'scalar' ? Number(scope.value.value) : undefined;
  if (value === undefined) throw new Error(`internal: vk::ReadClock scope is not a constant`);
  const id = fe.b.id();
  fe.f.emit(ReadClockKHR.opcode, [fe.t.type(e.type), id, fe.t.uintConst(value)]);
  return id;
}

/** NonUniformResourceIndex(i): an OpCopyObject of i decorated NonUniform (as DXC). */
function nonUniformIndex(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>): number {
  const value = fe.expr(e.args[0]!);
  const id = fe.b.id();
  fe.f.emit(Op.CopyObject, [fe.t.type(e.type), id, value]);
  fe.nonUniform.mark(id);
  return id;
}
