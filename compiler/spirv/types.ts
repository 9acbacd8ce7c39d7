// SPIR-V types for IR types, with explicit layout when a type lives in a buffer. HLSL matrices are
// emitted as their transposes (manual: an RxC float matrix is an OpTypeMatrix of R vectors of C), so
// HLSL row r is SPIR-V column r; non-float matrices are arrays of row vectors; Rx1/1xC are vectors.
import { layoutOf, type Layout, type LayoutOptions } from '../layout/index.js';
import { isCombinedTexture, isNumeric, separateTextureKind, typeToString, type MatrixType, type ScalarType, type StructType, type Type } from '../types.js';
import type { ModuleBuilder } from './builder.js';
import { inlineSpirvType } from './inline-types.js';
import { applyDecorations } from './decorations.js';
import { declareInlineCapability } from './inline-enablers.js';
import { Capability, Decoration, Dim, ImageFormat, Op, StorageClass } from '../spirv-spec/spec.js';

/** A type placed in a buffer: bools become uint, members get offsets, arrays strides. */
export type LayoutContext = LayoutOptions;

export function layoutKey(ctx: LayoutContext | undefined): string {
  return ctx ? `${ctx.rule}/${ctx.buffer}/${ctx.defaultMajorness}` : '-';
}

/** The SPIR-V shape of an HLSL matrix. */
export function matrixShape(t: MatrixType): 'scalar' | 'vector' | 'matrix' | 'array' {
  if (t.rows === 1 && t.cols === 1) return 'scalar';
  if (t.rows === 1 || t.cols === 1) return 'vector';
  return t.element.base === 'float' ? 'matrix' : 'array';
}

export class TypeEmitter {
  /** `unknownImageFormat`: -fspv-use-unknown-image-format (no format derived from the texel type). */
  constructor(
    private readonly b: ModuleBuilder,
    readonly unknownImageFormat = false,
  ) {}

  /** The layout of memory behind device addresses (set by the module emitter; declares what it needs). */
  physicalStorage: () => LayoutContext = () => {
    throw new Error('internal: no PhysicalStorageBuffer layout');
  };

  void(): number {
    return this.b.intern('void', Op.TypeVoid, [], 0);
  }

  bool(): number {
    return this.b.intern('bool', Op.TypeBool, [], 0);
  }

  scalar(t: ScalarType, ctx?: LayoutContext): number {
    if (t.base === 'bool') return ctx ? this.scalar({ kind: 'scalar', base: 'uint', width: 32 }) : this.bool();
    if (t.width === 16) this.b.capability(t.base === 'float' ? Capability.Float16 : Capability.Int16);
    if (t.width === 64) this.b.capability(t.base === 'float' ? Capability.Float64 : Capability.Int64);
    if (t.base === 'float') return this.b.intern(`f${t.width}`, Op.TypeFloat, [t.width], 0);
    return this.b.intern(`${t.base === 'int' ? 'i' : 'u'}${t.width}`, Op.TypeInt, [t.width, t.base === 'int' ? 1 : 0], 0);
  }

  vector(el: ScalarType, n: number, ctx?: LayoutContext): number {
    const e = this.scalar(el, ctx);
    return n === 1 ? e : this.b.intern(`v${n}:${e}`, Op.TypeVector, [e, n], 0);
  }

  uintConst(value: number): number {
    const u = this.scalar({ kind: 'scalar', base: 'uint', width: 32 });
    return this.b.intern(`c:${u}:${value}`, Op.Constant, [u, value >>> 0], 1);
  }

  intConst(value: number): number {
    const i = this.scalar({ kind: 'scalar', base: 'int', width: 32 });
    return this.b.intern(`c:${i}:${value}`, Op.Constant, [i, value | 0], 1);
  }

  /** The SPIR-V type of an IR type; with `ctx`, the explicitly laid-out variant used inside buffers. */
  type(t: Type, ctx?: LayoutContext, layout?: Layout): number {
    if (ctx) return this.typeOf(t, ctx, layout);
    // Without a layout the id depends on the type alone: the first call declared all it needs.
    let id = this.plainTypes.get(t);
    if (id === undefined) {
      id = this.typeOf(t, undefined, undefined);
      this.plainTypes.set(t, id);
    }
    return id;
  }

