// The lit mesh: a textured cube drawn by lit.hlsl's vsMain/psMain. Buffers, texture and camera
// live here for the page's lifetime; a shader update swaps only the pipeline.
import { bindGroupLayoutsOf, bindGroupOf, bufferFor, packVertices, shaderModuleOf, validated, vertexBufferLayout, type GpuContext, type ShaderModule } from '../gpu.js';
import { OrbitCamera, translation } from '../math.js';

/** The scene's fixed inputs; the playground test recomputes the lit colour from them. */
export const LIT_SCENE = {
  model: translation(0.25, 0, 0),
  lights: [
    { direction: [0, 0, 1], intensity: 0.5, color: [1, 1, 1] },
    { direction: [1, 0, 0], intensity: 0.7, color: [0.2, 0.4, 1] },
    { direction: [0, 0.6, 0.8], intensity: 0.5, color: [1, 0.5, 0] },
  ],
  ambient: [0.1, 0.1, 0.1],
  /** 4x4 RGBA8 texture, one colour per 2x2 quadrant: [top-left, top-right, bottom-left, bottom-right]. */
  quadrants: [
    [204, 51, 51],
    [51, 204, 51],
    [51, 51, 204],
    [230, 230, 230],
  ],
  clear: { r: 0.05, g: 0.05, b: 0.08, a: 1 },
};

