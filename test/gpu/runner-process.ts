// One running GPU runner child process: frames in on stdin, frames out on
// stdout, answered strictly in order. The chosen lavapipe (drivers.ts) is forced through the
// loader's driver variables and XDG_RUNTIME_DIR points at a private temp dir.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecords, readStatus, STATUS, type ResultRecord } from './protocol.js';
import { driverEnvironment, type GpuDriver } from './drivers.js';

/** Environment variables that could load other drivers or layers into the runner. */
const FOREIGN_VULKAN_VARIABLES = /^(VK_|VULKAN_)/;
const STDERR_KEPT = 16_384;

interface Pending {
  resolve: (records: ResultRecord[]) => void;
  reject: (error: Error) => void;
}

export class RunnerProcess {
  private readonly pending: Pending[] = [];
  private received: Buffer = Buffer.alloc(0);
  private stderrTail = '';
  private exitError: Error | undefined;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly runtimeDir: string,
  ) {
    child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-STDERR_KEPT);
    });
    // 'close' (not 'exit') so the stderr tail is complete when reporting a crash.
    child.on('close', (code, signal) => this.onExit(code, signal));
    child.on('error', (error) => this.onExit(null, null, error));
    child.stdin.on('error', () => {}); // reported through 'exit'
  }

  /** Starts the runner and waits for its startup status (instance + validation layer created). */
  static async start(binary: string, driver: GpuDriver): Promise<RunnerProcess> {
    const { icd, libraryDir } = driverEnvironment(driver);
    const runtimeDir = mkdtempSync(join(tmpdir(), 'gpu-runner-xdg-'));
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries(process.env)) if (!FOREIGN_VULKAN_VARIABLES.test(key)) env[key] = value;
    // NODEVICE_SELECT turns off Mesa's implicit device-selection layer: there is only one driver.
    Object.assign(env, { VK_DRIVER_FILES: icd, VK_ICD_FILENAMES: icd, XDG_RUNTIME_DIR: runtimeDir, NODEVICE_SELECT: '1' });
    if (libraryDir) env.LD_LIBRARY_PATH = [libraryDir, ...(env.LD_LIBRARY_PATH ? [env.LD_LIBRARY_PATH] : [])].join(':');
    const child = spawn(binary, [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const runner = new RunnerProcess(child, runtimeDir);
    const hello = await runner.nextFrame();
    const status = readStatus(hello);
    if (status.code !== STATUS.ok) {
      await runner.close();
      throw new Error(`gpu runner failed to start: ${status.message}`);
    }
    return runner;
  }

  get alive(): boolean {
    return this.exitError === undefined;
  }

  /** Sends one job frame (already length-prefixed); resolves with the result records. */
  request(frame: Uint8Array): Promise<ResultRecord[]> {
    const answer = this.nextFrame();
    if (this.alive) this.child.stdin.write(frame);
    return answer;
  }

  async close(): Promise<void> {
    if (this.alive) {
      const exited = new Promise<void>((resolve) => this.child.once('close', () => resolve()));
      this.child.stdin.end();
      await exited;
    }
    rmSync(this.runtimeDir, { recursive: true, force: true });
  }

  private nextFrame(): Promise<ResultRecord[]> {
    if (this.exitError) return Promise.reject(this.exitError);
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length ? Buffer.concat([this.received, chunk]) : chunk;
    while (this.received.length >= 4) {
      const length = this.received.readUInt32LE(0);
      if (this.received.length < 4 + length) break;
      // Copy so the frame is 4-byte aligned and independent of the stream buffer.
      const frame = new Uint8Array(this.received.subarray(4, 4 + length));
      this.received = this.received.subarray(4 + length);
      const waiter = this.pending.shift();
      if (!waiter) continue;
      try {
        waiter.resolve(readRecords(frame));
      } catch (error) {
        waiter.reject(error as Error);
      }
    }
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null, error?: Error): void {
    if (this.exitError) return;
    const how = error ? `could not run: ${error.message}` : signal ? `was killed by ${signal}` : `exited with code ${code}`;
    const tail = this.stderrTail.trim();
    this.exitError = new Error(`gpu runner ${how}${tail ? `\n--- runner stderr ---\n${tail}` : ''}`);
    for (const waiter of this.pending.splice(0)) waiter.reject(this.exitError);
  }
}
