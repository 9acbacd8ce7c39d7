// The plugin's options as users write them, and the resolved form the core works with.
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { CompileOptions, CompileTarget, EntryPointRequest } from '../compiler/options.js';
import type { WarningAction, WarningFlag } from '../compiler/warning-flags.js';
import { aliasesFromRecord, type IncludeAlias } from './include-resolution.js';
import type { CompileResult } from '../compiler/result.js';
import type { MatrixOrder } from './codegen/index.js';

/** The compiler's own signature; tests and embedders can pass one (a fake, an instrumented wrapper). */
export type CompileFunction = (source: string, options: CompileOptions) => CompileResult | Promise<CompileResult>;

/** Compile options the plugin passes through; file, host, entry points, includes and target are its own. */
export type ShaderCompileOptions = Omit<CompileOptions, 'filename' | 'host' | 'entryPoints' | 'virtualFiles' | 'target'>;

export interface HlslPluginOptions {
  /**
   * File extensions compiled as shaders.
   * @default ['.hlsl']
   */
  extensions?: string[];
  /**
   * Entry points compiled for every shader (an import's `?entry=…&stage=…` overrides them).
   * @default every entry point the file declares
   */
  entryPoints?: EntryPointRequest[];
  /**
   * For a file that marks no entry point (HLSL written for `dxc -E main -T ps_6_0`): take the stage
   * of `main` from the file name: `x.frag`, `x.frag.hlsl`, `x.ps.hlsl`, `blur_cs.hlsl`, `BlurCS.hlsl`
   * (vert/vertex/vs, frag/fragment/pixel/ps, comp/compute/cs, geom/gs, tesc/hull/hs, tese/domain/ds,
   * mesh/ms, task/amp/as). A `?stage=` query overrides it. Otherwise the stage comes from what `main`
   * writes (SV_Position → vertex, SV_Target → pixel). To compile `.vert`/`.frag`/`.comp` files that
   * hold HLSL, add those to `extensions`.
   * @default true
   */
  stageFromFileName?: boolean;
  /**
   * Warning groups to silence or make errors, by the flag each warning names (`vk-binding-overlap`,
   * `conversion`, `macro-redefined`, …: the list is WARNING_FLAGS), e.g. `{ 'vk-binding-overlap': 'off' }`.
   * Same as `compilerOptions.warnings.flags`.
   * @default every warning reported
   */
  warnings?: Partial<Record<WarningFlag, WarningAction>>;
  /**
   * Aliases for `#include`, applied like import aliases (`@shaders/noise.hlsl`), in addition to the
   * bundler's own (Vite `resolve.alias`, webpack/Rspack `resolve.alias`, esbuild `alias`), which
   * includes follow too. After the including file's folder and the include directories, an include
   * resolves like an `import` from the including file: aliases, then packages in node_modules.
   * @default []
   */
  alias?: IncludeAlias[] | Record<string, string>;
  /**
   * What every shader compiles to: SPIR-V (Vulkan), WGSL (WebGPU, e.g. in the browser), or both. The
   * generated module exports `spirv`/`spirvUrl`/`loadSpirv` for SPIR-V and `wgsl` (the code) for WGSL;
   * with WGSL its `bindGroupLayouts`, `vertexInputs` and `entryPoints` describe the WGSL pipeline. The
   * buffer writers are the same for both (the WGSL reads the bytes the SPIR-V reads). An import's
   * `?wgsl` (WGSL only) or `?spirv` (the SPIR-V binary only) overrides it. WGSL needs the built-in
   * backend (`dxc` and `glslangValidator` produce SPIR-V only).
   * @default 'spirv'
   */
  target?: CompileTarget | CompileTarget[];
  /** DXC-equivalent options for every shader (defines, include dirs, layout rule, target env, …). */
  compilerOptions?: ShaderCompileOptions;
  /**
   * Which compiler produces SPIR-V: the built-in TypeScript compiler, `dxc` or `glslangValidator`
   * found on PATH (or at `dxcPath`/`glslangPath`), or a function with the compiler's signature.
   * @default 'builtin'
   */
  backend?: 'builtin' | 'dxc' | 'glslang' | CompileFunction;
  /** @default 'dxc' (looked up on PATH) */
  dxcPath?: string;
  /** @default 'glslangValidator' (looked up on PATH) */
  glslangPath?: string;
  /**
   * SPIR-V modules up to this many bytes are inlined in the JavaScript as base64; larger ones are
   * emitted as hashed `.spv` assets. 0 emits every module as an asset.
   * @default 4096
   */
  inlineLimit?: number;
  /**
   * Disk cache of compiled shaders; `false` turns it off (the in-memory cache stays).
   * @default { dir: 'node_modules/.cache/unplugin-hlsl' } relative to the project root
   */
  cache?: boolean | { dir?: string };
  /**
   * Worker threads compiling in parallel (built-in backend only); `0` compiles on the main thread.
   * @default os.availableParallelism() - 1, at least 1
   */
  workers?: number;
  /**
   * Element order of matrices in the generated writers' inputs.
   * @default 'column-major' (gl-matrix order)
   */
  matrixOrder?: MatrixOrder;
  /**
   * Writes a `.d.ts` per imported shader (`a.hlsl.d.ts` next to `a.hlsl`, or mirrored under `dir`).
   * @default false
   */
  dts?: boolean | { dir: string };
  /** @default the bundler's root, else process.cwd() */
  root?: string;
}

