// The macros defined before the first line, as DXC defines them for SPIR-V output
// (tools/clang/lib/Frontend/InitPreprocessor.cpp, HLSL section), plus -D defines.
import { DiagnosticSink, type Loc } from '../diagnostics.js';
import { tokenizeAt } from '../lex/lexer.js';
import { makeToken } from '../lex/token.js';
import { BUILT_IN } from '../locations.js';
import type { ShaderStage } from '../common/stage.js';
import { parseDefine, type BuiltinMacro, type Macro, type MacroBodyToken } from './macro.js';
import type { PPToken } from './pp-token.js';

/**
 * DXC's `hlsl::DXIL::ShaderKind` numbering (DxilConstants.h), which the `__SHADER_STAGE_*` macros
 * and `__SHADER_TARGET_STAGE` use.
 */
export const SHADER_KIND: Readonly<Record<ShaderStage | 'library', number>> = {
  pixel: 0,
  vertex: 1,
  geometry: 2,
  hull: 3,
  domain: 4,
  compute: 5,
  library: 6,
  raygeneration: 7,
  intersection: 8,
  anyhit: 9,
  closesthit: 10,
  miss: 11,
  callable: 12,
  mesh: 13,
  amplification: 14,
  node: 15,
};

/** The stage constants DXC predefines (it has none for the ray tracing kinds). */
const STAGE_CONSTANTS: ReadonlyArray<[string, ShaderStage | 'library']> = [
  ['__SHADER_STAGE_VERTEX', 'vertex'],
  ['__SHADER_STAGE_PIXEL', 'pixel'],
  ['__SHADER_STAGE_GEOMETRY', 'geometry'],
  ['__SHADER_STAGE_HULL', 'hull'],
  ['__SHADER_STAGE_DOMAIN', 'domain'],
  ['__SHADER_STAGE_COMPUTE', 'compute'],
  ['__SHADER_STAGE_AMPLIFICATION', 'amplification'],
  ['__SHADER_STAGE_MESH', 'mesh'],
  ['__SHADER_STAGE_LIBRARY', 'library'],
];

/** Ray tracing stages have no `-T` profile of their own: DXC compiles them with `lib_6_x`. */
const RAY_TRACING_STAGES: ReadonlySet<string> = new Set(['raygeneration', 'intersection', 'anyhit', 'closesthit', 'miss', 'callable']);

const BUILTINS: ReadonlyArray<[string, BuiltinMacro]> = [
  ['__LINE__', 'line'],
  ['__FILE__', 'file'],
  ['__COUNTER__', 'counter'],
  ['_Pragma', 'pragma'],
  ['__has_feature', 'has_feature'],
];

/**
 * `__has_feature(name)` answers 1 for these (DXC's clang answers hlsl_vk_buffer_pointer when
 * compiling to SPIR-V, which this compiler always does); any other name is 0, as clang answers a
 * feature it does not know.
 */
export const HAS_FEATURE: ReadonlySet<string> = new Set(['hlsl_vk_buffer_pointer']);

/**
 * `__DXC_VERSION_*`: the DXC release whose behaviour this compiler follows (the reference snapshot's
 * utils/version/latest-release.json: 1.9.2607), so that version checks in engine code take DXC's branch.
 */
const DXC_VERSION: ReadonlyArray<[string, string]> = [
  ['__DXC_VERSION_MAJOR', '1'],
  ['__DXC_VERSION_MINOR', '9'],
  ['__DXC_VERSION_RELEASE', '2607'],
  ['__DXC_VERSION_COMMITS', '0'],
];

export interface PredefinedOptions {
  stage?: ShaderStage | 'library';
  shaderModel?: { major: number; minor: number };
  hlslVersion?: number;
  enable16BitTypes?: boolean;
  /** The SPIR-V version of the target environment (DXC: __SPIRV_MAJOR_VERSION__, __SPIRV_MINOR_VERSION__). Default 1.0. */
  spirvVersion?: { major: number; minor: number };
}

