// hlslc's command line: DXC's spellings (option-table.ts) turned into CompileOptions. Pure: no I/O;
// relative paths are resolved against the `cwd` argument.
import { basename, resolve } from 'node:path';
import type { CompileOptions, ShaderStage } from '../../compiler/index.js';
import { hlslVersionNumber } from '../../compiler/options.js';
import { OPTION_TABLE, SLASH_FLAGS, type ArgState, type OptionSpec, type OutputRequests } from './option-table.js';
import { parseProfile } from './profiles.js';

export interface ParsedArgs extends OutputRequests {
  /** Everything but `host` (hlslc adds its file system host). `filename` is the absolute input path. */
  options: CompileOptions;
  /** Absolute path of the HLSL input (one input, without -Fo-dir). */
  input?: string;
  /** Absolute paths of every input (with -Fo-dir: one or more). */
  inputs: string[];
  /** `--dts` for many inputs or without -T: `<input>.d.ts` for each, stages found as the plugins find them. */
  declarationsOnly?: boolean;
  /** Usage errors, each one line without the `hlslc: error: ` prefix. */
  errors: string[];
}

/** Exact-match options, and options that may carry their value glued on (longest spelling wins). */
interface Lookup {
  exact: ReadonlyMap<string, OptionSpec>;
  joinable: readonly OptionSpec[];
}

function buildLookup(table: readonly OptionSpec[]): Lookup {
  const exact = new Map<string, OptionSpec>();
  for (const spec of table) if (spec.form !== 'joined') exact.set(spec.name, spec);
  const joinable = table
    .filter((spec) => spec.form === 'joined' || spec.form === 'joinedOrSeparate')
    .sort((a, b) => b.name.length - a.name.length);
  return { exact, joinable };
}

const LOOKUP = buildLookup(OPTION_TABLE);

/** Profiles -fvk-invert-y is allowed with (besides lib). */
const INVERT_Y_STAGES: readonly ShaderStage[] = ['vertex', 'domain', 'geometry', 'mesh'];

function valueCount(spec: OptionSpec): number {
  switch (spec.form) {
    case 'flag':
      return 0;
    case 'multi':
      return spec.arity ?? 1;
    default:
      return 1;
  }
}

export function parseArgs(argv: readonly string[], cwd: string = process.cwd()): ParsedArgs {
  const state: ArgState = {
    cwd,
    inputs: [],
    errors: [],
    defines: {},
    includeDirs: [],
    layouts: [],
    majorness: [],
    bindingShifts: [],
    heapBindings: {},
    shiftFlagsUsed: { b: [], s: [], t: [], u: [] },
    enable16BitTypes: false,
    warningsAsErrors: false,
    noWarnings: false,
    warningFlags: {},
    flags: {},
    help: false,
    version: false,
  };

  for (let i = 0; i < argv.length; i++) {
    const given = argv[i]!;
    const arg = given.startsWith('/') && SLASH_FLAGS.has(given.slice(1)) ? `-${given.slice(1)}` : given;
    if (!arg.startsWith('-') || arg === '-') {
      state.inputs.push(arg);
      continue;
    }
    const exact = LOOKUP.exact.get(arg);
    let spec: OptionSpec;
    let values: string[];
    if (exact) {
      spec = exact;
      const count = valueCount(spec);
      values = argv.slice(i + 1, i + 1 + count);
      if (values.length < count) {
        state.errors.push(`argument to '${arg}' is missing (expected ${count} value${count === 1 ? '' : 's'})`);
        break;
      }
      i += count;
    } else {
      const joined = LOOKUP.joinable.find((s) => arg.startsWith(s.name));
      if (!joined) {
        state.errors.push(`unknown argument: '${arg}'`);
        continue;
      }
      spec = joined;
      values = [arg.slice(spec.name.length)];
    }
    const spelling = spec.name.endsWith('=') ? spec.name.slice(0, -1) : spec.name;
    if (spec.group === 'unsupported') {
      state.errors.push(`option '${spelling}' is not supported yet`);
    } else {
      spec.apply?.(state, values, spelling);
    }
  }

  return finish(state);
}

