// Constant folding on the IR, with what the code computes at run time, never differently:
// - composites of constants (`float3(0.25, 0.25, 0.25)`, `(0.25).xxx`, a swizzle or component of a
//   constant) become constants (OpConstantComposite instead of OpCompositeConstruct);
// - 32-bit integer + - * & | ^ << >> wrap as the hardware does (shift amounts masked to 5 bits, as
//   both back ends emit them); integer comparisons; int ↔ uint reinterpretation; int → float;
// - 32-bit float + - * and negation, only where both operands and the result are normal numbers or
//   zero: computed in binary64 and rounded once to binary32 it is the correctly rounded result
//   Vulkan and WebGPU require, and no driver flushes a denormal the folding would keep.
// Division, remainder and float → int (defined-arithmetic.ts: guards, saturation), 64-bit and 16-bit
// types and min-precision (RelaxedPrecision) values are left to run time.
import type { IrConst, IrExpr, IrModule } from '../ir/ir.js';
import type { ScalarType, Type } from '../types.js';
import { mapExpr, mapStmts, type IrMapper } from '../ir/map.js';

type Scalar = number | bigint | boolean;

/** Folds every function of the module; returns whether anything changed. */
export function foldConstants(module: IrModule): boolean {
  let changed = false;
  const folder: IrMapper = {
    memo: new Map(),
    expr(e) {
      const out = fold(e);
      if (out !== e) changed = true;
      return out;
    },
  };
  for (const fn of module.functions) fn.body = mapStmts(fn.body, folder);
  return changed;
}

/** `e` with every constant subtree folded (operands SPIR-V requires to be constants, at every level). */
export function foldTree(e: IrExpr): IrExpr {
  return mapExpr(e, { memo: new Map(), expr: fold });
}

export function fold(e: IrExpr): IrExpr {
  switch (e.op) {
    case 'splat': {
      const c = scalarOf(e.arg);
      if (c === undefined || e.type.kind !== 'vector') return e;
      return constant(e.type, Array.from({ length: e.type.size }, () => c));
    }
    case 'construct': {
      if (e.type.kind !== 'vector') return e;
      const parts: IrConst[] = [];
      for (const p of e.parts) {
        if (p.op !== 'const') return e;
        if (p.value.kind === 'scalar') parts.push(p.value);
        else if (p.type.kind === 'vector') parts.push(...p.value.parts);
        else return e;
      }
      return parts.length === e.type.size ? { op: 'const', type: e.type, value: { kind: 'composite', type: e.type, parts } } : e;
    }
    case 'swizzle': {
      if (e.arg.op !== 'const' || e.arg.value.kind !== 'composite') return e;
      const parts = e.arg.value.parts;
      if (e.type.kind === 'vector') return constant(e.type, e.components.map((i) => parts[i]!));
      return e.components.length === 1 ? { op: 'const', type: e.type, value: parts[e.components[0]!]! } : e;
    }
    case 'extract': {
      if (e.arg.op !== 'const' || e.arg.value.kind !== 'composite' || e.arg.type.kind !== 'vector') return e;
      return { op: 'const', type: e.type, value: e.arg.value.parts[e.index]! };
    }
    case 'unary':
      return componentwise(e.type, [e.arg], (s, [a]) => (e.operator === 'neg' ? negate(s, a!) : e.operator === 'bitnot' && isInt32(s) ? wrap(s, ~Number(a)) : e.operator === 'lognot' && s.base === 'bool' ? !a : undefined)) ?? e;
    case 'binary': {
      const operandScalar = scalarTypeOf(e.left.type);
      if (!operandScalar) return e;
      return componentwise(e.type, [e.left, e.right], (_, [a, b]) => binary(e.operator, operandScalar, a!, b!), operandScalar) ?? e;
    }
    case 'convert': {
      const from = scalarTypeOf(e.arg.type);
      if (!from) return e;
      return componentwise(e.type, [e.arg], (to, [a]) => convert(from, to, a!), from) ?? e;
    }
    default:
      return e;
  }
}

function scalarOf(e: IrExpr): IrConst | undefined {
  return e.op === 'const' && e.value.kind === 'scalar' ? e.value : undefined;
}

