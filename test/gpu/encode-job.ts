// Turns ComputeJob / RenderJob objects into runner frames (protocol.ts) and
// result frames back into buffers, images and pixels.

import { clearValueType, decodeTexel, formatInfo, type FormatName } from './formats.js';
import { ARRAY_FLAGS, DESCRIPTOR_KIND, FrameWriter, JOB_KIND, RAY_STAGE_INDEX, STAGE_INDEX, TAG, u32At, type ResultRecord } from './protocol.js';
import { checkEntryPoint, readRequirements, spirvWords, STAGE_FEATURES, type StageName } from './spirv-requirements.js';
import { encodeAddressPatches } from './device-addresses.js';
import type { Binding, BytesInput, ComputeJob, ComputeResult, ImageDimension, JobCommon, PrimitiveTopology, RayTracingJob, RenderJob, RenderResult, SpirvInput } from './types.js';

export const DEFAULT_SENTINEL = 0xcd;

// VkImageViewType, VkFilter and VkSamplerAddressMode values.
const VIEW_TYPES: Record<ImageDimension, number> = { '1d': 0, '2d': 1, '3d': 2, '1d-array': 4, '2d-array': 5 };
const FILTERS = { nearest: 0, linear: 1 } as const;
const ADDRESS_MODES = { repeat: 0, 'mirrored-repeat': 1, 'clamp-to-edge': 2, 'clamp-to-border': 3 } as const;
const VERTEX_INPUT_RATE = 0;
const TOPOLOGIES: Record<PrimitiveTopology, number> = { 'point-list': 0, 'line-list': 1, 'line-strip': 2, 'triangle-list': 3, 'triangle-strip': 4, 'patch-list': 10 };

function bytesOf(view: BytesInput): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** `size` bytes: `data` first, `sentinel` after it. */
function contents(where: string, size: number, data: BytesInput | undefined, sentinel: number): Uint8Array {
  if (!Number.isInteger(size) || size <= 0) throw new Error(`${where}: size must be a positive integer (got ${size})`);
  const out = new Uint8Array(size).fill(sentinel);
  if (data) {
    if (data.byteLength > size) throw new Error(`${where}: ${data.byteLength} bytes of data do not fit in ${size}`);
    out.set(bytesOf(data));
  }
  return out;
}

/** Whether an entry is one element of a descriptor array binding. */
function isArrayEntry(binding: Binding): boolean {
  return binding.arrayElement !== undefined || binding.descriptorCount !== undefined || !!binding.partiallyBound || !!binding.variableCount;
}

function slotKey(binding: Binding): string {
  const slot = `${binding.set ?? 0}:${binding.binding}`;
  return isArrayEntry(binding) ? `${slot}[${binding.arrayElement ?? 0}]` : slot;
}

const IDENTITY_3X4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** Header (custom index, mask, flags, primitive count, 3x4 transform) and triangles or boxes: runner/accel.c reads them. */
function encodeAccelerationStructure(frame: FrameWriter, binding: Extract<Binding, { kind: 'acceleration-structure' }>): void {
  const where = `binding ${slotKey(binding)} (acceleration-structure)`;
  const boxes = binding.boxes !== undefined;
  const data = binding.boxes ?? binding.triangles;
  const per = boxes ? 6 : 9;
  if (!data || (binding.boxes && binding.triangles)) throw new Error(`${where}: give triangles or boxes`);
  if (data.length === 0 || data.length % per !== 0) throw new Error(`${where}: ${boxes ? 'boxes need 6' : 'triangles need 9'} floats each`);
  const transform = binding.transform ?? IDENTITY_3X4;
  if (transform.length !== 12) throw new Error(`${where}: the transform is 12 floats (row-major 3x4)`);
  const body = new DataView(new ArrayBuffer(64 + data.byteLength));
  const flags = (binding.opaque === false ? 0 : 1) | (boxes ? 2 : 0);
  [binding.instanceCustomIndex ?? 0, binding.mask ?? 0xff, flags, data.length / per].forEach((w, i) => body.setUint32(i * 4, w, true));
  transform.forEach((v, i) => body.setFloat32(16 + i * 4, v, true));
  data.forEach((v, i) => body.setFloat32(64 + i * 4, v, true));
  const bytes = new Uint8Array(body.buffer);
  frame.record(TAG.binding, [binding.set ?? 0, binding.binding, DESCRIPTOR_KIND['acceleration-structure'], 0, 0, 0, 0, 0, 0, 0, bytes.byteLength], bytes);
}

