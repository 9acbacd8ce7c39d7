// Dawn (npm `webgpu`) on SwiftShader for the WGSL back end's tests: Tint validation of every module
// (createShaderModule + getCompilationInfo; any message, warnings included, fails) and compute
// dispatches that read buffers back. One device per test file.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/** A buffer of a compute job: initial bytes (or zeros of `size`), bound at @group(group) @binding(binding). */
export interface JobBuffer {
  group?: number;
  binding: number;
  kind: 'uniform' | 'storage';
  data?: Uint8Array;
  size?: number;
}

export interface Dawn {
  /** Kept referenced: Dawn's instance must outlive its devices. */
  gpu: GPU;
  device: GPUDevice;
  /** Tint's messages for a module, formatted with the offending line; '' when there are none. */
  validate(code: string): Promise<string>;
  /**
   * Draws `vertexCount` vertices (no vertex buffers) into `targets` rgba32float targets of
   * `size`×`size` texels and returns each target's texels (4 floats per texel, row by row).
   */
  draw(code: string, vertex: string, fragment: string, vertexCount: number, targets: number, size: number): Promise<Float32Array[]>;
  /** Dispatches `entry` once per workgroup count and returns every buffer's bytes afterwards (same order). */
  compute(code: string, entry: string, groups: [number, number, number], buffers: JobBuffer[]): Promise<Uint8Array[]>;
}

