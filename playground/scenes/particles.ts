// The particle simulation: particles.hlsl's `simulate` (compute) moves the particles in a storage
// buffer and counts the live ones into `liveCount`; vsParticle/psParticle draw them. The buffers
// survive shader updates: only the pipelines are rebuilt.
import { bindGroupLayoutsOf, bindGroupOf, bufferFor, layoutsForStages, shaderModuleOf, validated, type GpuContext, type ShaderModule } from '../gpu.js';

interface Writer {
  size: number;
  create(value: object): ArrayBuffer;
  createArray(count: number, values: object[]): ArrayBuffer;
}

/** The particle field's fixed start; the playground test recomputes the live count from it. */
export const PARTICLES = {
  count: 256,
  /** Every fifth particle starts dead (life 0) and is neither counted nor drawn. */
  isLive: (i: number): boolean => i % 5 !== 0,
  size: 0.02,
  gravity: [0, -0.6],
  clear: { r: 0.02, g: 0.02, b: 0.03, a: 1 },
};

export function initialParticles(): object[] {
  return Array.from({ length: PARTICLES.count }, (_, i) => {
    const gx = i % 16;
    const gy = Math.floor(i / 16);
    return {
      position: [-0.9 + (gx * 1.8) / 15, 0.9 - (gy * 1.8) / 15],
      velocity: [Math.sin(i * 12.9898) * 0.4, Math.cos(i * 78.233) * 0.4],
      color: [0.3 + 0.7 * (gx / 15), 0.4 + 0.6 * (gy / 15), 1 - 0.5 * (gx / 15), 1],
      life: PARTICLES.isLive(i) ? 1 : 0,
    };
  });
}

export class ParticleScene {
  private simulatePipeline!: GPUComputePipeline;
  private drawPipeline!: GPURenderPipeline;
  private simulateGroups: GPUBindGroup[] = [];
  private drawGroups: GPUBindGroup[] = [];
  private readonly params: GPUBuffer;
  private readonly drawParams: GPUBuffer;
  private readonly particles: GPUBuffer;
  private readonly liveCount: GPUBuffer;
  private readonly readback: GPUBuffer;
  private shader!: ShaderModule;
  /** Live particles counted by the last simulate dispatch that was read back. */
  lastLiveCount = -1;
  paused = false;

  private constructor(private readonly gpu: GpuContext, shader: ShaderModule) {
    const { device } = gpu;
    const layout = shader.layouts.particles as unknown as Writer;
    const data = layout.createArray(PARTICLES.count, initialParticles());
    this.particles = device.createBuffer({ label: 'particles', size: data.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(this.particles, 0, data);
    this.params = bufferFor(device, shader.layouts.SimParams!.size, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, 'SimParams');
    this.drawParams = bufferFor(device, shader.layouts.DrawParams!.size, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, 'DrawParams');
    this.liveCount = bufferFor(device, 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC, 'liveCount');
    this.readback = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  }

  static async create(gpu: GpuContext, shader: ShaderModule): Promise<ParticleScene> {
    const scene = new ParticleScene(gpu, shader);
    await scene.setShader(shader);
    return scene;
  }

  async setShader(shader: ShaderModule): Promise<void> {
    const { device, format } = this.gpu;
    const layouts = bindGroupLayoutsOf(device, shader);
    const computeLayouts = layoutsForStages(device, shader, layouts, GPUShaderStage.COMPUTE);
    const drawLayouts = layoutsForStages(device, shader, layouts, GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT);
    const module = await shaderModuleOf(device, shader, 'particles.hlsl');
    const [simulate, draw] = await validated(device, () =>
      Promise.all([
        device.createComputePipelineAsync({ label: 'simulate', layout: device.createPipelineLayout({ bindGroupLayouts: computeLayouts }), compute: { module, entryPoint: shader.entryPoints.simulate!.name } }),
        device.createRenderPipelineAsync({
          label: 'particles',
          layout: device.createPipelineLayout({ bindGroupLayouts: drawLayouts }),
          vertex: { module, entryPoint: shader.entryPoints.vsParticle!.name, buffers: [] },
          fragment: { module, entryPoint: shader.entryPoints.psParticle!.name, targets: [{ format }] },
          primitive: { topology: 'triangle-list' },
        }),
      ]),
    );
    const resources = { SimParams: this.params, particles: this.particles, liveCount: this.liveCount, drawn: this.particles, DrawParams: this.drawParams };
    const groups = (used: GPUBindGroupLayout[]) => used.map((layout, group) => (layout === layouts[group] ? bindGroupOf(device, shader, layouts, group, resources) : device.createBindGroup({ layout, entries: [] })));
    this.simulateGroups = groups(computeLayouts);
    this.drawGroups = groups(drawLayouts);
    this.simulatePipeline = simulate;
    this.drawPipeline = draw;
    this.shader = shader;
  }

  /** One simulation step (dt seconds; 0 when paused) and the draw into `view`. */
  frame(encoder: GPUCommandEncoder, view: GPUTextureView, dt: number): void {
    const { device } = this.gpu;
    const params = this.shader.layouts.SimParams as unknown as Writer;
    device.queue.writeBuffer(this.params, 0, params.create({ gravity: PARTICLES.gravity, deltaTime: this.paused ? 0 : dt, particleCount: PARTICLES.count }));
    device.queue.writeBuffer(this.drawParams, 0, (this.shader.layouts.DrawParams as unknown as Writer).create({ size: PARTICLES.size }));
    encoder.clearBuffer(this.liveCount);
    const compute = encoder.beginComputePass();
    compute.setPipeline(this.simulatePipeline);
    this.simulateGroups.forEach((group, i) => compute.setBindGroup(i, group));
    compute.dispatchWorkgroups(Math.ceil(PARTICLES.count / this.shader.entryPoints.simulate!.workgroupSize!.x));
    compute.end();
    if (this.readback.mapState === 'unmapped') encoder.copyBufferToBuffer(this.liveCount, 0, this.readback, 0, 4);
    const pass = encoder.beginRenderPass({ colorAttachments: [{ view, loadOp: 'clear', storeOp: 'store', clearValue: PARTICLES.clear }] });
    pass.setPipeline(this.drawPipeline);
    this.drawGroups.forEach((group, i) => pass.setBindGroup(i, group));
    pass.draw(6, PARTICLES.count);
    pass.end();
  }

  /** After submit: reads the live count of the frame just submitted (skipped while a read is under way). */
  async readLiveCount(): Promise<number> {
    if (this.readback.mapState !== 'unmapped') return this.lastLiveCount;
    await this.readback.mapAsync(GPUMapMode.READ);
    this.lastLiveCount = new Uint32Array(this.readback.getMappedRange(0, 4))[0]!;
    this.readback.unmap();
    return this.lastLiveCount;
  }
}