function encodeBinding(frame: FrameWriter, binding: Binding, jobSentinel: number): void {
  if (binding.kind === 'acceleration-structure') return encodeAccelerationStructure(frame, binding);
  const where = `binding ${slotKey(binding)} (${binding.kind})`;
  const sentinel = binding.kind === 'sampler' ? 0 : (binding.sentinel ?? jobSentinel);
  let format = 0, width = 0, height = 0, depth = 0, viewType = 0, filter = 0, address = 0;
  let body: Uint8Array = new Uint8Array(0);
  if (binding.kind === 'uniform-buffer' || binding.kind === 'storage-buffer' ||
      binding.kind === 'uniform-texel-buffer' || binding.kind === 'storage-texel-buffer') {
    if (binding.kind === 'uniform-texel-buffer' || binding.kind === 'storage-texel-buffer') format = formatInfo(binding.format).vk;
    body = contents(where, binding.size ?? binding.data?.byteLength ?? 0, binding.data, sentinel);
  }
  if (binding.kind === 'storage-image' || binding.kind === 'sampled-image' || binding.kind === 'combined-image-sampler') {
    const dimension = binding.dimension ?? '2d';
    width = binding.width;
    height = dimension.startsWith('1d') ? 1 : (binding.height ?? 1);
    depth = binding.depthOrLayers ?? 1;
    if (dimension === '1d' || dimension === '2d') {
      if (depth !== 1) throw new Error(`${where}: a ${dimension} image has depthOrLayers 1`);
    }
    format = formatInfo(binding.format).vk;
    viewType = VIEW_TYPES[dimension];
    body = contents(where, width * height * depth * formatInfo(binding.format).bytes, binding.data, sentinel);
  }
  if (binding.kind === 'sampler' || binding.kind === 'combined-image-sampler') {
    filter = FILTERS[binding.filter ?? 'nearest'];
    address = ADDRESS_MODES[binding.addressMode ?? 'clamp-to-edge'];
  }
  frame.record(
    TAG.binding,
    [binding.set ?? 0, binding.binding, DESCRIPTOR_KIND[binding.kind], format, width, height, depth, viewType, filter, address, body.byteLength],
    body,
  );
  if (isArrayEntry(binding)) {
    const element = binding.arrayElement ?? 0;
    if (!Number.isInteger(element) || element < 0) throw new Error(`${where}: arrayElement must be a non-negative integer`);
    if (binding.descriptorCount !== undefined && !(binding.descriptorCount > element)) throw new Error(`${where}: descriptorCount ${binding.descriptorCount} leaves out element ${element}`);
    const flags = (binding.partiallyBound ? ARRAY_FLAGS.partiallyBound : 0) | (binding.variableCount ? ARRAY_FLAGS.variableCount : 0);
    frame.record(TAG.bindingArray, [element, binding.descriptorCount ?? 0, flags]);
  }
}

export interface JobFeatures {
  features: Set<string>;
  extensions: Set<string>;
}

export function encodeStage(frame: FrameWriter, needs: JobFeatures, stage: StageName, spirv: SpirvInput, entry: string, named: readonly string[] = []): void {
  const words = spirvWords(spirv);
  const requirements = readRequirements(words);
  checkEntryPoint(requirements, stage, entry);
  requirements.features.forEach((f) => needs.features.add(f));
  STAGE_FEATURES[stage]?.forEach((f) => needs.features.add(f));
  // An application enables the device extensions it chose, not whatever a module declares.
  const unnamed = requirements.extensions.filter((e) => !named.includes(e));
  if (unnamed.length > 0) {
    throw new Error(
      `the ${stage} module declares SPIR-V extensions that need device extension(s) ${unnamed.join(', ')}, which the test did not name ` +
        `(an application would not enable them): list them in the job's \`extensions\` if the source asked for them`,
    );
  }
  named.forEach((e) => needs.extensions.add(e));
  const name = new TextEncoder().encode(entry);
  const padded = Math.ceil(name.byteLength / 4) * 4;
  const body = new Uint8Array(padded + words.byteLength);
  body.set(name);
  body.set(new Uint8Array(words.buffer, words.byteOffset, words.byteLength), padded);
  frame.record(TAG.stage, [STAGE_INDEX[stage], name.byteLength], body);
}

