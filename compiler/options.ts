// Options of one compile, named after DXC's SPIR-V command-line options (see bin/hlslc for the
// flag spelling of each). Defaults are DXC's.
import type { CompilerHost } from './host.js';
import type { WarningPolicy } from './warning-flags.js';
import type { ShaderStage } from './common/stage.js';

/** The four layout rule sets of the manual: vector-relaxed std140/std430 (default), -fvk-use-dx-layout, -fvk-use-gl-layout, -fvk-use-scalar-layout. */
export type LayoutRuleOption = 'relaxed' | 'dx' | 'gl' | 'scalar';

/** DXC's `-fspv-target-env=` values: the SPIR-V version and the validator environment of the module. */
export type TargetEnv = 'vulkan1.0' | 'vulkan1.1' | 'vulkan1.1spirv1.4' | 'vulkan1.2' | 'vulkan1.3' | 'universal1.5';

/** `-HV`: DXC's language versions; `'202x'` is the in-progress one (`__HLSL_VERSION` 2029). */
export type HlslVersion = 2016 | 2017 | 2018 | 2021 | '202x';

/** `-denorm`: 32-bit float denormals: `any` (the driver's choice, the default), kept, or flushed to zero. */
export type DenormMode = 'any' | 'preserve' | 'ftz';

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
  /**
   * `-T lib_6_x`: a library. Its entry points are the `[shader("…")]` functions only (none is
   * inferred), and its `export` functions are kept, decorated LinkageAttributes Export, even when no
   * entry point calls them; it may have no entry point at all (DXC).
   */
  library?: boolean;
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
   * `-fvk-bind-resource-heap N M`, `-fvk-bind-sampler-heap N M`, `-fvk-bind-counter-heap N M`: where the
   * SM 6.6 ResourceDescriptorHeap / SamplerDescriptorHeap (and the heap's structured-buffer counters)
   * go. Without them each used heap takes the lowest free binding of set 0 after every other resource.
   */
  resourceHeapBinding?: { binding: number; set: number };
  samplerHeapBinding?: { binding: number; set: number };
  counterHeapBinding?: { binding: number; set: number };
  /**
   * `-fspv-flatten-resource-arrays`: an array of N resources takes N consecutive bindings (one per
   * element, as D3D registers) instead of one descriptor array binding.
   */
  flattenResourceArrays?: boolean;
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
  /** `-HV`; default 2021. `'202x'` types unsuffixed literals as `int`/`float` (no literal types), as DXC. */
  hlslVersion?: HlslVersion;
  /** `-fvk-invert-y`: negate SV_Position.y before a vertex shader writes it (DirectX's y-up clip space on Vulkan). */
  invertY?: boolean;
  /** `-fvk-use-dx-position-w`: a pixel shader's SV_Position.w is the clip w (DirectX), not Vulkan's 1/w. */
  useDxPositionW?: boolean;
  /** `-fvk-support-nonzero-base-vertex`: SV_VertexID = VertexIndex - BaseVertex (counts from 0 in every draw, as DirectX). */
  supportNonzeroBaseVertex?: boolean;
  /** `-fvk-support-nonzero-base-instance`: SV_InstanceID = InstanceIndex - BaseInstance. */
  supportNonzeroBaseInstance?: boolean;
  /** `-fspv-use-legacy-buffer-matrix-order`: Load<T>/Store<T> of byte-address buffers read and write matrices row by row (default: column by column, as DXC). */
  useLegacyBufferMatrixOrder?: boolean;
  /** `-pack-optimized`: stage outputs (inputs of pixel shaders) share locations through Component decorations, as DXC packs them. */
  packOptimized?: boolean;
  /** `-fvk-stage-io-order=`: implicit stage-variable locations in declaration order (default) or by semantic name. */
  stageIoOrder?: 'decl' | 'alpha';
  /**
   * `-fspv-use-unknown-image-format`: storage images and texel buffers without a `[[vk::image_format]]`
   * get format Unknown (and the capabilities to read/write without a format) instead of one inferred from
   * the element type.
   */
  useUnknownImageFormat?: boolean;
  /** `-denorm`: DenormPreserve / DenormFlushToZero for 32-bit floats on every entry point. Default 'any'. */
  denorm?: DenormMode;
  /** `-Gis`: strict IEEE: no contraction of arithmetic (NoContraction), SignedZeroInfNanPreserve for 32-bit floats. */
  ieeeStrict?: boolean;
  /** `-ffinite-math-only`: min/max assume no NaN (FMin/FMax instead of NMin/NMax), as DXC. */
  finiteMathOnly?: boolean;
  /** `-fspv-use-vulkan-memory-model`: the Vulkan memory model instead of GLSL450. */
  vulkanMemoryModel?: boolean;
  /**
   * `-fspv-enable-maximal-reconvergence`: every entry point declares MaximallyReconvergesKHR
   * (SPV_KHR_maximal_reconvergence), so divergent invocations rejoin where the source's control flow does.
   */
  maximalReconvergence?: boolean;
  /** `-fspv-entrypoint-name=`: the SPIR-V name of the entry point (default: the HLSL function's name). */
  entryPointName?: string;
  /**
   * `-fspv-extension=`: the only SPIR-V extensions the module may declare (`KHR` allows every SPV_KHR_*
   * one). A module that needs another is an error naming it. Default: any extension the code needs.
   */
  allowedExtensions?: string[];
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
  /**
   * `-fspv-preserve-interface`: above -O0, stage inputs the entry point never reads stay declared
   * (by default they are left out as DXC's optimizer does; locations and builtins of the rest never move).
   */
  preserveInterface?: boolean;
  /** `-fspv-max-id N`: a module whose id bound exceeds N is an error. */
  maxId?: number;
  /** Output(s) to produce (`-target wgsl`; `-spirv` is the default). Default 'spirv'; an array asks for several. */
  target?: CompileTarget | CompileTarget[];
}

