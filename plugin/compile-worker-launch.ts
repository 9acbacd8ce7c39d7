// Worker thread entry of the built package (dist/plugin/compile-worker.js, bundled by
// scripts/bundle.mjs): runs the compile worker (compile-serve.ts, bundled as CommonJS into
// compile-worker-main.cjs) with V8's code cache in the directory the pool passes (workerData), so a
// new worker neither parses nor compiles the compiler's functions again; without a cache the first
// answered request writes one (with every function that compile used).
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { runWithCodeCache } from './code-cache.js';
import type { serve as Serve } from './compile-serve.js';
import type { WorkerData } from './worker-pool.js';

if (!parentPort) throw new Error('compile-worker must run in a worker thread');
const { codeCacheDir } = (workerData ?? {}) as WorkerData;
const cached = runWithCodeCache(fileURLToPath(new URL('./compile-worker-main.cjs', import.meta.url)), codeCacheDir, 'compile-worker');
const serve = cached.exports.serve as typeof Serve;
serve(parentPort, cached.stale ? () => cached.save() : undefined);
