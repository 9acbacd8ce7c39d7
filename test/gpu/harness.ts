// Runs SPIR-V on Mesa's software Vulkan driver (lavapipe) with the Khronos
// validation layer on, and returns what the shaders wrote. See README.md.
//
//   const gpu = await startGpuRunner();          // one runner per test file
//   const { buffers } = await gpu.runCompute({ spirv, groups: [1, 1, 1], bindings });
//   await gpu.close();
//
// Any validation message (error or warning) rejects the call with a
// GpuValidationError carrying the layer's text.

import { decodeOutputs, decodeRender, encodeComputeJob, encodeRayTracingJob, encodeRenderJob } from './encode-job.js';
import { readStatus, STATUS, type ResultRecord } from './protocol.js';
import { recordJob, replayDirectory, replayedResult } from './lane.js';
import { ensureRunnerBinary } from './runner-build.js';
import { RunnerProcess } from './runner-process.js';
import type { GpuDriver } from './drivers.js';
import { spirvWords } from './spirv-requirements.js';
import { encodeMeshJob } from './encode-mesh-job.js';
import { decodeCooperativeMatrixProperties, encodeCooperativeMatrixQuery, type CooperativeMatrixProperties } from './cooperative-matrix-query.js';
import type { ComputeJob, ComputeResult, MeshDrawJob, RayTracingJob, RenderJob, RenderResult, SpirvInput } from './types.js';
import { validateSpirv } from '../helpers/tools.js';

export type * from './types.js';
export { decodeTexel, FORMATS, type FormatName } from './formats.js';
export { GpuSetupError } from './runner-build.js';
export { DEFAULT_SENTINEL } from './encode-job.js';
export type { GpuDriver } from './drivers.js';
export type { ComponentType, CooperativeMatrixProperties, CooperativeMatrixScope } from './cooperative-matrix-query.js';

export interface GpuRunnerOptions {
  /**
   * 'lavapipe' (default): the system's Mesa. 'lavapipe-mesa25': Mesa 25 from scripts/mesa25.sh, for
   * mesh shaders and ray tracing; starting fails (GpuSetupError naming the script) when it is absent.
   */
  driver?: GpuDriver;
}

/** The validation layer reported a problem; the job was not (fully) executed. */
export class GpuValidationError extends Error {
  override name = 'GpuValidationError';
  constructor(
    what: string,
    /** The layer's messages, one per entry, as "error[VUID-...] text". */
    readonly messages: string[],
  ) {
    super(`Vulkan validation failed for ${what}:\n${messages.join('\n')}`);
  }
}

/** The runner could not execute the job (unsupported feature, Vulkan error, ...). */
export class GpuJobError extends Error {
  override name = 'GpuJobError';
}

function checkStatus(records: ResultRecord[], what: string): void {
  const status = readStatus(records);
  if (status.code === STATUS.ok) return;
  if (status.code === STATUS.validation) {
    throw new GpuValidationError(what, status.message.split('\n').filter((line) => line.length > 0));
  }
  throw new GpuJobError(`${what} failed: ${status.message}`);
}

/**
 * A long-lived runner process (one Vulkan instance; a device per distinct
 * feature set). Jobs run one at a time in call order. If the runner crashes,
 * the job in flight rejects with its stderr and the next job starts a new one.
 */
export class GpuRunner {
  /** `process` is absent when replaying another driver's results (lane.ts). */
  private constructor(
    private process: RunnerProcess | undefined,
    private readonly binary: string,
    private readonly driver: GpuDriver,
  ) {}

  static async start(options: GpuRunnerOptions = {}): Promise<GpuRunner> {
    const driver = options.driver ?? 'lavapipe';
    const binary = await ensureRunnerBinary();
    // Replaying answers every job with the lane device's result, whichever lavapipe recorded it.
    if (replayDirectory()) return new GpuRunner(undefined, binary, driver);
    return new GpuRunner(await RunnerProcess.start(binary, driver), binary, driver);
  }

  async runCompute(job: ComputeJob): Promise<ComputeResult> {
    validateJobModules([job.spirv], job);
    const records = await this.request(encodeComputeJob(job));
    checkStatus(records, `compute entry '${job.entry ?? 'main'}'`);
    return decodeOutputs(records, job.bindings ?? []);
  }

