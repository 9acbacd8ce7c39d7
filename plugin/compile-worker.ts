// Worker thread entry: compiles requests with the built-in compiler (see worker-pool.ts).
import { parentPort, threadId } from 'node:worker_threads';
import { compile } from '../compiler/index.js';
import { compileWithNodeHost } from './backend.js';
import type { WorkerRequest, WorkerResponse } from './worker-pool.js';

if (!parentPort) throw new Error('compile-worker.js must run in a worker thread');
const port = parentPort;

port.on('message', async ({ id, request }: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    const output = await compileWithNodeHost(compile, request);
    response = { id, ok: true, output, threadId };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    response = { id, ok: false, message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
  }
  const spirv = response.ok ? response.output.result.spirv : undefined;
  port.postMessage(response, spirv ? [spirv.buffer as ArrayBuffer] : []);
});
