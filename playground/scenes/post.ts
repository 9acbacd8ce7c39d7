// The post process: post.hlsl's full-screen triangle blurs the lit scene (rendered into an
// offscreen texture) into the canvas. Only the pipeline is rebuilt on a shader update.
import { bindGroupLayoutsOf, bindGroupOf, bufferFor, shaderModuleOf, validated, type GpuContext, type ShaderModule } from '../gpu.js';

/** The blur's settings; the playground test recomputes the blur from the unblurred image with them. */
export const POST = { exposure: 1, radius: 2 };

export class PostScene {
  private pipeline!: GPURenderPipeline;
  private layouts: GPUBindGroupLayout[] = [];
  private readonly params: GPUBuffer;
  private shader!: ShaderModule;
  private source: { texture: GPUTexture; bindGroup: GPUBindGroup } | undefined;

  private constructor(private readonly gpu: GpuContext, shader: ShaderModule) {
    this.params = bufferFor(gpu.device, shader.layouts.PostParams!.size, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, 'PostParams');
  }

  static async create(gpu: GpuContext, shader: ShaderModule): Promise<PostScene> {
    const scene = new PostScene(gpu, shader);
    await scene.setShader(shader);
    return scene;
  }

  async setShader(shader: ShaderModule): Promise<void> {
    const { device, format } = this.gpu;
    const layouts = bindGroupLayoutsOf(device, shader);
    const module = await shaderModuleOf(device, shader, 'post.hlsl');
    this.pipeline = await validated(device, () =>
      device.createRenderPipelineAsync({
        label: 'post',
        layout: device.createPipelineLayout({ bindGroupLayouts: layouts }),
        vertex: { module, entryPoint: shader.entryPoints.vsFullScreen!.name, buffers: [] },
        fragment: { module, entryPoint: shader.entryPoints.psBlur!.name, targets: [{ format }] },
      }),
    );
    this.layouts = layouts;
    this.shader = shader;
    this.source = undefined;
    const params = shader.layouts.PostParams as unknown as { create(v: object): ArrayBuffer };
    device.queue.writeBuffer(this.params, 0, params.create(POST));
  }

  /** The offscreen texture the lit scene renders into, (re)made at the canvas size. */
  target(width: number, height: number): GPUTexture {
    const { device, format } = this.gpu;
    if (!this.source || this.source.texture.width !== width || this.source.texture.height !== height) {
      this.source?.texture.destroy();
      const texture = device.createTexture({ label: 'lit scene', size: [width, height], format, usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.TEXTURE_BINDING });
      const bindGroup = bindGroupOf(device, this.shader, this.layouts, 0, { PostParams: this.params, scene: texture.createView() });
      this.source = { texture, bindGroup };
    }
    return this.source.texture;
  }

  draw(encoder: GPUCommandEncoder, view: GPUTextureView): void {
    const pass = encoder.beginRenderPass({ colorAttachments: [{ view, loadOp: 'clear', storeOp: 'store', clearValue: { r: 0, g: 0, b: 0, a: 1 } }] });
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.source!.bindGroup);
    pass.draw(3);
    pass.end();
  }
}
