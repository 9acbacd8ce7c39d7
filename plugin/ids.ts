// Module ids of shader imports: `./a.hlsl?entry=PSMain&stage=pixel&define=QUALITY=2&spirv` (or `&wgsl`).
// The query selects what is compiled and what the module exports; anything a bundler appends for
// its own bookkeeping is ignored, anything else is an error (a typo must not silently do nothing).
import type { CompileTarget, EntryPointRequest, LayoutRuleOption, TargetEnv } from '../compiler/options.js';
import type { ShaderStage } from '../compiler/common/stage.js';

/** What the generated module exports. */
export type ShaderExportKind = 'module' | 'spirv' | 'layout';

export interface ShaderQuery {
  /** `?entry=a&stage=compute` (repeatable: entry/stage pairs in order). */
  entryPoints?: EntryPointRequest[];
  /** `?stage=pixel` alone: the stage of a file that marks no entry point (overrides its file name). */
  stage?: ShaderStage;
  /** `?define=NAME=VALUE` or `?define=NAME` (= '1'), repeatable. */
  defines: Record<string, string>;
  /** `?spirv`: default export is the binary; `?layout`: layouts and bindings only, no binary. */
  exportKind: ShaderExportKind;
  /**
   * `?wgsl`: this import compiles to WGSL only (the module exports `wgsl` and describes the WGSL
   * pipeline); `?spirv`: SPIR-V only. Absent: the plugin's `target` option.
   */
  targets?: CompileTarget[];
  layoutRule?: LayoutRuleOption;
  defaultMajorness?: 'row_major' | 'column_major';
  targetEnv?: TargetEnv;
}

export interface ShaderId {
  /** The file, without query. */
  file: string;
  /** The query with bundler parameters dropped, in its order (entry/stage pairs), "" or starting with "?". */
  canonicalQuery: string;
  query: ShaderQuery;
}

export class ShaderQueryError extends Error {
  override name = 'ShaderQueryError';
}

const STAGES: readonly ShaderStage[] = [
  'vertex', 'hull', 'domain', 'geometry', 'pixel', 'compute', 'mesh', 'amplification',
  'raygeneration', 'intersection', 'anyhit', 'closesthit', 'miss', 'callable',
];
const LAYOUT_RULES: readonly LayoutRuleOption[] = ['relaxed', 'dx', 'gl', 'scalar'];
const MAJORNESS: Readonly<Record<string, 'row_major' | 'column_major'>> = {
  row: 'row_major',
  row_major: 'row_major',
  column: 'column_major',
  column_major: 'column_major',
};
const TARGET_ENVS: readonly TargetEnv[] = ['vulkan1.0', 'vulkan1.1', 'vulkan1.1spirv1.4', 'vulkan1.2', 'vulkan1.3', 'universal1.5'];

/** Parameters bundlers add to ids (Vite's `?import`/`?t=`/`?v=`, webpack's `?used`); not ours. */
const BUNDLER_PARAMS: ReadonlySet<string> = new Set(['import', 't', 'v', 'used', 'direct', 'lang.hlsl']);

/** Queries other plugins own; ids carrying them are not shader imports (`a.hlsl?raw` is text). */
const FOREIGN_PARAMS: ReadonlySet<string> = new Set(['raw', 'url', 'inline', 'worker', 'sharedworker', 'no-inline']);

export function splitId(id: string): { file: string; search: string } {
  const q = id.indexOf('?');
  return q < 0 ? { file: id, search: '' } : { file: id.slice(0, q), search: id.slice(q) };
}

/** True when the id names a shader this plugin compiles (extension match and no foreign query). */
export function isShaderId(id: string, extensions: readonly string[]): boolean {
  if (id.startsWith('\0')) return false;
  const { file, search } = splitId(id);
  if (!extensions.some((ext) => file.endsWith(ext))) return false;
  for (const key of new URLSearchParams(search).keys()) if (FOREIGN_PARAMS.has(key)) return false;
  return true;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], param: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ShaderQueryError(`?${param}=${value}: expected one of ${allowed.join(', ')}`);
}

/** Parses a shader id; a bad query is an error naming the file it was written for. */
export function parseShaderId(id: string): ShaderId {
  try {
    return parseQuery(id);
  } catch (error) {
    const { file } = splitId(id);
    if (error instanceof ShaderQueryError && !error.message.startsWith(file)) throw new ShaderQueryError(`${file}: ${error.message}`);
    throw error;
  }
}

function parseQuery(id: string): ShaderId {
  const { file, search } = splitId(id);
  const params = new URLSearchParams(search);
  const query: ShaderQuery = { defines: {}, exportKind: 'module' };
  const entries = params.getAll('entry');
  const stages = params.getAll('stage');
  if (entries.length === 0 && stages.length === 1) query.stage = oneOf(stages[0]!, STAGES, 'stage');
  else if (entries.length !== stages.length) {
    throw new ShaderQueryError(
      `${id}: every ?entry= needs a ?stage= (got ${entries.length} entry and ${stages.length} stage parameters)`,
    );
  }
  if (entries.length > 0) {
    query.entryPoints = entries.map((name, i) => ({ name, stage: oneOf(stages[i]!, STAGES, 'stage') }));
  }
  for (const define of params.getAll('define')) {
    const eq = define.indexOf('=');
    const name = eq < 0 ? define : define.slice(0, eq);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new ShaderQueryError(`?define=${define}: "${name}" is not a macro name`);
    query.defines[name] = eq < 0 ? '1' : define.slice(eq + 1);
  }
  const spirv = params.has('spirv');
  const layout = params.has('layout');
  const wgsl = params.has('wgsl');
  if (spirv && layout) throw new ShaderQueryError(`${id}: ?spirv and ?layout exclude each other`);
  if (spirv && wgsl) throw new ShaderQueryError(`${id}: ?spirv and ?wgsl exclude each other (the plugin option \`target: ['spirv', 'wgsl']\` compiles both)`);
  query.exportKind = spirv ? 'spirv' : layout ? 'layout' : 'module';
  if (spirv) query.targets = ['spirv'];
  if (wgsl) query.targets = ['wgsl'];
  const rule = params.get('layoutRule');
  if (rule !== null) query.layoutRule = oneOf(rule, LAYOUT_RULES, 'layoutRule');
  const majorness = params.get('majorness');
  if (majorness !== null) {
    const value = MAJORNESS[majorness];
    if (!value) throw new ShaderQueryError(`?majorness=${majorness}: expected row_major or column_major`);
    query.defaultMajorness = value;
  }
  const env = params.get('targetEnv');
  if (env !== null) query.targetEnv = oneOf(env, TARGET_ENVS, 'targetEnv');

  const known = new Set(['entry', 'stage', 'define', 'spirv', 'wgsl', 'layout', 'layoutRule', 'majorness', 'targetEnv']);
  for (const key of params.keys()) {
    if (!known.has(key) && !BUNDLER_PARAMS.has(key)) {
      throw new ShaderQueryError(`${id}: unknown query parameter "${key}" (known: ${[...known].join(', ')})`);
    }
  }
  const canonical = new URLSearchParams();
  for (const [key, value] of params) if (known.has(key)) canonical.append(key, value);
  const text = canonical.toString();
  return { file, canonicalQuery: text === '' ? '' : `?${text}`, query };
}
