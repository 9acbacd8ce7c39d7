// Wave and quad intrinsics → GroupNonUniform instructions with Subgroup scope (the manual's wave
// table). WaveGetLaneCount/WaveGetLaneIndex load the SubgroupSize/SubgroupLocalInvocationId builtins.
import type { IrExpr } from '../ir/ir.js';
import { BOOL, elementScalar, UINT, vector, type ScalarType, type Type } from '../types.js';
import type { FunctionEmitter } from './function.js';
import { ScopeId } from './operators.js';
import { Capability, Op } from '../spirv-spec/spec.js';
import { requireExtension } from './extensions.js';

/** SPIR-V Group Operation operand (the partitioned ones: SPV_NV_shader_subgroup_partitioned). */
const GroupOperation = { Reduce: 0, InclusiveScan: 1, ExclusiveScan: 2, PartitionedExclusiveScanNV: 8 } as const;
/** OpGroupNonUniformQuadSwap directions. */
const QuadDirection = { QuadReadAcrossX: 0, QuadReadAcrossY: 1, QuadReadAcrossDiagonal: 2 } as const;

type OperandKind = 'float' | 'sint' | 'uint' | 'bool';
type Capabilities = (keyof typeof Capability)[];

/** Arithmetic and bitwise collectives: opcode per operand kind, group operation, capability. */
const COLLECTIVES: Record<string, { ops: Partial<Record<OperandKind, number>>; group: number }> = {
  WaveActiveSum: { ops: { float: Op.GroupNonUniformFAdd, sint: Op.GroupNonUniformIAdd, uint: Op.GroupNonUniformIAdd }, group: GroupOperation.Reduce },
  WaveActiveProduct: { ops: { float: Op.GroupNonUniformFMul, sint: Op.GroupNonUniformIMul, uint: Op.GroupNonUniformIMul }, group: GroupOperation.Reduce },
  WaveActiveMin: { ops: { float: Op.GroupNonUniformFMin, sint: Op.GroupNonUniformSMin, uint: Op.GroupNonUniformUMin }, group: GroupOperation.Reduce },
  WaveActiveMax: { ops: { float: Op.GroupNonUniformFMax, sint: Op.GroupNonUniformSMax, uint: Op.GroupNonUniformUMax }, group: GroupOperation.Reduce },
  WaveActiveBitAnd: { ops: { sint: Op.GroupNonUniformBitwiseAnd, uint: Op.GroupNonUniformBitwiseAnd }, group: GroupOperation.Reduce },
  WaveActiveBitOr: { ops: { sint: Op.GroupNonUniformBitwiseOr, uint: Op.GroupNonUniformBitwiseOr }, group: GroupOperation.Reduce },
  WaveActiveBitXor: { ops: { sint: Op.GroupNonUniformBitwiseXor, uint: Op.GroupNonUniformBitwiseXor }, group: GroupOperation.Reduce },
  WavePrefixSum: { ops: { float: Op.GroupNonUniformFAdd, sint: Op.GroupNonUniformIAdd, uint: Op.GroupNonUniformIAdd }, group: GroupOperation.ExclusiveScan },
  WavePrefixProduct: { ops: { float: Op.GroupNonUniformFMul, sint: Op.GroupNonUniformIMul, uint: Op.GroupNonUniformIMul }, group: GroupOperation.ExclusiveScan },
  // SM 6.5: the value and the uint4 mask of the lanes combined (DXC: PartitionedExclusiveScanNV).
  WaveMultiPrefixSum: { ops: { float: Op.GroupNonUniformFAdd, sint: Op.GroupNonUniformIAdd, uint: Op.GroupNonUniformIAdd }, group: GroupOperation.PartitionedExclusiveScanNV },
  WaveMultiPrefixProduct: { ops: { float: Op.GroupNonUniformFMul, sint: Op.GroupNonUniformIMul, uint: Op.GroupNonUniformIMul }, group: GroupOperation.PartitionedExclusiveScanNV },
  WaveMultiPrefixBitAnd: { ops: { sint: Op.GroupNonUniformBitwiseAnd, uint: Op.GroupNonUniformBitwiseAnd }, group: GroupOperation.PartitionedExclusiveScanNV },
  WaveMultiPrefixBitOr: { ops: { sint: Op.GroupNonUniformBitwiseOr, uint: Op.GroupNonUniformBitwiseOr }, group: GroupOperation.PartitionedExclusiveScanNV },
  WaveMultiPrefixBitXor: { ops: { sint: Op.GroupNonUniformBitwiseXor, uint: Op.GroupNonUniformBitwiseXor }, group: GroupOperation.PartitionedExclusiveScanNV },
};

/** Intrinsics of SPV_NV_shader_subgroup_partitioned: its capability instead of GroupNonUniformArithmetic. */
const PARTITIONED: ReadonlySet<string> = new Set(['WaveMatch', ...Object.keys(COLLECTIVES).filter((k) => COLLECTIVES[k]!.group === GroupOperation.PartitionedExclusiveScanNV)]);

