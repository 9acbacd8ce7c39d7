// Everything the plugin does, independent of any bundler: an id in, a JavaScript module out. The
// bundler adapters (index.ts) only say where SPIR-V assets go and pass errors and watch files on.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { CompileOptions, CompileTarget } from '../compiler/options.js';
import type { BackendOutput, CompileRequest, ShaderBackend } from './backend.js';
import { createBackend } from './backend.js';
import type { CompiledShader } from './cache.js';
import { cacheKey, sha256, ShaderCache, type FileHashes } from './cache.js';
import { generatorVersion, ModuleCache, moduleKey, SPIRV_URL_PLACEHOLDER, type CachedModule, type SpirvAsset } from './module-cache.js';
import type { GenerateInput, GeneratedModule, SpirvSource } from './codegen/index.js';
import type { BundlerMessage } from './errors.js';
import { ShaderCompileError, sourceReader, toBundlerMessage } from './errors.js';
import { hotAcceptCode, IncludeGraph } from './hmr.js';
import type { ShaderId } from './ids.js';
import { isShaderId, parseShaderId, splitId } from './ids.js';
import type { ResolvedOptions } from './options.js';
import { resolveOptions } from './options.js';
import { stageFromFileName } from './stage-conventions.js';
import { aliasKey, type IncludeAlias } from './include-resolution.js';
import { RUNTIME_SPECIFIER } from './runtime-path.js';
import { projectFiles } from './project-files.js';
import { QUERY_IMPORTS_DTS, QueryImportDeclarations, scanQueryImports } from './query-imports.js';

/** Where a SPIR-V module that is not inlined goes; returns JavaScript evaluating to its URL string. */
export type AssetEmitter = (fileName: string, bytes: Uint8Array, contentHash: string) => string;

export interface LoadContext {
  /** Absent where assets cannot be emitted (SSR dev, Vitest, esbuild without outdir): always inline. */
  emitAsset?: AssetEmitter;
  /** Dev server with HMR: the module accepts its own updates. */
  hot?: boolean;
}

export interface LoadedShader {
  code: string;
  dts: string;
  /** Every file the compile read: the bundler watches them. */
  watchFiles: string[];
  warnings: BundlerMessage[];
  /** False when the compiled result came from the memory or disk cache. */
  compiled: boolean;
}

export interface CoreDependencies {
  backend?: ShaderBackend;
  generate?: (input: GenerateInput) => GeneratedModule;
}

/** A compiled shader, the content hash of each file its compile read, and whether it compiled now (else a cache hit). */
interface CompileOutcome {
  shader: CompiledShader;
  fileHashes: FileHashes;
  compiled: boolean;
}

export interface CoreStats {
  /** Backend compiles started (cache misses). */
  compiles: number;
}

export class ShaderCore {
  readonly options: ResolvedOptions;
  readonly cache: ShaderCache;
  readonly modules: ModuleCache;
  readonly includes = new IncludeGraph();
  readonly stats: CoreStats = { compiles: 0 };
  private readonly backend: ShaderBackend;
  /** The embedder's generator (CoreDependencies.generate), else undefined: the built-in one. */
  private readonly customGenerate: ((input: GenerateInput) => GeneratedModule) | undefined;
  /**
   * The built-in generator, imported on the first module generated: a warm build, whose modules all
   * come from the module cache, never loads codegen/.
   */
  private codegen: Promise<typeof import('./codegen/index.js')> | undefined;
  /** Compiles under way by cache key: one shader imported twice in a build compiles once. */
  private readonly inFlight = new Map<string, Promise<CompileOutcome>>();
  /**
   * Content hashes of the files read by cache lookups since beginBuild(), until endBuild(): each
   * file is read once a build, however many shaders include it. Undefined outside a build (a dev
   * server, the API): every lookup reads the files again.
   */
  private buildHashes: Map<string, string | null> | undefined;
  /** generatorVersion(), read on the first load that uses the module cache. */
  private generator: string | undefined;

  /** `options`: see resolveOptions(); `deps` replace the backend or code generator (tests, embedders). */
  constructor(options: ResolvedOptions = resolveOptions(), deps: CoreDependencies = {}) {
    this.options = options;
    this.cache = new ShaderCache(this.options.cacheDir);
    this.modules = new ModuleCache(this.options.cacheDir);
    this.backend = deps.backend ?? createBackend(this.options);
    this.customGenerate = deps.generate;
  }

