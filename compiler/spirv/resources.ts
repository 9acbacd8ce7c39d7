// Resource methods and texel access in SPIR-V: OpSampledImage + OpImageSample*/Gather, OpImageFetch/
// Read/Write, size and level queries, atomics (through access chains or OpImageTexelPointer),
// structured-buffer counters and OpArrayLength (the manual's method tables).
import type { ImageOperands, IrExpr, IrPlace, ResourceCall } from '../ir/ir.js';
import { elementScalar, isCombinedTexture, separateTextureKind, type ResourceType, type ScalarType, type Type } from '../types.js';
import type { FunctionEmitter } from './function.js';
import { ScopeId, MemorySemantics } from './operators.js';
import { Capability, ImageFormat, Op, StorageClass } from '../spirv-spec/spec.js';
import { imageFormatOf } from './types.js';
import { interlocked } from './interlock.js';
import { rootGlobal } from '../ir/walk.js';
import { emitNodeCall } from './node-objects.js';
import { emitRayQueryCall } from './ray-query.js';
import { emitRayTracingCall } from './ray-tracing.js';

/** SPIR-V Image Operands mask bits, in the order their operands follow. */
const IMAGE_OPERAND_BITS = { bias: 0x1, lod: 0x2, grad: 0x4, constOffset: 0x8, offset: 0x10, constOffsets: 0x20, sample: 0x40, minLod: 0x80 } as const;

/** Plain → sparse-residency opcode (manual: "OpImageSparse* is used instead" with a status argument). */
const SPARSE_OPCODES: Readonly<Record<number, number>> = {
  [Op.ImageSampleImplicitLod]: Op.ImageSparseSampleImplicitLod,
  [Op.ImageSampleExplicitLod]: Op.ImageSparseSampleExplicitLod,
  [Op.ImageSampleDrefImplicitLod]: Op.ImageSparseSampleDrefImplicitLod,
  [Op.ImageSampleDrefExplicitLod]: Op.ImageSparseSampleDrefExplicitLod,
  [Op.ImageFetch]: Op.ImageSparseFetch,
  [Op.ImageRead]: Op.ImageSparseRead,
  [Op.ImageGather]: Op.ImageSparseGather,
  [Op.ImageDrefGather]: Op.ImageSparseDrefGather,
};

const ATOMIC_OPCODES = {
  add: { sint: Op.AtomicIAdd, uint: Op.AtomicIAdd },
  and: { sint: Op.AtomicAnd, uint: Op.AtomicAnd },
  or: { sint: Op.AtomicOr, uint: Op.AtomicOr },
  xor: { sint: Op.AtomicXor, uint: Op.AtomicXor },
  min: { sint: Op.AtomicSMin, uint: Op.AtomicUMin },
  max: { sint: Op.AtomicSMax, uint: Op.AtomicUMax },
  exchange: { sint: Op.AtomicExchange, uint: Op.AtomicExchange },
  compareExchange: { sint: Op.AtomicCompareExchange, uint: Op.AtomicCompareExchange },
} as const;

const FLOAT32: ScalarType = { kind: 'scalar', base: 'float', width: 32 };
const UINT32: ScalarType = { kind: 'scalar', base: 'uint', width: 32 };
const INT32: ScalarType = { kind: 'scalar', base: 'int', width: 32 };

function resourceOf(p: IrPlace): ResourceType {
  if (p.type.kind !== 'resource') throw new Error(`internal: '${p.type.kind}' is not an image`);
  return p.type;
}

/** The image's sampled type: the scalar of its texel type. */
function sampledScalar(t: ResourceType): ScalarType {
  const el = elementScalar(t.element);
  if (!el) return FLOAT32;
  return el.base === 'bool' ? { kind: 'scalar', base: 'uint', width: 32 } : el;
}

function isStorageImage(t: ResourceType): boolean {
  return t.resource.startsWith('RW') || t.resource === 'SubpassInput' || t.resource === 'SubpassInputMS';
}

/** Reading or writing a storage image of Unknown format needs the *WithoutFormat capability (subpass inputs do not). */
function requireFormatCapability(fe: FunctionEmitter, t: ResourceType, capability: number): void {
  if (t.resource.startsWith('Subpass')) return;
  if (imageFormatOf(t, fe.t.unknownImageFormat) === ImageFormat.Unknown) fe.b.capability(capability);
}

