// The functions an entry point runs: its HLSL function, the static initializers, and everything
// they call (the callees each FunctionEmitter noted).
import type { IrEntryPoint, IrFunction } from '../ir/ir.js';

export interface CallGraphNode {
  callees: ReadonlySet<IrFunction>;
}

export function reachableFunctions(ep: IrEntryPoint, nodes: ReadonlyMap<IrFunction, CallGraphNode>): Set<IrFunction> {
  const seen = new Set<IrFunction>();
  const stack = [ep.function, ...(ep.staticInit ? [ep.staticInit] : [])];
  while (stack.length) {
    const fn = stack.pop()!;
    if (seen.has(fn)) continue;
    seen.add(fn);
    stack.push(...(nodes.get(fn)?.callees ?? []));
  }
  return seen;
}
