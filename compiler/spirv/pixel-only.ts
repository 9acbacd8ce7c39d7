// Instructions only a fragment shader may execute (OpIsHelperInvocationEXT for IsHelperLane): function
// code records the first one it emits, and each entry point whose call graph reaches one must be a pixel
// shader, else an error naming the construct (instead of a module spirv-val rejects).
import type { IrEntryPoint, IrFunction } from '../ir/ir.js';

export interface PixelOnlyUse {
  pixelOnly?: string;
  callees: ReadonlySet<IrFunction>;
}

export function pixelOnlyError(ep: IrEntryPoint, uses: ReadonlyMap<IrFunction, PixelOnlyUse>): string | undefined {
  if (ep.stage === 'pixel') return undefined;
  const seen = new Set<IrFunction>();
  const stack = [ep.function, ...(ep.staticInit ? [ep.staticInit] : [])];
  while (stack.length) {
    const fn = stack.pop()!;
    if (seen.has(fn)) continue;
    seen.add(fn);
    const use = uses.get(fn);
    if (!use) continue;
    if (use.pixelOnly) return `entry point '${ep.name}' uses ${use.pixelOnly}, which exists in pixel shaders only, not in the ${ep.stage} stage`;
    stack.push(...use.callees);
  }
  return undefined;
}
