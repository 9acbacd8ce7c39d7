// The manual's operator tables: which SPIR-V opcode implements an HLSL operator or conversion for
// each operand kind (signed int, unsigned int, float, bool).
import type { BinaryOperator } from '../ir/ir.js';
import type { ScalarType } from '../types.js';
import { Op } from '../spirv-spec/spec.js';

type Kind = 'sint' | 'uint' | 'float' | 'bool';

function kindOf(s: ScalarType): Kind {
  return s.base === 'int' ? 'sint' : s.base === 'uint' ? 'uint' : s.base;
}

/** Opcode per operator and operand kind; a missing entry means the checker rejected that combination. */
const BINARY: Record<BinaryOperator, Partial<Record<Kind, number>>> = {
  add: { sint: Op.IAdd, uint: Op.IAdd, float: Op.FAdd },
  sub: { sint: Op.ISub, uint: Op.ISub, float: Op.FSub },
  mul: { sint: Op.IMul, uint: Op.IMul, float: Op.FMul },
  div: { sint: Op.SDiv, uint: Op.UDiv, float: Op.FDiv },
  // HLSL % truncates like C: SRem (not SMod) for signed, FRem for float (as DXC).
  rem: { sint: Op.SRem, uint: Op.UMod, float: Op.FRem },
  shl: { sint: Op.ShiftLeftLogical, uint: Op.ShiftLeftLogical },
  shr: { sint: Op.ShiftRightArithmetic, uint: Op.ShiftRightLogical },
  bitand: { sint: Op.BitwiseAnd, uint: Op.BitwiseAnd },
  bitor: { sint: Op.BitwiseOr, uint: Op.BitwiseOr },
  bitxor: { sint: Op.BitwiseXor, uint: Op.BitwiseXor },
  logand: { bool: Op.LogicalAnd },
  logor: { bool: Op.LogicalOr },
  eq: { sint: Op.IEqual, uint: Op.IEqual, float: Op.FOrdEqual, bool: Op.LogicalEqual },
  // The manual's comparison table: OpFOrd* for every float comparison, != included.
  ne: { sint: Op.INotEqual, uint: Op.INotEqual, float: Op.FOrdNotEqual, bool: Op.LogicalNotEqual },
  lt: { sint: Op.SLessThan, uint: Op.ULessThan, float: Op.FOrdLessThan },
  le: { sint: Op.SLessThanEqual, uint: Op.ULessThanEqual, float: Op.FOrdLessThanEqual },
  gt: { sint: Op.SGreaterThan, uint: Op.UGreaterThan, float: Op.FOrdGreaterThan },
  ge: { sint: Op.SGreaterThanEqual, uint: Op.UGreaterThanEqual, float: Op.FOrdGreaterThanEqual },
};

export function binaryOpcode(op: BinaryOperator, operand: ScalarType): number {
  const opcode = BINARY[op][kindOf(operand)];
  if (opcode === undefined) throw new Error(`internal: no opcode for ${op} on ${operand.base}`);
  return opcode;
}

/** Numeric conversions between non-bool scalars; undefined when the types are the same. */
export function conversionOpcode(from: ScalarType, to: ScalarType): number | undefined {
  const f = kindOf(from);
  const t = kindOf(to);
  if (f === t) return from.width === to.width ? undefined : f === 'float' ? Op.FConvert : f === 'sint' ? Op.SConvert : Op.UConvert;
  if (f === 'float') return t === 'sint' ? Op.ConvertFToS : Op.ConvertFToU;
  if (t === 'float') return f === 'sint' ? Op.ConvertSToF : Op.ConvertUToF;
  // int <-> uint: same width is a bitcast; a width change sign- or zero-extends per the source.
  if (from.width === to.width) return Op.Bitcast;
  return f === 'sint' ? Op.SConvert : Op.UConvert;
}

/** Control masks and scopes (SPIR-V spec 3.x), used by several emitters. */
export const SelectionControl = { None: 0, Flatten: 1, DontFlatten: 2 } as const;
export const LoopControlMask = { None: 0, Unroll: 1, DontUnroll: 2 } as const;
export const FunctionControl = { None: 0 } as const;
export const ScopeId = { CrossDevice: 0, Device: 1, Workgroup: 2, Subgroup: 3, Invocation: 4, QueueFamily: 5 } as const;
export const MemorySemantics = {
  None: 0,
  AcquireRelease: 0x8,
  UniformMemory: 0x40,
  WorkgroupMemory: 0x100,
  ImageMemory: 0x800,
  OutputMemory: 0x1000,
} as const;
