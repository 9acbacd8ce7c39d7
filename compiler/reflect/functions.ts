// Function bodies: which ids each function mentions, which functions it calls, and which resources
// feed depth-comparison sampling (the only SPIR-V trace of an HLSL SamplerComparisonState).
import { Op } from '../spirv-spec/spec.js';
import type { Instruction } from './binary.js';
import { forEachIdOperand } from './operands.js';
import type { TypeTable } from './type-table.js';

export interface FunctionInfo {
  id: number;
  inst: Instruction;
  calls: Array<{ callee: number; inst: Instruction }>;
  /** Every id an instruction of the body may refer to; globals are picked out of it later. */
  references: Set<number>;
}

/** Instructions whose result is derived from (points into, or carries) the value of listed operands. */
const derivedFrom: ReadonlyMap<number, readonly number[]> = new Map<number, readonly number[]>([
  [Op.Load, [3]],
  [Op.AccessChain, [3]],
  [Op.InBoundsAccessChain, [3]],
  [Op.PtrAccessChain, [3]],
  [Op.InBoundsPtrAccessChain, [3]],
  [Op.CopyObject, [3]],
  [Op.CopyLogical, [3]],
  [Op.SampledImage, [3, 4]],
  [Op.Image, [3]],
  [Op.Select, [4, 5]],
]);

/** Depth-comparison sampling instructions; word 3 is the sampled image. */
const comparisonSampling: ReadonlySet<number> = new Set([
  Op.ImageSampleDrefImplicitLod,
  Op.ImageSampleDrefExplicitLod,
  Op.ImageSampleProjDrefImplicitLod,
  Op.ImageSampleProjDrefExplicitLod,
  Op.ImageDrefGather,
  Op.ImageSparseSampleDrefImplicitLod,
  Op.ImageSparseSampleDrefExplicitLod,
  Op.ImageSparseSampleProjDrefImplicitLod,
  Op.ImageSparseSampleProjDrefExplicitLod,
  Op.ImageSparseDrefGather,
]);

export class FunctionBodies {
  readonly functions = new Map<number, FunctionInfo>();
  /** Ids (variables among them) whose value reaches a depth-comparison sampling instruction. */
  readonly comparisonSources = new Set<number>();
  private current: FunctionInfo | undefined;
  /** For each derived value, the ids it ultimately comes from (one id held as itself: no set per load). */
  private readonly sources = new Map<number, ReadonlySet<number> | number>();
  /** Adds an id to the open function's references (one closure, not one per instruction). */
  private readonly reference = (id: number) => void this.current!.references.add(id);

  constructor(private readonly types: TypeTable) {}

  get open(): boolean {
    return this.current !== undefined;
  }

  begin(inst: Instruction): void {
    if (this.current !== undefined) inst.fail('opens a function inside another function');
    const id = inst.word(2);
    inst.word(4);
    this.current = { id, inst, calls: [], references: new Set() };
    this.functions.set(id, this.current);
  }

  end(inst: Instruction): void {
    if (this.current === undefined) inst.fail('closes a function that was never opened');
    this.current = undefined;
  }

  add(inst: Instruction): void {
    const fn = this.current;
    if (fn === undefined) return;
    forEachIdOperand(inst, this.reference);
    if (inst.opcode === Op.FunctionCall) fn.calls.push({ callee: inst.word(3), inst });
    const operands = inst.opcode === Op.Phi ? phiValues(inst) : derivedFrom.get(inst.opcode);
    if (operands !== undefined && operands.length === 1) {
      // One source operand: the result shares its sources' set (sets are never changed once stored).
      const from = inst.word(operands[0]!);
      this.sources.set(inst.word(2), this.sources.get(from) ?? from);
    } else if (operands !== undefined && !this.types.isPlainData(inst.word(1))) {
      // A Phi or Select of plain data (a number merged at each branch) can never lead to a sampled
      // image, and the union of its operands' sources grows with every merge: a long shader's
      // accumulator merged at thousands of branches made this quadratic.
      const result = new Set<number>();
      for (const index of operands) for (const source of this.sourcesOf(inst.word(index))) result.add(source);
      this.sources.set(inst.word(2), result);
    }
    if (comparisonSampling.has(inst.opcode)) {
      for (const source of this.sourcesOf(inst.word(3))) this.comparisonSources.add(source);
    }
  }

  private sourcesOf(id: number): Iterable<number> {
    const sources = this.sources.get(id) ?? id;
    return typeof sources === 'number' ? [sources] : sources;
  }
}

/** OpPhi: <type> <result> (<value> <parent block>)*. */
function phiValues(inst: Instruction): number[] {
  const indices: number[] = [];
  for (let i = 3; i < inst.wordCount; i += 2) indices.push(i);
  return indices;
}
