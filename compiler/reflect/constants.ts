// Constants and specialization constants, and the evaluation of the scalar ones.
import { Op } from '../spirv-spec/spec.js';
import type { Instruction } from './binary.js';
import { decodeScalar, scalarKindOf } from './scalars.js';
import type { TypeTable } from './type-table.js';
import type { ScalarKind } from './types.js';

export interface ConstantDef {
  opcode: number;
  typeId: number;
  /** True for OpSpecConstant*: the value may be overridden at pipeline creation. */
  spec: boolean;
  inst: Instruction;
}

const constantOpcodes: ReadonlyMap<number, boolean> = new Map([
  [Op.ConstantTrue, false],
  [Op.ConstantFalse, false],
  [Op.Constant, false],
  [Op.ConstantComposite, false],
  [Op.ConstantNull, false],
  [Op.ConstantSampler, false],
  [Op.SpecConstantTrue, true],
  [Op.SpecConstantFalse, true],
  [Op.SpecConstant, true],
  [Op.SpecConstantComposite, true],
  [Op.SpecConstantOp, true],
]);

export function decodeConstant(inst: Instruction): ConstantDef | undefined {
  const spec = constantOpcodes.get(inst.opcode);
  if (spec === undefined) return undefined;
  inst.word(2); // result id must be present
  return { opcode: inst.opcode, typeId: inst.word(1), spec, inst };
}

export interface ScalarValue {
  kind: ScalarKind;
  value: number | bigint | boolean;
}

/** The (default) value of a scalar constant; undefined for composites and spec constant operations. */
export function scalarValue(constant: ConstantDef, types: TypeTable): ScalarValue | undefined {
  const type = types.get(constant.typeId, constant.inst);
  const kind = scalarKindOf(type.def);
  if (kind === undefined) return undefined;
  switch (constant.opcode) {
    case Op.ConstantTrue:
    case Op.SpecConstantTrue:
      return { kind, value: true };
    case Op.ConstantFalse:
    case Op.SpecConstantFalse:
      return { kind, value: false };
    case Op.ConstantNull:
      return { kind, value: kind === 'bool' ? false : kind.endsWith('64') && kind[0] !== 'f' ? 0n : 0 };
    case Op.Constant:
    case Op.SpecConstant:
      return { kind, value: decodeScalar(kind, constant.inst.wordsFrom(3), constant.inst) };
    default:
      return undefined;
  }
}
