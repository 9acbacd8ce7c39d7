// Where SPIR-V comes from: the built-in compiler (in process, or on the worker pool), an external
// `dxc`/`glslangValidator`, or a compile function the embedder passes. Every backend answers with
// the compiler's CompileResult plus the content hash of each file it read (for the cache).
import type { CompileOptions } from '../compiler/options.js';
import type { CompileResult } from '../compiler/result.js';
import type { FileHashes } from './cache.js';
import { sha256 } from './cache.js';
import { externalBackend } from './external-backend.js';
import type { IncludeAlias } from './include-resolution.js';
import { nodeHost } from './node-host.js';
import type { CompileFunction, ResolvedOptions } from './options.js';
import { sourceWorkerScript } from './source-worker.js';
import { WorkerPool, workerScript, type WorkerData } from './worker-pool.js';
import { codeCacheDir } from './code-cache.js';

/** One compile: the source text of `file`, options without host/filename (the backend owns them). */
export interface CompileRequest {
  file: string;
  source: string;
  options: Omit<CompileOptions, 'host' | 'filename'>;
  /** The bundler's aliases, applied to includes as to imports (structured-cloneable for workers). */
  includeAliases?: IncludeAlias[];
}

export interface BackendOutput {
  result: CompileResult;
  fileHashes: FileHashes;
}

export interface ShaderBackend {
  /** Part of every cache key: results of different backends never mix. */
  readonly id: string;
  compile(request: CompileRequest): Promise<BackendOutput>;
  close(): Promise<void>;
  /** Starts what compiles need (a worker pool's first worker) ahead of the first compile. */
  prestart?(): void;
  /** Worker thread ids that completed a compile (a backend on a worker pool). */
  threadsUsed?(): ReadonlySet<number>;
}

/** Runs `compile` with a host over the file system and hashes what the host read. */
export async function compileWithNodeHost(compile: CompileFunction, request: CompileRequest): Promise<BackendOutput> {
  const host = nodeHost(request.includeAliases);
  const result = await compile(request.source, { ...request.options, filename: request.file, host });
  const fileHashes: FileHashes = { [request.file]: sha256(request.source) };
  for (const [path, text] of host.contents) fileHashes[path] = text === undefined ? null : sha256(text);
  return { result, fileHashes };
}

export function inProcessBackend(id: string, compile: CompileFunction): ShaderBackend {
  return {
    id,
    compile: (request) => compileWithNodeHost(compile, request),
    close: async () => {},
  };
}

async function builtinCompile(): Promise<CompileFunction> {
  const compiler = await import('../compiler/index.js');
  return compiler.compile;
}

/**
 * The built-in compiler on a worker pool: the built worker script next to this file, or, running
 * from source, compile-worker.ts bundled on first use (source-worker.ts). In process when there are
 * no workers, or when no script can be had (sources without esbuild).
 */
function builtinBackend(workers: number, workerData: WorkerData): ShaderBackend {
  let inProcess: Promise<CompileFunction> | undefined;
  const compileInProcess = async (request: CompileRequest) => compileWithNodeHost(await (inProcess ??= builtinCompile()), request);
  if (workers === 0) return { id: 'builtin', compile: compileInProcess, close: async () => {} };
  const built = workerScript();
  let pool: Promise<WorkerPool | undefined> | undefined;
  let started: WorkerPool | undefined;
  const getPool = () =>
    (pool ??= (built ? Promise.resolve(built) : sourceWorkerScript().catch(() => undefined)).then((script) => (started = script && new WorkerPool(script, workers, workerData))));
  return {
    id: 'builtin',
    compile: async (request) => {
      const workerPool = await getPool();
      return workerPool ? workerPool.run(request) : compileInProcess(request);
    },
    close: async () => {
      await (await pool)?.close();
    },
    prestart: () => void getPool().then((workerPool) => workerPool?.prestart()),
    threadsUsed: () => started?.threadsUsed ?? new Set(),
  };
}

export function createBackend(options: ResolvedOptions): ShaderBackend {
  const { backend } = options;
  if (typeof backend === 'function') return inProcessBackend(`custom:${backend.name || 'anonymous'}`, backend);
  switch (backend) {
    case 'builtin':
      // The built workers' V8 code cache is kept with hlslc's (code-cache.ts); no disk cache, no code cache.
      return builtinBackend(options.workers, options.cacheDir === undefined ? {} : { codeCacheDir: codeCacheDir() });
    case 'dxc':
      return externalBackend('dxc', options.dxcPath);
    case 'glslang':
      return externalBackend('glslang', options.glslangPath);
  }
}