  /**
   * With the `dts` option: a `.d.ts` for every shader of the project at start-up, so TypeScript sees
   * exact types before the first import is bundled (kept in sync afterwards by each load). A shader
   * with errors is skipped here; importing it reports the error.
   */
  async writeProjectDts(): Promise<void> {
    if (this.options.dtsDir === undefined) return;
    for (const file of projectFiles(this.options.root, (name) => this.options.extensions.some((ext) => name.endsWith(ext)))) {
      try {
        // Placed as a build or dev server places it (inline under inlineLimit, else an asset), so the
        // declaration matches the module the bundler will generate; nothing is emitted here.
        await this.load(file, { emitAsset: () => 'undefined' });
      } catch {
        // reported when the shader is imported
      }
    }
    for (const { specifier, id } of scanQueryImports(this.options.root, this.options.extensions)) this.noteImport(specifier, id);
    for (const id of this.queryImports.ids()) {
      try {
        await this.load(id, { emitAsset: () => 'undefined' });
      } catch {
        // reported when the shader is imported
      }
    }
    await this.writeQueryImportsDts();
  }

  /** Declarations of imports with a query (`hlsl-imports.d.ts`), kept while the `dts` option is on. */
  private readonly queryImports = new QueryImportDeclarations();

  /**
   * A shader specifier as an import wrote it (the start-up scan, or the bundler's resolve hook while
   * it runs): with a query and the `dts` option on, it gets a declaration in `hlsl-imports.d.ts`.
   */
  noteImport(specifier: string, id: string): void {
    if (this.options.dtsDir === undefined || !specifier.includes('?') || !this.isShader(id)) return;
    try {
      const parsed = parseShaderId(id);
      if (parsed.canonicalQuery !== '') this.queryImports.add(specifier, parsed.file + parsed.canonicalQuery);
    } catch {
      // a bad query is reported when the shader is loaded
    }
  }

  private async writeQueryImportsDts(): Promise<void> {
    const dir = this.options.dtsDir;
    if (dir === undefined) return;
    const path = join(dir === '' ? this.options.root : dir, QUERY_IMPORTS_DTS);
    if (this.queryImports.size === 0 && !existsSync(path)) return;
    await writeIfChanged(path, this.queryImports.render());
  }

  /**
   * At the start of a build: when the module cache holds nothing on disk (a first build, a cleared
   * cache, or none kept), shaders will compile, so the backend starts its workers now and their
   * start-up overlaps the bundler's. A cache with entries starts nothing: a warm build compiles
   * nothing, and a miss starts the pool on demand.
   */
  prestartCompiles(): void {
    const folder = this.modules.folder;
    if (folder === undefined || !existsSync(folder)) this.backend.prestart?.();
  }

  /**
   * A build (one run of a bundler that reads each module once: a Rollup or Vite build, each rebuild
   * of a watch) starts: until endBuild(), cache lookups hash each file once. A file edited meanwhile
   * is the next build's, as for the bundler's own modules; the watcher's rebuild begins afresh.
   */
  beginBuild(): void {
    this.buildHashes = new Map();
  }

  endBuild(): void {
    this.buildHashes = undefined;
  }

  /** Includes the bundler's asynchronous resolve hook answered (learnIncludes), as exact aliases. */
  private readonly learnedIncludes: IncludeAlias[] = [];

  private includeAliases(): IncludeAlias[] {
    return this.learnedIncludes.length ? [...this.options.includeAliases, ...this.learnedIncludes] : this.options.includeAliases;
  }

  /**
   * After a compile failed on includes nothing synchronous found: asks the bundler's resolve hook
   * (Rollup's `this.resolve`, which aliases and other plugins answer) for each bare specifier, from
   * its including file, and remembers the answers. True when something new was learned (compile again).
   */
  async learnIncludes(error: unknown, resolveId: (spec: string, importer: string) => Promise<string | undefined>): Promise<boolean> {
    if (!(error instanceof ShaderCompileError)) return false;
    let learned = false;
    for (const d of error.diagnostics) {
      if (d.include === undefined || d.include.startsWith('.') || isAbsolute(d.include)) continue;
      if (this.learnedIncludes.some((a) => a.find === d.include)) continue;
      const resolved = await resolveId(d.include, d.file);
      const path = resolved === undefined ? undefined : splitId(resolved).file;
      if (path === undefined || !isAbsolute(path) || !existsSync(path)) continue;
      this.learnedIncludes.push({ find: d.include, replacement: path });
      learned = true;
    }
    return learned;
  }

