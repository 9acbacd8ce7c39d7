// Dawn in a child process, for a driver other than SwiftShader. The Vulkan loader reads its driver
// variables once per process and the dynamic linker reads LD_LIBRARY_PATH only at start, so a second
// driver (Mesa 25 lavapipe and its backported libdrm) cannot join a process whose Dawn already runs
// on SwiftShader. The child (dawn-host.ts, bundled with esbuild into test/webgpu/.build/, named by a
// hash of the bundle) runs one DawnRunner; this side forwards jobs over IPC and rebuilds results
// and errors, so callers see the same WebGpuRunner.

import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { decodeTexel } from '../gpu/formats.js';
import type { DriverEnvironment } from '../gpu/drivers.js';
import { WebGpuSetupError } from './dawn.js';
import type { HostReply, HostRequest, HostStarted, SentError, SentRenderResult } from './dawn-protocol.js';
import { WebGpuValidationError, WgslCompilationError } from './errors.js';
import type { ComputeJob, ComputeResult, RenderJob, RenderResult, WebGpuDriver, WebGpuFeature, WebGpuRunner, WgslMessage } from './types.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const BUILD_DIR = join(HERE, '.build');
/** Variables that could load other drivers or layers into the child. */
const FOREIGN_VULKAN_VARIABLES = /^(VK_|VULKAN_)/;
const OUTPUT_KEPT = 16_384;

