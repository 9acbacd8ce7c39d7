// The back-end interface: one per compile target, each consuming the same IR with the options
// resolved once (compile.ts picks them by `target`). A back end reports what it cannot express as
// errors; it never throws for user input.
import type { Loc } from './diagnostics.js';
import type { IrModule } from './ir/ir.js';
import type { CompileTarget, ResolvedOptions } from './options.js';
import type { Reflection } from './reflect/types.js';
import type { CompileResult } from './result.js';

export interface BackendError {
  message: string;
  /** Where the construct is; the compile's main file when unknown. */
  loc?: Loc;
  length?: number;
}

/** The SPIR-V back end's product for one IR: the binary and its reflection, or why not. */
export interface SpirvCompile {
  output?: { spirv: Uint32Array; reflection: Reflection };
  errors: BackendError[];
}

/** Shared by the back ends of one compile. */
export interface BackendContext {
  options: ResolvedOptions;
  /** The SPIR-V of this IR, emitted at most once per compile (the WGSL back end reflects it for layouts). */
  spirv(): SpirvCompile;
}

export interface BackendOutput {
  errors: BackendError[];
  /** The fields of the CompileResult this back end fills (spirv/reflection, wgsl). */
  result?: Partial<Pick<CompileResult, 'spirv' | 'reflection' | 'wgsl'>>;
}

export interface Backend {
  target: CompileTarget;
  emit(ir: IrModule, context: BackendContext): BackendOutput;
}
