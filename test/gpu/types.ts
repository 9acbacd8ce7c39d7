// Public job and result types of the GPU test harness (re-exported by harness.ts).

import type { FormatName } from './formats.js';

/** A SPIR-V module: words, or the raw bytes of a .spv file. */
export type SpirvInput = Uint32Array | Uint8Array;

/** Any typed array or DataView; its bytes are used as they are in memory (little-endian). */
export type BytesInput = ArrayBufferView;

interface BindingSlot {
  /** Descriptor set (default 0). */
  set?: number;
  binding: number;
  /** Extra key for the result records, besides "set:binding" ("set:binding[element]" for array elements). */
  name?: string;
  /**
   * Descriptor arrays: the element this resource fills (dstArrayElement). Entries with one set and
   * binding are the elements of one array binding; its results are keyed "set:binding[element]".
   */
  arrayElement?: number;
  /** The array binding's descriptorCount (default: highest arrayElement + 1); a runtime array's size. */
  descriptorCount?: number;
  /** VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT (enables descriptorBindingPartiallyBound): elements may stay unwritten. */
  partiallyBound?: boolean;
  /**
   * VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT (enables descriptorBindingVariableDescriptorCount),
   * allocated at descriptorCount; Vulkan allows it on the highest binding of its set only.
   */
  variableCount?: boolean;
}

export interface InitialContents {
  /** Initial contents from offset 0. */
  data?: BytesInput;
  /** Byte used for every byte `data` does not cover (default: the job's sentinel). */
  sentinel?: number;
}

export interface BufferBinding extends BindingSlot, InitialContents {
  kind: 'uniform-buffer' | 'storage-buffer';
  /** Total byte size (default: `data` length). */
  size?: number;
}

export interface TexelBufferBinding extends BindingSlot, InitialContents {
  kind: 'uniform-texel-buffer' | 'storage-texel-buffer';
  format: FormatName;
  /** Total byte size (default: `data` length). */
  size?: number;
}

export type ImageDimension = '1d' | '2d' | '3d' | '1d-array' | '2d-array';

export interface ImageDescription extends InitialContents {
  format: FormatName;
  width: number;
  /** Default 1. */
  height?: number;
  /** Depth for '3d', layer count for arrays (default 1). */
  depthOrLayers?: number;
  /** Default '2d'. */
  dimension?: ImageDimension;
}

export interface SamplerOptions {
  /** Default 'nearest'. */
  filter?: 'nearest' | 'linear';
  /** Default 'clamp-to-edge'. */
  addressMode?: 'repeat' | 'mirrored-repeat' | 'clamp-to-edge' | 'clamp-to-border';
}

export interface ImageBinding extends BindingSlot, ImageDescription {
  kind: 'storage-image' | 'sampled-image';
}

export interface SamplerBinding extends BindingSlot, SamplerOptions {
  kind: 'sampler';
}

export interface CombinedImageSamplerBinding extends BindingSlot, ImageDescription, SamplerOptions {
  kind: 'combined-image-sampler';
}

/**
 * A top-level acceleration structure (VK_KHR_acceleration_structure; runner/accel.c) holding one
 * instance of a bottom-level structure built from `triangles`. The job must name
 * VK_KHR_acceleration_structure and VK_KHR_deferred_host_operations, and the features
 * accelerationStructure and bufferDeviceAddress.
 */
export interface AccelerationStructureBinding extends BindingSlot {
  kind: 'acceleration-structure';
  /** Triangle vertex positions, 9 floats (three xyz) per triangle. */
  triangles?: Float32Array;
  /** Or axis-aligned boxes for procedural geometry, 6 floats (min xyz, max xyz) per box. */
  boxes?: Float32Array;
  /** The instance's transform, row-major 3x4 (default identity). */
  transform?: readonly number[];
  /** InstanceID() / InstanceCustomIndexKHR (24 bits, default 0). */
  instanceCustomIndex?: number;
  /** Instance mask tested against the ray's (default 0xFF). */
  mask?: number;
  /** Geometry flagged opaque (default true). */
  opaque?: boolean;
}

export type Binding = BufferBinding | TexelBufferBinding | ImageBinding | SamplerBinding | CombinedImageSamplerBinding | AccelerationStructureBinding;
export type DescriptorKindName = Binding['kind'];

export interface JobCommon {
  bindings?: Binding[];
  /** Push-constant bytes (padded with zeros to a multiple of 4). */
  push?: BytesInput;
  /**
   * Device features to enable besides those the module's OpCapability list
   * implies, by Vulkan spec name, e.g. 'scalarBlockLayout' for modules laid
   * out with scalar/DX rules (nothing in SPIR-V declares that).
   */
  features?: string[];
  /**
   * Device extensions to enable, by Vulkan name. Like an application, the harness enables no device
   * extension the test does not name: a module whose OpExtension needs one that is not listed fails,
   * so an extension the compiler declares by mistake fails the test.
   */
  extensions?: string[];
  /** Fill byte for bytes no `data` covers (default 0xCD). */
  sentinel?: number;
}

export interface ComputeJob extends JobCommon {
  spirv: SpirvInput;
  /** Default 'main'. */
  entry?: string;
  groups: readonly [number, number, number];
  /** Buffer device addresses to write into `push` (device-addresses.ts). */
  addresses?: DeviceAddressPatch[];
}

