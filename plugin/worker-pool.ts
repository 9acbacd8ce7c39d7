// A pool of worker threads running the built-in compiler, so a cold build of many shaders uses
// every core and the bundler's thread stays free. Workers start on demand, are unref'd while idle
// (an idle pool never keeps a process alive) and a crashed worker fails only its own task.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BackendOutput, CompileRequest } from './backend.js';

export type WorkerRequest = { id: number; request: CompileRequest };
/** What each worker starts with: where the built worker keeps its V8 code cache (code-cache.ts); none: no cache. */
export type WorkerData = { codeCacheDir?: string };
export type WorkerResponse =
  | { id: number; ok: true; output: BackendOutput; threadId: number }
  | { id: number; ok: false; message: string; stack?: string };

interface Task {
  id: number;
  request: CompileRequest;
  resolve(output: BackendOutput): void;
  reject(error: Error): void;
}

/**
 * The worker script next to this file, when this file is built JavaScript (Node 20 cannot run the
 * TypeScript sources in a worker; running from source, source-worker.ts bundles one).
 */
export function workerScript(): URL | undefined {
  if (!import.meta.url.endsWith('.js')) return undefined;
  const url = new URL('./compile-worker.js', import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : undefined;
}

/**
 * The Node flags a worker inherits: the process's, less `--input-type`, which applies to `-e`/stdin
 * code only and makes Node refuse a worker started from a module file (a build run as
 * `node --input-type=module -e "…"`).
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    if (arg.startsWith('--input-type=')) continue;
    if (arg === '--input-type') {
      i++; // and its value
      continue;
    }
    kept.push(arg);
  }
  return kept;
}

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task>();
  private readonly queue: Task[] = [];
  private nextId = 0;
  /** Workers being terminated by close(): their exit is expected. */
  private readonly terminating = new Set<Worker>();
  /** Thread ids that completed at least one task (tests read it to see the work spread). */
  readonly threadsUsed = new Set<number>();

  constructor(
    private readonly script: URL,
    readonly size: number,
    private readonly workerData: WorkerData = {},
  ) {
    if (!(Number.isInteger(size) && size >= 1)) throw new RangeError(`WorkerPool size must be >= 1, got ${size}`);
  }

  run(request: CompileRequest): Promise<BackendOutput> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, resolve, reject });
      this.dispatch();
    });
  }

  /** Workers running (idle or busy). */
  get started(): number {
    return this.idle.length + this.busy.size;
  }

  /**
   * Starts one worker now, when none runs, so that its start-up (loading the compiler) overlaps the
   * bundler's own before the first task comes. Idle, it is unref'd like any other.
   */
  prestart(): void {
    if (this.started > 0) return;
    const worker = this.spawn();
    worker.unref();
    this.idle.push(worker);
  }

  /** Stops every worker; tasks still queued or running fail. A later run() starts new workers. */
  async close(): Promise<void> {
    for (const task of this.queue.splice(0)) task.reject(new Error('unplugin-hlsl: worker pool closed'));
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    for (const [worker, task] of this.busy) {
      this.terminating.add(worker);
      task.reject(new Error('unplugin-hlsl: worker pool closed'));
    }
    this.busy.clear();
    for (const worker of workers) this.terminating.add(worker);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const task = this.queue.shift()!;
      this.busy.set(worker, task);
      worker.ref();
      worker.postMessage({ id: task.id, request: task.request } satisfies WorkerRequest);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(this.script, { workerData: this.workerData, execArgv: workerExecArgv(process.execArgv) });
    worker.on('message', (response: WorkerResponse) => {
      const task = this.busy.get(worker);
      if (!task || task.id !== response.id) return;
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (response.ok) {
        this.threadsUsed.add(response.threadId);
        task.resolve(response.output);
      } else {
        const error = new Error(response.message);
        if (response.stack) error.stack = response.stack;
        task.reject(error);
      }
      this.dispatch();
    });
    const fail = (error: Error): void => {
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      task?.reject(new Error(`unplugin-hlsl: compile worker failed: ${error.message}`, { cause: error }));
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.terminating.delete(worker)) return;
      fail(new Error(`exited with code ${code}`));
    });
    return worker;
  }
}