/** The image of a place: loaded, and taken out of a combined image sampler with OpImage. */
function loadImage(fe: FunctionEmitter, p: IrPlace): number {
  const loaded = fe.loadPtr(fe.place(p));
  const t = p.type;
  if (t.kind !== 'resource' || !isCombinedTexture(t.resource)) return loaded;
  return result(fe, Op.Image, fe.t.type({ ...t, resource: separateTextureKind(t.resource) }), [loaded]);
}

/** OpSampledImage of a texture and a sampler; a combined image sampler is one already. */
function sampledImage(fe: FunctionEmitter, image: IrPlace, sampler: IrPlace | undefined): number {
  if (!sampler) return fe.loadPtr(fe.place(image));
  const imageType = fe.t.type(image.type);
  const type = fe.b.intern(`sampledImage:${imageType}`, Op.TypeSampledImage, [imageType], 0);
  const id = fe.b.id();
  const imageId = loadImage(fe, image);
  const samplerId = loadImage(fe, sampler);
  fe.f.emit(Op.SampledImage, [type, id, imageId, samplerId]);
  return fe.nonUniform.spread(id, [imageId, samplerId]);
}

function imageOperands(fe: FunctionEmitter, o: ImageOperands): number[] {
  let mask = 0;
  const words: number[] = [];
  const add = (bit: number, ...ids: number[]) => {
    mask |= bit;
    words.push(...ids);
  };
  if (o.bias) add(IMAGE_OPERAND_BITS.bias, fe.expr(o.bias));
  if (o.lod) add(IMAGE_OPERAND_BITS.lod, fe.expr(o.lod));
  if (o.grad) add(IMAGE_OPERAND_BITS.grad, fe.expr(o.grad[0]), fe.expr(o.grad[1]));
  if (o.constOffset) add(IMAGE_OPERAND_BITS.constOffset, fe.expr(o.constOffset));
  if (o.constOffsets) {
    fe.b.capability(Capability.ImageGatherExtended);
    add(IMAGE_OPERAND_BITS.constOffsets, fe.expr(o.constOffsets));
  }
  if (o.offset) {
    fe.b.capability(Capability.ImageGatherExtended);
    add(IMAGE_OPERAND_BITS.offset, fe.expr(o.offset));
  }
  if (o.sample) add(IMAGE_OPERAND_BITS.sample, fe.expr(o.sample));
  if (o.minLod) {
    fe.b.capability(Capability.MinLod);
    add(IMAGE_OPERAND_BITS.minLod, fe.expr(o.minLod));
  }
  return mask ? [mask, ...words] : [];
}

/** Narrows a 4-component image result to the HLSL texel type (scalar: component 0; vector: the first N). */
function narrow(fe: FunctionEmitter, v4: number, el: ScalarType, to: Type): number {
  const n = to.kind === 'vector' ? to.size : 1;
  let id = v4;
  if (n !== 4) {
    id = fe.b.id();
    if (n === 1) fe.f.emit(Op.CompositeExtract, [fe.t.scalar(el), id, v4, 0]);
    else fe.f.emit(Op.VectorShuffle, [fe.t.vector(el, n), id, v4, v4, ...Array.from({ length: n }, (_, i) => i)]);
  }
  // Bool texels are stored as uint: compare with zero.
  const target = elementScalar(to);
  if (target?.base === 'bool' && el.base !== 'bool') return fe.convert(id, n === 1 ? el : { kind: 'vector', element: el, size: n as 2 | 3 | 4 }, to);
  return id;
}

function result(fe: FunctionEmitter, opcode: number, type: number, operands: number[]): number {
  const id = fe.b.id();
  fe.f.emit(opcode, [type, id, ...operands]);
  return id;
}

/**
 * An image instruction, or with a status argument its OpImageSparse* form: that returns
 * `{ uint residency code, texel }`, `finish` maps the texel to the HLSL type, and the result is the
 * IR's `{ uint status; T value }` struct.
 */
