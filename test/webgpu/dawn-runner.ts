// Dawn in this process: one instance and adapter, a device per feature set. harness.ts starts it
// directly for SwiftShader, dawn-host.ts in a child process for other drivers. See README.md.

import { decodeTexel, formatInfo } from '../gpu/formats.js';
import { createDawnGpu, formatWgslMessages, requestAdapter } from './dawn.js';
import { WebGpuValidationError, WgslCompilationError } from './errors.js';
import { createResources, DEFAULT_SENTINEL, readTexture, vertexFormat, type JobResources } from './resources.js';
import type { ComputeJob, ComputeResult, RenderJob, RenderResult, WebGpuDriver, WebGpuFeature, WebGpuRunner } from './types.js';

const SCOPES: GPUErrorFilter[] = ['validation', 'internal', 'out-of-memory'];

/**
 * One Dawn instance and adapter; a device per distinct feature set, created on first use. Jobs run
 * one at a time in call order (a chain), so error scopes never interleave.
 */
export class DawnRunner implements WebGpuRunner {
  private readonly devices = new Map<string, Promise<GPUDevice>>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly driver: WebGpuDriver,
    private readonly icd: string,
    private readonly gpu: GPU,
    /** For features and description only: an adapter gives out one device, so each device gets its own. */
    private readonly adapter: GPUAdapter,
  ) {}

  /** Dawn in this process on the Vulkan driver of `icd` (see dawn.ts: the loader reads it once). */
  static async start(driver: WebGpuDriver, icd: string): Promise<DawnRunner> {
    const gpu = await createDawnGpu(icd);
    return new DawnRunner(driver, icd, gpu, await requestAdapter(gpu, icd));
  }

  /** Optional features this adapter offers, of those a job may name. */
  get supportedFeatures(): WebGpuFeature[] {
    return (['shader-f16', 'subgroups'] as const).filter((feature) => this.adapter.features.has(feature));
  }

  /** The adapter's description (e.g. "SwiftShader Device (Subzero)"). */
  get adapterDescription(): string {
    const info = this.adapter.info;
    return [info.vendor, info.architecture, info.description].filter((part) => part).join(' ');
  }

  /** Compiles `code` with Tint and rejects on any message; resolves to the module on a clean compile. */
  compile(code: string, features: readonly WebGpuFeature[] = []): Promise<void> {
    return this.serial(async () => void (await this.compileOn(await this.device(features), code)));
  }

  runCompute(job: ComputeJob): Promise<ComputeResult> {
    return this.serial(async () => {
      const device = await this.device(job.features ?? []);
      const module = await this.compileOn(device, job.wgsl);
      const entry = job.entry ?? 'main';
      return this.scoped(device, `compute entry '${entry}'`, async () => {
        const resources = createResources(device, job.bindings ?? [], job.sentinel ?? DEFAULT_SENTINEL, false);
        try {
          const pipeline = device.createComputePipeline({
            layout: device.createPipelineLayout({ bindGroupLayouts: resources.bindGroups.map((g) => g.layout) }),
            compute: { module, entryPoint: entry },
          });
          const encoder = device.createCommandEncoder();
          const pass = encoder.beginComputePass();
          pass.setPipeline(pipeline);
          for (const group of resources.bindGroups) pass.setBindGroup(group.index, group.group);
          pass.dispatchWorkgroups(...job.groups);
          pass.end();
          const finish = resources.readBack(encoder);
          return { finish, resources, commands: encoder.finish() };
        } catch (error) {
          resources.destroy();
          throw error;
        }
      }).then(async ({ finish, resources, commands }) => {
        try {
          await this.submit(device, commands);
          return splitOutputs(await finish(), job.bindings ?? []);
        } finally {
          resources.destroy();
        }
      });
    });
  }

  /** Draws `vertices` as a triangle list into a cleared offscreen colour texture. */
  renderTriangle(job: RenderJob): Promise<RenderResult> {
    return this.serial(async () => {
      const device = await this.device(job.features ?? []);
      const vertexModule = await this.compileOn(device, job.vertexWgsl);
      const pixelModule = job.pixelWgsl === undefined ? vertexModule : await this.compileOn(device, job.pixelWgsl);
      const width = job.width ?? 64, height = job.height ?? 64, format = job.format ?? 'rgba8unorm';
      const what = `draw '${job.vertexEntry ?? 'main'}' + '${job.pixelEntry ?? 'main'}'`;
      let resources: JobResources | undefined;
      const targets: GPUTexture[] = [];
      try {
        const { finishTargets, finishOutputs, commands, vertexBuffer } = await this.scoped(device, what, async () => {
          resources = createResources(device, job.bindings ?? [], job.sentinel ?? DEFAULT_SENTINEL, true);
          for (let k = 0; k < (job.targets ?? 1); k++) {
            targets.push(device.createTexture({ size: [width, height], format: format as GPUTextureFormat, usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC }));
          }
          const vertexBuffers: GPUVertexBufferLayout[] = [];
          let vertexCount = job.vertexCount;
          const encoder = device.createCommandEncoder();
          let vertexBuffer: GPUBuffer | undefined;
          if (job.vertices) {
            if (!job.stride) throw new Error('renderTriangle: `stride` is required with `vertices`');
            vertexCount ??= job.vertices.byteLength / job.stride;
            vertexBuffer = device.createBuffer({ size: Math.ceil(job.vertices.byteLength / 4) * 4, usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST });
            const bytes = new Uint8Array(vertexBuffer.size);
            bytes.set(new Uint8Array(job.vertices.buffer, job.vertices.byteOffset, job.vertices.byteLength));
            device.queue.writeBuffer(vertexBuffer, 0, bytes);
            vertexBuffers.push({
              arrayStride: job.stride,
              attributes: (job.attributes ?? []).map((a) => ({ shaderLocation: a.location, format: vertexFormat(a.format), offset: a.offset })),
            });
          }
          if (vertexCount === undefined) throw new Error('renderTriangle: `vertexCount` is required without `vertices`');
          const pipeline = device.createRenderPipeline({
            layout: device.createPipelineLayout({ bindGroupLayouts: resources.bindGroups.map((g) => g.layout) }),
            vertex: { module: vertexModule, entryPoint: job.vertexEntry ?? 'main', buffers: vertexBuffers },
            fragment: { module: pixelModule, entryPoint: job.pixelEntry ?? 'main', targets: targets.map(() => ({ format: format as GPUTextureFormat })) },
            primitive: { topology: 'triangle-list', cullMode: 'none' },
          });
          const [r, g, b, a] = job.clear ?? [0, 0, 0, 0];
          const colorAttachments = targets.map((target): GPURenderPassColorAttachment => ({ view: target.createView(), loadOp: 'clear', storeOp: 'store', clearValue: { r, g, b, a } }));
          const pass = encoder.beginRenderPass({ colorAttachments });
          pass.setPipeline(pipeline);
          for (const group of resources.bindGroups) pass.setBindGroup(group.index, group.group);
          if (vertexBuffer) pass.setVertexBuffer(0, vertexBuffer);
          pass.draw(vertexCount);
          pass.end();
          const extent = { width, height, layers: 1, bytesPerTexel: formatInfo(format).bytes };
          const finishTargets = targets.map((target) => readTexture(device, encoder, target, extent));
          const finishOutputs = resources.readBack(encoder);
          return { finishTargets, finishOutputs, commands: encoder.finish(), vertexBuffer };
        });
        await this.submit(device, commands);
        vertexBuffer?.destroy();
        const targetPixels = await Promise.all(finishTargets.map((finish) => finish()));
        const pixels = targetPixels[0]!;
        const outputs = splitOutputs(await finishOutputs(), job.bindings ?? []);
        return {
          ...outputs,
          width,
          height,
          format,
          pixels,
          targetPixels,
          texel: (x: number, y: number, target = 0) => decodeTexel(targetPixels[target]!, format, y * width + x),
        };
      } finally {
        resources?.destroy();
        for (const target of targets) target.destroy();
      }
    });
  }

  /** Destroys every device. The Dawn instance goes with the last reference to it. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.catch(() => {});
    for (const device of this.devices.values()) (await device.catch(() => undefined))?.destroy();
    this.devices.clear();
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the WebGPU runner is closed'));
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  private device(features: readonly WebGpuFeature[]): Promise<GPUDevice> {
    const wanted = [...new Set(features)].sort();
    const missing = wanted.filter((feature) => !this.adapter.features.has(feature));
    if (missing.length) {
      return Promise.reject(new Error(`WebGPU feature(s) ${missing.join(', ')} not offered by ${this.adapterDescription}`));
    }
    const key = wanted.join(',');
    let device = this.devices.get(key);
    if (!device) {
      device = requestAdapter(this.gpu, this.icd).then((adapter) => adapter.requestDevice({ requiredFeatures: wanted }));
      this.devices.set(key, device);
      // A lost device is dropped so that the next job gets a fresh one.
      void device.then((d) => d.lost.then(() => this.devices.delete(key)), () => this.devices.delete(key));
    }
    return device;
  }

  private async compileOn(device: GPUDevice, code: string): Promise<GPUShaderModule> {
    // Tint's own messages come first: an invalid module is also a validation error, but its
    // compilation info says where.
    const module = await this.scoped(device, 'createShaderModule', async () => {
      const created = device.createShaderModule({ code });
      const info = await created.getCompilationInfo();
      if (info.messages.length > 0) {
        const messages = info.messages.map((m) => ({ type: m.type, message: m.message, line: m.lineNum, column: m.linePos }));
        throw new WgslCompilationError(messages, formatWgslMessages(code, info.messages));
      }
      return created;
    }, (thrown) => thrown instanceof WgslCompilationError);
    return module;
  }

  /**
   * Submits outside any error scope: Dawn 0.3.8 on SwiftShader aborts the process when an error scope
   * spanning a submit of a render pass is popped. What a submit rejects arrives as an uncaptured error.
   */
  private async submit(device: GPUDevice, commands: GPUCommandBuffer): Promise<void> {
    const uncaptured: string[] = [];
    const listener = (event: Event) => uncaptured.push((event as GPUUncapturedErrorEvent).error.message.trim());
    device.addEventListener('uncapturederror', listener);
    try {
      device.queue.submit([commands]);
      await device.queue.onSubmittedWorkDone();
    } finally {
      device.removeEventListener('uncapturederror', listener);
    }
    if (uncaptured.length) throw new WebGpuValidationError('queue submit', uncaptured);
  }

  /** Runs `work` inside validation/internal/out-of-memory error scopes and rejects with what they caught. */
  private async scoped<T>(device: GPUDevice, what: string, work: () => Promise<T>, overrides: (thrown: unknown) => boolean = () => false): Promise<T> {
    for (const filter of SCOPES) device.pushErrorScope(filter);
    let result: T | undefined;
    let thrown: unknown;
    try {
      result = await work();
    } catch (error) {
      thrown = error;
    }
    const errors: string[] = [];
    for (let i = 0; i < SCOPES.length; i++) {
      const error = await device.popErrorScope();
      if (error) errors.push(error.message.trim());
    }
    if (overrides(thrown)) throw thrown;
    if (errors.length) throw new WebGpuValidationError(what, errors);
    if (thrown !== undefined) throw thrown;
    return result as T;
  }
}

function splitOutputs(outputs: Record<string, Uint8Array>, bindings: ComputeJob['bindings'] & object): ComputeResult {
  const buffers: Record<string, Uint8Array> = {};
  const images: Record<string, Uint8Array> = {};
  for (const binding of bindings) {
    const key = `${binding.group ?? 0}:${binding.binding}`;
    const bytes = outputs[key];
    if (!bytes) continue;
    const into = binding.kind === 'storage-texture' ? images : buffers;
    into[key] = bytes;
    if (binding.name) into[binding.name] = bytes;
  }
  return { buffers, images };
}
