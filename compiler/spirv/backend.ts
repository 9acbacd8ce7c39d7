// The SPIR-V back end behind the Backend interface: emit, then reflect the binary.
import type { Backend, BackendError, SpirvCompile } from '../backend.js';
import type { IrExpr } from '../ir/ir.js';
import { isWaveIntrinsicName } from '../ir/intrinsics.js';
import { walkStmts } from '../ir/walk.js';
import type { IrModule } from '../ir/ir.js';
import type { ResolvedOptions } from '../options.js';
import { reflect } from '../reflect/index.js';
import { emitSpirv } from './emit.js';

export type { SpirvCompile };

export function compileSpirv(ir: IrModule, options: ResolvedOptions): SpirvCompile {
  const emitted = emitSpirv(ir, {
    targetEnv: options.targetEnv,
    layoutRule: options.layoutRule,
    reflect: options.reflect,
    arithmetic: options.arithmetic,
    optimize: options.optimize,
    ...(options.debugSourceName !== undefined ? { debugSourceName: options.debugSourceName } : {}),
  });
  const errors = emitted.errors.map((e) => (e.global ? { message: e.message, loc: e.global.loc, length: e.global.name.length } : { message: e.message }));
  if (errors.length) return { errors };
  return { errors, output: { spirv: emitted.spirv, reflection: reflect(emitted.spirv) } };
}

export const spirvBackend: Backend = {
  target: 'spirv',
  emit(ir, context) {
    // Checked only when SPIR-V is the output: the WGSL back end reflects the SPIR-V for layouts alone.
    const unavailable = targetEnvErrors(ir, context.options);
    if (unavailable.length) return { errors: unavailable };
    const { output, errors } = context.spirv();
    return output ? { errors, result: { spirv: output.spirv, reflection: output.reflection } } : { errors };
  },
};

/** Wave intrinsics are SPIR-V 1.3 group operations: Vulkan 1.1 or later (manual, wave intrinsics). */
function targetEnvErrors(ir: IrModule, options: ResolvedOptions): BackendError[] {
  if (options.targetEnv !== 'vulkan1.0') return [];
  const errors: BackendError[] = [];
  const visitor = {
    expr(e: IrExpr) {
      if (e.op !== 'intrinsic' || !isWaveIntrinsicName(e.name)) return;
      const error: BackendError = { message: `'${e.name}' requires Vulkan 1.1 (SPIR-V 1.3): compile with -fspv-target-env=vulkan1.1 or later` };
      errors.push(e.loc ? { ...error, loc: e.loc, length: e.name.length } : error);
    },
  };
  const functions = new Set([...ir.functions, ...ir.entryPoints.flatMap((ep) => (ep.staticInit ? [ep.staticInit] : []))]);
  for (const fn of functions) walkStmts(fn.body, visitor);
  return errors;
}