function imageOp(fe: FunctionEmitter, sparse: boolean | undefined, opcode: number, texelType: number, operands: number[], irType: Type, finish: (texel: number) => number = (t) => t): number {
  if (!sparse) return finish(result(fe, opcode, texelType, operands));
  fe.b.capability(Capability.SparseResidency);
  const u32 = fe.t.scalar(UINT32);
  const pair = fe.b.intern(`sparseResult:${u32}:${texelType}`, Op.TypeStruct, [u32, texelType], 0);
  const both = result(fe, SPARSE_OPCODES[opcode]!, pair, operands);
  const code = result(fe, Op.CompositeExtract, u32, [both, 0]);
  const texel = finish(result(fe, Op.CompositeExtract, texelType, [both, 1]));
  return result(fe, Op.CompositeConstruct, fe.t.type(irType), [code, texel]);
}

/** The HLSL value type of a resource expression: member 1 of the sparse `{ status, value }` struct. */
function valueType(e: Extract<IrExpr, { op: 'resource' }>): Type {
  const sparse = 'sparse' in e.call && e.call.sparse;
  if (!sparse) return e.type;
  if (e.type.kind !== 'struct') throw new Error('internal: a sparse resource call needs a { status, value } result');
  return e.type.fields[1]!.type;
}

export function emitResourceCall(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'resource' }>): number {
  const call = e.call;
  switch (call.kind) {
    case 'sample': {
      if (!call.explicitLod) fe.derivative ??= 'implicit-LOD sampling';
      const t = resourceOf(call.image);
      const el = sampledScalar(t);
      const si = sampledImage(fe, call.image, call.sampler);
      const coord = fe.expr(call.coord);
      if (call.dref) {
        const opcode = call.explicitLod ? Op.ImageSampleDrefExplicitLod : Op.ImageSampleDrefImplicitLod;
        const dref = fe.expr(call.dref);
        return imageOp(fe, call.sparse, opcode, fe.t.scalar(el), [si, coord, dref, ...imageOperands(fe, call.operands)], e.type);
      }
      const opcode = call.explicitLod ? Op.ImageSampleExplicitLod : Op.ImageSampleImplicitLod;
      const operands = [si, coord, ...imageOperands(fe, call.operands)];
      return imageOp(fe, call.sparse, opcode, fe.t.vector(el, 4), operands, e.type, (v4) => narrow(fe, v4, el, valueType(e)));
    }
    case 'gather': {
      const el = sampledScalar(resourceOf(call.image));
      const si = sampledImage(fe, call.image, call.sampler);
      const coord = fe.expr(call.coord);
      const third = call.dref ? fe.expr(call.dref) : fe.t.uintConst(call.component);
      const opcode = call.dref ? Op.ImageDrefGather : Op.ImageGather;
      return imageOp(fe, call.sparse, opcode, fe.t.vector(el, 4), [si, coord, third, ...imageOperands(fe, call.operands)], e.type);
    }
    case 'fetch':
      return readTexel(fe, call.image, fe.expr(call.coord), valueType(e), call.operands, call.sparse ? e.type : undefined);
    case 'texelsResident':
      fe.b.capability(Capability.SparseResidency);
      return result(fe, Op.ImageSparseTexelsResident, fe.t.bool(), [fe.expr(call.status)]);
    case 'subpassLoad': {
      const t = resourceOf(call.image);
      const el = sampledScalar(t);
      const zero = fe.splatConst(INT32, 0, 2);
      const operands = call.sample ? imageOperands(fe, { sample: call.sample }) : [];
      const v4 = result(fe, Op.ImageRead, fe.t.vector(el, 4), [loadImage(fe, call.image), zero, ...operands]);
      return narrow(fe, v4, el, e.type);
    }
    case 'querySize': {
      fe.b.capability(Capability.ImageQuery);
      const image = loadImage(fe, call.image);
      const type = fe.t.type(e.type);
      if (call.lod) return result(fe, Op.ImageQuerySizeLod, type, [image, fe.expr(call.lod)]);
      return result(fe, Op.ImageQuerySize, type, [image]);
    }
    case 'queryLevels':
      fe.b.capability(Capability.ImageQuery);
      return result(fe, Op.ImageQueryLevels, fe.t.scalar(UINT32), [loadImage(fe, call.image)]);
    case 'querySamples':
      fe.b.capability(Capability.ImageQuery);
      return result(fe, Op.ImageQuerySamples, fe.t.scalar(UINT32), [loadImage(fe, call.image)]);
    case 'queryLod': {
      fe.derivative ??= 'CalculateLevelOfDetail';
      fe.b.capability(Capability.ImageQuery);
      const si = sampledImage(fe, call.image, call.sampler);
      const lod = result(fe, Op.ImageQueryLod, fe.t.vector(FLOAT32, 2), [si, fe.expr(call.coord)]);
      return result(fe, Op.CompositeExtract, fe.t.scalar(FLOAT32), [lod, call.clamped ? 0 : 1]);
    }
    case 'arrayLength': {
      const block = fe.place(call.buffer);
      return result(fe, Op.ArrayLength, fe.t.scalar(UINT32), [block.id, 0]);
    }
    case 'counter':
      return counter(fe, call);
    case 'atomic':
      return atomic(fe, call, e.type);
    case 'rayQuery':
      return emitRayQueryCall(fe, call, e.type);
    case 'raySystemValue':
    case 'traceRay':
    case 'reportHit':
    case 'callShader':
    case 'rayTerminate':
      return emitRayTracingCall(fe, call, e.type);
    case 'nodeAllocate':
    case 'nodeComplete':
    case 'nodeValid':
    case 'nodeCount':
    case 'nodeFinishSharing':
    case 'nodeRecursionLevels':
      return emitNodeCall(fe, call);
  }
}

