// Rasterizer-ordered views (SPV_EXT_fragment_shader_interlock). The extension lets each invocation
// begin and end its critical section exactly once, in the entry point's uniform control flow: DXC
// wraps every access and leaves spirv-opt's interlock-placement pass to merge them; without that
// pass, a pixel entry point whose call graph reaches a rasterizer-ordered view runs all of its
// HLSL function inside one OpBeginInvocationInterlockEXT / OpEndInvocationInterlockEXT pair (the
// entry wrapper). The ordering is DXC's: per sample when the entry reads SV_SampleIndex, per
// shading-rate region when it reads SV_ShadingRate, else per pixel. Other stages have no interlock:
// an error.
import type { IrEntryPoint, IrFunction } from '../ir/ir.js';
import type { ModuleBuilder } from './builder.js';
import type { FunctionEmitter } from './function.js';
import { BuiltIn, Capability, Decoration, ExecutionMode, Op } from '../spirv-spec/spec.js';
import { reachableFunctions } from './entry-reach.js';

/** Runs `access` (which emits the accessing instructions), noting that the function needs the interlock when `ordered`. */
export function interlocked<T>(fe: FunctionEmitter, ordered: boolean | undefined, access: () => T): T {
  if (ordered) fe.interlock = true;
  return access();
}

/** The entry wrapper's critical section around the HLSL function (and the static initializers). */
export function beginInterlock(fe: FunctionEmitter): void {
  fe.f.emit(Op.BeginInvocationInterlockEXT, []);
}

export function endInterlock(fe: FunctionEmitter): void {
  fe.f.emit(Op.EndInvocationInterlockEXT, []);
}

interface InterlockUse {
  interlock?: boolean;
  callees: ReadonlySet<IrFunction>;
}

export function reachesInterlock(ep: IrEntryPoint, uses: ReadonlyMap<IrFunction, InterlockUse>): boolean {
  return [...reachableFunctions(ep, uses)].some((fn) => uses.get(fn)?.interlock);
}

/** The interlock orderings: the builtin input that selects each (none: per pixel), its capability and mode. */
const ORDERINGS = [
  { input: BuiltIn.SampleId, capability: Capability.FragmentShaderSampleInterlockEXT, mode: ExecutionMode.SampleInterlockOrderedEXT },
  { input: BuiltIn.ShadingRateKHR, capability: Capability.FragmentShaderShadingRateInterlockEXT, mode: ExecutionMode.ShadingRateInterlockOrderedEXT },
  { input: undefined, capability: Capability.FragmentShaderPixelInterlockEXT, mode: ExecutionMode.PixelInterlockOrderedEXT },
];

/**
 * The interlock execution mode of a pixel entry point that uses rasterizer-ordered views, chosen by
 * the builtins among its interface variables; an error message for other stages.
 */
export function declareInterlock(b: ModuleBuilder, entryId: number, ep: IrEntryPoint, uses: boolean, interfaceIds: readonly number[]): string | undefined {
  if (!uses) return undefined;
  if (ep.stage !== 'pixel') return `entry point '${ep.name}' uses a rasterizer-ordered view: only pixel shaders have a fragment interlock, not the ${ep.stage} stage`;
  const ordering = ORDERINGS.find(({ input }) => input === undefined || interfaceIds.some((id) => b.hasDecoration(id, Decoration.BuiltIn, input)))!;
  b.capability(ordering.capability);
  b.extension('SPV_EXT_fragment_shader_interlock');
  b.executionMode(entryId, ordering.mode);
  return undefined;
}