  /** type() ids of IR type objects without a layout context. */
  private readonly plainTypes = new Map<Type, number>();
  /** Ids of one-word scalar constants, by type id and word (constants.ts). */
  readonly scalarConstants = new Map<number, number>();

  private typeOf(t: Type, ctx: LayoutContext | undefined, layout: Layout | undefined): number {
    switch (t.kind) {
      case 'void':
        return this.void();
      case 'scalar':
        return this.scalar(t, ctx);
      case 'vector':
        return this.vector(t.element, t.size, ctx);
      case 'matrix': {
        const shape = matrixShape(t);
        if (shape === 'scalar') return this.scalar(t.element, ctx);
        if (shape === 'vector') return this.vector(t.element, t.rows * t.cols, ctx);
        const row = this.vector(t.element, t.cols, ctx);
        if (shape === 'matrix') return this.b.intern(`m${t.rows}:${row}`, Op.TypeMatrix, [row, t.rows], 0);
        return this.array(row, t.rows, ctx ? (layout?.matrixStride ?? 16) : undefined);
      }
      case 'array': {
        const lay = ctx ? (layout ?? layoutOf(t, ctx)) : undefined;
        const el = this.type(t.element, ctx, lay?.element);
        if (t.length === null) {
          const key = `rta:${el}:${lay?.arrayStride ?? '-'}`;
          const id = this.b.intern(key, Op.TypeRuntimeArray, [el], 0);
          if (lay?.arrayStride !== undefined) this.b.decorate(id, Decoration.ArrayStride, lay.arrayStride);
          return id;
        }
        return this.array(el, t.length, lay?.arrayStride);
      }
      case 'struct':
        return this.struct(t, ctx, layout);
      case 'sampler':
        return this.b.intern('sampler', Op.TypeSampler, [], 0);
      case 'pointer': {
        // vk::BufferPointer<T>: a PhysicalStorageBuffer pointer to T laid out as in a storage buffer.
        const storage = this.physicalStorage();
        if (t.pointee.kind === 'struct' && this.pending.has(`struct:${t.pointee.id}:${layoutKey(storage)}`)) return this.forwardPointer(`struct:${t.pointee.id}:${layoutKey(storage)}`);
        return this.pointer(StorageClass.PhysicalStorageBuffer, this.type(t.pointee, storage));
      }
      case 'resource':
        if (isCombinedTexture(t.resource)) {
          // vk::SampledTexture*: OpTypeSampledImage of its texture's image type (a combined image sampler).
          const image = this.image({ ...t, resource: separateTextureKind(t.resource) });
          return this.b.intern(`sampledImage:${image}`, Op.TypeSampledImage, [image], 0);
        }
        return t.resource === 'RaytracingAccelerationStructure' ? this.accelerationStructure() : this.image(t);
      case 'rayQuery':
        return this.rayQuery();
      case 'spirvType':
        return inlineSpirvType(this.b, this, this.named, t);
      case 'node':
        // Node objects are pointers the node stage emitter declares per parameter (stages/node.ts).
      case 'stream':
        // Streams carry no data: the back end drops stream parameters (see stages/geometry.ts).
        throw new Error(`internal: a value of type '${typeToString(t)}' reached the SPIR-V type emitter`);
    }
  }

  /**
   * OpTypeAccelerationStructureKHR (DXC names it `accelerationStructureNV`). Outside ray-tracing
   * stages it is the ray-query extension's type; a module with ray-tracing stages declares
   * RayTracingKHR (or RayTracingNV) itself, which also allows the type.
   */
  accelerationStructure(): number {
    if (!this.b.hasCapability(Capability.RayTracingKHR) && !this.b.hasCapability(Capability.RayTracingNV)) this.rayQueryCapability();
    const id = this.b.intern('accel', Op.TypeAccelerationStructureKHR, [], 0);
    if (!this.named.has(id)) {
      this.named.add(id);
      this.b.name(id, 'accelerationStructureNV');
    }
    return id;
  }