function constant(type: Type, parts: IrConst[]): IrExpr {
  return { op: 'const', type, value: { kind: 'composite', type, parts } };
}

function scalarTypeOf(t: Type): ScalarType | undefined {
  return t.kind === 'scalar' ? t : t.kind === 'vector' ? t.element : undefined;
}

/** Applies `f` per component of constant scalar/vector operands; undefined when any component does not fold. */
function componentwise(type: Type, args: IrExpr[], f: (s: ScalarType, values: Scalar[]) => Scalar | undefined, operandScalar?: ScalarType): IrExpr | undefined {
  const result = scalarTypeOf(type);
  if (!result || result.relaxed || (operandScalar && operandScalar.relaxed)) return undefined;
  const size = type.kind === 'vector' ? type.size : 1;
  const columns: Scalar[][] = [];
  for (const a of args) {
    if (a.op !== 'const') return undefined;
    const values = a.value.kind === 'scalar' ? [a.value.value] : a.value.parts.map((p) => (p.kind === 'scalar' ? p.value : undefined));
    if (values.length !== size || values.some((v) => v === undefined)) return undefined;
    columns.push(values as Scalar[]);
  }
  const parts: IrConst[] = [];
  for (let i = 0; i < size; i++) {
    const v = f(result, columns.map((c) => c[i]!));
    if (v === undefined) return undefined;
    parts.push({ kind: 'scalar', type: result, value: v });
  }
  return size === 1 ? { op: 'const', type, value: parts[0]! } : constant(type, parts);
}

const isInt32 = (s: ScalarType) => (s.base === 'int' || s.base === 'uint') && s.width === 32 && !s.relaxed;
const isFloat32 = (s: ScalarType) => s.base === 'float' && s.width === 32 && !s.relaxed;
const wrap = (s: ScalarType, v: number) => (s.base === 'int' ? v | 0 : v >>> 0);
const MIN_NORMAL = 2 ** -126;
/** A float32 value no driver would flush or treat specially: zero or a finite normal number. */
const plain = (v: number) => v === 0 || (Number.isFinite(v) && Math.abs(v) >= MIN_NORMAL);

function negate(s: ScalarType, a: Scalar): Scalar | undefined {
  if (isInt32(s)) return wrap(s, -Number(a));
  if (isFloat32(s) && typeof a === 'number' && plain(a) && a !== 0) return -a;
  return undefined;
}

function binary(op: string, s: ScalarType, a: Scalar, b: Scalar): Scalar | undefined {
  if (isInt32(s) && typeof a === 'number' && typeof b === 'number') {
    switch (op) {
      case 'add': return wrap(s, a + b);
      case 'sub': return wrap(s, a - b);
      case 'mul': return wrap(s, Math.imul(a, b));
      case 'bitand': return wrap(s, a & b);
      case 'bitor': return wrap(s, a | b);
      case 'bitxor': return wrap(s, a ^ b);
      case 'shl': return wrap(s, a << (b & 31));
      case 'shr': return s.base === 'int' ? a >> (b & 31) : a >>> (b & 31);
      case 'eq': return a === b;
      case 'ne': return a !== b;
      case 'lt': return a < b;
      case 'le': return a <= b;
      case 'gt': return a > b;
      case 'ge': return a >= b;
    }
    return undefined;
  }
  if (isFloat32(s) && typeof a === 'number' && typeof b === 'number' && plain(a) && plain(b)) {
    const r = op === 'add' ? Math.fround(a + b) : op === 'sub' ? Math.fround(a - b) : op === 'mul' ? Math.fround(a * b) : undefined;
    // A zero result keeps its sign only through exact IEEE rules: fold it only from non-zero operands of add/sub (+0).
    if (r === undefined || !plain(r) || (r === 0 && (a === 0 || b === 0 || op === 'mul'))) return undefined;
    return r;
  }
  return undefined;
}

function convert(from: ScalarType, to: ScalarType, a: Scalar): Scalar | undefined {
  if (typeof a === 'boolean' || typeof a === 'bigint') return undefined;
  if (isInt32(from) && isInt32(to)) return wrap(to, a);
  if (isInt32(from) && isFloat32(to)) return Math.fround(a);
  return undefined;
}
