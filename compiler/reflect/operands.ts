// Just enough of the SPIR-V grammar to find, in any instruction, the id it defines and the operand words
// that may name another id. A full grammar is not needed: instructions default to
// `<result type> <result id> <id operands...>`, and the tables list the exceptions.
import { Op } from '../spirv-spec/spec.js';
import type { Instruction } from './binary.js';

/** Opcodes (not in Op) that are known types from extensions: result id in word 1. */
const TypeCooperativeMatrixKHR = 4456;
const TypeHitObjectNV = 5281;
const TypeCooperativeMatrixNV = 5358;
const TypePipeStorage = 322;

/** Instructions whose result id is word 1 (no result type). */
const resultOnly: ReadonlySet<number> = new Set([
  Op.String,
  Op.ExtInstImport,
  Op.DecorationGroup,
  Op.Label,
  Op.TypeVoid,
  Op.TypeBool,
  Op.TypeInt,
  Op.TypeFloat,
  Op.TypeVector,
  Op.TypeMatrix,
  Op.TypeImage,
  Op.TypeSampler,
  Op.TypeSampledImage,
  Op.TypeArray,
  Op.TypeRuntimeArray,
  Op.TypeStruct,
  Op.TypeOpaque,
  Op.TypePointer,
  Op.TypeFunction,
  Op.TypeEvent,
  Op.TypeDeviceEvent,
  Op.TypeReserveId,
  Op.TypeQueue,
  Op.TypePipe,
  Op.TypeRayQueryKHR,
  Op.TypeAccelerationStructureKHR,
  TypePipeStorage,
  TypeCooperativeMatrixKHR,
  TypeHitObjectNV,
  TypeCooperativeMatrixNV,
  // SPV_AMDX_shader_enqueue: a type, and a string constant without a result type.
  Op.TypeNodePayloadArrayAMDX,
  Op.ConstantStringAMDX,
]);

/** Instructions that define no id. */
const noResult: ReadonlySet<number> = new Set([
  Op.Nop,
  Op.SourceContinued,
  Op.Source,
  Op.SourceExtension,
  Op.Name,
  Op.MemberName,
  Op.Line,
  Op.NoLine,
  Op.Extension,
  Op.MemoryModel,
  Op.EntryPoint,
  Op.ExecutionMode,
  Op.ExecutionModeId,
  Op.Capability,
  Op.TypeForwardPointer,
  Op.FunctionEnd,
  Op.Store,
  Op.CopyMemory,
  Op.CopyMemorySized,
  Op.Decorate,
  Op.MemberDecorate,
  Op.DecorateId,
  Op.DecorateString,
  Op.MemberDecorateString,
  Op.GroupDecorate,
  Op.GroupMemberDecorate,
  Op.ImageWrite,
  Op.EmitVertex,
  Op.EndPrimitive,
  Op.EmitStreamVertex,
  Op.EndStreamPrimitive,
  Op.ControlBarrier,
  Op.MemoryBarrier,
  Op.AtomicStore,
  Op.LoopMerge,
  Op.SelectionMerge,
  Op.Branch,
  Op.BranchConditional,
  Op.Switch,
  Op.Kill,
  Op.Return,
  Op.ReturnValue,
  Op.Unreachable,
  Op.LifetimeStart,
  Op.LifetimeStop,
  Op.ModuleProcessed,
  Op.TerminateInvocation,
  Op.TraceRayKHR,
  Op.ExecuteCallableKHR,
  Op.IgnoreIntersectionKHR,
  Op.TerminateRayKHR,
  Op.RayQueryInitializeKHR,
  Op.RayQueryTerminateKHR,
  Op.RayQueryGenerateIntersectionKHR,
  Op.RayQueryConfirmIntersectionKHR,
  Op.EmitMeshTasksEXT,
  Op.SetMeshOutputsEXT,
  Op.BeginInvocationInterlockEXT,
  Op.EndInvocationInterlockEXT,
  Op.DemoteToHelperInvocation,
  Op.EnqueueNodePayloadsAMDX,
]);

const knownOpcodes: ReadonlySet<number> = new Set<number>(Object.values(Op));

const NO_WORDS: readonly number[] = Object.freeze([]);
const WORD_1: readonly number[] = Object.freeze([1]);
const WORD_2: readonly number[] = Object.freeze([2]);
const WORDS_1_2: readonly number[] = Object.freeze([1, 2]);

/**
 * The words (indices into the instruction) of the ids an instruction may define, those it has.
 * Exact for known opcodes; for unknown ones both candidate words (1 and 2), so that a valid module
 * using an extension is never reported as referencing an undefined id. Shared arrays: this runs
 * for every instruction of a module.
 */
export function definedIdWords(opcode: number): readonly number[] {
  if (noResult.has(opcode)) return NO_WORDS;
  if (resultOnly.has(opcode)) return WORD_1;
  if (knownOpcodes.has(opcode)) return WORD_2;
  return WORDS_1_2;
}