  isShader(id: string): boolean {
    return isShaderId(id, this.options.extensions);
  }

  /** The compile options of one import: plugin options, then the query's overrides. */
  compileRequest(parsed: ShaderId, source: string): CompileRequest {
    const { query } = parsed;
    const base = this.options.compilerOptions;
    const options: Omit<CompileOptions, 'host' | 'filename'> = {
      ...base,
      defines: { ...base.defines, ...query.defines },
      ...(query.layoutRule ? { layoutRule: query.layoutRule } : {}),
      ...(query.defaultMajorness ? { defaultMajorness: query.defaultMajorness } : {}),
      ...(query.targetEnv ? { targetEnv: query.targetEnv } : {}),
      // Part of the options, so part of the cache key: each target set is its own entry.
      target: query.targets ?? this.options.targets,
    };
    const entryPoints = query.entryPoints ?? this.options.entryPoints;
    if (entryPoints) options.entryPoints = entryPoints;
    else {
      // For files that mark no entry point: `?stage=`, else what the file name says (x.frag.hlsl, fooPS.hlsl).
      const stage = query.stage ?? (this.options.stageFromFileName ? stageFromFileName(parsed.file) : undefined);
      if (stage) options.defaultStage = stage;
    }
    // Debug information names the file relative to the project, so builds match across machines.
    if (options.debugInfo) options.debugSourceName = relative(this.options.root, parsed.file).split(sep).join('/');
    const includeAliases = this.includeAliases();
    return { file: parsed.file, source, options, ...(includeAliases.length > 0 ? { includeAliases } : {}) };
  }

  /** Compiles (or finds in the cache) the shader an id names. Throws ShaderCompileError on errors. */
  async compile(id: string): Promise<{ parsed: ShaderId; shader: CompiledShader; compiled: boolean }> {
    const { parsed, request, key, known } = await this.prepare(id);
    const { shader, compiled } = await this.compileRequested(id, request, key, known);
    return { parsed, shader, compiled };
  }

  /** What every load starts from: the parsed id, the compile request and its cache key. */
  private async prepare(id: string): Promise<{ parsed: ShaderId; request: CompileRequest; key: string; known: FileHashes }> {
    const parsed = parseShaderId(id);
    // Synchronous: one small file, read faster than fs/promises' four trips through the thread pool.
    const source = readFileSync(parsed.file, 'utf8');
    const request = this.compileRequest(parsed, source);
    const sourceHash = sha256(source);
    const key = cacheKey({ sourceHash, file: parsed.file, options: [request.options, aliasKey(this.includeAliases())], backend: this.backend.id });
    // The shader's own hash as a cache entry recorded it (compileWithNodeHost): a hit need not read it again.
    return { parsed, request, key, known: { [parsed.file]: sourceHash } };
  }

  private async compileRequested(id: string, request: CompileRequest, key: string, known: FileHashes): Promise<CompileOutcome> {
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.compileUncached(key, id, request, known).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const outcome = await pending;
    this.includes.record(id, outcome.shader.files);
    return outcome;
  }

