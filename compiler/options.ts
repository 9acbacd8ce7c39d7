// Options of one compile, named after DXC's SPIR-V command-line options (see bin/hlslc for the
// flag spelling of each). Defaults are DXC's.
import type { CompilerHost } from './host.js';
import type { WarningPolicy } from './warning-flags.js';
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
  /**
   * For a file that marks no entry point: the stage of `main` (or of the functions whose outputs
   * name this stage). The plugin derives it from the file name (`x.frag.hlsl`, `fooPS.hlsl`, …).
   * Without it the stage comes from `main`'s outputs (SV_Position → vertex, SV_Target → pixel).
   */
  defaultStage?: ShaderStage;
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
  /**
   * Which warnings to report: per group (each warning names its flag, e.g. `vk-binding-overlap`;
   * see compiler/warning-flags.ts) 'off' | 'warning' | 'error', and `all` for every warning
   * (CLI `-Wno-<flag>`, `-Werror=<flag>`, `-WX`, `-no-warnings`).
   */
  warnings?: WarningPolicy;
  /** `-fspv-target-env=`; default vulkan1.0 as DXC. */
  targetEnv?: TargetEnv;
  /** `-enable-16bit-types`. */
  enable16BitTypes?: boolean;
  /** `-HV`; default 2021. */
  hlslVersion?: 2016 | 2017 | 2018 | 2021;
  /**
   * `-fspv-reflect`: also emit the reflection-only decorations DXC emits with it (semantic strings on
   * stage variables, the counter buffer of each RW/Append/Consume structured buffer, user types), which
   * declare SPV_GOOGLE_hlsl_functionality1, SPV_GOOGLE_decorate_string and SPV_GOOGLE_user_type. An
   * application must enable the matching device extensions to load such a module. Default off, as DXC.
   */
  reflect?: boolean;
  /**
   * `-Zi` / `-fspv-debug=file`: record the source file's name (OpString + OpSource). Off by default, as
   * DXC's default output, so builds are reproducible and carry no local paths.
   */
  debugInfo?: boolean;
  /**
   * Integer and conversion results where SPIR-V leaves them undefined. 'defined' (default): the same
   * numbers on every driver: `a / 0 = a`, `a % 0 = 0`, `INT_MIN / -1 = INT_MIN`, signed `%` with the
   * dividend's sign, float → integer saturating with NaN → 0 (WGSL's and D3D's definitions). 'dxc':
   * DXC's bare instructions, whose results then vary by driver. Shift amounts are masked to the bit
   * width in both, as HLSL and DXC do.
   */
  arithmetic?: 'defined' | 'dxc';
  /** The file name recorded with `debugInfo` (default `filename`); the plugin passes the path relative to its root. */
  debugSourceName?: string;
  /**
   * `-O0`…`-O3` (`-Od` is 0); default 3 as DXC. Above 0, resources, push constants and spec constants
   * that no entry point uses are not in the module (DXC's optimizer removes them); at 0 they stay
   * unless resources had to be legalized (DXC's legalization removes them too).
   */
  optimizationLevel?: 0 | 1 | 2 | 3;
  /**
   * `-fcgl`: DXC's codegen without legalization or optimization: unused resources stay. Resources in
   * locals are still resolved to their globals (DXC emits pointer-to-pointer code no Vulkan driver takes).
   */
  codeGenHighLevel?: boolean;
  /**
   * Debug mode of the middle end: called with the IR after every pass of the level's pipeline
   * (compiler/opt/pipeline.ts), e.g. to emit and validate it there.
   */
  afterPass?: (pass: string, module: import('./ir/ir.js').IrModule, changed: boolean) => void;
  /** `-fspv-preserve-bindings`: resources with a descriptor binding stay even when unused. */
  preserveBindings?: boolean;
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
  reflect: boolean;
  arithmetic: 'defined' | 'dxc';
  /** The file name OpString records (debug information), or undefined for none. */
  debugSourceName: string | undefined;
  /** Whether the optimising middle end and back-end cleanups run: -O1…-O3 (default) without -fcgl. */
  optimize: boolean;
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
    reflect: options.reflect ?? false,
    arithmetic: options.arithmetic ?? 'defined',
    debugSourceName: options.debugInfo ? (options.debugSourceName ?? filename) : undefined,
    optimize: (options.optimizationLevel ?? 3) > 0 && !options.codeGenHighLevel,
  };
}