/** A unit cube (half-extent 1): 6 faces x 4 vertices; uv (0,0) at each face's top-left seen from outside. */
function cube(): { positions: number[]; normals: number[]; uvs: number[]; indices: number[] } {
  const faces: [number[], number[], number[]][] = [
    // normal, right, up
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
    [[0, 0, -1], [-1, 0, 0], [0, 1, 0]],
    [[1, 0, 0], [0, 0, -1], [0, 1, 0]],
    [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
    [[0, 1, 0], [1, 0, 0], [0, 0, -1]],
    [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
  ];
  const out = { positions: [] as number[], normals: [] as number[], uvs: [] as number[], indices: [] as number[] };
  for (const [n, r, u] of faces) {
    const base = out.positions.length / 3;
    for (const [s, t] of [[-1, 1], [1, 1], [1, -1], [-1, -1]] as const) {
      out.positions.push(n[0]! + s * r[0]! + t * u[0]!, n[1]! + s * r[1]! + t * u[1]!, n[2]! + s * r[2]! + t * u[2]!);
      out.normals.push(...n);
      out.uvs.push((s + 1) / 2, (1 - t) / 2);
    }
    out.indices.push(base, base + 3, base + 2, base, base + 2, base + 1);
  }
  return out;
}

export class LitScene {
  readonly camera = new OrbitCamera();
  private pipeline!: GPURenderPipeline;
  private bindGroup!: GPUBindGroup;
  private readonly vertexBuffer: GPUBuffer;
  private readonly indexBuffer: GPUBuffer;
  private readonly indexCount: number;
  private readonly cameraBuffer: GPUBuffer;
  private readonly lightsBuffer: GPUBuffer;
  private readonly texture: GPUTexture;
  private readonly sampler: GPUSampler;
  private depth: GPUTexture | undefined;
  private shader: ShaderModule;

  private constructor(private readonly gpu: GpuContext, shader: ShaderModule) {
    const { device } = gpu;
    this.shader = shader;
    const mesh = cube();
    const vertices = packVertices(vertexBufferLayout(shader, 'vsMain'), mesh.positions.length / 3, { POSITION: mesh.positions, NORMAL: mesh.normals, TEXCOORD0: mesh.uvs });
    this.vertexBuffer = device.createBuffer({ label: 'cube vertices', size: vertices.byteLength, usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(this.vertexBuffer, 0, vertices);
    const indices = new Uint16Array(mesh.indices.length + (mesh.indices.length % 2));
    indices.set(mesh.indices);
    this.indexCount = mesh.indices.length;
    this.indexBuffer = device.createBuffer({ label: 'cube indices', size: indices.byteLength, usage: GPUBufferUsage.INDEX | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(this.indexBuffer, 0, indices);
    this.cameraBuffer = bufferFor(device, shader.layouts.Camera!.size, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, 'Camera');
    this.lightsBuffer = bufferFor(device, shader.layouts.Lights!.size, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, 'Lights');
    this.texture = device.createTexture({ label: 'albedo', size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST });
    const texels = new Uint8Array(4 * 4 * 4);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) texels.set([...LIT_SCENE.quadrants[(y >> 1) * 2 + (x >> 1)]!, 255], (y * 4 + x) * 4);
    device.queue.writeTexture({ texture: this.texture }, texels, { bytesPerRow: 16 }, [4, 4]);
    this.sampler = device.createSampler({ magFilter: 'linear', minFilter: 'linear' });
    this.writeLights();
  }

  static async create(gpu: GpuContext, shader: ShaderModule): Promise<LitScene> {
    const scene = new LitScene(gpu, shader);
    await scene.setShader(shader);
    return scene;
  }

  /** Builds the pipeline from a (new) module; on failure the previous pipeline stays in use. */
  async setShader(shader: ShaderModule): Promise<void> {
    const { device, format } = this.gpu;
    const layouts = bindGroupLayoutsOf(device, shader);
    const module = await shaderModuleOf(device, shader, 'lit.hlsl');
    const pipeline = await validated(device, () =>
      device.createRenderPipelineAsync({
        label: 'lit',
        layout: device.createPipelineLayout({ bindGroupLayouts: layouts }),
        vertex: { module, entryPoint: shader.entryPoints.vsMain!.name, buffers: [vertexBufferLayout(shader, 'vsMain').layout] },
        fragment: { module, entryPoint: shader.entryPoints.psMain!.name, targets: [{ format }] },
        primitive: { topology: 'triangle-list', cullMode: 'back' },
        depthStencil: { format: 'depth24plus', depthWriteEnabled: true, depthCompare: 'less' },
      }),
    );
    this.bindGroup = bindGroupOf(device, shader, layouts, 0, { Camera: this.cameraBuffer, Lights: this.lightsBuffer, albedo: this.texture.createView(), albedoSampler: this.sampler });
    this.pipeline = pipeline;
    this.shader = shader;
    this.writeLights();
  }

  private writeLights(): void {
    const data = this.shader.layouts.Lights as unknown as { create(v: object): ArrayBuffer };
    this.gpu.device.queue.writeBuffer(this.lightsBuffer, 0, data.create({ lights: LIT_SCENE.lights, ambient: LIT_SCENE.ambient, lightCount: LIT_SCENE.lights.length }));
  }

  /** Draws the cube into `view` (a canvas or offscreen texture of `width` x `height`). */
  draw(encoder: GPUCommandEncoder, view: GPUTextureView, width: number, height: number): void {
    const { device } = this.gpu;
    if (!this.depth || this.depth.width !== width || this.depth.height !== height) {
      this.depth?.destroy();
      this.depth = device.createTexture({ size: [width, height], format: 'depth24plus', usage: GPUTextureUsage.RENDER_ATTACHMENT });
    }
    const camera = this.shader.layouts.Camera as unknown as { create(v: object): ArrayBuffer };
    device.queue.writeBuffer(this.cameraBuffer, 0, camera.create({ viewProj: this.camera.viewProj(width / height), model: LIT_SCENE.model, eye: this.camera.eye() }));
    const pass = encoder.beginRenderPass({
      colorAttachments: [{ view, loadOp: 'clear', storeOp: 'store', clearValue: LIT_SCENE.clear }],
      depthStencilAttachment: { view: this.depth.createView(), depthLoadOp: 'clear', depthStoreOp: 'store', depthClearValue: 1 },
    });
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bindGroup);
    pass.setVertexBuffer(0, this.vertexBuffer);
    pass.setIndexBuffer(this.indexBuffer, 'uint16');
    pass.drawIndexed(this.indexCount);
    pass.end();
  }
}
