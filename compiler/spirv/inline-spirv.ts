// Inline SPIR-V (vk::ext_instruction functions): the instruction as the source wrote it, with its
// result type and id unless it is a core instruction returning void; an extended-instruction set is
// imported by name. The function's ext_capability / ext_extension attributes are declared here, and
// for the subgroup (OpGroupNonUniform*) instructions the capabilities SPIR-V's instruction table
// gives them, as DXC's capability visitor does, so that a source leaving them out stays valid.
import { foldTree } from '../opt/fold-constants.js';
import type { IrExpr, SpirvRequirements } from '../ir/ir.js';
import type { FunctionEmitter } from './function.js';
import { Op } from '../spirv-spec/spec.js';
import { declareInlineCapability } from './inline-enablers.js';

export function declareRequirements(fe: FunctionEmitter, r: SpirvRequirements | undefined): void {
  if (!r) return;
  for (const c of r.capabilities) declareInlineCapability(fe.b, c);
  for (const e of r.extensions) fe.b.extension(e);
}

/** SPIR-V capabilities: GroupNonUniform and its Vote, Arithmetic, Ballot, Shuffle, ShuffleRelative, Clustered, Quad. */
const GNU = { base: 61, vote: 62, arithmetic: 63, ballot: 64, shuffle: 65, shuffleRelative: 66, clustered: 67, quad: 68 } as const;

/** OpGroupNonUniform* opcode ranges (333–366) → their capability; arithmetic ones by group operation. */
function subgroupCapability(opcode: number, operands: readonly { kind: string; value?: unknown }[]): number | undefined {
  if (opcode === 333) return GNU.base;
  if (opcode >= 334 && opcode <= 336) return GNU.vote;
  if (opcode >= 337 && opcode <= 344) return GNU.ballot;
  if (opcode === 345 || opcode === 346) return GNU.shuffle;
  if (opcode === 347 || opcode === 348) return GNU.shuffleRelative;
  if (opcode >= 349 && opcode <= 364) {
    const groupOperation = operands[1]?.kind === 'literal' ? Number(operands[1].value) : 0;
    return groupOperation === 3 ? GNU.clustered : GNU.arithmetic;
  }
  if (opcode === 365 || opcode === 366) return GNU.quad;
  return undefined;
}

/** OpConstantTrue, OpConstantFalse, OpConstant, OpConstantComposite, OpConstantNull: deduplicated like the compiler's own. */
const CONSTANT_OPCODES: ReadonlySet<number> = new Set([41, 42, 43, 44, 46]);

export function emitInlineSpirv(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'spirv' }>): number {
  const inst = e.instruction;
  declareRequirements(fe, inst.requirements);
  const subgroup = inst.set === undefined ? subgroupCapability(inst.opcode, inst.operands) : undefined;
  if (subgroup !== undefined) {
    fe.b.capability(GNU.base);
    fe.b.capability(subgroup);
  }
  // Operands folded first: a memory-semantics or scope id must be an OpConstant (`A | B` of macros is one).
  const operands = inst.operands.map((o) => {
    if (o.kind === 'value') return fe.expr(foldTree(o.value));
    if (o.kind === 'literal') return o.value >>> 0;
    return o.kind === 'type' ? fe.t.type(o.type) : fe.place(o.place).id;
  });
  const voidResult = e.type.kind === 'void';
  if (inst.set !== undefined) {
    const id = fe.b.id();
    fe.f.emit(Op.ExtInst, [fe.t.type(e.type), id, fe.b.extInstImport(inst.set), inst.opcode, ...operands]);
    return id;
  }
  if (CONSTANT_OPCODES.has(inst.opcode) && !voidResult) {
    // A constant instruction belongs to the module's global section, not a function body (DXC too).
    const typeId = fe.t.type(e.type);
    return fe.b.intern(`inline:${inst.opcode}:${typeId}:${operands.join(',')}`, inst.opcode, [typeId, ...operands], 1);
  }
  if (voidResult) {
    fe.f.emit(inst.opcode, operands);
    return 0;
  }
  const id = fe.b.id();
  fe.f.emit(inst.opcode, [fe.t.type(e.type), id, ...operands]);
  return id;
}