/** The capabilities each intrinsic needs besides GroupNonUniform (SPIR-V spec, per instruction). */
const CAPABILITIES: Record<string, Capabilities> = {
  WaveGetLaneCount: [],
  WaveGetLaneIndex: [],
  GetGroupWaveCount: [],
  GetGroupWaveIndex: [],
  WaveIsFirstLane: [],
  WaveActiveAnyTrue: ['GroupNonUniformVote'],
  WaveActiveAllTrue: ['GroupNonUniformVote'],
  WaveActiveAllEqual: ['GroupNonUniformVote'],
  WaveActiveBallot: ['GroupNonUniformBallot'],
  WaveActiveCountBits: ['GroupNonUniformBallot'],
  WavePrefixCountBits: ['GroupNonUniformBallot'],
  WaveReadLaneFirst: ['GroupNonUniformBallot'],
  WaveReadLaneAt: ['GroupNonUniformBallot'],
  QuadReadAcrossX: ['GroupNonUniformQuad'],
  QuadReadAcrossY: ['GroupNonUniformQuad'],
  QuadReadAcrossDiagonal: ['GroupNonUniformQuad'],
  QuadReadLaneAt: ['GroupNonUniformQuad'],
  ...Object.fromEntries(Object.keys(COLLECTIVES).map((k) => [k, [PARTITIONED.has(k) ? 'GroupNonUniformPartitionedNV' : 'GroupNonUniformArithmetic'] as Capabilities])),
  WaveMatch: ['GroupNonUniformPartitionedNV'],
};

/** Intrinsics that read a builtin (through the wrapper's Private copy). */
const BUILTIN_OF: Readonly<Record<string, 'SubgroupSize' | 'SubgroupLocalInvocationId' | 'NumSubgroups' | 'SubgroupId'>> = {
  WaveGetLaneCount: 'SubgroupSize',
  WaveGetLaneIndex: 'SubgroupLocalInvocationId',
  GetGroupWaveCount: 'NumSubgroups',
  GetGroupWaveIndex: 'SubgroupId',
};

export function isWaveIntrinsicName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(CAPABILITIES, name);
}

function kindOf(s: ScalarType): OperandKind {
  return s.base === 'float' ? 'float' : s.base === 'int' ? 'sint' : s.base === 'uint' ? 'uint' : 'bool';
}

export function emitWaveIntrinsic(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>): number {
  const { b, t } = fe;
  const name = e.name;
  b.capability(Capability.GroupNonUniform);
  for (const cap of CAPABILITIES[name]!) b.capability(Capability[cap]);
  if (PARTITIONED.has(name)) requireExtension(b, 'SPV_NV_shader_subgroup_partitioned');
  const subgroup = () => t.uintConst(ScopeId.Subgroup);
  const emit = (opcode: number, operands: number[], type: Type = e.type): number => {
    const id = b.id();
    fe.f.emit(opcode, [t.type(type), id, ...operands]);
    return id;
  };
  const builtin = BUILTIN_OF[name];
  if (builtin) {
    const variable = fe.builtinInput(builtin, UINT);
    const id = b.id();
    fe.f.emit(Op.Load, [t.type(UINT), id, variable]);
    return id;
  }
  if (name === 'WaveIsFirstLane') return emit(Op.GroupNonUniformElect, [subgroup()]);
  const args = e.args.map((a) => fe.expr(a));
  const ballot = () => emit(Op.GroupNonUniformBallot, [subgroup(), args[0]!], vector(UINT, 4));
  switch (name) {
    case 'WaveActiveAnyTrue':
      return emit(Op.GroupNonUniformAny, [subgroup(), args[0]!]);
    case 'WaveActiveAllTrue':
      return emit(Op.GroupNonUniformAll, [subgroup(), args[0]!]);
    case 'WaveActiveBallot':
      return ballot();
    case 'WaveActiveCountBits':
      return emit(Op.GroupNonUniformBallotBitCount, [subgroup(), GroupOperation.Reduce, ballot()]);
    case 'WavePrefixCountBits':
      return emit(Op.GroupNonUniformBallotBitCount, [subgroup(), GroupOperation.ExclusiveScan, ballot()]);
    case 'WaveMatch':
      // No scope operand: the partition is always of the subgroup.
      return emit(Op.GroupNonUniformPartitionNV, [args[0]!]);
    case 'WaveReadLaneFirst':
      return emit(Op.GroupNonUniformBroadcastFirst, [subgroup(), args[0]!]);
    case 'WaveReadLaneAt': {
      // Before SPIR-V 1.5 OpGroupNonUniformBroadcast needs a constant lane; a dynamic one is a shuffle (as DXC).
      const dynamicAllowed = Number(b.version.split('.')[1]) >= 5;
      if (e.args[1]!.op === 'const' || dynamicAllowed) return emit(Op.GroupNonUniformBroadcast, [subgroup(), args[0]!, args[1]!]);
      b.capability(Capability.GroupNonUniformShuffle);
      return emit(Op.GroupNonUniformShuffle, [subgroup(), args[0]!, args[1]!]);
    }
    case 'QuadReadLaneAt':
      return emit(Op.GroupNonUniformQuadBroadcast, [subgroup(), args[0]!, args[1]!]);
    case 'QuadReadAcrossX':
    case 'QuadReadAcrossY':
    case 'QuadReadAcrossDiagonal':
      return emit(Op.GroupNonUniformQuadSwap, [subgroup(), args[0]!, t.uintConst(QuadDirection[name])]);
    case 'WaveActiveAllEqual': {
      // OpGroupNonUniformAllEqual yields one bool; HLSL compares each component of a vector.
      const at = e.args[0]!.type;
      if (at.kind !== 'vector') return emit(Op.GroupNonUniformAllEqual, [subgroup(), args[0]!], BOOL);
      const parts = Array.from({ length: at.size }, (_, i) => {
        const component = emit(Op.CompositeExtract, [args[0]!, i], at.element);
        return emit(Op.GroupNonUniformAllEqual, [subgroup(), component], BOOL);
      });
      return fe.construct(e.type, parts);
    }
  }
  const collective = COLLECTIVES[name];
  const opcode = collective?.ops[kindOf(elementScalar(e.type)!)];
  if (!collective || opcode === undefined) throw new Error(`internal: no SPIR-V mapping for wave intrinsic '${name}'`);
  return emit(opcode, [subgroup(), collective.group, ...args]);
}
