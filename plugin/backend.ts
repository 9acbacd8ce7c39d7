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
import { WorkerPool, workerScript } from './worker-pool.js';

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

/** The built-in compiler on a worker pool when one can run (the plugin runs as built JavaScript), else in process. */
function builtinBackend(workers: number): ShaderBackend {
  const script = workers > 0 ? workerScript() : undefined;
  if (script) {
    const pool = new WorkerPool(script, workers);
    return { id: 'builtin', compile: (request) => pool.run(request), close: () => pool.close() };
  }
  let compile: Promise<CompileFunction> | undefined;
  return {
    id: 'builtin',
    compile: async (request) => compileWithNodeHost(await (compile ??= builtinCompile()), request),
    close: async () => {},
  };
}

export function createBackend(options: ResolvedOptions): ShaderBackend {
  const { backend } = options;
  if (typeof backend === 'function') return inProcessBackend(`custom:${backend.name || 'anonymous'}`, backend);
  switch (backend) {
    case 'builtin':
      return builtinBackend(options.workers);
    case 'dxc':
      return externalBackend('dxc', options.dxcPath);
    case 'glslang':
      return externalBackend('glslang', options.glslangPath);
  }
}