  private async compileUncached(key: string, id: string, request: CompileRequest, known: FileHashes): Promise<CompileOutcome> {
    const hit = await this.cache.lookup(key, known, this.buildHashes);
    if (hit) return { shader: hit.value, fileHashes: hit.fileHashes, compiled: false };
    this.stats.compiles++;
    const { result, fileHashes }: BackendOutput = await this.backend.compile(request);
    const files = result.files.length > 0 ? result.files : [request.file];
    const targets = toTargets(request.options.target);
    const missing = targets.filter((t) => (t === 'spirv' ? !result.spirv : !result.wgsl));
    if (!result.success || !result.reflection || missing.length > 0) {
      // Watch what the failed compile read, so fixing an included file retries it.
      this.includes.record(id, [...new Set([...files, ...Object.keys(fileHashes)])]);
      const sources = new Map<string, string>([[request.file, request.source]]);
      if (result.diagnostics.some((d) => d.severity === 'error')) {
        throw new ShaderCompileError(result.diagnostics, id, sourceReader(sources));
      }
      if (!result.success) throw new Error(`unplugin-hlsl: ${request.file}: the compiler reported failure without an error diagnostic`);
      throw new Error(`unplugin-hlsl: ${request.file}: the compiler (backend '${this.backend.id}') returned no ${missing.join(' and ')} output for target ${targets.join(', ')}`);
    }
    const shader: CompiledShader = {
      ...(targets.includes('spirv') ? { spirv: result.spirv } : {}),
      reflection: result.reflection,
      ...(targets.includes('wgsl') ? { wgsl: result.wgsl } : {}),
      entryPoints: result.entryPoints,
      files: [...new Set([request.file, ...files, ...Object.keys(fileHashes).filter((f) => fileHashes[f] !== null)])],
      warnings: result.diagnostics.filter((d) => d.severity === 'warning'),
    };
    await this.cache.set(key, shader, fileHashes);
    return { shader, fileHashes, compiled: true };
  }

  /**
   * The key of the module `load` generates, or undefined when generation is not the built-in one
   * (an embedder's generator may read anything). Whether assets can be emitted is part of it: it
   * decides between an inlined binary and an asset URL.
   */
  private moduleKey(parsed: ShaderId, key: string, context: LoadContext): string | undefined {
    if (this.customGenerate !== undefined) return undefined;
    this.generator ??= generatorVersion(import.meta.url);
    const { matrixOrder, inlineLimit } = this.options;
    return moduleKey(key, [this.generator, parsed.query.exportKind ?? null, matrixOrder, inlineLimit, context.emitAsset !== undefined]);
  }

  /** The JavaScript module for `id`: from the module cache, else compiled (or from the shader cache) and generated. */
  async load(id: string, context: LoadContext = {}): Promise<LoadedShader> {
    const { parsed, request, key, known } = await this.prepare(id);
    const cacheKeyOfModule = this.moduleKey(parsed, key, context);
    let module = cacheKeyOfModule === undefined ? undefined : await this.modules.get(cacheKeyOfModule, known, this.buildHashes);
    let compiled = false;
    if (module) {
      this.includes.record(id, module.files);
    } else {
      const outcome = await this.compileRequested(id, request, key, known);
      compiled = outcome.compiled;
      module = this.generateFor(parsed, outcome.shader, context, await (this.codegen ??= import('./codegen/index.js')));
      if (cacheKeyOfModule !== undefined) await this.modules.set(cacheKeyOfModule, module, outcome.fileHashes);
    }
    const sourceOf = sourceReader(new Map());
    const warnings = [
      ...module.shaderWarnings.map((d) => toBundlerMessage(d, id, sourceOf)),
      ...module.generatedWarnings.map((message) => ({ message, id, loc: { file: parsed.file, line: 1, column: 1 } })),
    ];
    if (this.options.dtsDir !== undefined && parsed.canonicalQuery === '') await writeIfChanged(this.dtsPath(parsed.file), module.dts);
    if (this.options.dtsDir !== undefined && this.queryImports.has(parsed.file + parsed.canonicalQuery)) {
      this.queryImports.setDeclaration(parsed.file + parsed.canonicalQuery, module.dts);
      await this.writeQueryImportsDts();
    }
    const code = placeAsset(module, context);
    // Includes from installed packages are dependencies, which bundlers do not watch; linked
    // workspace packages resolve to their real folders outside node_modules and are watched.
    const watchFiles = module.files.filter((file) => !file.split(/[\\/]/).includes('node_modules'));
    return { code: context.hot ? `${code}\n${hotAcceptCode()}` : code, dts: module.dts, watchFiles, warnings, compiled };
  }