export function encodeCommon(frame: FrameWriter, needs: JobFeatures, job: JobCommon): void {
  const seen = new Set<string>();
  for (const binding of job.bindings ?? []) {
    if (seen.has(slotKey(binding))) throw new Error(`binding ${slotKey(binding)} is listed twice`);
    seen.add(slotKey(binding));
    encodeBinding(frame, binding, job.sentinel ?? DEFAULT_SENTINEL);
    // Binding flags are device features the test asks for by using them.
    if (binding.partiallyBound) needs.features.add('descriptorBindingPartiallyBound');
    if (binding.variableCount) needs.features.add('descriptorBindingVariableDescriptorCount');
  }
  if (job.push && job.push.byteLength > 0) {
    const padded = new Uint8Array(Math.ceil(job.push.byteLength / 4) * 4);
    padded.set(bytesOf(job.push));
    frame.record(TAG.push, [], padded);
  }
  (job.features ?? []).forEach((f) => needs.features.add(f));
  // Sorted so that equal feature sets reuse the runner's device.
  frame.text(TAG.features, [...needs.features].sort().join(' '));
  frame.text(TAG.extensions, [...needs.extensions].sort().join(' '));
}

export function encodeComputeJob(job: ComputeJob): Uint8Array {
  const frame = new FrameWriter().record(TAG.kind, [JOB_KIND.compute]);
  const needs: JobFeatures = { features: new Set(), extensions: new Set() };
  encodeStage(frame, needs, 'compute', job.spirv, job.entry ?? 'main', job.extensions);
  if (job.groups.some((g) => !Number.isInteger(g) || g < 1)) throw new Error(`groups must be positive integers (got ${job.groups.join(', ')})`);
  frame.record(TAG.groups, [...job.groups]);
  encodeCommon(frame, needs, job);
  encodeAddressPatches(frame, job);
  return frame.finish();
}

export function clearWords(format: FormatName, clear: readonly number[]): number[] {
  const view = new DataView(new ArrayBuffer(16));
  const type = clearValueType(format);
  clear.forEach((value, i) => {
    if (type === 'float') view.setFloat32(i * 4, value, true);
    else if (type === 'uint') view.setUint32(i * 4, value, true);
    else view.setInt32(i * 4, value, true);
  });
  return [0, 1, 2, 3].map((i) => view.getUint32(i * 4, true));
}

export function encodeRenderJob(job: RenderJob): Uint8Array {
  const frame = new FrameWriter().record(TAG.kind, [JOB_KIND.draw]);
  const needs: JobFeatures = { features: new Set(), extensions: new Set() };
  encodeStage(frame, needs, 'vertex', job.vertexSpirv, job.vertexEntry ?? 'main', job.extensions);
  encodeStage(frame, needs, 'fragment', job.pixelSpirv ?? job.vertexSpirv, job.pixelEntry ?? 'main', job.extensions);
  if (job.geometry) encodeStage(frame, needs, 'geometry', job.geometry.spirv, job.geometry.entry ?? 'main', job.extensions);
  if (job.hull) encodeStage(frame, needs, 'tessellationControl', job.hull.spirv, job.hull.entry ?? 'main', job.extensions);
  if (job.domain) encodeStage(frame, needs, 'tessellationEvaluation', job.domain.spirv, job.domain.entry ?? 'main', job.extensions);
  if (!job.hull !== !job.domain) throw new Error('renderTriangle: tessellation needs both `hull` and `domain`');
  if (job.topology || job.patchControlPoints !== undefined) {
    const topology = job.topology ?? 'triangle-list';
    if ((topology === 'patch-list') !== (job.patchControlPoints !== undefined)) throw new Error("renderTriangle: 'patch-list' and `patchControlPoints` go together");
    frame.record(TAG.pipeline, [TOPOLOGIES[topology], job.patchControlPoints ?? 0]);
  }
  if (job.vertices) {
    if (!job.stride) throw new Error('renderTriangle: `stride` is required with `vertices`');
    frame.record(TAG.vertexBuffer, [0, job.stride, VERTEX_INPUT_RATE], bytesOf(job.vertices));
    for (const a of job.attributes ?? []) frame.record(TAG.vertexAttribute, [a.location, 0, formatInfo(a.format).vk, a.offset]);
  } else if (job.attributes?.length) {
    throw new Error('renderTriangle: `attributes` given without `vertices`');
  }
  const vertexCount = job.vertexCount ?? (job.vertices && job.stride ? job.vertices.byteLength / job.stride : undefined);
  if (vertexCount === undefined || !Number.isInteger(vertexCount)) {
    throw new Error(`renderTriangle: cannot tell the vertex count (got ${vertexCount}); pass vertexCount`);
  }
  const format = job.format ?? 'rgba8unorm';
  const width = job.width ?? 64, height = job.height ?? 64;
  frame.record(TAG.target, [
    width, height, formatInfo(format).vk, width * height * formatInfo(format).bytes, vertexCount, 1,
    ...clearWords(format, job.clear ?? [0, 0, 0, 0]),
  ]);
  const { firstVertex = 0, firstInstance = 0, instanceCount = 1 } = job;
  if (firstVertex !== 0 || firstInstance !== 0 || instanceCount !== 1) frame.record(TAG.drawRange, [firstVertex, firstInstance, instanceCount]);
  if (job.samples !== undefined && job.samples !== 1) frame.record(TAG.samples, [job.samples]);
  encodeCommon(frame, needs, job);
  return frame.finish();
}

