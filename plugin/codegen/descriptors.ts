// Descriptor layouts derived from reflection: WebGPU GPUBindGroupLayoutDescriptor-shaped objects
// and Vulkan VkDescriptorSetLayoutBinding-shaped ones, one per set, indexed by set number.

import type { DescriptorBinding, DescriptorKind, EntryPoint, ImageInfo, Reflection, ShaderStage } from '../../compiler/reflect/types.js';
import type { Data } from './literal.js';

/** GPUShaderStage flag values (WebGPU spec); stages WebGPU lacks have none. */
const GPU_SHADER_STAGE: Partial<Record<ShaderStage, number>> = { vertex: 0x1, pixel: 0x2, compute: 0x4 };

/** VkShaderStageFlagBits values (vulkan_core.h). */
const VK_SHADER_STAGE: Record<ShaderStage, number> = {
  vertex: 0x1,
  hull: 0x2,
  domain: 0x4,
  geometry: 0x8,
  pixel: 0x10,
  compute: 0x20,
  amplification: 0x40,
  mesh: 0x80,
  raygeneration: 0x100,
  anyhit: 0x200,
  closesthit: 0x400,
  miss: 0x800,
  intersection: 0x1000,
  callable: 0x2000,
  /** VK_AMDX_shader_enqueue: node shaders are compute shaders. */
  node: 0x20,
};

/** VkDescriptorType values (vulkan_core.h). */
const VK_DESCRIPTOR_TYPE: Record<DescriptorKind, number> = {
  sampler: 0,
  'combined-image-sampler': 1,
  'sampled-image': 2,
  'storage-image': 3,
  'uniform-texel-buffer': 4,
  'storage-texel-buffer': 5,
  'uniform-buffer': 6,
  'storage-buffer': 7,
  'input-attachment': 10,
  'acceleration-structure': 1000150000,
};

/** GPUTextureViewDimension by [dim, arrayed]; absent where WebGPU has none. */
const VIEW_DIMENSIONS: Partial<Record<ImageInfo['dim'], readonly [string | undefined, string | undefined]>> = {
  '1d': ['1d', undefined],
  '2d': ['2d', '2d-array'],
  '3d': ['3d', undefined],
  cube: ['cube', 'cube-array'],
};

/** GPUTextureSampleType by sampled type (f16 textures sample as float; 64-bit ones have no WebGPU type). */
const SAMPLE_TYPES: Partial<Record<ImageInfo['sampledType'], string>> = {
  float: 'float',
  f16: 'float',
  int: 'sint',
  uint: 'uint',
};

/** WebGPU texture format for each SPIR-V image format a storage texture may declare. */
const STORAGE_FORMATS: Record<string, string> = {
  rgba32f: 'rgba32float',
  rgba16f: 'rgba16float',
  r32f: 'r32float',
  rgba8: 'rgba8unorm',
  rgba8snorm: 'rgba8snorm',
  rg32f: 'rg32float',
  rg16f: 'rg16float',
  r11fg11fb10f: 'rg11b10ufloat',
  r16f: 'r16float',
  rgba16: 'rgba16unorm',
  rgb10a2: 'rgb10a2unorm',
  rg16: 'rg16unorm',
  rg8: 'rg8unorm',
  r16: 'r16unorm',
  r8: 'r8unorm',
  rgba16snorm: 'rgba16snorm',
  rg16snorm: 'rg16snorm',
  rg8snorm: 'rg8snorm',
  r16snorm: 'r16snorm',
  r8snorm: 'r8snorm',
  rgba32i: 'rgba32sint',
  rgba16i: 'rgba16sint',
  rgba8i: 'rgba8sint',
  r32i: 'r32sint',
  rg32i: 'rg32sint',
  rg16i: 'rg16sint',
  rg8i: 'rg8sint',
  r16i: 'r16sint',
  r8i: 'r8sint',
  rgba32ui: 'rgba32uint',
  rgba16ui: 'rgba16uint',
  rgba8ui: 'rgba8uint',
  r32ui: 'r32uint',
  rgb10a2ui: 'rgb10a2uint',
  rg32ui: 'rg32uint',
  rg16ui: 'rg16uint',
  rg8ui: 'rg8uint',
  r16ui: 'r16uint',
  r8ui: 'r8uint',
};

