// printf → NonSemantic.DebugPrintf and DebugBreak → NonSemantic.DebugBreak (SPV_KHR_non_semantic_info), as DXC: the format is an OpString
// (one per distinct text), the call `OpExtInst %void %set 1 %format args…`. Drivers ignore it unless
// a debug-printf layer is on.
import type { IrExpr } from '../ir/ir.js';
import { Op } from '../spirv-spec/spec.js';
import { requireExtension } from './extensions.js';
import type { FunctionEmitter } from './function.js';

const DEBUG_PRINTF = 1;

export function emitPrintf(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'printf' }>): number {
  const { b, t } = fe;
  requireExtension(b, 'SPV_KHR_non_semantic_info');
  const set = b.extInstImport('NonSemantic.DebugPrintf');
  const strings = fe.m.debugStrings;
  let format = strings.get(e.format);
  if (format === undefined) strings.set(e.format, (format = b.string(e.format)));
  const args = e.args.map((a) => fe.expr(a));
  const id = b.id();
  fe.f.emit(Op.ExtInst, [t.void(), id, set, DEBUG_PRINTF, format, ...args]);
  return id;
}

/** DebugBreak() → NonSemantic.DebugBreak instruction 1, as DXC (SPV_KHR_non_semantic_info; a no-op without a debugger). */
export function emitDebugBreak(fe: FunctionEmitter): number {
  const { b, t } = fe;
  requireExtension(b, 'SPV_KHR_non_semantic_info');
  const set = b.extInstImport('NonSemantic.DebugBreak');
  const id = b.id();
  fe.f.emit(Op.ExtInst, [t.void(), id, set, 1]);
  return id;
}
