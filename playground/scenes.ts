// The three scenes, their canvases and detail panels, the frame loop, and hot updates: the page
// accepts its shader imports (Vite's `import.meta.hot.accept`) and rebuilds only the pipelines of
// the shader that changed; camera, buffers and particles stay. A shader that fails (compile error:
// Vite's overlay; WGSL or pipeline error: the scene's status line) leaves the last good pipeline.
import * as litShader from './shaders/lit.hlsl?wgsl';
import * as particleShader from './shaders/particles.hlsl?wgsl';
import * as postShader from './shaders/post.hlsl?wgsl';
import { requestGpu, type GpuContext, type ShaderModule } from './gpu.js';
import { LitScene } from './scenes/lit.js';
import { ParticleScene } from './scenes/particles.js';
import { PostScene } from './scenes/post.js';
import { codeBlock, describe } from './tables.js';

const SIZE = 256;
type SceneName = 'lit' | 'particles' | 'post';

interface Card {
  section: HTMLElement;
  canvas: HTMLCanvasElement;
  status: HTMLElement;
  details: HTMLElement;
  context?: GPUCanvasContext;
}

/** What tests and the screenshot script read (window.playground). */
export interface PlaygroundHandle {
  frames: number;
  /** Pipelines swapped in by hot updates, per scene. */
  swaps: Record<SceneName, number>;
  liveCount: number;
  /** Renders one frame and reads a scene's canvas back: RGBA bytes, base64 (quick to hand to a test). */
  capture(name: SceneName): Promise<{ width: number; height: number; rgba: string }>;
}

const TITLES: Record<SceneName, [string, string]> = {
  lit: ['Lit mesh', 'shaders/lit.hlsl (+ lighting.hlsli): vertex + pixel, row- and column-major matrices in one cbuffer, a light array, a texture and sampler. Drag to orbit.'],
  particles: ['Particles', 'shaders/particles.hlsl: compute simulation over a structured buffer, groupshared reduction and an atomic live counter, drawn as instanced quads.'],
  post: ['Post process', 'shaders/post.hlsl: a full-screen box blur over the lit scene.'],
};

function card(container: HTMLElement, name: SceneName): Card {
  const section = document.createElement('section');
  section.className = 'scene';
  section.dataset.scene = name;
  const title = document.createElement('h2');
  title.textContent = TITLES[name][0];
  const left = document.createElement('div');
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const status = document.createElement('p');
  status.className = 'status';
  status.textContent = TITLES[name][1];
  left.append(canvas, status);
  const details = document.createElement('div');
  details.className = 'details';
  section.append(title, left, details);
  container.append(section);
  return { section, canvas, status, details };
}

function showDetails(card: Card, shader: ShaderModule): void {
  card.details.replaceChildren(...describe(shader as never), ...codeBlock('Generated WGSL', 'wgsl', shader.wgsl));
}