  /** OpTypeRayQueryKHR: SPV_KHR_ray_query in any stage. */
  rayQuery(): number {
    this.rayQueryCapability();
    const id = this.b.intern('rayQuery', Op.TypeRayQueryKHR, [], 0);
    if (!this.named.has(id)) {
      this.named.add(id);
      this.b.name(id, 'rayQueryKHR');
    }
    return id;
  }

  private rayQueryCapability(): void {
    this.b.capability(Capability.RayQueryKHR);
    this.b.extension('SPV_KHR_ray_query');
  }

  private array(el: number, length: number, stride: number | undefined): number {
    const len = this.uintConst(length);
    const id = this.b.intern(`arr:${el}:${length}:${stride ?? '-'}`, Op.TypeArray, [el, len], 0);
    if (stride !== undefined) this.b.decorate(id, Decoration.ArrayStride, stride);
    return id;
  }

  /**
   * A buffer block with S's members under a name of its own (`type.ConstantBuffer.S`, as DXC), so S
   * itself stays an ordinary struct that other blocks and functions may use.
   */
  renamedBlock(t: StructType, name: string, ctx: LayoutContext, layout?: Layout): number {
    return this.struct(t, ctx, layout, name);
  }

  /** `block` wrapped in the array dimensions of `declared` (arrays of buffers: descriptor arrays, no stride). */
  descriptorArray(block: number, declared: Type): number {
    if (declared.kind !== 'array') return block;
    const el = this.descriptorArray(block, declared.element);
    if (declared.length === null) return this.b.intern(`rta:${el}:-`, Op.TypeRuntimeArray, [el], 0);
    return this.array(el, declared.length, undefined);
  }

  private struct(t: StructType, ctx: LayoutContext | undefined, layout: Layout | undefined, rename?: string): number {
    const key = rename === undefined ? `struct:${t.id}:${layoutKey(ctx)}` : `block:${rename}:${t.id}:${layoutKey(ctx)}`;
    // Declared before with everything it needs: no second layout and member walk.
    const known = this.structs.get(key);
    if (known !== undefined) return known;
    const lay = ctx ? (layout ?? layoutOf(t, ctx)) : undefined;
    this.pending.set(key, undefined);
    const members = t.fields.map((f, i) => this.type(f.type, ctx, lay?.members?.[i]?.layout));
    const existing = this.b.intern(key, Op.TypeStruct, members, 0);
    const forward = this.pending.get(key);
    this.pending.delete(key);
    if (forward !== undefined) this.b.internAs(`ptr:${StorageClass.PhysicalStorageBuffer}:${existing}`, forward, Op.TypePointer, [StorageClass.PhysicalStorageBuffer, existing]);
    if (!this.named.has(existing)) {
      this.named.add(existing);
      const name = rename ?? t.name;
      if (name) this.b.name(existing, name);
      t.fields.forEach((f, i) => f.name && this.b.memberName(existing, i, f.name));
      t.fields.forEach((f, i) => {
        if (isNumeric(f.type) && (f.type.kind === 'scalar' ? f.type : f.type.element).relaxed) this.b.memberDecorate(existing, i, Decoration.RelaxedPrecision);
      });
      if (lay) this.decorateMembers(existing, t, lay);
      t.fields.forEach((f, i) => {
        applyDecorations(this.b, this, existing, f.decorations, i);
        for (const c of f.requirements?.capabilities ?? []) declareInlineCapability(this.b, c);
        for (const e of f.requirements?.extensions ?? []) this.b.extension(e);
      });
    }
    this.structs.set(key, existing);
    return existing;
  }

  /**
   * Structs whose members are being declared, by struct() key, with the id of the pointer to them a
   * member declared ahead (OpTypeForwardPointer): a struct that holds a buffer pointer to itself.
   */
  private readonly pending = new Map<string, number | undefined>();

  /** The id of a PhysicalStorageBuffer pointer to a struct not declared yet; OpTypePointer follows the struct. */
  private forwardPointer(key: string): number {
    let id = this.pending.get(key);
    if (id === undefined) {
      id = this.b.id();
      this.b.global(Op.TypeForwardPointer, [id, StorageClass.PhysicalStorageBuffer]);
      this.pending.set(key, id);
    }
    return id;
  }