  /** The module of a compiled shader, an emitted binary's URL left as SPIRV_URL_PLACEHOLDER. */
  private generateFor(parsed: ShaderId, shader: CompiledShader, context: LoadContext, codegen: typeof import('./codegen/index.js')): CachedModule {
    const exportKind = parsed.query.exportKind;
    const placed = exportKind === 'layout' || !shader.spirv ? undefined : this.placeSpirv(parsed, shader, context);
    const spirv: SpirvSource = placed === undefined ? { kind: 'none' } : placed.source;
    const generated =
      exportKind === 'spirv'
        ? spirvOnlyModule(placed?.source ?? this.placeSpirv(parsed, shader, context).source, codegen.spirvBase64) // no SPIR-V: placeSpirv's internal error
        : (this.customGenerate ?? codegen.generateModule)({
            reflection: shader.reflection,
            // `?layout`: tables and writers only; the binary is neither inlined nor emitted.
            spirv,
            ...(shader.wgsl
              ? { wgsl: { reflection: shader.wgsl.reflection, ...(exportKind === 'layout' ? {} : { code: shader.wgsl.code }) } }
              : {}),
            inputNames: Object.fromEntries(shader.entryPoints.filter((e) => e.inputNames).map((e) => [e.name, e.inputNames!])),
            matrixOrder: this.options.matrixOrder,
            runtimeImport: RUNTIME_SPECIFIER,
          });
    return {
      code: generated.code,
      dts: generated.dts,
      generatedWarnings: generated.warnings,
      shaderWarnings: shader.warnings,
      files: shader.files,
      ...(placed?.asset ? { asset: placed.asset } : {}),
    };
  }

  /** Inline under the limit or where nothing can be emitted; else an asset, its URL a placeholder until placeAsset. */
  private placeSpirv(parsed: ShaderId, shader: CompiledShader, context: LoadContext): { source: Exclude<SpirvSource, { kind: 'none' }>; asset?: SpirvAsset } {
    const words = shader.spirv;
    if (!words) throw new Error(`unplugin-hlsl: internal: ${parsed.file} has no SPIR-V to place`);
    const bytes = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
    if (!context.emitAsset || bytes.byteLength <= this.options.inlineLimit) {
      return { source: { kind: 'inline', words } };
    }
    const name = basename(parsed.file).replace(/\.[^.]*$/, '');
    const asset = { fileName: `${name}.spv`, spirv: Buffer.from(bytes).toString('base64'), contentHash: sha256(bytes).slice(0, 8) };
    return { source: { kind: 'url', expression: SPIRV_URL_PLACEHOLDER }, asset };
  }

  /** `a.hlsl.d.ts` next to the shader, or under `dts.dir` at the shader's path relative to the root. */
  dtsPath(file: string): string {
    const dir = this.options.dtsDir;
    if (dir === undefined) throw new Error('dts output is off');
    return dir === '' ? `${file}.d.ts` : join(dir, `${relative(this.options.root, file)}.d.ts`);
  }

  close(): Promise<void> {
    return this.backend.close();
  }
}

/** The module's code with its SPIR-V asset emitted into this build and the asset's URL in place. */
function placeAsset(module: CachedModule, context: LoadContext): string {
  if (!module.asset) return module.code;
  if (!context.emitAsset) throw new Error('unplugin-hlsl: internal: a module with an asset loaded where none can be emitted');
  const { fileName, spirv, contentHash } = module.asset;
  const expression = context.emitAsset(fileName, new Uint8Array(Buffer.from(spirv, 'base64')), contentHash);
  return module.code.split(SPIRV_URL_PLACEHOLDER).join(expression);
}

/** Writes a declaration file unless it already holds `text` (an unchanged file does not wake up tsc watchers). */
async function writeIfChanged(path: string, text: string): Promise<void> {
  const current = await readFile(path, 'utf8').catch(() => undefined);
  if (current === text) return;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** `?spirv`: the default export is the binary (Uint32Array) or, for an emitted asset, its URL. */
function spirvOnlyModule(spirv: Exclude<SpirvSource, { kind: 'none' }>, spirvBase64: (words: Uint32Array) => string): GeneratedModule {
  if (spirv.kind === 'inline') {
    return {
      code: `import { spirvFromBase64 } from ${JSON.stringify(RUNTIME_SPECIFIER)};\nexport default /* @__PURE__ */ spirvFromBase64(${JSON.stringify(spirvBase64(spirv.words))});\n`,
      dts: 'declare const spirv: Uint32Array;\nexport default spirv;\n',
      warnings: [],
    };
  }
  return {
    code: `export default new URL(${spirv.expression});\n`,
    dts: 'declare const spirvUrl: URL;\nexport default spirvUrl;\n',
    warnings: [],
  };
}

function toTargets(target: CompileOptions['target']): CompileTarget[] {
  return target === undefined ? ['spirv'] : Array.isArray(target) ? target : [target];
}
