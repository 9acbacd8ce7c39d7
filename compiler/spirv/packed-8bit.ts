// SM 6.4/6.6 8-bit packing and packed dot products as DXC emits them: through a 4-vector of 8-bit integers (Int8 capability),
// converted from/to the wider components (OpSConvert for signed ones, OpUConvert for unsigned) and
// bitcast from/to the packed uint.
import type { IrExpr } from '../ir/ir.js';
import { elementScalar } from '../types.js';
import type { FunctionEmitter } from './function.js';
import { Capability, Op } from '../spirv-spec/spec.js';
import { requireExtension } from './extensions.js';

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
  if (e.name === 'dot4u8packed' || e.name === 'dot4i8packed') {
    // OpUDot/OpSDot on packed 4x8-bit vectors (SPV_KHR_integer_dot_product, core in SPIR-V 1.6), as DXC.
    fe.b.capability(Capability.DotProductInput4x8BitPacked);
    fe.b.capability(Capability.DotProduct);
    requireExtension(fe.b, 'SPV_KHR_integer_dot_product');
    const id = fe.b.id();
    const PACKED_VECTOR_FORMAT_4X8_BIT = 0;
    fe.f.emit(e.name === 'dot4u8packed' ? Op.UDot : Op.SDot, [fe.t.type(e.type), id, arg, fe.expr(e.args[1]!), PACKED_VECTOR_FORMAT_4X8_BIT]);
    return id;
  }
  if (e.name === 'pack8') {
    const signed = elementScalar(e.args[0]!.type)!.base === 'int';
    const v4 = emit(signed ? Op.SConvert : Op.UConvert, bytes(fe, signed), arg);
    return emit(Op.Bitcast, fe.t.type(e.type), v4);
  }
  const signed = e.name === 'unpack8s';
  const v4 = emit(Op.Bitcast, bytes(fe, signed), arg);
  return emit(signed ? Op.SConvert : Op.UConvert, fe.t.type(e.type), v4);
}