  /** Draws `vertices` as a triangle list into a cleared offscreen colour image. */
  async renderTriangle(job: RenderJob): Promise<RenderResult> {
    validateJobModules([job.vertexSpirv, ...(job.pixelSpirv ? [job.pixelSpirv] : []), ...[job.geometry, job.hull, job.domain].flatMap((s) => (s ? [s.spirv] : []))], job);
    const records = await this.request(encodeRenderJob(job));
    checkStatus(records, `draw '${job.vertexEntry ?? 'main'}' + '${job.pixelEntry ?? 'main'}'`);
    return decodeRender(records, job);
  }

  /** A mesh-shading draw (VK_EXT_mesh_shader: start the runner with driver 'lavapipe-mesa25'). */
  async drawMeshTasks(job: MeshDrawJob): Promise<RenderResult> {
    const modules = [job.amplificationSpirv, job.meshSpirv, job.pixelSpirv].filter((m): m is SpirvInput => m !== undefined);
    validateJobModules(modules, job);
    const records = await this.request(encodeMeshJob(job));
    const stages = [job.amplificationSpirv ? `'${job.amplificationEntry ?? 'main'}' + ` : '', `'${job.meshEntry ?? 'main'}' + '${job.pixelEntry ?? 'main'}'`];
    checkStatus(records, `mesh draw ${stages.join('')}`);
    return decodeRender(records, job);
  }

  /** Traces `launch` rays through a raygen/miss/hit-group(/callable) pipeline (Mesa 25 lavapipe). */
  async traceRays(job: RayTracingJob): Promise<ComputeResult> {
    validateJobModules([job.raygen, job.miss, job.closestHit, job.anyHit, job.callable, job.intersection].flatMap((m) => (m ? [m.spirv] : [])), job);
    const records = await this.request(encodeRayTracingJob(job));
    checkStatus(records, `ray-tracing pipeline '${job.raygen.entry}' + '${job.miss.entry}' + '${job.closestHit.entry}'`);
    return decodeOutputs(records, job.bindings ?? []);
  }

  /** The cooperative matrix configurations the driver offers (VK_KHR_cooperative_matrix; Mesa 25 lavapipe). */
  async cooperativeMatrixProperties(): Promise<CooperativeMatrixProperties[]> {
    const records = await this.request(encodeCooperativeMatrixQuery());
    checkStatus(records, 'cooperative matrix properties query');
    return decodeCooperativeMatrixProperties(records);
  }

  async close(): Promise<void> {
    await this.process?.close();
  }

  private async request(frame: Uint8Array): Promise<ResultRecord[]> {
    const replay = replayDirectory();
    if (replay) return replayedResult(replay, frame);
    recordJob(frame);
    if (!this.process?.alive) this.process = await RunnerProcess.start(this.binary, this.driver);
    return this.process.request(frame);
  }
}

/**
 * Every module the harness runs passes spirv-val under its own target environment first (from its
 * SPIR-V version), with the block-layout flag matching the device features the job enables.
 */
function validateJobModules(modules: SpirvInput[], job: { features?: string[] }): void {
  const flags = job.features?.includes('scalarBlockLayout') ? ['--scalar-block-layout'] : [];
  for (const module of modules) validateSpirv(spirvWords(module), { flags });
}

export function startGpuRunner(options?: GpuRunnerOptions): Promise<GpuRunner> {
  return GpuRunner.start(options);
}

async function withRunner<T>(use: (runner: GpuRunner) => Promise<T>): Promise<T> {
  const runner = await GpuRunner.start();
  try {
    return await use(runner);
  } finally {
    await runner.close();
  }
}

/** One compute job on a fresh runner (≈1 s startup: prefer startGpuRunner for several jobs). */
export function runCompute(job: ComputeJob): Promise<ComputeResult> {
  return withRunner((runner) => runner.runCompute(job));
}

/** Several compute jobs on one runner, sent back to back; rejects with the first failure, naming its index. */
export function runComputeBatch(jobs: readonly ComputeJob[]): Promise<ComputeResult[]> {
  return withRunner(async (runner) => {
    const settled = await Promise.allSettled(jobs.map((job) => runner.runCompute(job)));
    return settled.map((outcome, index) => {
      if (outcome.status === 'fulfilled') return outcome.value;
      const error = outcome.reason as Error;
      error.message = `batch job ${index}: ${error.message}`;
      throw error;
    });
  });
}

/** One draw on a fresh runner (prefer startGpuRunner for several). */
export function renderTriangle(job: RenderJob): Promise<RenderResult> {
  return withRunner((runner) => runner.renderTriangle(job));
}
