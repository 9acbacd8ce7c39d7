// DXC's command-line options as data: spelling and argument form (from DXC's HLSLOptions.td), and
// what each does here — set a compile option, be accepted and ignored (only when it cannot change the
// SPIR-V's meaning), or fail as not supported yet. args.ts walks argv against this table.
import type { BindingShift, CompileTarget, DenormMode, HlslVersion, LayoutRuleOption, RegisterBinding, TargetEnv } from '../../compiler/index.js';
import type { WarningAction } from '../../compiler/warning-flags.js';

/** How an option takes its values, as DXC (LLVM OptTable) spells them. */
export type ArgForm =
  /** `-X` */
  | 'flag'
  /** `-X value` or `-Xvalue` */
  | 'joinedOrSeparate'
  /** `-X value` */
  | 'separate'
  /** `-Xvalue`; for DXC's `-name=value` options the name ends in `=` */
  | 'joined'
  /** `-X v1 … vN` (DXC MultiArg) */
  | 'multi';

export type OptionGroup = 'compile' | 'spirv' | 'output' | 'info' | 'ignored' | 'unsupported';

/** Everything one parseArgs call accumulates; owned by that call. */
export interface ArgState extends OutputRequests {
  cwd: string;
  inputs: string[];
  errors: string[];
  profile?: string;
  entry?: string;
  defines: Record<string, string>;
  includeDirs: string[];
  /** Every layout flag given, so conflicting ones can be reported. */
  layouts: { rule: LayoutRuleOption; flag: string }[];
  majorness: { value: 'row_major' | 'column_major'; flag: string }[];
  bindingShifts: BindingShift[];
  /** Spaces set to `all` per register kind, to reject mixing `all` with single spaces as DXC does. */
  shiftFlagsUsed: Record<BindingShift['registerKind'], string[][]>;
  bindGlobals?: { binding: number; set: number };
  /** `-fvk-bind-{resource,sampler,counter}-heap N M`. */
  heapBindings: Partial<Record<'resource' | 'sampler' | 'counter', { binding: number; set: number }>>;
  flattenResourceArrays?: boolean;
  /** `-fvk-bind-register` / `-vkbr` relations, in order. */
  bindRegister?: RegisterBinding[];
  autoBindingSpace?: number;
  targetEnv?: TargetEnv;
  hlslVersion?: HlslVersion;
  enable16BitTypes: boolean;
  /** Flags that map one-to-one onto a boolean compile option (-fvk-invert-y → invertY, …). */
  flags: Partial<Record<BooleanOption, true>>;
  denorm?: DenormMode;
  entryPointName?: string;
  /** `-fspv-extension=`, in order. */
  allowedExtensions?: string[];
  maxId?: number;
  stageIoOrder?: 'decl' | 'alpha';
  autoShiftBindings?: boolean;
  /** `-Wno-<flag>`, `-Werror=<flag>`, `-Wno-error=<flag>`, `-W<flag>`: per warning group, last one wins. */
  warningFlags: Record<string, WarningAction>;
  /** `-fspv-reflect`. */
  reflect?: boolean;
  /** `--dxc-arithmetic`. */
  dxcArithmetic?: boolean;
  /** `-Zi` / `-fspv-debug=file`, and `-Qstrip_debug` to drop them again. */
  debugInfo?: boolean;
  stripDebug?: boolean;
  optimizationLevel?: 0 | 1 | 2 | 3;
  codeGenHighLevel?: boolean;
  preserveBindings?: boolean;
  preserveInterface?: boolean;
  /** `-target wgsl` (Slang's spelling); SPIR-V otherwise (`-spirv` is the default). */
  target?: CompileTarget;
  /** `-P` and its `-Fi` file. */
  preprocess?: boolean;
  preprocessFile?: string;
}

