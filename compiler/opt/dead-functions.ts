// Dead function elimination: functions no entry point reaches (helpers of other entry points, an
// unused library of functions in an include) leave the module, so no back end emits them. A library's
// export functions stay (other modules link to them).
import type { IrFunction, IrModule } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';

export function eliminateDeadFunctions(module: IrModule): boolean {
  const reached = new Set<IrFunction>();
  // A hull shader's wrapper also calls its patch-constant function.
  const stack = module.entryPoints.flatMap((ep) => [
    ep.function,
    ...(ep.staticInit ? [ep.staticInit] : []),
    ...('patchConstant' in ep ? [ep.patchConstant.function] : []),
  ]);
  // A library's export functions are roots of their own.
  stack.push(...(module.exports ?? []));
  while (stack.length) {
    const fn = stack.pop()!;
    if (reached.has(fn)) continue;
    reached.add(fn);
    walkStmts(fn.body, { expr: (e) => void (e.op === 'call' && stack.push(e.callee)) });
  }
  const kept = module.functions.filter((fn) => reached.has(fn));
  if (kept.length === module.functions.length) return false;
  module.functions = kept;
  return true;
}