export async function startScenes(container: HTMLElement, statusLine: HTMLElement): Promise<void> {
  const cards: Record<SceneName, Card> = { lit: card(container, 'lit'), particles: card(container, 'particles'), post: card(container, 'post') };
  const modules: Record<SceneName, ShaderModule> = { lit: litShader as unknown as ShaderModule, particles: particleShader as unknown as ShaderModule, post: postShader as unknown as ShaderModule };
  for (const name of Object.keys(cards) as SceneName[]) showDetails(cards[name], modules[name]);

  const requested = await requestGpu();
  if (typeof requested === 'string') {
    statusLine.textContent = requested;
    document.body.dataset.webgpu = 'unavailable';
    for (const c of Object.values(cards)) c.canvas.hidden = true;
    return;
  }
  const gpu: GpuContext = requested;
  // Errors no scope caught (a frame's validation): shown, not only logged, since they blank a canvas.
  gpu.device.addEventListener('uncapturederror', (event: GPUUncapturedErrorEvent) => {
    statusLine.className = 'error';
    statusLine.textContent = `WebGPU: ${event.error.message}`;
  });
  const testMode = new URLSearchParams(location.search).has('test');
  let scenes: { lit: LitScene; particles: ParticleScene; post: PostScene };
  try {
    const [lit, particles, post] = await Promise.all([LitScene.create(gpu, modules.lit), ParticleScene.create(gpu, modules.particles), PostScene.create(gpu, modules.post)]);
    scenes = { lit, particles, post };
  } catch (error) {
    statusLine.className = 'error';
    statusLine.textContent = `The scenes could not start: ${(error as Error).message}`;
    document.body.dataset.webgpu = 'failed';
    return;
  }
  for (const c of Object.values(cards)) {
    c.context = c.canvas.getContext('webgpu')!;
    c.context.configure({ device: gpu.device, format: gpu.format, alphaMode: 'opaque', usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC });
  }
  scenes.lit.camera.attach(cards.lit.canvas);
  if (testMode) {
    // Fixed inputs for the tests and screenshots: the camera straight down -z, particles paused.
    Object.assign(scenes.lit.camera, { yaw: 0, pitch: 0, distance: 4 });
    scenes.particles.paused = true;
  }

  const handle: PlaygroundHandle = {
    frames: 0,
    swaps: { lit: 0, particles: 0, post: 0 },
    liveCount: -1,
    capture: (name) => capture(gpu, cards[name], () => frame(0)),
  };
  (window as unknown as { playground: PlaygroundHandle }).playground = handle;

  /** Encodes every scene into its current canvas texture; returns those textures (for capture). */
  function frame(dt: number): Record<SceneName, GPUTexture> {
    const encoder = gpu.device.createCommandEncoder();
    const textures = { lit: cards.lit.context!.getCurrentTexture(), particles: cards.particles.context!.getCurrentTexture(), post: cards.post.context!.getCurrentTexture() };
    scenes.lit.draw(encoder, textures.lit.createView(), SIZE, SIZE);
    scenes.lit.draw(encoder, scenes.post.target(SIZE, SIZE).createView(), SIZE, SIZE);
    scenes.post.draw(encoder, textures.post.createView());
    scenes.particles.frame(encoder, textures.particles.createView(), dt);
    gpu.device.queue.submit([encoder.finish()]);
    handle.frames++;
    void scenes.particles.readLiveCount().then((n) => (handle.liveCount = n));
    return textures;
  }

  let last = performance.now();
  const loop = (now: number): void => {
    frame(Math.min(0.05, (now - last) / 1000));
    last = now;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);

  /** Swaps a scene's pipelines for a new version of its shader; a failure keeps the running ones. */
  async function swap(name: SceneName, next: ShaderModule): Promise<void> {
    const c = cards[name];
    try {
      await scenes[name].setShader(next);
      modules[name] = next;
      showDetails(c, next);
      handle.swaps[name]++;
      c.status.className = 'status';
      c.status.textContent = `${TITLES[name][1]} Updated ${handle.swaps[name]}×.`;
      c.section.classList.add('updated');
    } catch (error) {
      c.status.className = 'status error';
      c.status.textContent = `Kept the last good pipeline: ${(error as Error).message}`;
    }
  }

  if (import.meta.hot) {
    import.meta.hot.accept(['./shaders/lit.hlsl?wgsl', './shaders/particles.hlsl?wgsl', './shaders/post.hlsl?wgsl'], ([lit, particles, post]) => {
      if (lit) void swap('lit', lit as unknown as ShaderModule);
      if (particles) void swap('particles', particles as unknown as ShaderModule);
      if (post) void swap('post', post as unknown as ShaderModule);
    });
  }
}

/** Draws a frame, copies the canvas texture to a buffer and returns RGBA bytes (BGRA swizzled). */
async function capture(gpu: GpuContext, c: Card, draw: () => Record<SceneName, GPUTexture>): Promise<{ width: number; height: number; rgba: string }> {
  const textures = draw();
  const name = c.section.dataset.scene as SceneName;
  const texture = textures[name];
  const bytesPerRow = Math.ceil((SIZE * 4) / 256) * 256;
  const buffer = gpu.device.createBuffer({ size: bytesPerRow * SIZE, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = gpu.device.createCommandEncoder();
  encoder.copyTextureToBuffer({ texture }, { buffer, bytesPerRow }, [SIZE, SIZE]);
  gpu.device.queue.submit([encoder.finish()]);
  await buffer.mapAsync(GPUMapMode.READ);
  const bytes = new Uint8Array(buffer.getMappedRange());
  const rgba = new Uint8Array(SIZE * SIZE * 4);
  const bgra = gpu.format === 'bgra8unorm';
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const from = y * bytesPerRow + x * 4;
      const to = (y * SIZE + x) * 4;
      rgba[to] = bytes[from + (bgra ? 2 : 0)]!;
      rgba[to + 1] = bytes[from + 1]!;
      rgba[to + 2] = bytes[from + (bgra ? 0 : 2)]!;
      rgba[to + 3] = bytes[from + 3]!;
    }
  }
  buffer.unmap();
  buffer.destroy();
  let binary = '';
  for (let i = 0; i < rgba.length; i += 0x8000) binary += String.fromCharCode(...rgba.subarray(i, i + 0x8000));
  return { width: SIZE, height: SIZE, rgba: btoa(binary) };
}
