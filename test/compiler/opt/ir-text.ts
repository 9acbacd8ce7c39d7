// Pass tests read as before → after: the checked IR of a small shader, printed (compiler/ir/print.ts).
import { expect } from 'vitest';
import { checkToIr } from '../../../compiler/compile.js';
import type { IrModule } from '../../../compiler/ir/ir.js';
import { printFunction } from '../../../compiler/ir/print.js';
import type { CompileOptions } from '../../../compiler/index.js';

/** The IR of `source` before any pass (a compute `main` unless options say otherwise). */
export function irOf(source: string, options: CompileOptions = {}): IrModule {
  const { ir, diagnostics } = checkToIr(source, { entryPoints: [{ name: 'main', stage: 'compute' }], ...options });
  expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
  return ir!;
}

/** The printed function `name` of the module. */
export function printed(module: IrModule, name = 'main'): string {
  const fn = module.functions.find((f) => f.name === name);
  if (!fn) throw new Error(`no function ${name}`);
  return printFunction(fn);
}
