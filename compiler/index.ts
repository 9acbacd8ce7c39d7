// The compiler's public surface: compile HLSL source to SPIR-V and/or WGSL, plus reflection.
export { compile, preprocessSource } from './compile.js';
export type { CompileOptions, CompileTarget, LayoutRuleOption, TargetEnv, HlslVersion, DenormMode, BindingShift, RegisterBinding, EntryPointRequest } from './options.js';
export type { CompileResult, CompiledEntryPoint, PreprocessedSource, WgslOutput } from './result.js';
export type { Diagnostic, Severity, SourceLocation } from './diagnostics.js';
export { formatDiagnostic, codeFrame } from './diagnostics.js';
export { WARNING_FLAGS, type WarningAction, type WarningFlag, type WarningPolicy } from './warning-flags.js';
export type { CompilerHost, IncludeResolution } from './host.js';
export { memoryHost } from './host.js';
export * from './reflect/types.js';