/** What the command line asks for besides compile options: outputs and flags (state and result share them). */
export interface OutputRequests {
  /** `-Fo`: the SPIR-V binary. Without it the disassembly goes to stdout. */
  output?: string;
  /** `-Fc`: the disassembly. */
  disassemblyOutput?: string;
  /** `-Fe`: diagnostics instead of stderr. */
  diagnosticsOutput?: string;
  /** `--reflect`: reflection JSON. */
  reflectOutput?: string;
  /** `--dts`: `<input>.d.ts`. */
  dtsOutput?: boolean;
  /** `--emit-module`: the generated ES module. */
  moduleOutput?: string;
  /** `-Fo-dir`: compile every input, writing `<dir>/<input name>.spv` for each. */
  outputDir?: string;
  /** `-P`: preprocess only, to `-Fi <file>` (default: the input with extension `.i`). */
  preprocessOutput?: string;
  warningsAsErrors: boolean;
  noWarnings: boolean;
  help: boolean;
  version: boolean;
}

export interface OptionSpec {
  /** Full spelling with its dashes (`-T`, `-fspv-target-env=`, `--reflect`). */
  name: string;
  form: ArgForm;
  /** Number of values of a 'multi' option. */
  arity?: number;
  metavar?: string;
  group: OptionGroup;
  /** Usage text; for ignored options, why ignoring cannot change the SPIR-V. */
  help: string;
  apply?: (state: ArgState, values: string[], spelling: string) => void;
}

/** DXC's target environments (FeatureManager), in its order. */
const TARGET_ENVS: readonly TargetEnv[] = ['vulkan1.0', 'vulkan1.1', 'vulkan1.1spirv1.4', 'vulkan1.2', 'vulkan1.3', 'universal1.5'];
const COMPILE_TARGETS: readonly CompileTarget[] = ['spirv', 'wgsl'];
const HLSL_VERSIONS: readonly HlslVersion[] = [2016, 2017, 2018, 2021, '202x'];
const DENORM_MODES: readonly DenormMode[] = ['any', 'preserve', 'ftz'];

/** Compile options a flag turns on. */
export type BooleanOption =
  | 'invertY'
  | 'useDxPositionW'
  | 'supportNonzeroBaseVertex'
  | 'supportNonzeroBaseInstance'
  | 'useUnknownImageFormat'
  | 'ieeeStrict'
  | 'finiteMathOnly'
  | 'vulkanMemoryModel'
  | 'maximalReconvergence'
  | 'useLegacyBufferMatrixOrder'
  | 'packOptimized';

function flag(name: string, option: BooleanOption, help: string, group: OptionGroup = 'spirv'): OptionSpec {
  return { name, form: 'flag', group, help, apply: (s) => void (s.flags[option] = true) };
}
const MACRO_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_U32 = 0xffff_ffff;

/** A decimal integer in [0, 2^32), as DXC's binding and space numbers. */
export function parseUnsigned(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value <= MAX_U32 ? value : undefined;
}

function setLayout(rule: LayoutRuleOption) {
  return (state: ArgState, _values: string[], flag: string) => void state.layouts.push({ rule, flag });
}

function setMajorness(value: 'row_major' | 'column_major') {
  return (state: ArgState, _values: string[], flag: string) => void state.majorness.push({ value, flag });
}

/** `-fvk-{b,s,t,u}-shift N M` with DXC's checks and messages (handleVkShiftArgs). */
function shift(registerKind: BindingShift['registerKind']) {
  return (state: ArgState, values: string[], flag: string) => {
    const [shiftText, spaceText] = values as [string, string];
    const amount = parseUnsigned(shiftText);
    if (amount === undefined) {
      state.errors.push(`${/^-\d+$/.test(shiftText) ? 'negative' : 'invalid'} ${flag} argument: ${shiftText}`);
      return;
    }
    const space = spaceText === 'all' ? 'all' : parseUnsigned(spaceText);
    if (space === undefined) {
      state.errors.push(`${/^-\d+$/.test(spaceText) ? 'negative' : 'invalid'} ${flag} argument: ${spaceText}`);
      return;
    }
    const used = state.shiftFlagsUsed[registerKind];
    used.push(values);
    if (used.length > 1 && used.some(([, s]) => s === 'all')) {
      state.errors.push(`setting all sets via ${flag} argument should be used alone`);
      return;
    }
    // The manual: for the same space, the last option takes effect.
    state.bindingShifts = state.bindingShifts.filter((s) => !(s.registerKind === registerKind && s.space === space));
    state.bindingShifts.push({ registerKind, shift: amount, space });
  };
}

