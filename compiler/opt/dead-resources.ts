// Dead-resource elimination: the middle-end step that gives DXC's default output its resource list.
// DXC runs SPIRV-Tools' legalization and performance passes after codegen; their aggressive DCE
// drops every module-scope variable no entry point reaches (resources and their counters, push
// constants, `$Globals` when no loose uniform is read) and every unused specialization constant
// (DXC never sets preserve-spec-constants). Binding numbers were assigned before, as DXC assigns them
// before optimising, so the resources that stay keep their bindings.
//
// When it runs mirrors DXC (SpirvEmitter): -fcgl skips legalization and optimization: everything
// stays. -O0/-Od skip optimization, but legalization (whose DCE also drops dead globals) still runs
// when the code needed it: here, when the checker resolved resources held in locals, parameters or
// struct members. -fspv-preserve-bindings keeps every variable that has a descriptor binding.
import type { AddressSpace, IrFunction, IrGlobal, IrModule } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';

export interface DeadResourceOptions {
  /** DXC's optimization level (-O0 … -O3, -Od = 0); default 3. */
  optimizationLevel?: number;
  /** -fcgl: codegen only, no legalization. */
  codeGenHighLevel?: boolean;
  /** -fspv-preserve-bindings. */
  preserveBindings?: boolean;
}

/** The spaces of module-scope variables and values that DCE removes when nothing reads them. */
const REMOVABLE: ReadonlySet<AddressSpace> = new Set<AddressSpace>(['uniform', 'storage', 'handle', 'push-constant', 'spec-constant', 'shader-record']);

/** Whether DXC's pipeline for these options removes dead globals from this module. */
export function eliminatesDeadResources(module: IrModule, options: DeadResourceOptions): boolean {
  if (options.codeGenHighLevel) return false;
  return (options.optimizationLevel ?? 3) > 0 || !!module.legalizedResources;
}

export function eliminateDeadResources(module: IrModule, options: DeadResourceOptions): IrModule {
  if (!eliminatesDeadResources(module, options)) return module;
  const used = new Set<IrGlobal>(module.entryPoints.flatMap((ep) => ep.globals));
  // Export functions are reachable from other modules: what they (and their callees) use stays.
  const seen = new Set<IrFunction>();
  const reach = (fn: IrFunction): void => {
    if (seen.has(fn)) return;
    seen.add(fn);
    walkStmts(fn.body, {
      place: (p) => void (p.kind === 'global' && used.add(p.global)),
      expr: (e) => void (e.op === 'call' && reach(e.callee)),
    });
  };
  for (const fn of module.exports ?? []) reach(fn);
  const keep = (g: IrGlobal): boolean => used.has(g) || !REMOVABLE.has(g.space) || (!!options.preserveBindings && !!g.binding);
  const globals = module.globals.filter(keep);
  return globals.length === module.globals.length ? module : { ...module, globals };
}