const STORAGE_ACCESS: Record<DescriptorBinding['access'], string> = {
  read: 'read-only',
  write: 'write-only',
  'read-write': 'read-write',
};

/** The stages that use a binding; an unused binding is visible to every entry point of the module. */
function stagesOf(usedBy: readonly string[], entryPoints: readonly EntryPoint[]): ShaderStage[] {
  const users = usedBy.length === 0 ? entryPoints : entryPoints.filter((entry) => usedBy.includes(entry.name));
  return [...new Set(users.map((entry) => entry.stage))];
}

export function vulkanStageFlags(usedBy: readonly string[], entryPoints: readonly EntryPoint[]): number {
  return stagesOf(usedBy, entryPoints).reduce((flags, stage) => flags | VK_SHADER_STAGE[stage], 0);
}

/** Bindings grouped by descriptor slot (variables may share one: aliasing, or a texture and its sampler). */
function bySlot(bindings: readonly DescriptorBinding[]): DescriptorBinding[][][] {
  const sets: DescriptorBinding[][][] = [];
  const sorted = [...bindings].sort((a, b) => a.set - b.set || a.binding - b.binding);
  const maxSet = sorted.length === 0 ? -1 : sorted[sorted.length - 1]!.set;
  for (let set = 0; set <= maxSet; set++) sets.push([]);
  for (const binding of sorted) {
    const slots = sets[binding.set]!;
    const last = slots[slots.length - 1];
    if (last && last[0]!.binding === binding.binding) last.push(binding);
    else slots.push([binding]);
  }
  return sets;
}

const names = (slot: readonly DescriptorBinding[]) => slot.map((b) => `"${b.name}" (${b.kind})`).join(', ');

/**
 * The one Vulkan descriptor type a slot's variables can share: their common kind, or a combined
 * image sampler for a sampled image beside a sampler (DXC's `register(t1)` + `register(s1)`).
 */
function vulkanSlotKind(slot: readonly DescriptorBinding[]): DescriptorKind | undefined {
  const kinds = new Set(slot.map((b) => b.kind));
  if (kinds.size === 1) return slot[0]!.kind;
  if (kinds.size === 2 && kinds.has('sampled-image') && kinds.has('sampler')) return 'combined-image-sampler';
  return undefined;
}

export function descriptorSetLayouts(reflection: Reflection, warn: (message: string) => void): Data {
  return bySlot(reflection.bindings).map((slots, set) => ({
    set,
    bindings: slots.flatMap((slot) => {
      const { binding } = slot[0]!;
      const kind = vulkanSlotKind(slot);
      const counts = new Set(slot.map((b) => b.count));
      if (kind === undefined || counts.size > 1) {
        // SM 6.6 heaps read as several resource types alias one binding, as DXC emits them.
        const heap = slot.every((b) => b.name === 'ResourceDescriptorHeap') ? ' (a descriptor heap read as several descriptor types needs VK_EXT_mutable_descriptor_type)' : '';
        warn(`set ${set}, binding ${binding} is left out of descriptorSetLayouts: no one Vulkan descriptor can serve ${names(slot)}${heap}`);
        return [];
      }
      if (slot[0]!.count === 0) {
        // A runtime array's size is the application's choice, made when it creates the layout.
        warn(
          `set ${set}, binding ${binding} is a runtime descriptor array: descriptorSetLayouts gives descriptorCount 0; ` +
            `create the layout with the count you bind (with VARIABLE_DESCRIPTOR_COUNT / PARTIALLY_BOUND as needed)`,
        );
      }
      return [{
        binding,
        descriptorType: VK_DESCRIPTOR_TYPE[kind],
        descriptorCount: slot[0]!.count,
        stageFlags: slot.reduce((flags, b) => flags | vulkanStageFlags(b.usedBy, reflection.entryPoints), 0),
      }];
    }),
  }));
}

/**
 * WebGPU layouts. A binding WebGPU cannot express (combined image samplers, texel buffers,
 * descriptor arrays, storage textures without a declared format, ...) is left out, with a warning;
 * so is a slot that several variables share (WebGPU has no combined image samplers: the WGSL target
 * gives a sampler its own binding).
 */