/** The options after defaults: what the checker and the back ends read (resolved once per compile). */
export interface ResolvedOptions {
  filename: string;
  targets: CompileTarget[];
  layoutRule: LayoutRuleOption;
  targetEnv: TargetEnv;
  /** DXC's number for the version (`__HLSL_VERSION`): 202x is 2029. */
  hlslVersion: number;
  reflect: boolean;
  invertY: boolean;
  useDxPositionW: boolean;
  supportNonzeroBaseVertex: boolean;
  supportNonzeroBaseInstance: boolean;
  stageIoOrder: 'decl' | 'alpha';
  packOptimized: boolean;
  useUnknownImageFormat: boolean;
  denorm: DenormMode;
  ieeeStrict: boolean;
  finiteMathOnly: boolean;
  vulkanMemoryModel: boolean;
  maximalReconvergence: boolean;
  entryPointName: string | undefined;
  /** Undefined: every extension the code needs is allowed. */
  allowedExtensions: readonly string[] | undefined;
  maxId: number | undefined;
  arithmetic: 'defined' | 'dxc';
  /** The file name OpString records (debug information), or undefined for none. */
  debugSourceName: string | undefined;
  /** Whether the optimising middle end and back-end cleanups run: -O1…-O3 (default) without -fcgl. */
  optimize: boolean;
  /** Unread stage inputs stay when optimising (`-fspv-preserve-interface`). */
  preserveInterface: boolean;
}

/** Fills the defaults (DXC's), de-duplicates the targets; the one place defaults are decided. */
export function resolveOptions(options: CompileOptions, filename: string): ResolvedOptions {
  const asked = options.target === undefined ? ['spirv' as const] : Array.isArray(options.target) ? options.target : [options.target];
  return {
    filename,
    targets: [...new Set(asked.length ? asked : (['spirv'] as const))],
    layoutRule: options.layoutRule ?? 'relaxed',
    targetEnv: options.targetEnv ?? 'vulkan1.0',
    hlslVersion: hlslVersionNumber(options.hlslVersion),
    reflect: options.reflect ?? false,
    invertY: options.invertY ?? false,
    useDxPositionW: options.useDxPositionW ?? false,
    supportNonzeroBaseVertex: options.supportNonzeroBaseVertex ?? false,
    supportNonzeroBaseInstance: options.supportNonzeroBaseInstance ?? false,
    stageIoOrder: options.stageIoOrder ?? 'decl',
    packOptimized: options.packOptimized ?? false,
    useUnknownImageFormat: options.useUnknownImageFormat ?? false,
    denorm: options.denorm ?? 'any',
    ieeeStrict: options.ieeeStrict ?? false,
    finiteMathOnly: options.finiteMathOnly ?? false,
    vulkanMemoryModel: options.vulkanMemoryModel ?? false,
    maximalReconvergence: options.maximalReconvergence ?? false,
    entryPointName: options.entryPointName,
    allowedExtensions: options.allowedExtensions,
    maxId: options.maxId,
    arithmetic: options.arithmetic ?? 'defined',
    debugSourceName: options.debugInfo ? (options.debugSourceName ?? filename) : undefined,
    optimize: (options.optimizationLevel ?? 3) > 0 && !options.codeGenHighLevel,
    preserveInterface: options.preserveInterface ?? false,
  };
}

/** DXC's number for a language version (HLSLVersion.h): 202x is 2029; the default is 2021. */
export function hlslVersionNumber(version: HlslVersion | undefined): number {
  return version === '202x' ? 2029 : (version ?? 2021);
}
