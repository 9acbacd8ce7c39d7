// Turns the harness's binding descriptions into WebGPU objects: buffers and textures filled with
// `data` then the sentinel, an explicit bind group layout per group (the test says what each slot is,
// as with descriptor set layouts in test/gpu), and read-back of every buffer and storage texture.

import { formatInfo, type FormatName } from '../gpu/formats.js';
import type { Binding, BytesInput, TextureDescription } from './types.js';

export const DEFAULT_SENTINEL = 0xcd;
const COPY_ROW_ALIGNMENT = 256;

export function bytesOf(view: BytesInput): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

export function slotKey(binding: Binding): string {
  return `${binding.group ?? 0}:${binding.binding}`;
}

/** `size` bytes: `data` first, `sentinel` after it. */
function contents(where: string, size: number, data: BytesInput | undefined, sentinel: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(size) || size <= 0) throw new Error(`${where}: size must be a positive integer (got ${size})`);
  const out = new Uint8Array(size).fill(sentinel);
  if (data) {
    if (data.byteLength > size) throw new Error(`${where}: ${data.byteLength} bytes of data do not fit in ${size}`);
    out.set(bytesOf(data));
  }
  return out;
}

function textureFormat(format: FormatName): GPUTextureFormat {
  if (/^rgb32/.test(format)) throw new Error(`${format} is a vertex format only; WebGPU has no 3-channel 32-bit textures`);
  return format as GPUTextureFormat;
}

function defaultSampleType(format: FormatName): GPUTextureSampleType {
  const channel = formatInfo(format).channel;
  if (channel.startsWith('uint')) return 'uint';
  if (channel.startsWith('sint')) return 'sint';
  return channel === 'float32' ? 'unfilterable-float' : 'float';
}

interface TextureExtent {
  width: number;
  height: number;
  layers: number;
  bytesPerTexel: number;
}

function extentOf(texture: TextureDescription): TextureExtent {
  const dimension = texture.dimension ?? '2d';
  const layers = texture.depthOrLayers ?? 1;
  if ((dimension === '1d' || dimension === '2d') && layers !== 1) throw new Error(`a ${dimension} texture has depthOrLayers 1`);
  return {
    width: texture.width,
    height: dimension === '1d' ? 1 : (texture.height ?? 1),
    layers,
    bytesPerTexel: formatInfo(texture.format).bytes,
  };
}

/** The GPU objects of one job: what the bind groups hold and what is read back afterwards. */
export interface JobResources {
  bindGroups: { index: number; layout: GPUBindGroupLayout; group: GPUBindGroup }[];
  readBack: (encoder: GPUCommandEncoder) => () => Promise<Record<string, Uint8Array>>;
  destroy: () => void;
}

/** Visibility for a binding: a vertex stage may not see writable storage. */
function visibilityOf(binding: Binding, render: boolean): GPUShaderStageFlags {
  if (!render) return GPUShaderStage.COMPUTE;
  const writable = binding.kind === 'storage-buffer' || (binding.kind === 'storage-texture' && (binding.access ?? 'write-only') !== 'read-only');
  return writable ? GPUShaderStage.FRAGMENT : GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT;
}

const VIEW_DIMENSIONS = { '1d': '1d', '2d': '2d', '3d': '3d', '2d-array': '2d-array' } as const;
const TEXTURE_DIMENSIONS = { '1d': '1d', '2d': '2d', '3d': '3d', '2d-array': '2d' } as const;

