// The WGSL back end behind the Backend interface: capability check, then the module writer, then
// the WGSL pipeline's reflection (the SPIR-V reflection of the same IR with WebGPU's bindings).
import type { Backend } from '../backend.js';
import { WgslError } from './errors.js';
import { writeWgslModule } from './module.js';
import { inlineSpirvError } from './inline-spirv.js';
import { wgslReflection } from './bindings.js';
import { spirvOnlyOptionErrors } from './spirv-only-options.js';

export const wgslBackend: Backend = {
  target: 'wgsl',
  emit(ir, context) {
    const unsupported = spirvOnlyOptionErrors(context.options);
    if (unsupported.length) return { errors: unsupported };
    const spirv = context.spirv();
    // When SPIR-V is also targeted its back end reports these errors already.
    if (!spirv.output) return { errors: context.options.targets.includes('spirv') ? [] : spirv.errors };
    try {
      const inline = inlineSpirvError(ir);
      if (inline) throw inline;
      const remap = wgslReflection(ir, spirv.output.reflection);
      const code = writeWgslModule(ir, {
        layoutRule: context.options.layoutRule,
        bindings: remap.bindingOf,
        reflection: spirv.output.reflection,
        ...(context.options.debugSourceName !== undefined ? { debugSourceName: context.options.debugSourceName } : {}),
      });
      return { errors: [], result: { wgsl: { code, reflection: remap.reflection } } };
    } catch (e) {
      if (e instanceof WgslError) return { errors: [e.toBackendError()] };
      throw e;
    }
  },
};