/** The host script, bundled (it is TypeScript; plain node runs the bundle), built once per content. */
async function hostScript(): Promise<string> {
  const bundle = await build({
    entryPoints: [join(HERE, 'dawn-host.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['webgpu'],
    write: false,
    logLevel: 'silent',
  });
  const code = bundle.outputFiles[0]!.text;
  const path = join(BUILD_DIR, `dawn-host-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(path)) {
    mkdirSync(BUILD_DIR, { recursive: true });
    // Parallel test files may build it at once: write aside, then rename (atomic).
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, path);
  }
  return path;
}

function rebuildError(sent: SentError, driver: WebGpuDriver): Error {
  let error: Error;
  if (sent.name === 'WgslCompilationError' && sent.text !== undefined) error = new WgslCompilationError(sent.messages as WgslMessage[], sent.text);
  else if (sent.name === 'WebGpuValidationError' && sent.what !== undefined) error = new WebGpuValidationError(sent.what, sent.messages as string[]);
  else if (sent.name === 'WebGpuSetupError') error = new WebGpuSetupError(sent.message);
  else error = new Error(sent.message);
  error.stack = `${error.name}: ${error.message}\n    (in the Dawn process on ${driver})\n${sent.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  return error;
}

/**
 * The result with each byte array in its own buffer, as in-process results are: the clone may give
 * views into one shared buffer at any offset, which word views cannot use. Aliases (the same bytes
 * under "group:binding" and a name) stay one array.
 */
function ownBytes<T extends ComputeResult>(result: T): T {
  const copies = new Map<Uint8Array, Uint8Array>();
  const own = (record: Record<string, Uint8Array>) =>
    Object.fromEntries(Object.entries(record).map(([key, bytes]) => {
      let copy = copies.get(bytes);
      if (!copy) copies.set(bytes, (copy = bytes.slice()));
      return [key, copy];
    }));
  const targets = 'targetPixels' in result ? (result.targetPixels as Uint8Array[]).map((bytes) => bytes.slice()) : undefined;
  const pixels = targets ? { pixels: targets[0]!, targetPixels: targets } : {};
  return { ...result, buffers: own(result.buffers), images: own(result.images), ...pixels };
}

class DawnProcess implements WebGpuRunner {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private output = '';
  private exited: Error | undefined;
  private readonly gone: Promise<void>;
  private adapter: { features: WebGpuFeature[]; description: string } = { features: [], description: '' };

  private constructor(
    readonly driver: WebGpuDriver,
    private readonly child: ChildProcess,
    private readonly runtimeDir: string,
  ) {
    this.gone = new Promise((resolve) => child.once('close', () => resolve()));
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-OUTPUT_KEPT));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  get supportedFeatures(): WebGpuFeature[] {
    return this.adapter.features;
  }

  get adapterDescription(): string {
    return this.adapter.description;
  }

  static async start(driver: WebGpuDriver, environment: DriverEnvironment): Promise<DawnProcess> {
    const script = await hostScript();
    const runtimeDir = mkdtempSync(join(tmpdir(), 'webgpu-xdg-'));
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries(process.env)) if (!FOREIGN_VULKAN_VARIABLES.test(key)) env[key] = value;
    // NODEVICE_SELECT turns off Mesa's implicit device-selection layer: there is only one driver.
    Object.assign(env, { VK_DRIVER_FILES: environment.icd, VK_ICD_FILENAMES: environment.icd, XDG_RUNTIME_DIR: runtimeDir, NODEVICE_SELECT: '1' });
    if (environment.libraryDir) env.LD_LIBRARY_PATH = [environment.libraryDir, ...(env.LD_LIBRARY_PATH ? [env.LD_LIBRARY_PATH] : [])].join(':');
    const child = fork(script, [driver, environment.icd], { env, execArgv: [], serialization: 'advanced', stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    const runner = new DawnProcess(driver, child, runtimeDir);
    const started = await runner.first().catch(async (error: Error) => {
      rmSync(runtimeDir, { recursive: true, force: true });
      throw error;
    });
    runner.listen();
    if (!started.started) {
      await runner.close();
      throw rebuildError(started.error, driver);
    }
    runner.adapter = { features: started.supportedFeatures, description: started.adapterDescription };
    return runner;
  }

  compile(code: string, features: readonly WebGpuFeature[] = []): Promise<void> {
    return this.request({ method: 'compile', args: [code, features] }) as Promise<void>;
  }

  async runCompute(job: ComputeJob): Promise<ComputeResult> {
    return ownBytes((await this.request({ method: 'runCompute', args: [job] })) as ComputeResult);
  }

  async renderTriangle(job: RenderJob): Promise<RenderResult> {
    const sent = ownBytes((await this.request({ method: 'renderTriangle', args: [job] })) as SentRenderResult);
    return { ...sent, texel: (x: number, y: number, target = 0) => decodeTexel(sent.targetPixels[target]!, sent.format, y * sent.width + x) };
  }

  async close(): Promise<void> {
    if (!this.exited && this.child.connected) await this.request({ method: 'close', args: [] }).catch(() => {});
    if (this.child.exitCode === null && this.child.signalCode === null) await this.gone;
    rmSync(this.runtimeDir, { recursive: true, force: true });
  }

  /** The child's first message: started (features, adapter) or why not; its exit before that rejects. */
  private first(): Promise<HostStarted> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null, signal: string | null) =>
        reject(new WebGpuSetupError(`the Dawn process for ${this.driver} exited (${signal ?? `code ${code}`}) before it started:\n${this.output}`));
      this.child.once('exit', onExit);
      this.child.once('message', (message: HostStarted) => {
        this.child.off('exit', onExit);
        resolve(message);
      });
    });
  }

  private listen(): void {
    this.child.on('message', (reply: HostReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(rebuildError(reply.error, this.driver));
    });
    this.child.once('exit', (code, signal) => {
      // 'exit' may come before the pipes are drained: give the output a turn to arrive.
      setImmediate(() => {
        this.exited = new Error(`the Dawn process for ${this.driver} exited (${signal ?? `code ${code}`}):\n${this.output}`);
        for (const waiting of this.pending.values()) waiting.reject(this.exited);
        this.pending.clear();
      });
    });
  }

  private request(request: Omit<HostRequest, 'id'>): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...request, id } as HostRequest, (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(error);
      });
    });
  }
}

/** A WebGpuRunner whose Dawn runs in a child process on `environment`'s driver. */
export function startDawnProcess(driver: WebGpuDriver, environment: DriverEnvironment): Promise<WebGpuRunner> {
  return DawnProcess.start(driver, environment);
}