/** `-fvk-bind-register xX Y N M` (alias `-vkbr`): register(xX, spaceY) → binding N, set M; DXC's messages. */
/** `-fvk-bind-<kind>-heap <binding> <set>`. */
function heapBinding(kind: 'resource' | 'sampler' | 'counter') {
  return (s: ArgState, values: string[], flag: string): void => {
    const [binding, set] = values.map(parseUnsigned);
    const bad = values.find((v) => parseUnsigned(v) === undefined);
    if (binding === undefined || set === undefined) s.errors.push(`invalid ${flag} argument: ${bad}`);
    else s.heapBindings[kind] = { binding, set };
  };
}

function bindRegister(state: ArgState, values: string[], flag: string): void {
  const [register, spaceText, bindingText, setText] = values as [string, string, string, string];
  if (!/^[btsu]\d+$/i.test(register)) return void state.errors.push(`invalid ${flag} register: ${register}`);
  const space = parseUnsigned(spaceText);
  const binding = parseUnsigned(bindingText);
  const set = parseUnsigned(setText);
  if (space === undefined) return void state.errors.push(`invalid ${flag} space number: ${spaceText}`);
  if (binding === undefined) return void state.errors.push(`invalid ${flag} binding number: ${bindingText}`);
  if (set === undefined) return void state.errors.push(`invalid ${flag} set number: ${setText}`);
  (state.bindRegister ??= []).push({ register, space, binding, set });
}

function unsupported(name: string, form: ArgForm = 'flag', arity?: number): OptionSpec {
  return { name, form, arity, group: 'unsupported', help: '' };
}

/** `-On`: the last one given wins, as in DXC. */
function optimization(name: string, level: 0 | 1 | 2 | 3, help: string): OptionSpec {
  return { name, form: 'flag', group: 'compile', help, apply: (s) => void (s.optimizationLevel = level) };
}

function ignored(name: string, why: string, form: ArgForm = 'flag'): OptionSpec {
  return { name, form, group: 'ignored', help: why };
}

/**
 * Flags DXC also spells with `/` (HLSLOptions.td `Flag<["-", "/"]>`): `/Zpr` is `-Zpr`. Only whole
 * flags: a `/`-argument that is not one of these stays an input path.
 */
export const SLASH_FLAGS: ReadonlySet<string> = new Set([
  'O0', 'O1', 'O2', 'O3', 'Od', 'fcgl', 'flegacy-macro-expansion', 'pack-optimized', 'no-warnings', 'enable-16bit-types',
  'Vd', 'WX', 'Zi', 'Zpr', 'Zpc', 'Zss', 'Zsb', 'Gec', 'Ges', 'Gis', 'Gfa', 'Gfp', 'P', 'Qstrip_debug', 'Qembed_debug',
  'Qstrip_priv', 'Qstrip_rootsignature', 'Qstrip_reflect', 'nologo', 'res-may-alias', 'all-resources-bound',
]);

