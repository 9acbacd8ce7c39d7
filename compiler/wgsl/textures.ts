// HLSL texture and sampler types as WGSL handle types: the dimension table, storage-texture formats
// (from [[vk::image_format]] or the texel type, as the SPIR-V back end derives them) and what WGSL
// cannot declare.
import { elementScalar, typeToString, type ResourceKind, type ResourceType, type Type } from '../types.js';
import { unsupported } from './errors.js';

interface Shape {
  /** WGSL dimension suffix (`2d`, `2d_array`, `cube`), or why WGSL has none. */
  dim: string;
  coords: number;
  arrayed: boolean;
  multisampled: boolean;
  storage: boolean;
}

const SHAPES: Partial<Record<ResourceKind, Shape>> = {
  Texture1D: { dim: '1d', coords: 1, arrayed: false, multisampled: false, storage: false },
  Texture2D: { dim: '2d', coords: 2, arrayed: false, multisampled: false, storage: false },
  Texture2DArray: { dim: '2d_array', coords: 2, arrayed: true, multisampled: false, storage: false },
  Texture3D: { dim: '3d', coords: 3, arrayed: false, multisampled: false, storage: false },
  TextureCube: { dim: 'cube', coords: 3, arrayed: false, multisampled: false, storage: false },
  TextureCubeArray: { dim: 'cube_array', coords: 3, arrayed: true, multisampled: false, storage: false },
  Texture2DMS: { dim: '2d', coords: 2, arrayed: false, multisampled: true, storage: false },
  RWTexture1D: { dim: '1d', coords: 1, arrayed: false, multisampled: false, storage: true },
  RWTexture2D: { dim: '2d', coords: 2, arrayed: false, multisampled: false, storage: true },
  RWTexture2DArray: { dim: '2d_array', coords: 2, arrayed: true, multisampled: false, storage: true },
  RWTexture3D: { dim: '3d', coords: 3, arrayed: false, multisampled: false, storage: true },
};

/** Why a resource kind has no WGSL type. */
const NO_WGSL: Partial<Record<ResourceKind, string>> = {
  Texture1DArray: 'WGSL has no 1D array textures',
  RWTexture1DArray: 'WGSL has no 1D array textures',
  Texture2DMSArray: 'WGSL has no multisampled array textures',
  Buffer: 'WebGPU has no texel buffers',
  RWBuffer: 'WebGPU has no texel buffers',
  SubpassInput: 'WebGPU has no input attachments',
  SubpassInputMS: 'WebGPU has no input attachments',
  ...Object.fromEntries(
    (['1D', '1DArray', '2D', '2DArray', '2DMS', '2DMSArray', '3D', 'CUBE', 'CUBEArray'] as const).map((d) => [
      `SampledTexture${d}`,
      'WebGPU has no combined image samplers: declare the texture and a SamplerState, which the WGSL target binds apart',
    ]),
  ),
  RaytracingAccelerationStructure: 'WebGPU has no acceleration structures or ray queries',
};

export function textureShape(t: ResourceType): Shape {
  const shape = SHAPES[t.resource];
  if (!shape) throw unsupported(`the resource type '${typeToString(t)}'`, undefined, NO_WGSL[t.resource] ?? 'not a texture');
  return shape;
}

/** WGSL storage-texture formats from the texel type (float4 → rgba32float), as the SPIR-V back end derives them. */
function derivedFormat(el: Type): string {
  const s = elementScalar(el);
  const n = el.kind === 'vector' ? el.size : 1;
  const suffix = s?.base === 'float' ? 'float' : s?.base === 'int' ? 'sint' : 'uint';
  if (!s || s.width !== 32 || n === 3) throw unsupported(`a storage texture of '${typeToString(el)}'`, undefined, 'no WGSL storage format holds it');
  return `${['r', 'rg', '', 'rgba'][n - 1]}32${suffix}`;
}

/** [[vk::image_format]] spellings that WGSL storage textures accept. */
const FORMATS: Readonly<Record<string, string>> = {
  rgba32f: 'rgba32float', rgba16f: 'rgba16float', r32f: 'r32float', rg32f: 'rg32float', rgba8: 'rgba8unorm',
  rgba8snorm: 'rgba8snorm', rgba32i: 'rgba32sint', rgba16i: 'rgba16sint', rgba8i: 'rgba8sint', r32i: 'r32sint',
  rg32i: 'rg32sint', rgba32ui: 'rgba32uint', rgba16ui: 'rgba16uint', rgba8ui: 'rgba8uint', r32ui: 'r32uint', rg32ui: 'rg32uint',
  bgra8: 'bgra8unorm',
};

/** Formats WebGPU lets a storage texture be both read and written with (core WebGPU). */
const READ_WRITE_FORMATS = new Set(['r32float', 'r32sint', 'r32uint']);

/**
 * The WGSL type of a texture or sampler global. `depth`: used with comparisons; `read`/`written`:
 * how a storage texture is used (its access mode: read, write or read_write).
 */
export function handleType(t: Type, depth: boolean, read: boolean, written: boolean): string {
  if (t.kind === 'sampler') return t.comparison ? 'sampler_comparison' : 'sampler';
  if (t.kind === 'array') throw unsupported('an array of textures or samplers', undefined, 'WGSL binding arrays are not in core WebGPU');
  if (t.kind !== 'resource') throw new Error(`internal: handle of ${t.kind}`);
  const shape = textureShape(t);
  const s = elementScalar(t.element);
  if (shape.storage) {
    const format = t.format ? FORMATS[t.format.toLowerCase()] : derivedFormat(t.element);
    if (!format) throw unsupported(`the storage image format '${t.format}'`);
    const access = read && written ? 'read_write' : read ? 'read' : 'write';
    if (access === 'read_write' && !READ_WRITE_FORMATS.has(format)) {
      throw unsupported(`reading and writing the ${format} storage texture '${typeToString(t)}' in one shader`, undefined, 'WebGPU allows read_write storage textures of r32float, r32sint and r32uint only');
    }
    return `texture_storage_${shape.dim}<${format}, ${access}>`;
  }
  if (depth) {
    if (s?.base !== 'float') throw unsupported(`comparison sampling of '${typeToString(t)}'`, undefined, 'WGSL depth textures are float');
    return shape.multisampled ? 'texture_depth_multisampled_2d' : `texture_depth_${shape.dim}`;
  }
  const sampled = !s || s.base === 'float' ? 'f32' : s.base === 'int' ? 'i32' : 'u32';
  if (s && s.width !== 32 && s.base !== 'float') throw unsupported(`a texture of '${typeToString(t.element)}'`);
  return shape.multisampled ? `texture_multisampled_2d<${sampled}>` : `texture_${shape.dim}<${sampled}>`;
}