/**
 * OpImageFetch on sampled images and Buffer (Lod 0 for `tex[i]` on mipmapped ones), OpImageRead on
 * storage images; their sparse forms when `sparseType` (the `{ status, value }` struct) is given.
 */
function readTexel(fe: FunctionEmitter, image: IrPlace, coord: number, type: Type, operands: ImageOperands, sparseType?: Type): number {
  const t = resourceOf(image);
  const el = sampledScalar(t);
  const storage = isStorageImage(t);
  if (storage) requireFormatCapability(fe, t, Capability.StorageImageReadWithoutFormat);
  const opcode = storage ? Op.ImageRead : Op.ImageFetch;
  const operandIds = [loadImage(fe, image), coord, ...imageOperands(fe, operands)];
  return interlocked(fe, t.rasterizerOrdered, () => imageOp(fe, sparseType !== undefined, opcode, fe.t.vector(el, 4), operandIds, sparseType ?? type, (v4) => narrow(fe, v4, el, type)));
}

function texelOf(p: IrPlace): Extract<IrPlace, { kind: 'texel' }> | undefined {
  if (p.kind === 'texel') return p;
  if (p.kind === 'element' || p.kind === 'member') return texelOf(p.base);
  return undefined;
}

/** Whether a place is (a component of) a texel, which has no pointer. */
export function isTexelPlace(p: IrPlace): boolean {
  return texelOf(p) !== undefined;
}

function texelRead(fe: FunctionEmitter, p: Extract<IrPlace, { kind: 'texel' }>, coord: number): number {
  const t = resourceOf(p.image);
  const mipmapped = !isStorageImage(t) && t.resource !== 'Buffer';
  const lod: ImageOperands = mipmapped ? { lod: { op: 'const', type: INT32, value: { kind: 'scalar', type: INT32, value: 0 } } } : {};
  return readTexel(fe, p.image, coord, p.type, lod);
}

/** Loads a texel place or one component of it (`tex[c].y`). */
export function loadTexelPlace(fe: FunctionEmitter, p: IrPlace): number {
  if (p.kind === 'texel') return texelRead(fe, p, fe.expr(p.coord));
  if (p.kind !== 'element') throw new Error(`internal: '${p.kind}' of a texel`);
  const whole = loadTexelPlace(fe, p.base);
  return result(fe, Op.VectorExtractDynamic, fe.t.type(p.type), [whole, fe.expr(p.index)]);
}

