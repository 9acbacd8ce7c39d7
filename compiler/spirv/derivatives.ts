// Implicit derivatives (ddx/ddy/fwidth, implicit-LOD sampling, CalculateLevelOfDetail) per entry
// point. Vulkan allows them in fragment shaders, and in compute shaders that declare a derivative
// group (SPV_NV_compute_shader_derivatives; SPV_KHR_compute_shader_derivatives also in mesh and task
// shaders). As DXC does for HLSL SM 6.6 derivatives in compute,
// the group follows numthreads: X divisible by 4 with Y = Z = 1 is a linear group, X and Y
// divisible by 2 a quad group; any other shape has no quads to take derivatives in.
import type { IrEntryPoint, IrFunction } from '../ir/ir.js';
import { Capability, ExecutionMode, ExecutionModel } from '../spirv-spec/spec.js';
import type { ModuleBuilder } from './builder.js';
import { reachableFunctions } from './entry-reach.js';

/** What the function emitter recorded about one function. */
export interface DerivativeUse {
  /** The first construct that takes derivatives, if any. */
  derivative?: string;
  callees: ReadonlySet<IrFunction>;
}

/** The first derivative-taking construct in the entry point's call graph, or undefined. */
function reachedDerivative(ep: IrEntryPoint, uses: ReadonlyMap<IrFunction, DerivativeUse>): string | undefined {
  for (const fn of reachableFunctions(ep, uses)) {
    const derivative = uses.get(fn)?.derivative;
    if (derivative) return derivative;
  }
  return undefined;
}

/**
 * The extension that declares the derivative group: KHR where DXC's FeatureManager would pick it
 * (-fspv-extension names it or all KHR ones, or a mesh or task shader, which only it covers); else
 * NV, which DXC picks when named, and which Debian 12's validators and Mesa 22.3 know (DXC's own
 * default without -fspv-extension is KHR: a deliberate difference, same capability and mode numbers).
 */
function derivativeExtension(stage: IrEntryPoint['stage'], allowed: readonly string[] | undefined): 'SPV_KHR_compute_shader_derivatives' | 'SPV_NV_compute_shader_derivatives' {
  const khr = 'SPV_KHR_compute_shader_derivatives';
  if (stage === 'mesh' || stage === 'amplification') return khr;
  if (allowed && !allowed.includes('SPV_NV_compute_shader_derivatives') && (allowed.includes(khr) || allowed.includes('KHR'))) return khr;
  return 'SPV_NV_compute_shader_derivatives';
}

/**
 * Declares the derivative group a compute, mesh or task entry point needs; returns an error message
 * where the stage or the workgroup shape cannot have derivatives.
 */
export function declareDerivatives(b: ModuleBuilder, entryId: number, ep: IrEntryPoint, uses: ReadonlyMap<IrFunction, DerivativeUse>, allowed: readonly string[] | undefined, model: number): string | undefined {
  const construct = reachedDerivative(ep, uses);
  if (!construct || ep.stage === 'pixel') return undefined;
  if (ep.stage !== 'compute' && ep.stage !== 'mesh' && ep.stage !== 'amplification') {
    return `entry point '${ep.name}' uses ${construct}, which needs derivatives: only pixel, compute, mesh and amplification shaders have them, not the ${ep.stage} stage`;
  }
  if ((ep.stage === 'mesh' || ep.stage === 'amplification') && model !== ExecutionModel.MeshEXT && model !== ExecutionModel.TaskEXT) {
    // DXC emits them anyway (its tests skip validation with -Vd): SPIR-V forbids them in MeshNV/TaskNV.
    return `entry point '${ep.name}' uses ${construct}, which needs derivatives: the ${ep.stage} stage has them with SPV_EXT_mesh_shader (SPIR-V 1.4, e.g. -fspv-target-env=vulkan1.2 or later), not with SPV_NV_mesh_shader`;
  }
  const [x, y, z] = ep.workgroupSize;
  b.extension(derivativeExtension(ep.stage, allowed));
  // The KHR capabilities and modes have the NV ones' numbers.
  if (x % 4 === 0 && y === 1 && z === 1) {
    b.capability(Capability.ComputeDerivativeGroupLinearNV);
    b.executionMode(entryId, ExecutionMode.DerivativeGroupLinearNV);
  } else if (x % 2 === 0 && y % 2 === 0) {
    b.capability(Capability.ComputeDerivativeGroupQuadsNV);
    b.executionMode(entryId, ExecutionMode.DerivativeGroupQuadsNV);
  } else {
    return `entry point '${ep.name}' uses ${construct} in a ${ep.stage} shader with numthreads(${x}, ${y}, ${z}): derivatives need X divisible by 4 with Y = Z = 1, or X and Y both even`;
  }
  return undefined;
}