export async function openDawn(): Promise<Dawn> {
  if (!existsSync(SWIFTSHADER_ICD)) throw new Error(`${SWIFTSHADER_ICD} is missing: apt-get install chromium (SwiftShader's Vulkan driver)`);
  process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
  process.env.VK_DRIVER_FILES = SWIFTSHADER_ICD;
  if (!process.env.XDG_RUNTIME_DIR || !existsSync(process.env.XDG_RUNTIME_DIR)) process.env.XDG_RUNTIME_DIR = mkdtempSync(join(tmpdir(), 'wgsl-xdg-'));
  const dawn = await import('webgpu');
  Object.assign(globalThis, dawn.globals);
  const gpu = dawn.create([]);
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new Error('Dawn found no adapter on SwiftShader');
  // As an application would: each module runs on a device with exactly the optional features its
  // `enable` directives name (none for most), so a module that needs an unnamed one fails.
  const device = await adapter.requestDevice({ requiredFeatures: [] });
  const devices = new Map<string, Promise<GPUDevice>>([['', Promise.resolve(device)]]);
  const deviceFor = (code: string): Promise<GPUDevice> => {
    const features = enabledFeatures(code);
    const key = features.join(',');
    let found = devices.get(key);
    // An adapter makes one device: another feature set takes a fresh adapter.
    if (!found) devices.set(key, (found = gpu.requestAdapter().then((a) => a!.requestDevice({ requiredFeatures: features }))));
    return found;
  };
  const validate = async (code: string): Promise<string> => {
    const device = await deviceFor(code);
    device.pushErrorScope('validation');
    const module = device.createShaderModule({ code });
    const info = await module.getCompilationInfo();
    const error = await device.popErrorScope();
    const lines = code.split('\n');
    const messages = info.messages.map((m) => `${m.lineNum}:${m.linePos} ${m.type}: ${m.message}\n    ${lines[m.lineNum - 1] ?? ''}`);
    if (error && !messages.length) messages.push(error.message);
    return messages.join('\n');
  };
  return {
    gpu,
    device,
    validate,
    async draw(code, vertex, fragment, vertexCount, targets, size) {
      const problems = await validate(code);
      if (problems) throw new Error(`Tint:\n${problems}`);
      const device = await deviceFor(code);
      device.pushErrorScope('validation');
      const module = device.createShaderModule({ code });
      const format: GPUTextureFormat = 'rgba32float';
      const textures = Array.from({ length: targets }, () =>
        device.createTexture({ size: [size, size], format, usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC }),
      );
      const pipeline = device.createRenderPipeline({
        layout: 'auto',
        vertex: { module, entryPoint: vertex },
        fragment: { module, entryPoint: fragment, targets: textures.map(() => ({ format })) },
        primitive: { topology: 'triangle-list' },
      });
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginRenderPass({
        colorAttachments: textures.map((t) => ({ view: t.createView(), loadOp: 'clear', storeOp: 'store', clearValue: [-1, -1, -1, -1] })),
      });
      pass.setPipeline(pipeline);
      pass.draw(vertexCount);
      pass.end();
      const rowBytes = 256;
      const reads = textures.map((t) => {
        const read = device.createBuffer({ size: rowBytes * size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
        encoder.copyTextureToBuffer({ texture: t }, { buffer: read, bytesPerRow: rowBytes }, [size, size]);
        return read;
      });
      device.queue.submit([encoder.finish()]);
      const error = await device.popErrorScope();
      if (error) throw new Error(`WebGPU: ${error.message}`);
      const out: Float32Array[] = [];
      for (const read of reads) {
        await read.mapAsync(GPUMapMode.READ);
        const all = new Float32Array(read.getMappedRange().slice(0));
        const texels = new Float32Array(size * size * 4);
        for (let y = 0; y < size; y++) texels.set(all.subarray((y * rowBytes) / 4, (y * rowBytes) / 4 + size * 4), y * size * 4);
        out.push(texels);
        read.unmap();
        read.destroy();
      }
      for (const t of textures) t.destroy();
      return out;
    },
    async compute(code, entry, groups, buffers) {
      const problems = await validate(code);
      if (problems) throw new Error(`Tint:\n${problems}`);
      const device = await deviceFor(code);
      device.pushErrorScope('validation');
      const gpuBuffers = buffers.map((b) => {
        // Uniform bindings are read in 16-byte rows: round the size up as WebGPU requires.
        const size = Math.max(16, Math.ceil((b.data?.byteLength ?? b.size ?? 4) / 16) * 16);
        const buffer = device.createBuffer({ size, usage: (b.kind === 'uniform' ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE) | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
        if (b.data) {
          const padded = new Uint8Array(size);
          padded.set(b.data);
          device.queue.writeBuffer(buffer, 0, padded);
        }
        return buffer;
      });
      const module = device.createShaderModule({ code });
      const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: entry } });
      const groupsUsed = [...new Set(buffers.map((b) => b.group ?? 0))];
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      for (const g of groupsUsed) {
        const entries = buffers.flatMap((b, i) => ((b.group ?? 0) === g ? [{ binding: b.binding, resource: { buffer: gpuBuffers[i]! } }] : []));
        pass.setBindGroup(g, device.createBindGroup({ layout: pipeline.getBindGroupLayout(g), entries }));
      }
      pass.dispatchWorkgroups(...groups);
      pass.end();
      const reads = gpuBuffers.map((buffer) => {
        const read = device.createBuffer({ size: buffer.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
        encoder.copyBufferToBuffer(buffer, 0, read, 0, buffer.size);
        return read;
      });
      device.queue.submit([encoder.finish()]);
      const error = await device.popErrorScope();
      if (error) throw new Error(`WebGPU: ${error.message}`);
      const out: Uint8Array[] = [];
      for (const read of reads) {
        await read.mapAsync(GPUMapMode.READ);
        out.push(new Uint8Array(read.getMappedRange().slice(0)));
        read.unmap();
        read.destroy();
      }
      for (const b of gpuBuffers) b.destroy();
      return out;
    },
  };
}

/** The WebGPU features a module's `enable` directives name (`f16` is the feature `shader-f16`). */
function enabledFeatures(code: string): GPUFeatureName[] {
  const names = new Set<string>();
  for (const m of code.matchAll(/^\s*enable\s+([\w\s,]+);/gm)) {
    for (const name of m[1]!.split(',').map((n) => n.trim()).filter(Boolean)) names.add(name === 'f16' ? 'shader-f16' : name.replace(/_/g, '-'));
  }
  return [...names].sort() as GPUFeatureName[];
}