/** Name → value of the predefined object-like macros for these options. */
export function predefinedValues(options: PredefinedOptions): Array<[string, string]> {
  const model = options.shaderModel ?? { major: 6, minor: 0 };
  const values: Array<[string, string]> = [
    ['__hlsl_dx_compiler', '1'],
    ...DXC_VERSION,
    ['__HLSL_VERSION', String(options.hlslVersion ?? 2021)],
    ...STAGE_CONSTANTS.map(([name, stage]): [string, string] => [name, String(SHADER_KIND[stage])]),
  ];
  if (options.stage !== undefined) {
    const kind = RAY_TRACING_STAGES.has(options.stage) ? SHADER_KIND.library : SHADER_KIND[options.stage];
    values.push(['__SHADER_TARGET_STAGE', String(kind)]);
  }
  values.push(['__SHADER_TARGET_MAJOR', String(model.major)], ['__SHADER_TARGET_MINOR', String(model.minor)]);
  if (options.enable16BitTypes) values.push(['__HLSL_ENABLE_16_BIT', '1']);
  const spirv = options.spirvVersion ?? { major: 1, minor: 0 };
  values.push(['__spirv__', '1'], ['__SPIRV_MAJOR_VERSION__', String(spirv.major)], ['__SPIRV_MINOR_VERSION__', String(spirv.minor)]);
  return values;
}


// Built once at module load and never modified (the preprocessor copies macros into its own table
// and replaces, never edits, a Macro): each compile used to lex and parse every one of them again.
const BUILTIN_MACROS: ReadonlyArray<Macro> = BUILTINS.map(([name, builtin]) => Object.freeze({ name, loc: BUILT_IN, variadic: false, body: Object.freeze([]), builtin }));

/** The predefined macros whose value no option changes, by name. */
const FIXED_MACROS: ReadonlyMap<string, Macro> = new Map(
  [['__hlsl_dx_compiler', '1'], ...DXC_VERSION, ...STAGE_CONSTANTS.map(([name, stage]): [string, string] => [name, String(SHADER_KIND[stage])]), ['__HLSL_ENABLE_16_BIT', '1'], ['__spirv__', '1']].map(
    ([name, value]): [string, Macro] => [name!, builtInDefine(name!, value!)],
  ),
);

/** Builds the initial macro table: builtins, DXC's predefined macros, then the -D defines. */
export function initialMacros(options: PredefinedOptions, defines: Record<string, string> | undefined, sink: DiagnosticSink): Map<string, Macro> {
  const macros = new Map<string, Macro>();
  for (const macro of BUILTIN_MACROS) macros.set(macro.name, macro);
  for (const [name, value] of predefinedValues(options)) {
    const fixed = FIXED_MACROS.get(name);
    const macro = fixed !== undefined ? fixed : /^[0-9]+$/.test(value) ? numberMacro(name, value) : defineFromText(name, value, BUILT_IN, sink);
    if (macro) macros.set(macro.name, macro);
  }
  for (const [name, value] of Object.entries(defines ?? {})) {
    const text = `${name} ${value}`;
    const macro = defineFromText(name, value, sink.locations.file('<command line>', text), sink);
    if (macro) macros.set(macro.name, macro);
  }
  return macros;
}

/** A predefined macro of ours, parsed as -D text would be; ours are valid, so a diagnostic is a bug here. */
function builtInDefine(name: string, value: string): Macro {
  const sink = new DiagnosticSink();
  const macro = defineFromText(name, value, BUILT_IN, sink);
  if (macro === undefined || sink.items.length > 0) throw new Error(`predefined macro ${name} ${value} is invalid`);
  return deepFreeze(macro);
}

/** The macro and its tokens. */
function deepFreeze(macro: Macro): Macro {
  for (const t of macro.body) {
    Object.freeze(t.origin);
    Object.freeze(t);
  }
  Object.freeze(macro.body);
  return Object.freeze(macro);
}

/**
 * `#define name digits` without the lexer, for the predefined values options vary (versions, stage):
 * exactly the tokens and Macro that defineFromText makes of `name digits` (a name token at 1:1, one
 * number token after the space), which output-hashes checks.
 */
function numberMacro(name: string, digits: string): Macro {
  const nameTok = makeToken('identifier', name, BUILT_IN, false, true);
  const value = makeToken('number', digits, (BUILT_IN + name.length + 1) as Loc, true, false);
  const body: MacroBodyToken = {
    kind: 'number',
    text: digits,
    loc: value.loc,
    spaceBefore: false,
    lineStart: false,
    expandedFrom: undefined,
    param: -1,
    origin: { macro: name, loc: value.loc },
  };
  return { name, loc: nameTok.loc, params: undefined, variadic: false, body: [body], pastes: false };
}

/** `-D name=value` is `#define name value`; `name` may carry a parameter list (`-D 'F(x)=x'`). */
function defineFromText(name: string, value: string, base: Loc, sink: DiagnosticSink): Macro | undefined {
  const tokens: PPToken[] = tokenizeAt(`${name} ${value}`, base, sink).filter((t) => t.kind !== 'eof');
  // The parameter list must touch the name; the space we inserted goes before the value.
  const directive: PPToken = makeToken('identifier', 'define', base, false, false);
  return parseDefine(directive, tokens, sink);
}