/** Cross-option checks, then the CompileOptions. */
function finish(state: ArgState): ParsedArgs {
  const { errors, cwd } = state;
  const options: CompileOptions = {};
  const result: ParsedArgs = {
    options,
    inputs: [],
    warningsAsErrors: state.warningsAsErrors,
    noWarnings: state.noWarnings,
    help: state.help,
    version: state.version,
    errors,
  };
  // As DXC: help and version win over every other problem.
  if (state.help || state.version) return result;

  result.inputs = state.inputs.map((f) => resolve(cwd, f));
  if (state.inputs.length === 0) errors.push('required input file argument is missing; use -help for usage');
  else if (state.outputDir !== undefined) checkManyFiles(state, result.inputs);
  else if (declarationsOnly(state)) result.declarationsOnly = true;
  else if (state.inputs.length > 1) {
    errors.push(`only one input file is supported without -Fo-dir, got ${state.inputs.map((f) => `'${f}'`).join(', ')}`);
  } else result.input = result.inputs[0];
  if (result.input) options.filename = result.input;

  let shaderModel: { major: number; minor: number } | undefined;
  let stage: ShaderStage | undefined;
  if (state.profile === undefined) {
    // Declarations as the plugins write them need no profile: each file's stage comes as in the plugins.
    if (!result.declarationsOnly) errors.push('target profile argument is missing (-T, e.g. -T cs_6_0; --dts alone needs none)');
  } else {
    const profile = parseProfile(state.profile);
    if (typeof profile === 'string') {
      errors.push(profile);
    } else {
      options.shaderModel = profile.shaderModel;
      shaderModel = profile.shaderModel;
      if (profile.stage) options.entryPoints = [{ name: state.entry ?? 'main', stage: profile.stage }];
      else options.library = true;
      stage = profile.stage;
    }
  }

  if (Object.keys(state.defines).length > 0) options.defines = state.defines;
  if (state.includeDirs.length > 0) options.includeDirs = state.includeDirs.map((dir) => resolve(cwd, dir));

  const layoutFlags = [...new Set(state.layouts.map((l) => l.flag))];
  if (layoutFlags.length > 1) errors.push(`cannot specify ${layoutFlags.join(' and ')} together`);
  else if (state.layouts.length > 0) options.layoutRule = state.layouts[0]!.rule;

  const majornessFlags = [...new Set(state.majorness.map((m) => m.flag))];
  if (majornessFlags.length > 1) errors.push('cannot specify -Zpr and -Zpc together');
  else if (state.majorness.length > 0) options.defaultMajorness = state.majorness[0]!.value;

  if (state.bindingShifts.length > 0) options.bindingShifts = state.bindingShifts;
  if (state.bindGlobals) options.bindGlobals = state.bindGlobals;
  if (state.heapBindings.resource) options.resourceHeapBinding = state.heapBindings.resource;
  if (state.heapBindings.sampler) options.samplerHeapBinding = state.heapBindings.sampler;
  if (state.heapBindings.counter) options.counterHeapBinding = state.heapBindings.counter;
  if (state.flattenResourceArrays) options.flattenResourceArrays = true;
  if (state.bindRegister) {
    // DXC (handleVkShiftArgs): the map and the shifts are exclusive, whatever their order.
    const kind = (['b', 't', 's', 'u'] as const).find((k) => state.shiftFlagsUsed[k].length > 0);
    if (kind) errors.push(`-fvk-${kind}-shift cannot be used together with -fvk-bind-register`);
    options.bindRegister = state.bindRegister;
  }
  if (state.autoBindingSpace !== undefined) options.autoBindingSpace = state.autoBindingSpace;
  if (state.targetEnv) options.targetEnv = state.targetEnv;
  if (state.hlslVersion !== undefined) options.hlslVersion = state.hlslVersion;
  if (state.autoShiftBindings) options.autoShiftBindings = true;
  // DXC: -WX wins over -no-warnings, so a warning cannot silently pass a -WX build; a group's own flag wins over both.
  const all = state.warningsAsErrors ? 'error' : state.noWarnings ? 'off' : undefined;
  if (all || Object.keys(state.warningFlags).length > 0) options.warnings = { ...(all ? { all } : {}), flags: { ...state.warningFlags } };
  if (state.reflect) options.reflect = true;
  if (state.dxcArithmetic) options.arithmetic = 'dxc';
  if (state.debugInfo && !state.stripDebug) options.debugInfo = true;
  if (state.optimizationLevel !== undefined) options.optimizationLevel = state.optimizationLevel;
  if (state.codeGenHighLevel) options.codeGenHighLevel = true;
  if (state.preserveBindings) options.preserveBindings = true;
  if (state.preserveInterface) options.preserveInterface = true;
  if (state.target) options.target = state.target;
  Object.assign(options, state.flags);
  if (state.denorm) options.denorm = state.denorm;
  if (state.entryPointName !== undefined) options.entryPointName = state.entryPointName;
  if (state.allowedExtensions) options.allowedExtensions = state.allowedExtensions;
  if (state.maxId !== undefined) options.maxId = state.maxId;
  if (state.stageIoOrder) options.stageIoOrder = state.stageIoOrder;
  // DXC (SpirvEmitter): the option names the stages whose SV_Position output it negates.
  if (state.flags.invertY && stage !== undefined && !INVERT_Y_STAGES.includes(stage)) {
    errors.push('-fvk-invert-y can only be used in VS/DS/GS/MS/Lib');
  }

  if (state.enable16BitTypes) {
    // DXC's rule and message (HLSLOptions.cpp); the default language version is 2021.
    if (hlslVersionNumber(state.hlslVersion) < 2018 || (shaderModel !== undefined && (shaderModel.major < 6 || shaderModel.minor < 2))) {
      errors.push('enable-16bit-types is only allowed for shader model >= 6.2 and HLSL Language >= 2018.');
    }
    options.enable16BitTypes = true;
  }

  const outputPath = (file: string | undefined) => (file === undefined ? undefined : resolve(cwd, file));
  result.output = outputPath(state.output);
  result.disassemblyOutput = outputPath(state.disassemblyOutput);
  result.diagnosticsOutput = outputPath(state.diagnosticsOutput);
  result.reflectOutput = outputPath(state.reflectOutput);
  result.moduleOutput = outputPath(state.moduleOutput);
  if (state.dtsOutput) result.dtsOutput = true;
  result.outputDir = outputPath(state.outputDir);
  // DXC: -P writes <input>.i (the input's extension replaced) unless -Fi names the file.
  if (state.preprocess && result.input) result.preprocessOutput = outputPath(state.preprocessFile) ?? result.input.replace(/(\.[^./]*)?$/, '.i');
  if (state.preprocess && state.outputDir !== undefined) errors.push('-P cannot be used with -Fo-dir');
  return result;
}

