// What one compile returns.
import type { Diagnostic } from './diagnostics.js';
import type { ShaderStage } from './common/stage.js';
import type { Reflection } from './reflect/types.js';

export interface CompiledEntryPoint {
  name: string;
  stage: ShaderStage;
  workgroupSize?: [number, number, number];
  /** Semantic as written → the HLSL parameter or member name of that stage input (`POSITION` → `position`). */
  inputNames?: Record<string, string>;
}

/**
 * The WGSL of a compile (target 'wgsl') and the pipeline it describes. `reflection` has the same
 * shape as the SPIR-V reflection and buffer layouts identical to it (byte for byte: the WGSL reads the
 * bytes the SPIR-V reads), so one generated writer fills buffers for both targets. It differs from the
 * SPIR-V reflection only where WebGPU needs it (see compiler/wgsl/bindings.ts):
 * - `bindings[].set`/`binding` are the WGSL `@group`/`@binding`;
 * - a sampler that shares its binding number with another resource (register(t1) + register(s1)) is
 *   moved to the first free binding of its group;
 * - push constants (WebGPU has none) become a `uniform-buffer` binding named after the block at
 *   `@group(G) @binding(0)`, G = one more than the highest group any other resource uses
 *   (WGSL_PUSH_CONSTANT_BINDING); `pushConstants` is then empty;
 * - `spirvVersion` is '' (there is no SPIR-V behind it).
 * A uniform buffer's WGSL type is a whole number of 16-byte rows, so the buffer bound to it must be
 * the block size rounded up to 16 bytes (this matters only under the dx and scalar rules, whose
 * block sizes need not be multiples of 16).
 */
export interface WgslOutput {
  code: string;
  reflection: Reflection;
}

export interface CompileResult {
  /** True when there is no error diagnostic; then the targeted outputs are set. */
  success: boolean;
  /**
   * One SPIR-V module holding every compiled entry point (one OpEntryPoint each); with a single
   * requested entry point (`-E`), exactly what DXC would produce for it. Set when 'spirv' is targeted.
   */
  spirv?: Uint32Array;
  /**
   * Reflection of the primary output: read back from `spirv` (compiler/reflect, never from the AST)
   * when 'spirv' is targeted; when only 'wgsl' is targeted, the same object as `wgsl.reflection`.
   */
  reflection?: Reflection;
  /** Set when 'wgsl' is targeted. */
  wgsl?: WgslOutput;
  entryPoints: CompiledEntryPoint[];
  /** Every file the preprocessor read, the main file first (absolute paths). */
  files: string[];
  /** Errors and warnings, in source order per stage. */
  diagnostics: Diagnostic[];
}

/** What preprocessSource (DXC's -P) returns: the preprocessed text when there were no errors. */
export interface PreprocessedSource {
  success: boolean;
  text?: string;
  /** Every file read, the main file first. */
  files: string[];
  diagnostics: Diagnostic[];
}
