// Inline SPIR-V (vk::ext_instruction functions): the instruction as the source wrote it, with its
// result type and id unless it is a core instruction returning void; an extended-instruction set is
// imported by name. The function's ext_capability / ext_extension attributes are declared here.
import type { IrExpr, SpirvRequirements } from '../ir/ir.js';
import type { FunctionEmitter } from './function.js';
import { Op } from '../spirv-spec/spec.js';

export function declareRequirements(fe: FunctionEmitter, r: SpirvRequirements | undefined): void {
  if (!r) return;
  for (const c of r.capabilities) fe.b.capability(c);
  for (const e of r.extensions) fe.b.extension(e);
}

export function emitInlineSpirv(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'spirv' }>): number {
  const inst = e.instruction;
  declareRequirements(fe, inst.requirements);
  const operands = inst.operands.map((o) => (o.kind === 'value' ? fe.expr(o.value) : o.kind === 'literal' ? o.value >>> 0 : fe.place(o.place).id));
  const voidResult = e.type.kind === 'void';
  if (inst.set !== undefined) {
    const id = fe.b.id();
    fe.f.emit(Op.ExtInst, [fe.t.type(e.type), id, fe.b.extInstImport(inst.set), inst.opcode, ...operands]);
    return id;
  }
  if (voidResult) {
    fe.f.emit(inst.opcode, operands);
    return 0;
  }
  const id = fe.b.id();
  fe.f.emit(inst.opcode, [fe.t.type(e.type), id, ...operands]);
  return id;
}
