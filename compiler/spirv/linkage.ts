// `export` functions (DXC: HLSLExportAttr): OpDecorate LinkageAttributes "name" Export and the
// Linkage capability, for a linker to resolve. Vulkan accepts no Linkage capability (nor a module
// without entry points), so such a module is only valid for a non-Vulkan environment (universal1.5,
// which DXC's tests of libraries use): for Vulkan the compile is refused, never emitted invalid.
import type { BackendError } from '../backend.js';
import type { IrModule } from '../ir/ir.js';
import type { TargetEnv } from '../options.js';
import { Capability, Decoration, Op } from '../spirv-spec/spec.js';
import { encodeString, type ModuleBuilder } from './builder.js';

/** LinkageType operand of LinkageAttributes. */
const EXPORT = 0;

export function declareLinkage(b: ModuleBuilder, fn: number, name: string): void {
  b.capability(Capability.Linkage);
  b.annotation(Op.Decorate, [fn, Decoration.LinkageAttributes, ...encodeString(name), EXPORT]);
}

/** Export functions (and a library with no entry point) under a Vulkan environment: one error each. */
export function linkageErrors(ir: IrModule, env: TargetEnv): BackendError[] {
  if (!env.startsWith('vulkan')) return [];
  const exported = new Set([...ir.functions, ...(ir.exports ?? [])].filter((fn) => fn.linkage));
  const errors: BackendError[] = [...exported].map((fn) => ({
    message: `export function '${fn.linkage!.name}' needs the Linkage capability (LinkageAttributes Export), which Vulkan (${env}) does not allow: compile with -fspv-target-env=universal1.5, or drop 'export'`,
    loc: fn.linkage!.loc,
    length: fn.linkage!.name.length,
  }));
  if (ir.entryPoints.length === 0 && errors.length === 0) errors.push({ message: `a module without entry points needs the Linkage capability, which Vulkan (${env}) does not allow` });
  return errors;
}