export interface ResolvedOptions {
  extensions: string[];
  /** Non-empty, without duplicates, in the order given. */
  targets: CompileTarget[];
  entryPoints: EntryPointRequest[] | undefined;
  stageFromFileName: boolean;
  /** The plugin option's aliases, then the bundler's. */
  includeAliases: IncludeAlias[];
  compilerOptions: ShaderCompileOptions;
  backend: 'builtin' | 'dxc' | 'glslang' | CompileFunction;
  dxcPath: string;
  glslangPath: string;
  inlineLimit: number;
  /** Absolute directory, or undefined when the disk cache is off. */
  cacheDir: string | undefined;
  workers: number;
  matrixOrder: MatrixOrder;
  /** undefined: off; '' next to the shader; else an absolute directory. */
  dtsDir: string | undefined;
  root: string;
}

export const DEFAULT_CACHE_DIR = 'node_modules/.cache/unplugin-hlsl';
/** SPIR-V up to this many bytes is inlined (base64); larger modules become assets. */
export const DEFAULT_INLINE_LIMIT = 4096;

export function resolveOptions(options: HlslPluginOptions = {}, root = options.root ?? process.cwd(), bundlerAliases: IncludeAlias[] = []): ResolvedOptions {
  const absolute = (p: string): string => (isAbsolute(p) ? p : resolve(root, p));
  const inlineLimit = options.inlineLimit ?? DEFAULT_INLINE_LIMIT;
  if (!(Number.isInteger(inlineLimit) && inlineLimit >= 0)) {
    throw new TypeError(`unplugin-hlsl: inlineLimit must be a non-negative integer, got ${String(inlineLimit)}`);
  }
  const workers = options.workers ?? Math.max(1, availableParallelism() - 1);
  if (!(Number.isInteger(workers) && workers >= 0)) {
    throw new TypeError(`unplugin-hlsl: workers must be a non-negative integer, got ${String(workers)}`);
  }
  const cache = options.cache ?? true;
  const targets = resolveTargets(options.target);
  const backend = options.backend ?? 'builtin';
  if ((backend === 'dxc' || backend === 'glslang') && targets.includes('wgsl')) throw new TypeError(externalWgslError(backend));
  return {
    extensions: options.extensions ?? ['.hlsl'],
    targets,
    entryPoints: options.entryPoints,
    stageFromFileName: options.stageFromFileName ?? true,
    includeAliases: [...(Array.isArray(options.alias) ? options.alias : aliasesFromRecord(options.alias)), ...bundlerAliases],
    compilerOptions: {
      ...options.compilerOptions,
      ...(options.warnings
        ? { warnings: { ...options.compilerOptions?.warnings, flags: { ...options.compilerOptions?.warnings?.flags, ...options.warnings } } }
        : {}),
      includeDirs: options.compilerOptions?.includeDirs?.map(absolute),
    },
    backend,
    dxcPath: options.dxcPath ?? 'dxc',
    glslangPath: options.glslangPath ?? 'glslangValidator',
    inlineLimit,
    cacheDir: cache === false ? undefined : absolute((cache === true ? undefined : cache.dir) ?? DEFAULT_CACHE_DIR),
    workers,
    matrixOrder: options.matrixOrder ?? 'column-major',
    dtsDir: !options.dts ? undefined : options.dts === true ? '' : absolute(options.dts.dir),
    root,
  };
}

const TARGETS: readonly CompileTarget[] = ['spirv', 'wgsl'];

/** The `target` option as a list; an unknown or empty target is an error, not silently SPIR-V. */
export function resolveTargets(target: CompileTarget | CompileTarget[] | undefined): CompileTarget[] {
  const list = target === undefined ? ['spirv' as const] : Array.isArray(target) ? target : [target];
  for (const t of list) {
    if (!TARGETS.includes(t)) throw new TypeError(`unplugin-hlsl: target must be 'spirv', 'wgsl' or a list of them, got ${JSON.stringify(t)}`);
  }
  if (list.length === 0) throw new TypeError("unplugin-hlsl: target is an empty list; give 'spirv', 'wgsl' or both");
  return [...new Set(list)];
}

/** The message when an external compiler is asked for WGSL. */
export function externalWgslError(backend: 'dxc' | 'glslang'): string {
  const tool = backend === 'dxc' ? 'dxc' : 'glslangValidator';
  return `unplugin-hlsl: target 'wgsl' needs backend 'builtin': ${tool} (backend '${backend}') produces SPIR-V only`;
}
