// The middle end's pass manager: a pipeline per level, as DXC's. -fcgl: codegen only, nothing runs.
// -O0/-Od: legalisation only (dead resources when the checker resolved resources held in locals);
// the output is today's straightforward one. -O1…-O3 (default): the optimising passes (dead code, then
// dead resources again for what only it read), then the back
// ends' own optimised emission (compiler/spirv: entry inlining, values for single-store locals,
// dead code/type/constant/name compaction). Each pass mutates the module and says whether it
// changed anything; `afterPass` sees the module after every pass (the debug mode validates there).
import type { IrModule } from '../ir/ir.js';
import { eliminateDeadResources, eliminatesDeadResources, type DeadResourceOptions } from './dead-resources.js';
import { eliminateDeadFunctions } from './dead-functions.js';
import { foldConstants } from './fold-constants.js';
import { simplifyCfg } from './simplify-cfg.js';
import { eliminateDeadCode } from './dead-code.js';
import { elideGuards } from './guard-elision.js';

export interface Pass {
  name: string;
  run(module: IrModule): boolean;
}

export type PipelineOptions = DeadResourceOptions;

const deadResources = (options: PipelineOptions): Pass => ({
  name: 'dead-resources',
  run(module) {
    const out = eliminateDeadResources(module, options);
    if (out === module) return false;
    module.globals = out.globals;
    return true;
  },
});

/** The passes of the options' level, in order. */
export function pipelineFor(module: IrModule, options: PipelineOptions): Pass[] {
  if (options.codeGenHighLevel) return [];
  const legalize = eliminatesDeadResources(module, options) ? [deadResources(options)] : [];
  if ((options.optimizationLevel ?? 3) === 0) return legalize;
  return [
    ...legalize,
    { name: 'fold-constants', run: foldConstants },
    { name: 'simplify-cfg', run: simplifyCfg },
    { name: 'dead-code', run: eliminateDeadCode },
    // Again: resources only the dead code read.
    deadResources(options),
    { name: 'dead-functions', run: eliminateDeadFunctions },
    // Last: it judges operands as they will be emitted.
    { name: 'guard-elision', run: elideGuards },
  ];
}

/** Runs the options' pipeline over `module` (in place); returns it. */
export function optimizeModule(module: IrModule, options: PipelineOptions, afterPass?: (pass: string, module: IrModule, changed: boolean) => void): IrModule {
  for (const pass of pipelineFor(module, options)) {
    const changed = pass.run(module);
    afterPass?.(pass.name, module, changed);
  }
  return module;
}