export const OPTION_TABLE: readonly OptionSpec[] = [
  // ---- compilation ----
  {
    name: '-T', form: 'joinedOrSeparate', metavar: '<profile>', group: 'compile',
    help: 'Target profile: vs, ps, gs, hs, ds, cs, ms, as or lib with a 6.x shader model (cs_6_0); lib compiles every entry point',
    apply: (s, [v]) => void (s.profile = v),
  },
  {
    name: '-E', form: 'joinedOrSeparate', metavar: '<name>', group: 'compile',
    help: 'Entry point name (default main; ignored with lib profiles, as in DXC)',
    apply: (s, [v]) => void (s.entry = v),
  },
  {
    name: '-D', form: 'joinedOrSeparate', metavar: '<name>[=<value>]', group: 'compile',
    help: 'Define macro (NAME alone defines it as 1)',
    apply: (s, [v]) => {
      const eq = v!.indexOf('=');
      const name = eq < 0 ? v! : v!.slice(0, eq);
      if (/^[A-Za-z_][A-Za-z0-9_]*\(/.test(name)) {
        s.errors.push(`function-like macro '${name}' in -D is not supported yet`);
      } else if (!MACRO_NAME.test(name)) {
        s.errors.push(`macro name '${name}' in -D ${v} is not an identifier`);
      } else {
        s.defines[name] = eq < 0 ? '1' : v!.slice(eq + 1);
      }
    },
  },
  {
    name: '-I', form: 'joinedOrSeparate', metavar: '<dir>', group: 'compile',
    help: 'Add directory to include search path',
    apply: (s, [v]) => void s.includeDirs.push(v!),
  },
  {
    name: '-HV', form: 'separate', metavar: '<version>', group: 'compile',
    help: 'HLSL language version: 2016, 2017, 2018, 2021 (default) or 202x (unsuffixed literals are int and float, as C++)',
    apply: (s, [v]) => {
      const version = HLSL_VERSIONS.find((h) => String(h) === v);
      if (version !== undefined) s.hlslVersion = version;
      else s.errors.push(`Unknown HLSL version: ${v}. Valid versions: ${HLSL_VERSIONS.join(', ')}`);
    },
  },
  {
    name: '-enable-16bit-types', form: 'flag', group: 'compile',
    help: 'Enable 16-bit types and disable min precision types (shader model 6.2+, HLSL 2018+)',
    apply: (s) => void (s.enable16BitTypes = true),
  },
  {
    name: '-fvk-auto-shift-bindings', form: 'flag', group: 'compile',
    help: 'Apply -fvk-{b,s,t,u}-shift to resources without register(), by the register type their kind implies',
    apply: (s) => void (s.autoShiftBindings = true),
  },
  {
    name: '-Zpr', form: 'flag', group: 'compile', help: 'Pack matrices in row-major order by default',
    apply: setMajorness('row_major'),
  },
  {
    name: '-Zpc', form: 'flag', group: 'compile', help: 'Pack matrices in column-major order by default (the default)',
    apply: setMajorness('column_major'),
  },
  flag('-Gis', 'ieeeStrict', 'Force IEEE strictness: no contraction of arithmetic (NoContraction), signed zeros, infinities and NaNs preserved (SignedZeroInfNanPreserve)', 'compile'),
  flag('-ffinite-math-only', 'finiteMathOnly', 'Assume no NaNs or infinities: min and max are FMin/FMax (their NaN result is undefined) instead of NMin/NMax', 'compile'),
  {
    name: '-denorm', form: 'joinedOrSeparate', metavar: '<mode>', group: 'compile',
    help: 'Denormal 32-bit floats: any (default), preserve (DenormPreserve) or ftz (DenormFlushToZero)',
    apply: (s, [v]) => {
      const mode = DENORM_MODES.find((m) => m === v);
      if (mode) s.denorm = mode;
      else s.errors.push(`Unsupported value '${v}' for denorm option.`);
    },
  },
  {
    name: '-WX', form: 'flag', group: 'compile', help: 'Treat warnings as errors',
    apply: (s) => void (s.warningsAsErrors = true),
  },
  {
    name: '-no-warnings', form: 'flag', group: 'compile', help: 'Suppress warnings',
    apply: (s) => void (s.noWarnings = true),
  },

  // ---- SPIR-V ----
  {
    name: '-spirv', form: 'flag', group: 'spirv', help: 'Generate SPIR-V code (the default; ignored beside -target wgsl)',
    apply: () => {},
  },
  {
    name: '-target', form: 'separate', metavar: '<target>', group: 'output',
    help: 'Output language: spirv (default) or wgsl (WebGPU; -Fo writes the WGSL text, --reflect the WGSL pipeline)',
    apply: (s, [v]) => {
      const target = COMPILE_TARGETS.find((t) => t === v);
      if (target) s.target = target;
      else s.errors.push(`unknown -target '${v}' (expected ${COMPILE_TARGETS.join(' or ')})`);
    },
  },
  {
    name: '-fspv-target-env=', form: 'joined', metavar: '<env>', group: 'spirv',
    help: 'Target environment: vulkan1.0 (default, SPIR-V 1.0), vulkan1.1 (1.3), vulkan1.1spirv1.4 (1.4), vulkan1.2 (1.5), vulkan1.3 (1.6) or universal1.5 (SPIR-V 1.5 without Vulkan)',
    apply: (s, [v]) => {
      const env = TARGET_ENVS.find((e) => e === v);
      if (env) s.targetEnv = env;
      else s.errors.push(`unknown SPIR-V target environment '${v}' (expected ${TARGET_ENVS.join(', ')})`);
    },
  },
  {
    name: '-fspv-extension=', form: 'joined', metavar: '<extension>', group: 'spirv',
    help: 'Allow only this SPIR-V extension (repeatable; KHR allows every SPV_KHR_* one): a module that needs another is an error naming it',
    apply: (s, [v]) => void (s.allowedExtensions ??= []).push(v!),
  },
  flag('-fvk-invert-y', 'invertY', 'Negate SV_Position.y before writing it in vertex shaders (DirectX clip space on Vulkan)'),
  flag('-fvk-use-dx-position-w', 'useDxPositionW', 'Reciprocate SV_Position.w when a pixel shader reads it (DirectX\'s w instead of Vulkan\'s 1/w)'),
  flag('-fvk-support-nonzero-base-vertex', 'supportNonzeroBaseVertex', 'SV_VertexID = VertexIndex - BaseVertex (starts at 0 in every draw, as DirectX)'),
  flag('-fvk-support-nonzero-base-instance', 'supportNonzeroBaseInstance', 'SV_InstanceID = InstanceIndex - BaseInstance (starts at 0 in every draw, as DirectX)'),
  flag('-fspv-use-unknown-image-format', 'useUnknownImageFormat', 'Storage images and texel buffers without [[vk::image_format]] get format Unknown instead of one inferred from the element type'),
  flag('-fspv-use-legacy-buffer-matrix-order', 'useLegacyBufferMatrixOrder', 'Matrices in byte-address buffers (Load<T>/Store<T>) are stored row by row, DXC\'s earlier assumption (default: column by column)'),
  flag('-pack-optimized', 'packOptimized', 'Pack stage variables into shared locations (Component decorations) assuming connecting stages declare identical signatures', 'compile'),
  flag('-pack_optimized', 'packOptimized', 'Alias of -pack-optimized', 'compile'),
  flag('-fspv-use-vulkan-memory-model', 'vulkanMemoryModel', 'Use the Vulkan memory model instead of GLSL450'),
  flag('-fspv-enable-maximal-reconvergence', 'maximalReconvergence', 'Declare MaximallyReconvergesKHR on every entry point (SPV_KHR_maximal_reconvergence)'),
  {
    name: '-fvk-stage-io-order=', form: 'joined', metavar: '{alpha|decl}', group: 'spirv',
    help: 'Assign stage input/output locations in declaration order (decl, the default) or by semantic name (alpha)',
    apply: (s, [v]) => {
      if (v === 'alpha' || v === 'decl') s.stageIoOrder = v;
      else s.errors.push(`unknown Vulkan stage I/O location assignment order: ${v}`);
    },
  },
  {
    name: '-fspv-max-id', form: 'separate', metavar: '<n>', group: 'spirv',
    help: 'Fail when the module\'s id bound exceeds <n>',
    apply: (s, [v], flag) => {
      const n = parseUnsigned(v!);
      if (n === undefined) s.errors.push(`invalid ${flag} argument: ${v}`);
      else s.maxId = n;
    },
  },
  {
    name: '-fspv-preserve-interface', form: 'flag', group: 'spirv',
    help: 'Keep stage inputs the entry point never reads (optimising, they are left out)',
    apply: (s) => void (s.preserveInterface = true),
  },
  {
    name: '-fspv-entrypoint-name=', form: 'joined', metavar: '<name>', group: 'spirv',
    help: 'Name of the entry point in the SPIR-V module (default: the HLSL function name)',
    apply: (s, [v]) => void (s.entryPointName = v),
  },
  {
    name: '-fspv-fix-func-call-arguments', form: 'flag', group: 'ignored',
    help: 'copies call arguments that are not variables into temporaries: every call here already passes copies in Function variables',
  },
  { name: '-fvk-use-dx-layout', form: 'flag', group: 'spirv', help: 'Use DirectX memory layout for Vulkan resources', apply: setLayout('dx') },
  { name: '-fvk-use-gl-layout', form: 'flag', group: 'spirv', help: 'Use strict OpenGL std140/std430 memory layout for Vulkan resources', apply: setLayout('gl') },
  { name: '-fvk-use-scalar-layout', form: 'flag', group: 'spirv', help: 'Use scalar memory layout for Vulkan resources', apply: setLayout('scalar') },
  {
    name: '-fvk-b-shift', form: 'multi', arity: 2, metavar: '<shift> <space>', group: 'spirv',
    help: 'Shift binding numbers of b registers in <space> (a number or all)', apply: shift('b'),
  },
  {
    name: '-fvk-s-shift', form: 'multi', arity: 2, metavar: '<shift> <space>', group: 'spirv',
    help: 'Shift binding numbers of s registers', apply: shift('s'),
  },
  {
    name: '-fvk-t-shift', form: 'multi', arity: 2, metavar: '<shift> <space>', group: 'spirv',
    help: 'Shift binding numbers of t registers', apply: shift('t'),
  },
  {
    name: '-fvk-u-shift', form: 'multi', arity: 2, metavar: '<shift> <space>', group: 'spirv',
    help: 'Shift binding numbers of u registers', apply: shift('u'),
  },
  {
    name: '-fvk-bind-globals', form: 'multi', arity: 2, metavar: '<binding> <set>', group: 'spirv',
    help: 'Place the $Globals cbuffer at descriptor set <set>, binding <binding>',
    apply: (s, values, flag) => {
      const [binding, set] = values.map(parseUnsigned);
      const bad = values.find((v) => parseUnsigned(v) === undefined);
      if (binding === undefined || set === undefined) s.errors.push(`invalid ${flag} argument: ${bad}`);
      else s.bindGlobals = { binding, set };
    },
  },
  {
    name: '-fvk-bind-resource-heap', form: 'multi', arity: 2, metavar: '<binding> <set>', group: 'spirv',
    help: 'Place the SM 6.6 ResourceDescriptorHeap at descriptor set <set>, binding <binding>', apply: heapBinding('resource'),
  },
  {
    name: '-fvk-bind-sampler-heap', form: 'multi', arity: 2, metavar: '<binding> <set>', group: 'spirv',
    help: 'Place the SM 6.6 SamplerDescriptorHeap at descriptor set <set>, binding <binding>', apply: heapBinding('sampler'),
  },
  {
    name: '-fvk-bind-counter-heap', form: 'multi', arity: 2, metavar: '<binding> <set>', group: 'spirv',
    help: 'Place the counters of structured buffers taken from ResourceDescriptorHeap at descriptor set <set>, binding <binding>', apply: heapBinding('counter'),
  },
  {
    name: '-fspv-flatten-resource-arrays', form: 'flag', group: 'spirv',
    help: 'Give each element of an array of resources its own binding (N consecutive bindings, as D3D registers)',
    apply: (s) => void (s.flattenResourceArrays = true),
  },
  {
    name: '-fvk-bind-register', form: 'multi', arity: 4, metavar: '<xX> <space> <binding> <set>', group: 'spirv',
    help: 'Bind the resource at register(xX, spaceY) to descriptor set <set>, binding <binding>', apply: bindRegister,
  },
  { name: '-vkbr', form: 'multi', arity: 4, metavar: '<xX> <space> <binding> <set>', group: 'spirv', help: 'Alias of -fvk-bind-register', apply: bindRegister },
  {
    name: '-auto-binding-space', form: 'separate', metavar: '<space>', group: 'spirv',
    help: 'Descriptor set of resources without an explicit space (default 0)',
    apply: (s, [v]) => {
      const space = parseUnsigned(v!);
      if (space === undefined) s.errors.push(`Unsupported value '${v}' for auto binding space.`);
      else s.autoBindingSpace = space;
    },
  },

  // ---- output ----
  {
    name: '-Fo', form: 'joinedOrSeparate', metavar: '<file>', group: 'output',
    help: 'Write the SPIR-V binary to <file> (without it, the disassembly goes to stdout)',
    apply: (s, [v]) => void (s.output = v),
  },
  {
    name: '-Fc', form: 'joinedOrSeparate', metavar: '<file>', group: 'output',
    help: 'Write the SPIR-V disassembly to <file>',
    apply: (s, [v]) => void (s.disassemblyOutput = v),
  },
  {
    name: '-Fe', form: 'joinedOrSeparate', metavar: '<file>', group: 'output',
    help: 'Write warnings and errors to <file> instead of stderr',
    apply: (s, [v]) => void (s.diagnosticsOutput = v),
  },
  {
    name: '--reflect', form: 'separate', metavar: '<file>', group: 'output',
    help: '(hlslc) Write the reflection (bindings, layouts, entry points) as JSON to <file>',
    apply: (s, [v]) => void (s.reflectOutput = v),
  },
  {
    name: '-Fo-dir', form: 'separate', metavar: '<dir>', group: 'output',
    help: '(hlslc) Compile each of several input files with the same options, writing <dir>/<name>.spv (.wgsl with -target wgsl) for each (for build scripts; arguments can also come from a response file, @<file>)',
    apply: (s, [v]) => void (s.outputDir = v),
  },
  {
    name: '-P', form: 'flag', group: 'output',
    help: 'Preprocess only: write the preprocessed source to <input>.i, or to the -Fi file (other outputs are not written)',
    apply: (s) => void (s.preprocess = true),
  },
  {
    name: '-Fi', form: 'joinedOrSeparate', metavar: '<file>', group: 'output',
    help: 'Preprocessed output file of -P',
    apply: (s, [v]) => void (s.preprocessFile = v),
  },
  {
    name: '--dts', form: 'flag', group: 'output',
    help: '(hlslc) Write <input>.d.ts, the declaration the bundler plugins generate for this shader (for tsc and editors before any build); alone, it takes many inputs and no -T (stages as the plugins find them)',
    apply: (s) => void (s.dtsOutput = true),
  },
  {
    name: '--emit-module', form: 'separate', metavar: '<file>', group: 'output',
    help: '(hlslc) Write the ES module the bundler plugins generate for this shader to <file>',
    apply: (s, [v]) => void (s.moduleOutput = v),
  },

  {
    name: '-fspv-reflect', form: 'flag', group: 'spirv',
    help: 'Emit reflection-only decorations (semantic strings, counter buffers, user types) with their SPV_GOOGLE_* extensions',
    apply: (s) => void (s.reflect = true),
  },
  {
    name: '--dxc-arithmetic', form: 'flag', group: 'spirv',
    help: '(hlslc) Emit DXC\'s bare integer division, remainder and float-to-integer instructions, whose results Vulkan leaves undefined for some inputs (default: the same results on every driver)',
    apply: (s) => void (s.dxcArithmetic = true),
  },
  {
    name: '-Zi', form: 'flag', group: 'spirv',
    help: 'Record the source file name in the module (OpString/OpSource); line information is not emitted',
    apply: (s) => void (s.debugInfo = true),
  },
  {
    name: '-fspv-debug=', form: 'joined', metavar: '<category>', group: 'spirv',
    help: 'Debug information: `file` records the source file name; source, line and tool add nothing yet',
    apply: (s, [v]) => void (v === 'file' && (s.debugInfo = true)),
  },
  {
    name: '-Qstrip_debug', form: 'flag', group: 'spirv',
    help: 'Strip debug information (the source file name)',
    apply: (s) => void (s.stripDebug = true),
  },

  // ---- information ----
  { name: '-help', form: 'flag', group: 'info', help: 'Display available options', apply: (s) => void (s.help = true) },
  { name: '--help', form: 'flag', group: 'info', help: 'Display available options', apply: (s) => void (s.help = true) },
  { name: '-?', form: 'flag', group: 'info', help: 'Display available options', apply: (s) => void (s.help = true) },
  { name: '--version', form: 'flag', group: 'info', help: 'Print the version', apply: (s) => void (s.version = true) },

  // ---- accepted and ignored: none of these can change what the SPIR-V means ----
  optimization('-O0', 0, 'Optimization level 0: unused resources stay unless resources had to be legalized'),
  optimization('-O1', 1, 'Optimization level 1 (unused resources, push constants and spec constants are removed)'),
  optimization('-O2', 2, 'Optimization level 2 (as -O1 here)'),
  optimization('-O3', 3, 'Optimization level 3, the default (as -O1 here)'),
  optimization('-Od', 0, 'Disable optimizations (as -O0)'),
  ignored('-Oconfig=', 'selects SPIRV-Tools optimizer passes only', 'joined'),
  ignored('-fspv-reduce-load-size', 'an optimization of composite loads'),
  {
    name: '-fcgl', form: 'flag', group: 'spirv', help: 'Code generation only, without legalization or optimization: unused resources stay',
    apply: (s) => void (s.codeGenHighLevel = true),
  },
  ignored('-Vd', 'disables validation only'),
  ignored('-Qembed_debug', 'embeds debug information; hlslc emits none'),
  ignored('-Qstrip_priv', 'strips DXIL container private data; SPIR-V has none'),
  ignored('-Qstrip_rootsignature', 'strips a DXIL root signature; SPIR-V has none'),
  ignored('-Zss', 'DXIL shader hash only'),
  ignored('-Zsb', 'DXIL shader hash only'),
  ignored('-fspv-print-all', 'prints optimizer passes; hlslc has none'),
  ignored('-nologo', 'copyright banner only'),
  ignored('-Qunused-arguments', 'diagnostics about arguments only'),
  {
    name: '-Wno-', form: 'joined', metavar: '<flag>', group: 'compile',
    help: 'Silence a warning group (each warning names its flag); -Wno-error=<flag> keeps it a warning',
    apply: (s, [v]) => void (v!.startsWith('error=') ? (s.warningFlags[v!.slice(6)] = 'warning') : (s.warningFlags[v!] = 'off')),
  },
  {
    name: '-Werror=', form: 'joined', metavar: '<flag>', group: 'compile',
    help: 'Report a warning group as errors',
    apply: (s, [v]) => void (s.warningFlags[v!] = 'error'),
  },
  ignored('-Wall', 'enables more warnings only'),
  ignored('-fdiagnostics-show-option', 'diagnostic formatting only'),
  ignored('-fno-diagnostics-show-option', 'diagnostic formatting only'),

  // ---- DXC options that would change the result and are not implemented ----
  unsupported('-fvk-allow-rwstructuredbuffer-arrays'),
  // MaximallyReconvergesKHR: the SPIRV-Tools here cannot validate it yet, so no test could check it.
  {
    name: '-fspv-preserve-bindings', form: 'flag', group: 'spirv', help: 'Keep every resource that has a descriptor binding, even when unused',
    apply: (s) => void (s.preserveBindings = true),
  },
  unsupported('-Gec'),
  unsupported('-Ges'),
  unsupported('-Gfa'),
  unsupported('-Gfp'),
  unsupported('-flegacy-macro-expansion'),
  unsupported('-flegacy-resource-reservation'),
  unsupported('-ignore-line-directives'),
  unsupported('-res-may-alias'),
  unsupported('-all-resources-bound'),
  unsupported('-exports', 'separate'),
  unsupported('-export-shaders-only'),
  unsupported('-default-linkage', 'separate'),
  unsupported('-precise-output', 'separate'),
  unsupported('-Fh', 'joinedOrSeparate'),
  unsupported('-Vn', 'joinedOrSeparate'),
  unsupported('-Fd', 'joinedOrSeparate'),
  unsupported('-Fre', 'separate'),
  unsupported('-Frs', 'separate'),
  unsupported('-Fsh', 'separate'),
  unsupported('-H'),
  unsupported('-Vi'),
  unsupported('-Cc'),
  unsupported('-Ni'),
  unsupported('-No'),
  unsupported('-Lx'),
  unsupported('-ast-dump'),
  unsupported('-dumpbin'),
  unsupported('-recompile'),
  unsupported('-Odump'),
  unsupported('-encoding', 'separate'),
  unsupported('-rootsig-define', 'separate'),
  unsupported('-setrootsignature', 'joinedOrSeparate'),
  unsupported('-Qstrip_reflect'),
  unsupported('-metal'),
];