  private readonly named = new Set<number>();
  /** Struct type ids by struct() key. */
  private readonly structs = new Map<string, number>();

  /** Offset, and for matrices (also inside arrays) MatrixStride with the transposed majorness. */
  private decorateMembers(id: number, t: StructType, lay: Layout): void {
    t.fields.forEach((f, i) => {
      const m = lay.members![i]!;
      this.b.memberDecorate(id, i, Decoration.Offset, m.offset);
      let ml: Layout | undefined = m.layout;
      let ft: Type = f.type;
      while (ft.kind === 'array' && ml?.element) {
        ft = ft.element;
        ml = ml.element;
      }
      if (ft.kind === 'matrix' && matrixShape(ft) === 'matrix' && ml?.matrixStride !== undefined) {
        this.b.memberDecorate(id, i, Decoration.MatrixStride, ml.matrixStride);
        // HLSL row_major is SPIR-V ColMajor: SPIR-V's columns are HLSL's rows (manual, matrices).
        this.b.memberDecorate(id, i, ml.majorness === 'row_major' ? Decoration.ColMajor : Decoration.RowMajor);
      }
    });
  }

  pointer(storageClass: number, type: number): number {
    return this.b.intern(`ptr:${storageClass}:${type}`, Op.TypePointer, [storageClass, type], 0);
  }

  function(ret: number, params: number[]): number {
    return this.b.intern(`fn:${ret}:${params.join(',')}`, Op.TypeFunction, [ret, ...params], 0);
  }

  /** OpTypeImage per the manual's texture table. */
  private image(t: Extract<Type, { kind: 'resource' }>): number {
    const spec = IMAGE_TABLE[t.resource];
    if (!spec) throw new Error(`no image type for ${t.resource}`);
    const el = t.element.kind === 'vector' ? t.element.element : t.element.kind === 'scalar' ? t.element : undefined;
    // A bool texel is read as uint, as DXC declares it (the reader compares with zero).
    const sampled = this.scalar(el ? (el.base === 'bool' ? { kind: 'scalar', base: 'uint', width: 32 } : el) : { kind: 'scalar', base: 'float', width: 32 });
    if (spec.capability) this.b.capability(spec.capability);
    if (el && el.width === 64 && el.base !== 'float') {
      // 64-bit integer texels (RWTexture2D<uint64_t>, the R64ui/R64i formats): SPV_EXT_shader_image_int64.
      this.b.capability(Capability.Int64ImageEXT);
      this.b.extension('SPV_EXT_shader_image_int64');
    }
    const format = imageFormatOf(t, this.unknownImageFormat);
    if (!BASIC_FORMATS.has(format)) this.b.capability(Capability.StorageImageExtendedFormats);
    return this.b.intern(`img:${t.resource}:${sampled}:${format}`, Op.TypeImage, [sampled, spec.dim, 2, spec.arrayed, spec.ms, spec.sampled, format], 0);
  }
}

interface ImageSpec {
  dim: number;
  arrayed: 0 | 1;
  ms: 0 | 1;
  sampled: 1 | 2;
  capability?: number;
}

