// The reflection of a SPIR-V module: everything an application needs to bind resources and fill
// buffers. Produced from the binary alone (see reader.ts), so it is the same for modules from our
// compiler, DXC or glslang. Matrices are described in the source language's terms (see MatrixType).
import type { ShaderStage } from '../common/stage.js';

export type { ShaderStage };

export type ScalarKind = 'bool' | 'i8' | 'u8' | 'i16' | 'u16' | 'f16' | 'i32' | 'u32' | 'f32' | 'i64' | 'u64' | 'f64';

export type SourceLanguage = 'HLSL' | 'GLSL' | 'unknown';

export interface ScalarType {
  kind: 'scalar';
  scalar: ScalarKind;
}

export interface VectorType {
  kind: 'vector';
  scalar: ScalarKind;
  count: number;
}

/**
 * A matrix as the source language sees it. For an HLSL module `float2x3` is `rows: 2, columns: 3`
 * and `majorness` is HLSL's `row_major`/`column_major`, i.e. the transposed SPIR-V representation
 * (OpTypeMatrix of 2 vectors of 3, decorated ColMajor for HLSL row_major) has been undone. For other
 * languages rows/columns/majorness are the SPIR-V ones. `stride` is the MatrixStride decoration: the
 * byte distance between consecutive rows (row-major) or columns (column-major) in memory.
 */
export interface MatrixType {
  kind: 'matrix';
  scalar: ScalarKind;
  rows: number;
  columns: number;
  majorness: 'row' | 'column';
  stride: number;
}

/** `length: 0` marks a runtime-sized array (OpTypeRuntimeArray); `stride` is ArrayStride. */
export interface ArrayType {
  kind: 'array';
  element: LayoutType;
  length: number;
  stride: number;
}

export interface StructType {
  kind: 'struct';
  /** The struct's name from OpName (e.g. `S`, `type.ConstantBuffer.T`), or '' when unnamed. */
  name: string;
  members: StructMember[];
  /** Bytes up to the end of the last member (a runtime array member counts as zero bytes). */
  size: number;
}

export interface StructMember {
  name: string;
  offset: number;
  /** Bytes this member occupies, padding inside it included (for a runtime array: 0). */
  size: number;
  type: LayoutType;
}

export type LayoutType = ScalarType | VectorType | MatrixType | ArrayType | StructType;

export type DescriptorKind =
  | 'uniform-buffer'
  | 'storage-buffer'
  | 'sampler'
  | 'sampled-image'
  | 'combined-image-sampler'
  | 'storage-image'
  | 'uniform-texel-buffer'
  | 'storage-texel-buffer'
  | 'input-attachment'
  | 'acceleration-structure';

export interface ImageInfo {
  dim: '1d' | '2d' | '3d' | 'cube' | 'rect' | 'buffer' | 'subpass';
  arrayed: boolean;
  multisampled: boolean;
  /** OpTypeImage Depth operand: true (1), false (0) or unknown (2). */
  depth: boolean | 'unknown';
  /** SPIR-V image format name in lower case as in [[vk::image_format]] (`rgba8`, `r32f`, `unknown`). */
  format: string;
  /** The sampled type of the image's texels. */
  sampledType: 'float' | 'int' | 'uint' | 'f16' | 'i64' | 'u64';
}

export interface DescriptorBinding {
  /** The variable's name as the source declared it (`Params` for `cbuffer Params`, `output`, `$Globals`). */
  name: string;
  set: number;
  binding: number;
  kind: DescriptorKind;
  /** 1 for a single descriptor, N for an array of N, 0 for a runtime-sized (bindless) array. */
  count: number;
  access: 'read' | 'write' | 'read-write';
  /** For buffers: the block's layout. Storage buffers of HLSL structured buffers have one runtime-array member. */
  block?: StructType;
  image?: ImageInfo;
  /** For samplers (and combined image samplers) declared as comparison samplers, when the module says so. */
  comparison?: boolean;
  /** The entry points (by name) whose interface or call tree statically uses this binding. */
  usedBy: string[];
}

export interface PushConstantBlock {
  name: string;
  block: StructType;
  usedBy: string[];
}

export interface SpecConstant {
  name: string;
  id: number;
  type: ScalarKind;
  /** Default value: number for numeric kinds (bigint for 64-bit integers), boolean for bool. */
  defaultValue: number | bigint | boolean;
}

export interface StageVariable {
  name: string;
  /** Location decoration, absent for builtins. */
  location?: number;
  component?: number;
  builtin?: string;
  /** The HLSL semantic from UserSemantic/HlslSemanticGOOGLE decorations, when present. */
  semantic?: string;
  type: LayoutType;
  /** Interpolation decorations present on the variable (`flat`, `noperspective`, `centroid`, `sample`). */
  interpolation?: string[];
}

export interface EntryPoint {
  name: string;
  stage: ShaderStage;
  /** Compute-like stages: LocalSize, or LocalSizeId / WorkgroupSize builtin with spec constant ids. */
  workgroupSize?: { x: number; y: number; z: number; specIds?: { x?: number; y?: number; z?: number } };
  inputs: StageVariable[];
  outputs: StageVariable[];
  /** Other execution modes by name (`OriginUpperLeft`, `DepthReplacing`, ...). */
  executionModes: string[];
  /**
   * Ray-tracing stages: the payload, hit-attribute and callable-data variables in the interface, by
   * storage class. Their types only: SPIR-V gives these storage classes no explicit layout, so the
   * member offsets read 0 and the sizes are the driver's to choose. Absent when none.
   */
  rayData?: RayDataVariable[];
}

export interface RayDataVariable {
  name: string;
  kind: 'payload' | 'incoming-payload' | 'hit-attributes' | 'callable-data' | 'incoming-callable-data';
  type: LayoutType;
}

export interface Reflection {
  sourceLanguage: SourceLanguage;
  /** SPIR-V version as `major.minor`. */
  spirvVersion: string;
  entryPoints: EntryPoint[];
  bindings: DescriptorBinding[];
  pushConstants: PushConstantBlock[];
  /** Ray-tracing shader binding table records (`[[vk::shader_record_ext]]`, ShaderRecordBufferKHR; no descriptor); absent when none. */
  shaderRecords?: PushConstantBlock[];
  specConstants: SpecConstant[];
}
