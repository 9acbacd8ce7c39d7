// Instructions only a fragment shader may execute (OpIsHelperInvocationEXT for IsHelperLane): function
// code records the first one it emits, and each entry point whose call graph reaches one must be a pixel
// shader, else an error naming the construct (instead of a module spirv-val rejects).
import type { IrEntryPoint, IrFunction } from '../ir/ir.js';
import { reachableFunctions } from './entry-reach.js';

export interface PixelOnlyUse {
  pixelOnly?: string;
  callees: ReadonlySet<IrFunction>;
}

export function pixelOnlyError(ep: IrEntryPoint, uses: ReadonlyMap<IrFunction, PixelOnlyUse>): string | undefined {
  if (ep.stage === 'pixel') return undefined;
  for (const fn of reachableFunctions(ep, uses)) {
    const pixelOnly = uses.get(fn)?.pixelOnly;
    if (pixelOnly) return `entry point '${ep.name}' uses ${pixelOnly}, which exists in pixel shaders only, not in the ${ep.stage} stage`;
  }
  return undefined;
}