export function createResources(device: GPUDevice, bindings: readonly Binding[], jobSentinel: number, render: boolean): JobResources {
  const created: { destroy(): void }[] = [];
  const groups = new Map<number, { layout: GPUBindGroupLayoutEntry[]; entries: GPUBindGroupEntry[] }>();
  const outputs: { keys: string[]; read: (encoder: GPUCommandEncoder) => () => Promise<Uint8Array> }[] = [];
  const seen = new Set<string>();

  for (const binding of bindings) {
    const key = slotKey(binding);
    if (seen.has(key)) throw new Error(`binding ${key} is given twice`);
    seen.add(key);
    const where = `binding ${key} (${binding.kind})`;
    const group = groups.get(binding.group ?? 0) ?? { layout: [], entries: [] };
    groups.set(binding.group ?? 0, group);
    const visibility = visibilityOf(binding, render);
    const keys = binding.name ? [key, binding.name] : [key];

    if (binding.kind === 'uniform-buffer' || binding.kind === 'storage-buffer' || binding.kind === 'read-only-storage-buffer') {
      const body = contents(where, binding.size ?? binding.data?.byteLength ?? 0, binding.data, binding.sentinel ?? jobSentinel);
      const usage = (binding.kind === 'uniform-buffer' ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE) | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
      // Buffer sizes are multiples of 4 in WebGPU; the binding covers exactly the given size.
      const buffer = device.createBuffer({ label: where, size: Math.ceil(body.byteLength / 4) * 4, usage });
      created.push(buffer);
      device.queue.writeBuffer(buffer, 0, padTo4(body));
      const type = binding.kind === 'uniform-buffer' ? 'uniform' : binding.kind === 'storage-buffer' ? 'storage' : 'read-only-storage';
      group.layout.push({ binding: binding.binding, visibility, buffer: { type } });
      group.entries.push({ binding: binding.binding, resource: { buffer, offset: 0, size: buffer.size } });
      outputs.push({ keys, read: (encoder) => readBuffer(device, encoder, buffer, body.byteLength) });
    } else if (binding.kind === 'texture' || binding.kind === 'storage-texture') {
      const extent = extentOf(binding);
      const dimension = binding.dimension ?? '2d';
      const size = extent.width * extent.height * extent.layers * extent.bytesPerTexel;
      const body = contents(where, size, binding.data, binding.sentinel ?? jobSentinel);
      const storage = binding.kind === 'storage-texture';
      const texture = device.createTexture({
        label: where,
        format: textureFormat(binding.format),
        dimension: TEXTURE_DIMENSIONS[dimension],
        size: [extent.width, extent.height, extent.layers],
        usage: (storage ? GPUTextureUsage.STORAGE_BINDING : GPUTextureUsage.TEXTURE_BINDING) | GPUTextureUsage.COPY_DST | GPUTextureUsage.COPY_SRC,
      });
      created.push(texture);
      device.queue.writeTexture({ texture }, body, { bytesPerRow: extent.width * extent.bytesPerTexel, rowsPerImage: extent.height }, [extent.width, extent.height, extent.layers]);
      const view = texture.createView({ dimension: VIEW_DIMENSIONS[dimension] });
      if (storage) {
        group.layout.push({
          binding: binding.binding,
          visibility,
          storageTexture: { access: binding.access ?? 'write-only', format: textureFormat(binding.format), viewDimension: VIEW_DIMENSIONS[dimension] },
        });
        outputs.push({ keys, read: (encoder) => readTexture(device, encoder, texture, extent) });
      } else {
        group.layout.push({
          binding: binding.binding,
          visibility,
          texture: { sampleType: binding.sampleType ?? defaultSampleType(binding.format), viewDimension: VIEW_DIMENSIONS[dimension] },
        });
      }
      group.entries.push({ binding: binding.binding, resource: view });
    } else if (binding.kind === 'sampler') {
      const filter = binding.filter ?? 'nearest';
      const address = binding.addressMode ?? 'clamp-to-edge';
      const sampler = device.createSampler({
        label: where,
        magFilter: filter,
        minFilter: filter,
        addressModeU: address,
        addressModeV: address,
        addressModeW: address,
      });
      group.layout.push({ binding: binding.binding, visibility, sampler: { type: filter === 'linear' ? 'filtering' : 'non-filtering' } });
      group.entries.push({ binding: binding.binding, resource: sampler });
    }
  }

  // Groups are numbered densely in a pipeline layout; a gap gets an empty group.
  const last = Math.max(-1, ...groups.keys());
  const bindGroups = Array.from({ length: last + 1 }, (_, index) => {
    const group = groups.get(index) ?? { layout: [], entries: [] };
    const layout = device.createBindGroupLayout({ label: `group ${index}`, entries: group.layout });
    return { index, layout, group: device.createBindGroup({ label: `group ${index}`, layout, entries: group.entries }) };
  });

  return {
    bindGroups,
    readBack: (encoder) => {
      const pending = outputs.map((output) => ({ keys: output.keys, finish: output.read(encoder) }));
      return async () => {
        const result: Record<string, Uint8Array> = {};
        for (const output of pending) {
          const bytes = await output.finish();
          for (const key of output.keys) result[key] = bytes;
        }
        return result;
      };
    },
    destroy: () => created.forEach((object) => object.destroy()),
  };
}

function padTo4(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  if (bytes.byteLength % 4 === 0) return bytes;
  const out = new Uint8Array(Math.ceil(bytes.byteLength / 4) * 4);
  out.set(bytes);
  return out;
}

function readBuffer(device: GPUDevice, encoder: GPUCommandEncoder, source: GPUBuffer, byteLength: number): () => Promise<Uint8Array> {
  const staging = device.createBuffer({ size: source.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  encoder.copyBufferToBuffer(source, 0, staging, 0, source.size);
  return async () => {
    await staging.mapAsync(GPUMapMode.READ);
    const bytes = new Uint8Array(staging.getMappedRange().slice(0, byteLength));
    staging.destroy();
    return bytes;
  };
}

/** Copies a texture out (rows padded to 256 bytes, as WebGPU requires) and returns tightly packed texels. */
export function readTexture(device: GPUDevice, encoder: GPUCommandEncoder, texture: GPUTexture, extent: TextureExtent): () => Promise<Uint8Array> {
  const row = extent.width * extent.bytesPerTexel;
  const paddedRow = Math.ceil(row / COPY_ROW_ALIGNMENT) * COPY_ROW_ALIGNMENT;
  const staging = device.createBuffer({ size: paddedRow * extent.height * extent.layers, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  encoder.copyTextureToBuffer(
    { texture },
    { buffer: staging, bytesPerRow: paddedRow, rowsPerImage: extent.height },
    [extent.width, extent.height, extent.layers],
  );
  return async () => {
    await staging.mapAsync(GPUMapMode.READ);
    const padded = new Uint8Array(staging.getMappedRange());
    const out = new Uint8Array(row * extent.height * extent.layers);
    for (let r = 0; r < extent.height * extent.layers; r++) out.set(padded.subarray(r * paddedRow, r * paddedRow + row), r * row);
    staging.destroy();
    return out;
  };
}

/** WebGPU vertex format of a harness format name (rg32float → float32x2, rgba8unorm → unorm8x4, ...). */
export function vertexFormat(format: FormatName): GPUVertexFormat {
  const info = formatInfo(format);
  const base: Record<string, string> = {
    float32: 'float32', uint32: 'uint32', sint32: 'sint32', float16: 'float16',
    uint16: 'uint16', sint16: 'sint16', unorm16: 'unorm16', unorm8: 'unorm8', snorm8: 'snorm8', uint8: 'uint8', sint8: 'sint8',
  };
  const name = base[info.channel];
  if (!name) throw new Error(`${format} is not a vertex format`);
  return (info.channels === 1 ? name : `${name}x${info.channels}`) as GPUVertexFormat;
}