/** The runner writes the VkDeviceAddress (8 bytes) of buffer binding `set:binding` at `pushOffset` of the push constants. */
export interface DeviceAddressPatch {
  set?: number;
  binding: number;
  pushOffset: number;
}

/** One module's entry point of a ray-tracing job. */
export interface RayStageModule {
  spirv: SpirvInput;
  entry: string;
}

/**
 * A ray-tracing dispatch (VK_KHR_ray_tracing_pipeline; runner/raytracing.c): shader groups for ray
 * generation, miss, a triangle hit group (closest hit, optional any hit) and an optional callable
 * shader, one binding-table record each, launched over `launch` rays. Name the extensions VK_KHR_ray_tracing_pipeline,
 * VK_KHR_acceleration_structure and VK_KHR_deferred_host_operations.
 */
export interface RayTracingJob extends JobCommon {
  raygen: RayStageModule;
  miss: RayStageModule;
  closestHit: RayStageModule;
  /** Joins the hit group (runs for non-opaque geometry: an acceleration-structure binding with `opaque: false`). */
  anyHit?: RayStageModule;
  /** Record 0 of the callable region: what `CallShader(0, data)` runs. */
  callable?: RayStageModule;
  /** Makes the hit group procedural: for acceleration structures built from `boxes`. */
  intersection?: RayStageModule;
  launch: readonly [number, number, number];
}

export interface ComputeResult {
  /** Final contents of every buffer binding, keyed by "set:binding" and by `name`. */
  buffers: Record<string, Uint8Array>;
  /** Final contents of every storage image (tightly packed texels), keyed likewise. */
  images: Record<string, Uint8Array>;
}

export interface VertexAttribute {
  location: number;
  /** e.g. 'rg32float' for a float2, 'rgba32float' for a float4. */
  format: FormatName;
  /** Byte offset inside one vertex. */
  offset: number;
}

export interface RenderJob extends JobCommon, DrawParameters {
  vertexSpirv: SpirvInput;
  /** Default: the vertex module (one module with both entry points). */
  pixelSpirv?: SpirvInput;
  /** Optional geometry and tessellation stages (Vulkan harness only): a module and its entry point each. */
  geometry?: { spirv: SpirvInput; entry?: string };
  hull?: { spirv: SpirvInput; entry?: string };
  domain?: { spirv: SpirvInput; entry?: string };
  /** Default 'triangle-list'; tessellation needs 'patch-list' and `patchControlPoints`. */
  topology?: PrimitiveTopology;
  patchControlPoints?: number;
  /** vkCmdDraw's firstVertex (default 0): VertexIndex starts there; vertex-rate attributes are read from there. */
  firstVertex?: number;
  /** vkCmdDraw's firstInstance (default 0): InstanceIndex starts there. */
  firstInstance?: number;
  /** vkCmdDraw's instanceCount (default 1). */
  instanceCount?: number;
}

/** VkPrimitiveTopology, by WebGPU-style name. */
export type PrimitiveTopology = 'point-list' | 'line-list' | 'line-strip' | 'triangle-list' | 'triangle-strip' | 'patch-list';

/** A triangle-list draw into one offscreen colour target: what the Vulkan and WebGPU harnesses share. */
export interface DrawParameters {
  /** Default 'main'. */
  vertexEntry?: string;
  /** Default 'main'. */
  pixelEntry?: string;
  /** Interleaved vertex data bound at vertex-buffer binding 0, drawn as a triangle list. */
  vertices?: BytesInput;
  /** Bytes per vertex in `vertices`. */
  stride?: number;
  attributes?: VertexAttribute[];
  /** Default: vertices.byteLength / stride. Required without `vertices`. */
  vertexCount?: number;
  /** Default 64. */
  width?: number;
  /** Default 64. */
  height?: number;
  /** Colour target format (default 'rgba8unorm'). */
  format?: FormatName;
  /** Clear colour (default 0,0,0,0); integers for integer formats. */
  clear?: readonly [number, number, number, number];
  /** Rasterization samples (default 1): the draw renders multisampled and resolves the average into the target (float formats). */
  samples?: 1 | 2 | 4 | 8;
}

/**
 * A mesh-shading draw (VK_EXT_mesh_shader, Mesa 25 lavapipe): [amplification +] mesh + pixel
 * shaders into the same offscreen colour target as RenderJob, launched by
 * vkCmdDrawMeshTasksEXT(groups). Name 'VK_EXT_mesh_shader' in `extensions`.
 */
export interface MeshDrawJob extends JobCommon, Pick<DrawParameters, 'width' | 'height' | 'format' | 'clear'> {
  /** The amplification (task) shader, if any. */
  amplificationSpirv?: SpirvInput;
  /** Default 'main'. */
  amplificationEntry?: string;
  meshSpirv: SpirvInput;
  /** Default 'main'. */
  meshEntry?: string;
  /** Default: the mesh module (one module with both entry points). */
  pixelSpirv?: SpirvInput;
  /** Default 'main'. */
  pixelEntry?: string;
  /** Workgroups of the first stage (the amplification shader's if there is one). */
  groups: readonly [number, number, number];
}

export interface RenderResult extends ComputeResult {
  width: number;
  height: number;
  format: FormatName;
  /** Colour target, row-major from the top-left pixel, tightly packed. */
  pixels: Uint8Array;
  /** Decoded channels of pixel (x, y), see decodeTexel. */
  texel(x: number, y: number): number[];
}