/** Buffers and storage images of a successful result, keyed by "set:binding" and name. */
export function decodeOutputs(records: readonly ResultRecord[], bindings: readonly Binding[]): ComputeResult {
  const names = new Map(bindings.filter((b) => b.name).map((b) => [slotKey(b), b.name!]));
  const result: ComputeResult = { buffers: {}, images: {} };
  for (const { tag, payload } of records) {
    const element = tag === TAG.bufferElementOut || tag === TAG.imageElementOut;
    if (tag !== TAG.bufferOut && tag !== TAG.imageOut && !element) continue;
    const slot = `${u32At(payload, 0)}:${u32At(payload, 1)}`;
    const key = element ? `${slot}[${u32At(payload, 2)}]` : slot;
    const bytes = payload.slice(element ? 12 : 8); // own, 0-aligned copy so any typed-array view fits
    const into = tag === TAG.bufferOut || tag === TAG.bufferElementOut ? result.buffers : result.images;
    into[key] = bytes;
    const name = names.get(key);
    if (name) into[name] = bytes;
  }
  return result;
}

export function decodeRender(records: readonly ResultRecord[], job: Pick<RenderJob, 'format' | 'width' | 'height' | 'bindings'>): RenderResult {
  const target = records.find((r) => r.tag === TAG.targetOut);
  if (!target) throw new Error('gpu runner: draw result without colour target');
  const format = job.format ?? 'rgba8unorm';
  const width = job.width ?? 64, height = job.height ?? 64;
  const pixels = target.payload.slice();
  return {
    ...decodeOutputs(records, job.bindings ?? []),
    width,
    height,
    format,
    pixels,
    texel(x: number, y: number): number[] {
      if (x < 0 || y < 0 || x >= width || y >= height) throw new RangeError(`pixel (${x}, ${y}) is outside ${width}x${height}`);
      return decodeTexel(pixels, format, y * width + x);
    },
  };
}

/** SPIR-V execution models of the ray-tracing job's stages (RayGenerationKHR, MissKHR, ClosestHitKHR, AnyHitKHR, CallableKHR). */
const RAY_EXECUTION_MODELS = { raygen: 5313, miss: 5317, closestHit: 5316, anyHit: 5315, callable: 5318, intersection: 5314 } as const;

export function encodeRayTracingJob(job: RayTracingJob): Uint8Array {
  const frame = new FrameWriter().record(TAG.kind, [JOB_KIND.rayTrace]);
  const needs: JobFeatures = { features: new Set(), extensions: new Set() };
  for (const stage of ['raygen', 'miss', 'closestHit', 'anyHit', 'callable', 'intersection'] as const) {
    const module = job[stage];
    if (!module) continue;
    const { spirv, entry } = module;
    const words = spirvWords(spirv);
    const requirements = readRequirements(words);
    if (!requirements.entryPoints.some((e) => e.name === entry && e.executionModel === RAY_EXECUTION_MODELS[stage])) {
      throw new Error(`no ${stage} entry point '${entry}' (execution model ${RAY_EXECUTION_MODELS[stage]}) in module`);
    }
    requirements.features.forEach((f) => needs.features.add(f));
    const unnamed = requirements.extensions.filter((e) => !(job.extensions ?? []).includes(e));
    if (unnamed.length > 0) throw new Error(`the ${stage} module needs device extension(s) ${unnamed.join(', ')}, which the test did not name`);
    const name = new TextEncoder().encode(entry);
    const padded = Math.ceil(name.byteLength / 4) * 4;
    const body = new Uint8Array(padded + words.byteLength);
    body.set(name);
    body.set(new Uint8Array(words.buffer, words.byteOffset, words.byteLength), padded);
    frame.record(TAG.rayStage, [RAY_STAGE_INDEX[stage], name.byteLength], body);
  }
  (job.extensions ?? []).forEach((e) => needs.extensions.add(e));
  if (job.launch.some((g) => !Number.isInteger(g) || g < 1)) throw new Error(`launch must be positive integers (got ${job.launch.join(', ')})`);
  frame.record(TAG.groups, [...job.launch]);
  encodeCommon(frame, needs, job);
  return frame.finish();
}