/** The manual's texture table (Dim, Arrayed, MS, Sampled, Capability). */
const IMAGE_TABLE: Partial<Record<string, ImageSpec>> = {
  Texture1D: { dim: Dim['1D'], arrayed: 0, ms: 0, sampled: 1, capability: Capability.Sampled1D },
  Texture2D: { dim: Dim['2D'], arrayed: 0, ms: 0, sampled: 1 },
  Texture3D: { dim: Dim['3D'], arrayed: 0, ms: 0, sampled: 1 },
  TextureCube: { dim: Dim.Cube, arrayed: 0, ms: 0, sampled: 1 },
  Texture1DArray: { dim: Dim['1D'], arrayed: 1, ms: 0, sampled: 1, capability: Capability.Sampled1D },
  Texture2DArray: { dim: Dim['2D'], arrayed: 1, ms: 0, sampled: 1 },
  Texture2DMS: { dim: Dim['2D'], arrayed: 0, ms: 1, sampled: 1 },
  Texture2DMSArray: { dim: Dim['2D'], arrayed: 1, ms: 1, sampled: 1, capability: Capability.ImageMSArray },
  TextureCubeArray: { dim: Dim.Cube, arrayed: 1, ms: 0, sampled: 1, capability: Capability.SampledCubeArray },
  Buffer: { dim: Dim.Buffer, arrayed: 0, ms: 0, sampled: 1, capability: Capability.SampledBuffer },
  RWBuffer: { dim: Dim.Buffer, arrayed: 0, ms: 0, sampled: 2, capability: Capability.ImageBuffer },
  RWTexture1D: { dim: Dim['1D'], arrayed: 0, ms: 0, sampled: 2, capability: Capability.Image1D },
  RWTexture2D: { dim: Dim['2D'], arrayed: 0, ms: 0, sampled: 2 },
  RWTexture3D: { dim: Dim['3D'], arrayed: 0, ms: 0, sampled: 2 },
  RWTexture1DArray: { dim: Dim['1D'], arrayed: 1, ms: 0, sampled: 2, capability: Capability.Image1D },
  RWTexture2DArray: { dim: Dim['2D'], arrayed: 1, ms: 0, sampled: 2 },
  SubpassInput: { dim: Dim.SubpassData, arrayed: 0, ms: 0, sampled: 2, capability: Capability.InputAttachment },
  SubpassInputMS: { dim: Dim.SubpassData, arrayed: 0, ms: 1, sampled: 2, capability: Capability.InputAttachment },
};

/** Formats the Shader capability covers; the others need StorageImageExtendedFormats (SPIR-V Image Format table). */
const BASIC_FORMATS: ReadonlySet<number> = new Set(
  (['Unknown', 'Rgba32f', 'Rgba16f', 'R32f', 'Rgba8', 'Rgba8Snorm', 'Rgba32i', 'Rgba16i', 'Rgba8i', 'R32i', 'Rgba32ui', 'Rgba16ui', 'Rgba8ui', 'R32ui'] as const).map((f) => ImageFormat[f]),
);

/** `[[vk::image_format]]` names whose SPIR-V spelling is not just a case change. */
const FORMAT_ALIASES: Record<string, keyof typeof ImageFormat> = { r11g11b10f: 'R11fG11fB10f' };

/** Formats DXC derives from the texel type of storage images and texel buffers (3-component: Unknown). */
const DERIVED_FORMATS: Record<string, (keyof typeof ImageFormat)[]> = {
  float32: ['R32f', 'Rg32f', 'Unknown', 'Rgba32f'],
  int32: ['R32i', 'Rg32i', 'Unknown', 'Rgba32i'],
  uint32: ['R32ui', 'Rg32ui', 'Unknown', 'Rgba32ui'],
  int64: ['R64i', 'Unknown', 'Unknown', 'Unknown'],
  uint64: ['R64ui', 'Unknown', 'Unknown', 'Unknown'],
};

/**
 * The image format of a texture type: `[[vk::image_format]]`, else derived from T for RW textures and
 * (RW)Buffer, or Unknown with -fspv-use-unknown-image-format (`unknown`), as DXC.
 */
export function imageFormatOf(t: Extract<Type, { kind: 'resource' }>, unknown = false): number {
  if (t.format !== undefined) {
    const name = FORMAT_ALIASES[t.format] ?? (Object.keys(ImageFormat) as (keyof typeof ImageFormat)[]).find((k) => k.toLowerCase() === t.format);
    if (!name) throw new Error(`unknown image format '${t.format}'`);
    return ImageFormat[name];
  }
  const derived = t.resource.startsWith('RWTexture') || t.resource === 'Buffer' || t.resource === 'RWBuffer';
  const el = t.element.kind === 'vector' ? t.element.element : t.element.kind === 'scalar' ? t.element : undefined;
  if (unknown || !derived || !el || el.relaxed) return ImageFormat.Unknown;
  const n = t.element.kind === 'vector' ? t.element.size : 1;
  return ImageFormat[DERIVED_FORMATS[`${el.base}${el.width}`]?.[n - 1] ?? 'Unknown'];
}
