// Public job and result types of the WebGPU test harness (re-exported by harness.ts). They mirror
// test/gpu/types.ts: "group" plays the part of the descriptor set, and formats use the same WebGPU names.

import type { FormatName } from '../gpu/formats.js';
import type { BytesInput, DrawParameters, InitialContents, VertexAttribute } from '../gpu/types.js';

/** Buffer contents and vertex data are described as for the Vulkan harness. */
export type { BytesInput, VertexAttribute };


/**
 * The Vulkan driver under Dawn: SwiftShader (Debian's chromium package; no shader-f16) or Mesa 25
 * lavapipe (scripts/mesa25.sh; shader-f16 and subgroups).
 */
export type WebGpuDriver = 'swiftshader' | 'lavapipe-mesa25';

/** Optional WebGPU features a job may ask for. A device only gets the features its job names. */
export type WebGpuFeature = 'shader-f16' | 'subgroups';

interface BindingSlot {
  /** Bind group (default 0). */
  group?: number;
  binding: number;
  /** Extra key for the result records, besides "group:binding". */
  name?: string;
}


export interface BufferBinding extends BindingSlot, InitialContents {
  /**
   * 'storage-buffer' binds as read-write storage ('storage'), 'read-only-storage-buffer' as
   * 'read-only-storage' (needed for storage buffers a vertex shader sees).
   */
  kind: 'uniform-buffer' | 'storage-buffer' | 'read-only-storage-buffer';
  /** Total byte size (default: `data` length). */
  size?: number;
}

/** WebGPU has no 1d-array textures. */
export type TextureDimension = '1d' | '2d' | '3d' | '2d-array';

export interface TextureDescription extends InitialContents {
  format: FormatName;
  width: number;
  /** Default 1. */
  height?: number;
  /** Depth for '3d', layer count for '2d-array' (default 1). */
  depthOrLayers?: number;
  /** Default '2d'. */
  dimension?: TextureDimension;
}

export interface TextureBinding extends BindingSlot, TextureDescription {
  /** A sampled texture (`texture_2d<f32>`, ...). */
  kind: 'texture';
  /**
   * Default: from the format ('uint'/'sint' for integer formats, 'unfilterable-float' for 32-bit
   * floats, which are not filterable without the 'float32-filterable' feature, else 'float').
   */
  sampleType?: GPUTextureSampleType;
}

export interface StorageTextureBinding extends BindingSlot, TextureDescription {
  kind: 'storage-texture';
  /** Default 'write-only'. */
  access?: GPUStorageTextureAccess;
}

export interface SamplerBinding extends BindingSlot {
  kind: 'sampler';
  /** Default 'nearest'; a 'linear' sampler is bound as 'filtering', a 'nearest' one as 'non-filtering'. */
  filter?: 'nearest' | 'linear';
  /** Default 'clamp-to-edge'. */
  addressMode?: GPUAddressMode;
}

export type Binding = BufferBinding | TextureBinding | StorageTextureBinding | SamplerBinding;

interface JobCommon {
  bindings?: Binding[];
  /** Optional features the shader needs (`enable f16;` → 'shader-f16', `enable subgroups;` → 'subgroups'). */
  features?: WebGpuFeature[];
  /** Fill byte for bytes no `data` covers (default 0xCD). */
  sentinel?: number;
}

export interface ComputeJob extends JobCommon {
  wgsl: string;
  /** Default 'main'. */
  entry?: string;
  groups: readonly [number, number, number];
}

export interface ComputeResult {
  /** Final contents of every buffer binding, keyed by "group:binding" and by `name`. */
  buffers: Record<string, Uint8Array>;
  /** Final contents of every storage texture (tightly packed texels), keyed likewise. */
  images: Record<string, Uint8Array>;
}


export interface RenderJob extends JobCommon, DrawParameters {
  vertexWgsl: string;
  /** Default: the vertex module (one module with both entry points). */
  pixelWgsl?: string;
  /** Colour targets at locations 0..n-1, all of `format` and cleared alike (default 1). */
  targets?: number;
}

export interface RenderResult extends ComputeResult {
  width: number;
  height: number;
  format: FormatName;
  /** Colour target 0, row-major from the top-left pixel, tightly packed. */
  pixels: Uint8Array;
  /** Every colour target's pixels, by location (`pixels` is the first). */
  targetPixels: Uint8Array[];
  /** Decoded channels of pixel (x, y) of colour target `target` (default 0), see decodeTexel. */
  texel(x: number, y: number, target?: number): number[];
}

/** One message of getCompilationInfo(). */
export interface WgslMessage {
  type: GPUCompilationMessageType;
  message: string;
  line: number;
  column: number;
}

/** A Dawn instance on one driver, in this process or a child (harness.ts startWebGpu). Jobs run in call order. */
export interface WebGpuRunner {
  readonly driver: WebGpuDriver;
  /** Optional features the adapter offers, of those a job may name. */
  readonly supportedFeatures: WebGpuFeature[];
  /** The adapter's description (e.g. "SwiftShader Device (Subzero)"). */
  readonly adapterDescription: string;
  /** Compiles `code` with Tint; rejects on any message. */
  compile(code: string, features?: readonly WebGpuFeature[]): Promise<void>;
  runCompute(job: ComputeJob): Promise<ComputeResult>;
  /** Draws `vertices` as a triangle list into a cleared offscreen colour texture. */
  renderTriangle(job: RenderJob): Promise<RenderResult>;
  close(): Promise<void>;
}