/** Stores to a texel (OpImageWrite), to one component or a swizzle of it (read, modify, write). */
export function storeTexelPlace(fe: FunctionEmitter, p: IrPlace, value: number, components?: number[]): void {
  const texel = texelOf(p)!;
  const t = resourceOf(texel.image);
  if (!isStorageImage(t)) throw new Error(`internal: write to a read-only texture`);
  const coord = fe.expr(texel.coord);
  let texelValue = value;
  const tt = texel.type;
  if (p !== texel || components) {
    if (tt.kind !== 'vector') throw new Error(`internal: component write to a scalar texel`);
    const old = texelRead(fe, texel, coord);
    if (components) {
      const sel = Array.from({ length: tt.size }, (_, i) => (components.includes(i) ? tt.size + components.indexOf(i) : i));
      texelValue = result(fe, Op.VectorShuffle, fe.t.type(tt), [old, value, ...sel]);
    } else {
      if (p.kind !== 'element' || p.base !== texel) throw new Error(`internal: nested texel component`);
      texelValue = result(fe, Op.VectorInsertDynamic, fe.t.type(tt), [old, value, fe.expr(p.index)]);
    }
  }
  requireFormatCapability(fe, t, Capability.StorageImageWriteWithoutFormat);
  const imageId = loadImage(fe, texel.image);
  interlocked(fe, t.rasterizerOrdered, () => fe.f.emit(Op.ImageWrite, [imageId, coord, texelValue]));
}

const DEVICE_SCOPE = ScopeId.Device;

/** Pointer to the atomic's target: an access chain, or OpImageTexelPointer for a texel (manual, Interlocked*). */
function atomicPointer(fe: FunctionEmitter, target: IrPlace, el: ScalarType): number {
  if (target.kind !== 'texel') return fe.place(target).id;
  const ptrType = fe.t.pointer(StorageClass.Image, fe.t.scalar(el));
  const id = fe.b.id();
  const image = fe.place(target.image).id;
  fe.f.emit(Op.ImageTexelPointer, [ptrType, id, image, fe.expr(target.coord), fe.t.uintConst(0)]);
  return fe.nonUniform.spread(id, [image]);
}

function atomic(fe: FunctionEmitter, call: Extract<ResourceCall, { kind: 'atomic' }>, type: Type): number {
  const el = type as ScalarType;
  // 64-bit atomics (InterlockedAdd on uint64_t) need Int64Atomics; on image texels also the image extension.
  if (el.width === 64) fe.b.capability(Capability.Int64Atomics);
  const pointer = atomicPointer(fe, call.target, el);
  const scope = fe.memoryScope(DEVICE_SCOPE);
  const none = fe.t.uintConst(MemorySemantics.None);
  const opcode = ATOMIC_OPCODES[call.operation][el.base === 'int' ? 'sint' : 'uint'];
  const value = fe.expr(call.value);
  const comparator = call.operation === 'compareExchange' ? fe.expr(call.comparator!) : undefined;
  const root = rootGlobal(call.target);
  const ordered = !!root?.rasterizerOrdered || (root?.type.kind === 'resource' && root.type.rasterizerOrdered);
  const atomic = interlocked(fe, ordered, () => {
    if (comparator !== undefined) return result(fe, opcode, fe.t.scalar(el), [pointer, scope, none, none, value, comparator]);
    return result(fe, opcode, fe.t.scalar(el), [pointer, scope, none, value]);
  });
  return fe.nonUniform.spread(atomic, [pointer]);
}

/**
 * The counter is an `int`: +1 returns the old count (Append's index), -1 the new one (Consume's),
 * as uint (manual, .Append()/.Consume()).
 */
function counter(fe: FunctionEmitter, call: Extract<ResourceCall, { kind: 'counter' }>): number {
  const g = call.counter;
  let block: IrPlace = { kind: 'global', global: g, type: g.type };
  if (call.index) {
    if (g.type.kind !== 'array') throw new Error(`internal: indexed counter '${g.name}' is not an array`);
    block = { kind: 'element', base: block, index: call.index, type: g.type.element };
  }
  const ptr = fe.place({ kind: 'member', base: block, index: 0, type: INT32 });
  const int = fe.t.scalar(INT32);
  const one = fe.t.intConst(1);
  const scope = fe.memoryScope(DEVICE_SCOPE);
  const none = fe.t.uintConst(MemorySemantics.None);
  let count = result(fe, call.delta > 0 ? Op.AtomicIAdd : Op.AtomicISub, int, [ptr.id, scope, none, one]);
  if (call.delta < 0) count = result(fe, Op.ISub, int, [count, one]);
  return result(fe, Op.Bitcast, fe.t.scalar(UINT32), [count]);
}
