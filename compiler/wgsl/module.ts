// The WGSL module writer (work in progress on this branch).
import type { IrGlobal, IrModule } from '../ir/ir.js';
import type { LayoutRuleOption } from '../options.js';
import type { WgslBinding } from './bindings.js';
import { unsupported } from './errors.js';

export interface WgslWriteOptions {
  layoutRule: LayoutRuleOption;
  bindings: (g: IrGlobal) => WgslBinding;
}

export function writeWgslModule(_ir: IrModule, _options: WgslWriteOptions): string {
  throw unsupported('this compile (the WGSL writer is being built on branch wgsl)');
}
