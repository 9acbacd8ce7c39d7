// Worker thread entry when the plugin runs from its TypeScript sources (bundled by source-worker.ts):
// compiles requests with the built-in compiler (see worker-pool.ts). The built package starts
// compile-worker-launch.ts instead, which runs the same code with a V8 code cache.
import { parentPort } from 'node:worker_threads';
import { serve } from './compile-serve.js';

if (!parentPort) throw new Error('compile-worker must run in a worker thread');
serve(parentPort);
