// The SPIR-V back end behind the Backend interface: emit, then reflect the binary.
import type { Backend, SpirvCompile } from '../backend.js';
import type { IrModule } from '../ir/ir.js';
import type { ResolvedOptions } from '../options.js';
import { reflect } from '../reflect/index.js';
import { emitSpirv } from './emit.js';

export type { SpirvCompile };

export function compileSpirv(ir: IrModule, options: ResolvedOptions): SpirvCompile {
  const emitted = emitSpirv(ir, { targetEnv: options.targetEnv, layoutRule: options.layoutRule });
  const errors = emitted.errors.map((e) => (e.global ? { message: e.message, loc: e.global.loc, length: e.global.name.length } : { message: e.message }));
  if (errors.length) return { errors };
  return { errors, output: { spirv: emitted.spirv, reflection: reflect(emitted.spirv) } };
}

export const spirvBackend: Backend = {
  target: 'spirv',
  emit(_ir, context) {
    const { output, errors } = context.spirv();
    return output ? { errors, result: { spirv: output.spirv, reflection: output.reflection } } : { errors };
  },
};