/** `<dir>/<name>.spv` (`.wgsl`) for an input: its file name without the extension. */
export function manyFilesOutputName(input: string, extension: 'spv' | 'wgsl' = 'spv'): string {
  return `${basename(input).replace(/\.[^.]*$/, '')}.${extension}`;
}

/**
 * `hlslc --dts a.hlsl b.frag.hlsl …` with no other output: declarations for many files (CI, editors),
 * each compiled as the bundler plugins compile it.
 */
function declarationsOnly(state: ArgState): boolean {
  return (
    state.dtsOutput === true &&
    [state.output, state.disassemblyOutput, state.reflectOutput, state.moduleOutput].every((o) => o === undefined) &&
    (state.inputs.length > 1 || state.profile === undefined)
  );
}

/** -Fo-dir: the single-file outputs make no sense, and two inputs must not write one output. */
function checkManyFiles(state: ArgState, inputs: readonly string[]): void {
  const single = [
    ['-Fo', state.output],
    ['-Fc', state.disassemblyOutput],
    ['--reflect', state.reflectOutput],
    ['--emit-module', state.moduleOutput],
    ['--dts', state.dtsOutput ? 'yes' : undefined],
  ].filter(([, value]) => value !== undefined);
  for (const [flag] of single) state.errors.push(`${flag} names one output file and cannot be used with -Fo-dir`);
  const seen = new Map<string, string>();
  for (const input of inputs) {
    const name = manyFilesOutputName(input);
    const other = seen.get(name);
    if (other !== undefined) state.errors.push(`'${other}' and '${input}' would both be written to ${name} in the -Fo-dir directory`);
    else seen.set(name, input);
  }
}
