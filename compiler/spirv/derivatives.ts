// Implicit derivatives (ddx/ddy/fwidth, implicit-LOD sampling, CalculateLevelOfDetail) per entry
// point. Vulkan allows them in fragment shaders, and in compute shaders that declare a derivative
// group (SPV_NV_compute_shader_derivatives). As DXC does for HLSL SM 6.6 derivatives in compute,
// the group follows numthreads: X divisible by 4 with Y = Z = 1 is a linear group, X and Y
// divisible by 2 a quad group; any other shape has no quads to take derivatives in.
import type { IrEntryPoint, IrFunction } from '../ir/ir.js';
import { Capability, ExecutionMode } from '../spirv-spec/spec.js';
import type { ModuleBuilder } from './builder.js';

/** What the function emitter recorded about one function. */
export interface DerivativeUse {
  /** The first construct that takes derivatives, if any. */
  derivative?: string;
  callees: ReadonlySet<IrFunction>;
}

/** The first derivative-taking construct in the entry point's call graph, or undefined. */
function reachedDerivative(ep: IrEntryPoint, uses: ReadonlyMap<IrFunction, DerivativeUse>): string | undefined {
  const seen = new Set<IrFunction>();
  const stack = [ep.function, ...(ep.staticInit ? [ep.staticInit] : [])];
  while (stack.length) {
    const fn = stack.pop()!;
    if (seen.has(fn)) continue;
    seen.add(fn);
    const use = uses.get(fn);
    if (!use) continue;
    if (use.derivative) return use.derivative;
    stack.push(...use.callees);
  }
  return undefined;
}

/**
 * Declares the derivative group a compute entry point needs; returns an error message where the
 * stage or the workgroup shape cannot have derivatives.
 */
export function declareDerivatives(b: ModuleBuilder, entryId: number, ep: IrEntryPoint, uses: ReadonlyMap<IrFunction, DerivativeUse>): string | undefined {
  const construct = reachedDerivative(ep, uses);
  if (!construct || ep.stage === 'pixel') return undefined;
  if (ep.stage !== 'compute') {
    return `entry point '${ep.name}' uses ${construct}, which needs derivatives: only pixel and compute shaders have them, not the ${ep.stage} stage`;
  }
  const [x, y, z] = ep.workgroupSize;
  // The NV extension, not DXC's default SPV_KHR_compute_shader_derivatives: same capability and
  // execution-mode numbers, and the one current validators and drivers know.
  b.extension('SPV_NV_compute_shader_derivatives');
  if (x % 4 === 0 && y === 1 && z === 1) {
    b.capability(Capability.ComputeDerivativeGroupLinearNV);
    b.executionMode(entryId, ExecutionMode.DerivativeGroupLinearNV);
  } else if (x % 2 === 0 && y % 2 === 0) {
    b.capability(Capability.ComputeDerivativeGroupQuadsNV);
    b.executionMode(entryId, ExecutionMode.DerivativeGroupQuadsNV);
  } else {
    return `entry point '${ep.name}' uses ${construct} in a compute shader with numthreads(${x}, ${y}, ${z}): derivatives need X divisible by 4 with Y = Z = 1, or X and Y both even`;
  }
  return undefined;
}
