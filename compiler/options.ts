// Options of one compile, named after DXC's SPIR-V command-line options (see bin/hlslc for the
// flag spelling of each). Defaults are DXC's.
import type { CompilerHost } from './host.js';
import type { ShaderStage } from './common/stage.js';

/** The four layout rule sets of the manual: vector-relaxed std140/std430 (default), -fvk-use-dx-layout, -fvk-use-gl-layout, -fvk-use-scalar-layout. */
export type LayoutRuleOption = 'relaxed' | 'dx' | 'gl' | 'scalar';

export type TargetEnv = 'vulkan1.0' | 'vulkan1.1' | 'vulkan1.2' | 'vulkan1.3';

/** What a compile produces: SPIR-V for Vulkan (the default), WGSL for WebGPU, or both from one IR. */
export type CompileTarget = 'spirv' | 'wgsl';

/** `-fvk-{b,s,t,u}-shift N M`: add N to register numbers of that kind in space M (or every space). */
export interface BindingShift {
  registerKind: 'b' | 's' | 't' | 'u';
  shift: number;
  space: number | 'all';
}

/** `-fvk-bind-register xX Y N M`: the resource at `register(xX, spaceY)` takes descriptor set M, binding N. */
export interface RegisterBinding {
  /** Register type and number, e.g. `t3`. */
  register: string;
  space: number;
  binding: number;
  set: number;
}

export interface EntryPointRequest {
  name: string;
  stage: ShaderStage;
}

export interface CompileOptions {
  /** Absolute path of the source (for `#include "…"` and diagnostics). Default `/input.hlsl`. */
  filename?: string;
  /** Reads included files. Without it only `virtualFiles` can be included. */
  host?: CompilerHost;
  /**
   * Entry points to compile (DXC `-E`/`-T`). When omitted, every function the file marks as an
   * entry point (`[shader("…")]`, or `[numthreads]` for compute) is compiled into one module.
   */
  entryPoints?: EntryPointRequest[];
  /** Shader model from `-T xs_M_N`; default 6.0. */
  shaderModel?: { major: number; minor: number };
  /** `-D NAME=VALUE`; `-D NAME` is `{ NAME: '1' }`. */
  defines?: Record<string, string>;
  /** `-I dir`, absolute. */
  includeDirs?: string[];
  /** Absolute path → text; resolved before the host (the plugin's virtual files). */
  virtualFiles?: Record<string, string>;
  /** Default 'relaxed'. */
  layoutRule?: LayoutRuleOption;
  /** `-Zpr` row_major / `-Zpc` column_major (DXC's default). */
  defaultMajorness?: 'row_major' | 'column_major';
  bindingShifts?: BindingShift[];
  /** `-fvk-auto-shift-bindings`: resources without register() get the shift of their implicit register kind. */
  autoShiftBindings?: boolean;
  /** `-fvk-bind-globals N M`: $Globals at binding N, set M. */
  bindGlobals?: { binding: number; set: number };
  /**
   * `-fvk-bind-register` (alias `-vkbr`): when given, every resource needs a register() found in this
   * list (DXC: it replaces every other binding assignment; only -fvk-bind-globals still applies).
   */
  bindRegister?: RegisterBinding[];
  /** `-auto-binding-space N`: set for resources without an explicit space. Default 0. */
  autoBindingSpace?: number;
  /** `-fspv-target-env=`; default vulkan1.0 as DXC. */
  targetEnv?: TargetEnv;
  /** `-enable-16bit-types`. */
  enable16BitTypes?: boolean;
  /** `-HV`; default 2021. */
  hlslVersion?: 2016 | 2017 | 2018 | 2021;
  /** Output(s) to produce (`-target wgsl`; `-spirv` is the default). Default 'spirv'; an array asks for several. */
  target?: CompileTarget | CompileTarget[];
}

/** The options after defaults: what the checker and the back ends read (resolved once per compile). */
export interface ResolvedOptions {
  filename: string;
  targets: CompileTarget[];
  layoutRule: LayoutRuleOption;
  targetEnv: TargetEnv;
  hlslVersion: 2016 | 2017 | 2018 | 2021;
}

/** Fills the defaults (DXC's), de-duplicates the targets; the one place defaults are decided. */
export function resolveOptions(options: CompileOptions, filename: string): ResolvedOptions {
  const asked = options.target === undefined ? ['spirv' as const] : Array.isArray(options.target) ? options.target : [options.target];
  return {
    filename,
    targets: [...new Set(asked.length ? asked : (['spirv'] as const))],
    layoutRule: options.layoutRule ?? 'relaxed',
    targetEnv: options.targetEnv ?? 'vulkan1.0',
    hlslVersion: options.hlslVersion ?? 2021,
  };
}