/** Operand words holding literals rather than ids: listed indices, and/or every index from `from` on. */
interface LiteralOperands {
  at?: readonly number[];
  from?: number;
}

const imageOperandsAt5: LiteralOperands = { at: [5] };
const imageOperandsAt6: LiteralOperands = { at: [6] };
const groupOperationAt4: LiteralOperands = { at: [4] };

const literalOperands: ReadonlyMap<number, LiteralOperands> = new Map<number, LiteralOperands>([
  [Op.Line, { from: 1 }],
  [Op.ExtInst, { at: [4] }],
  [Op.Function, { at: [3] }],
  [Op.Variable, { at: [3] }],
  [Op.Load, { from: 4 }],
  [Op.Store, { from: 3 }],
  [Op.CopyMemory, { from: 3 }],
  [Op.CopyMemorySized, { from: 4 }],
  [Op.VectorShuffle, { from: 5 }],
  [Op.CompositeExtract, { from: 4 }],
  [Op.CompositeInsert, { from: 5 }],
  [Op.LoopMerge, { from: 3 }],
  [Op.SelectionMerge, { from: 2 }],
  [Op.BranchConditional, { from: 4 }],
  [Op.Switch, { from: 3 }],
  [Op.ImageSampleImplicitLod, imageOperandsAt5],
  [Op.ImageSampleExplicitLod, imageOperandsAt5],
  [Op.ImageSampleProjImplicitLod, imageOperandsAt5],
  [Op.ImageSampleProjExplicitLod, imageOperandsAt5],
  [Op.ImageFetch, imageOperandsAt5],
  [Op.ImageRead, imageOperandsAt5],
  [Op.ImageSparseSampleImplicitLod, imageOperandsAt5],
  [Op.ImageSparseSampleExplicitLod, imageOperandsAt5],
  [Op.ImageSparseSampleProjImplicitLod, imageOperandsAt5],
  [Op.ImageSparseSampleProjExplicitLod, imageOperandsAt5],
  [Op.ImageSparseFetch, imageOperandsAt5],
  [Op.ImageSparseRead, imageOperandsAt5],
  [Op.ImageSampleDrefImplicitLod, imageOperandsAt6],
  [Op.ImageSampleDrefExplicitLod, imageOperandsAt6],
  [Op.ImageSampleProjDrefImplicitLod, imageOperandsAt6],
  [Op.ImageSampleProjDrefExplicitLod, imageOperandsAt6],
  [Op.ImageGather, imageOperandsAt6],
  [Op.ImageDrefGather, imageOperandsAt6],
  [Op.ImageSparseSampleDrefImplicitLod, imageOperandsAt6],
  [Op.ImageSparseSampleDrefExplicitLod, imageOperandsAt6],
  [Op.ImageSparseSampleProjDrefImplicitLod, imageOperandsAt6],
  [Op.ImageSparseSampleProjDrefExplicitLod, imageOperandsAt6],
  [Op.ImageSparseGather, imageOperandsAt6],
  [Op.ImageSparseDrefGather, imageOperandsAt6],
  [Op.ImageWrite, { at: [4] }],
  ...[
    Op.GroupIAdd,
    Op.GroupFAdd,
    Op.GroupFMin,
    Op.GroupUMin,
    Op.GroupSMin,
    Op.GroupFMax,
    Op.GroupUMax,
    Op.GroupSMax,
    Op.GroupNonUniformBallotBitCount,
    Op.GroupNonUniformIAdd,
    Op.GroupNonUniformFAdd,
    Op.GroupNonUniformIMul,
    Op.GroupNonUniformFMul,
    Op.GroupNonUniformSMin,
    Op.GroupNonUniformUMin,
    Op.GroupNonUniformFMin,
    Op.GroupNonUniformSMax,
    Op.GroupNonUniformUMax,
    Op.GroupNonUniformFMax,
    Op.GroupNonUniformBitwiseAnd,
    Op.GroupNonUniformBitwiseOr,
    Op.GroupNonUniformBitwiseXor,
    Op.GroupNonUniformLogicalAnd,
    Op.GroupNonUniformLogicalOr,
    Op.GroupNonUniformLogicalXor,
  ].map((op) => [op, groupOperationAt4] as [number, LiteralOperands]),
]);

/** Calls `visit` with every operand word of a function-body instruction that may be an id. */
export function forEachIdOperand(inst: Instruction, visit: (id: number) => void): void {
  const literals = literalOperands.get(inst.opcode);
  const end = literals?.from === undefined ? inst.wordCount : Math.min(literals.from, inst.wordCount);
  for (let i = 1; i < end; i++) {
    if (literals?.at?.includes(i)) continue;
    visit(inst.at(i));
  }
}
