// SM 6.6 8-bit packing as DXC emits it: through a 4-vector of 8-bit integers (Int8 capability),
// converted from/to the wider components (OpSConvert for signed ones, OpUConvert for unsigned) and
// bitcast from/to the packed uint.
import type { IrExpr } from '../ir/ir.js';
import { elementScalar } from '../types.js';
import type { FunctionEmitter } from './function.js';
import { Capability, Op } from '../spirv-spec/spec.js';

function bytes(fe: FunctionEmitter, signed: boolean): number {
  fe.b.capability(Capability.Int8);
  const byte = fe.b.intern(signed ? 'i8' : 'u8', Op.TypeInt, [8, signed ? 1 : 0], 0);
  return fe.b.intern(`v4:${byte}`, Op.TypeVector, [byte, 4], 0);
}

export function emitPacked8(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>): number {
  const emit = (opcode: number, type: number, operand: number) => {
    const id = fe.b.id();
    fe.f.emit(opcode, [type, id, operand]);
    return id;
  };
  const arg = fe.expr(e.args[0]!);
  if (e.name === 'pack8') {
    const signed = elementScalar(e.args[0]!.type)!.base === 'int';
    const v4 = emit(signed ? Op.SConvert : Op.UConvert, bytes(fe, signed), arg);
    return emit(Op.Bitcast, fe.t.type(e.type), v4);
  }
  const signed = e.name === 'unpack8s';
  const v4 = emit(Op.Bitcast, bytes(fe, signed), arg);
  return emit(signed ? Op.SConvert : Op.UConvert, fe.t.type(e.type), v4);
}
