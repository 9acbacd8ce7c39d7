// What a compile worker does: answers each WorkerRequest on `port` with the built-in compiler's
// result (see worker-pool.ts). `afterFirst` runs once, after the first answer is posted (the built
// worker writes its code cache there: code-cache.ts).
import { threadId, type MessagePort } from 'node:worker_threads';
import { compile } from '../compiler/index.js';
import { compileWithNodeHost } from './backend.js';
import type { WorkerRequest, WorkerResponse } from './worker-pool.js';

export function serve(port: MessagePort, afterFirst?: () => void): void {
  let first = afterFirst;
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
    if (first) {
      const run = first;
      first = undefined;
      run();
    }
  });
}
