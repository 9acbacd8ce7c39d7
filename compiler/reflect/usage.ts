// Which entry points use which global variables: the entry point's interface list (all globals it
// uses from SPIR-V 1.4 on, only Input/Output before) plus every global its static call tree mentions.
import type { Instruction } from './binary.js';
import type { SpirvModule } from './module.js';

export class Usage {
  /** Per entry point (in declaration order): its name and the global ids it uses. */
  private readonly perEntryPoint: Array<{ name: string; globals: Set<number> }>;

  constructor(module: SpirvModule) {
    this.perEntryPoint = module.entryPoints.map((entry) => {
      const globals = new Set<number>();
      for (const id of entry.interface) {
        if (!module.variables.has(id)) entry.inst.fail(`interface %${id} is not a global variable`);
        globals.add(id);
      }
      for (const fn of callTree(module, entry.functionId, entry.inst)) {
        for (const id of fn.references) if (module.variables.has(id)) globals.add(id);
      }
      return { name: entry.name, globals };
    });
  }

  /** Names of the entry points using global `id`, in declaration order, without repeats. */
  usedBy(id: number): string[] {
    const names: string[] = [];
    for (const { name, globals } of this.perEntryPoint) {
      if (globals.has(id) && !names.includes(name)) names.push(name);
    }
    return names;
  }
}

/** The function `root` and every function it calls, directly or not. */
function callTree(module: SpirvModule, root: number, referrer: Instruction) {
  const { functions } = module.bodies;
  const rootFn = functions.get(root);
  if (rootFn === undefined) referrer.fail(`entry point function %${root} is not a function`);
  const reached = new Map([[root, rootFn]]);
  const pending = [rootFn];
  for (let fn = pending.pop(); fn !== undefined; fn = pending.pop()) {
    for (const call of fn.calls) {
      const { callee } = call;
      if (reached.has(callee)) continue;
      const calleeFn = functions.get(callee);
      const inst: Instruction = call.inst;
      if (calleeFn === undefined) inst.fail(`calls %${callee}, which is not a function`);
      reached.set(callee, calleeFn);
      pending.push(calleeFn);
    }
  }
  return reached.values();
}
