// What one compile returns.
import type { Diagnostic } from './diagnostics.js';
import type { ShaderStage } from './common/stage.js';
import type { Reflection } from './reflect/types.js';

export interface CompiledEntryPoint {
  name: string;
  stage: ShaderStage;
  workgroupSize?: [number, number, number];
}

export interface CompileResult {
  /** True when there is no error diagnostic; then `spirv` and `reflection` are set. */
  success: boolean;
  /**
   * One SPIR-V module holding every compiled entry point (one OpEntryPoint each); with a single
   * requested entry point (`-E`), exactly what DXC would produce for it.
   */
  spirv?: Uint32Array;
  /** Reflection read back from `spirv` (compiler/reflect), never from the AST. */
  reflection?: Reflection;
  entryPoints: CompiledEntryPoint[];
  /** Every file the preprocessor read, the main file first (absolute paths). */
  files: string[];
  /** Errors and warnings, in source order per stage. */
  diagnostics: Diagnostic[];
}