export function bindGroupLayouts(reflection: Reflection, warn: (message: string) => void): Data {
  const lacking = reflection.entryPoints.filter((entry) => GPU_SHADER_STAGE[entry.stage] === undefined && reflection.bindings.some((b) => b.usedBy.includes(entry.name)));
  if (lacking.length) {
    const list = lacking.map((entry) => `'${entry.name}' (${entry.stage})`).join(', ');
    warn(`bindGroupLayouts give no visibility to ${list}: WebGPU has no such stage (descriptorSetLayouts carry the Vulkan stage flags)`);
  }
  return bySlot(reflection.bindings).map((slots) => ({
    entries: slots.flatMap((slot) => {
      const binding = slot[0]!;
      const resources = slot.map((b) => webgpuResource(b));
      const same = resources.every((r) => typeof r !== 'string' && JSON.stringify(r) === JSON.stringify(resources[0]));
      if (slot.length > 1 && !same) {
        warn(
          `set ${binding.set}, binding ${binding.binding} is left out of bindGroupLayouts: ${names(slot)} share it, and a WebGPU binding holds one resource` +
            (vulkanSlotKind(slot) === 'combined-image-sampler' ? ' (WebGPU has no combined image samplers; the WGSL target gives the sampler a binding of its own)' : ''),
        );
        return [];
      }
      const resource = resources[0]!;
      if (typeof resource === 'string') {
        warn(`binding "${binding.name}" (set ${binding.set}, binding ${binding.binding}) is left out of bindGroupLayouts: ${resource}`);
        return [];
      }
      // Aliases of one resource (same kind and type) are one entry seen by all their stages.
      const stages = slot.flatMap((b) => stagesOf(b.usedBy, reflection.entryPoints));
      const visibility = stages.reduce((flags, stage) => flags | (GPU_SHADER_STAGE[stage] ?? 0), 0);
      return [{ binding: binding.binding, visibility, ...resource }];
    }),
  }));
}

/** The resource member of a GPUBindGroupLayoutEntry, or why there is none. */
function webgpuResource(binding: DescriptorBinding): { [member: string]: Data } | string {
  if (binding.count !== 1) {
    return `WebGPU has no binding arrays (${binding.count === 0 ? 'a runtime array' : `an array of ${binding.count}`}); bind the resources one by one, or use the SPIR-V target`;
  }
  switch (binding.kind) {
    case 'uniform-buffer':
      return { buffer: { type: 'uniform' } };
    case 'storage-buffer':
      return { buffer: { type: binding.access === 'read' ? 'read-only-storage' : 'storage' } };
    case 'sampler':
      return { sampler: { type: binding.comparison === true ? 'comparison' : 'filtering' } };
    case 'sampled-image': {
      const image = binding.image;
      if (image === undefined) return 'reflection gives no image type';
      const viewDimension = viewDimensionOf(image);
      if (viewDimension === undefined) return `WebGPU has no ${image.arrayed ? 'arrayed ' : ''}${image.dim} texture`;
      const sampleType = image.depth === true ? 'depth' : SAMPLE_TYPES[image.sampledType];
      if (sampleType === undefined) return `WebGPU cannot sample ${image.sampledType} textures`;
      return { texture: { sampleType, viewDimension, multisampled: image.multisampled } };
    }
    case 'storage-image': {
      const image = binding.image;
      if (image === undefined) return 'reflection gives no image type';
      const viewDimension = viewDimensionOf(image);
      if (viewDimension === undefined || image.multisampled) return `WebGPU has no storage texture of this dimension`;
      const format = STORAGE_FORMATS[image.format];
      if (format === undefined) {
        return `storage texture format "${image.format}" has no WebGPU equivalent (declare one with [[vk::image_format]])`;
      }
      return { storageTexture: { access: STORAGE_ACCESS[binding.access], format, viewDimension } };
    }
    default:
      return `WebGPU has no ${binding.kind} binding`;
  }
}

function viewDimensionOf(image: ImageInfo): string | undefined {
  return VIEW_DIMENSIONS[image.dim]?.[image.arrayed ? 1 : 0];
}
