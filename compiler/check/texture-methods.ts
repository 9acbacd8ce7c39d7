// Texture, typed-buffer and subpass-input methods of the manual's "common texture methods" tables:
// argument shapes per texture kind, lowered to IR resource calls (sampling, fetches, queries).
import type { Loc } from '../diagnostics.js';
import type { ImageOperands, IrConst, IrExpr, IrPlace, ResourceCall } from '../ir/ir.js';
import { BOOL, FLOAT, INT, UINT, VOID, arrayOf, elementScalar, isCombinedTexture, isNumeric, separateTextureKind, typeToString, vector, type ResourceKind, type ResourceType, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import type { ExpressionChecker } from './expressions.js';
import { samplePosition } from './sample-positions.js';
import type { TextureAccessor, Value } from './value.js';

/** Shape of each texture kind: coordinate/offset/size component counts and its class. */
export interface TextureShape {
  /** Components of a sampling coordinate (array layer included). */
  coord: number;
  /** Components of an offset (0: offsets are not allowed, cube maps). */
  offset: number;
  /** Components of the size GetDimensions reports, without the array layer count. */
  size: number;
  arrayed: boolean;
  ms: boolean;
  /** Storage image / storage texel buffer (OpImageRead/Write). */
  storage: boolean;
  buffer: boolean;
  /** Gather is available (2D, 2D arrays, cubes). */
  gather: boolean;
}

const shape = (coord: number, offset: number, size: number, flags: Partial<Pick<TextureShape, 'arrayed' | 'ms' | 'storage' | 'buffer' | 'gather'>> = {}): TextureShape => ({
  coord, offset, size, arrayed: false, ms: false, storage: false, buffer: false, gather: false, ...flags,
});

const SEPARATE_SHAPES: Partial<Record<ResourceKind, TextureShape>> = {
  Texture1D: shape(1, 1, 1),
  Texture1DArray: shape(2, 1, 1, { arrayed: true }),
  Texture2D: shape(2, 2, 2, { gather: true }),
  Texture2DArray: shape(3, 2, 2, { arrayed: true, gather: true }),
  Texture2DMS: shape(2, 2, 2, { ms: true }),
  Texture2DMSArray: shape(3, 2, 2, { arrayed: true, ms: true }),
  Texture3D: shape(3, 3, 3),
  TextureCube: shape(3, 0, 2, { gather: true }),
  TextureCubeArray: shape(4, 0, 2, { arrayed: true, gather: true }),
  Buffer: shape(1, 0, 1, { buffer: true }),
  RWBuffer: shape(1, 0, 1, { buffer: true, storage: true }),
  RWTexture1D: shape(1, 0, 1, { storage: true }),
  RWTexture1DArray: shape(2, 0, 1, { arrayed: true, storage: true }),
  RWTexture2D: shape(2, 0, 2, { storage: true }),
  RWTexture2DArray: shape(3, 0, 2, { arrayed: true, storage: true }),
  RWTexture3D: shape(3, 0, 3, { storage: true }),
};

/** Every texture kind's shape; a combined image sampler (`vk::SampledTexture2D`) has its texture's. */
export const TEXTURE_SHAPES: Partial<Record<ResourceKind, TextureShape>> = {
  ...SEPARATE_SHAPES,
  ...Object.fromEntries(
    (['1D', '1DArray', '2D', '2DArray', '2DMS', '2DMSArray', '3D', 'CUBE', 'CUBEArray'] as const).map((d) => [`SampledTexture${d}`, SEPARATE_SHAPES[separateTextureKind(`SampledTexture${d}`)]]),
  ),
};

type SampleMethod = 'Sample' | 'SampleLevel' | 'SampleGrad' | 'SampleBias' | 'SampleCmp' | 'SampleCmpLevelZero' | 'SampleCmpLevel' | 'SampleCmpBias' | 'SampleCmpGrad';

/** Extra arguments after ([sampler,] location) of each Sample* method, then the optional ones. */
const SAMPLE_METHODS: Record<SampleMethod, { extra: ('lod' | 'bias' | 'ddx' | 'ddy' | 'cmp')[]; clamp: boolean; cmp: boolean }> = {
  Sample: { extra: [], clamp: true, cmp: false },
  SampleLevel: { extra: ['lod'], clamp: false, cmp: false },
  SampleGrad: { extra: ['ddx', 'ddy'], clamp: true, cmp: false },
  SampleBias: { extra: ['bias'], clamp: true, cmp: false },
  SampleCmp: { extra: ['cmp'], clamp: true, cmp: true },
  SampleCmpLevelZero: { extra: ['cmp'], clamp: false, cmp: true },
  // SM 6.7/6.8 (DXC: OpImageSampleDref* with Lod, Bias or Grad).
  SampleCmpLevel: { extra: ['cmp', 'lod'], clamp: false, cmp: true },
  SampleCmpBias: { extra: ['cmp', 'bias'], clamp: true, cmp: true },
  SampleCmpGrad: { extra: ['cmp', 'ddx', 'ddy'], clamp: true, cmp: true },
};

const GATHER_COMPONENT: Record<string, number> = { Gather: 0, GatherRed: 0, GatherGreen: 1, GatherBlue: 2, GatherAlpha: 3, GatherCmp: 0, GatherCmpRed: 0 };

/** Gathers with the four-offset overloads (manual, .GatherRed() …: "those overloads taking 4 offset parameters"). */
const FOUR_OFFSET_GATHERS: ReadonlySet<string> = new Set(['GatherRed', 'GatherGreen', 'GatherBlue', 'GatherAlpha', 'GatherCmpRed']);

/** Everything a method checker needs: the checker, the expression checker and the call site. */
export interface MethodSite {
  c: Checker;
  x: ExpressionChecker;
  obj: Value;
  method: string;
  args: Value[];
  loc: Loc;
}

export function resourceValue(type: Type, call: ResourceCall, loc: Loc): Value {
  return { type, loc, expr: { op: 'resource', type, call }, readonly: true };
}

/**
 * A trailing `out uint status` (sparse residency) when the call has one argument more than its longest
 * form: returns the status and the site without it; `false` after an error.
 */
function splitStatus(s: MethodSite, longest: number): { site: MethodSite; status?: Value } | false {
  if (s.args.length !== longest + 1) return { site: s };
  const status = outArg(s, longest);
  if (!status) return false;
  return { site: { ...s, args: s.args.slice(0, longest) }, status };
}

/** The method's value; with a status argument the call's sparse form, whose residency code goes to status. */
function imageResult(s: MethodSite, type: Type, call: Extract<ResourceCall, { kind: 'sample' | 'gather' | 'fetch' }>, status: Value | undefined): Value {
  if (!status) return resourceValue(type, call, s.loc);
  const pair: StructType = { kind: 'struct', name: 'SparseResidencyStruct', fields: [{ name: 'status', type: UINT }, { name: 'value', type }], id: s.c.newId() };
  const both = s.x.spill({ op: 'resource', type: pair, call: { ...call, sparse: true } }, pair);
  storeOuts(s, { op: 'extract', type: UINT, arg: both, index: 0 }, [status]);
  return { type, loc: s.loc, expr: { op: 'extract', type, arg: both, index: 1 }, readonly: true };
}

/** `CheckAccessFullyMapped(status)`: whether the texels a sparse call read were all resident (manual's intrinsic table). */
export function checkAccessFullyMapped(c: Checker, x: ExpressionChecker, args: Value[], loc: Loc): Value | undefined {
  if (args.length !== 1) {
    c.error(`'CheckAccessFullyMapped' takes 1 argument, but ${args.length} were given`, loc);
    return undefined;
  }
  const status = x.convert(args[0]!, UINT, args[0]!.loc, `argument 1 of 'CheckAccessFullyMapped'`);
  if (!status) return undefined;
  return { type: BOOL, loc, expr: { op: 'resource', type: BOOL, call: { kind: 'texelsResident', status } }, readonly: true };
}

export function voidValue(loc: Loc): Value {
  // Never emitted: statements only evaluate void calls and intrinsics.
  return { type: VOID, loc, expr: { op: 'const', type: VOID, value: { kind: 'scalar', type: VOID, value: 0 } }, readonly: true };
}

export function arity(s: MethodSite, min: number, max: number): boolean {
  if (s.args.length >= min && s.args.length <= max) return true;
  const want = min === max ? `${min}` : `${min} to ${max}`;
  s.c.error(`'${s.method}' of '${typeToString(s.obj.type)}' takes ${want} argument${max === 1 ? '' : 's'}, but ${s.args.length} were given`, s.loc);
  return false;
}

export function argAs(s: MethodSite, i: number, t: Type): IrExpr | undefined {
  const a = s.args[i]!;
  return s.x.convert(a, t, a.loc, `argument ${i + 1} of '${s.method}'`);
}

/** Out arguments (GetDimensions, Interlocked* original values) must be writable. */
export function outArg(s: MethodSite, i: number): Value | undefined {
  const a = s.args[i]!;
  if (!isNumeric(a.type) || a.type.kind !== 'scalar') {
    s.c.error(`out argument ${i + 1} of '${s.method}' must be a scalar, not '${typeToString(a.type)}'`, a.loc);
    return undefined;
  }
  return s.x.writable(a, a.loc) ? a : undefined;
}

/** Stores each component of a spilled uint vector result into the out arguments. */
export function storeOuts(s: MethodSite, value: IrExpr, outs: Value[], first = 0): void {
  const n = value.type.kind === 'vector' ? value.type.size : 1;
  outs.forEach((o, k) => {
    const i = first + k;
    const el: IrExpr = n === 1 ? value : { op: 'extract', type: UINT, arg: value, index: i };
    s.x.emitBefore(s.x.storeTo(o, s.x.coerceExpr(el, UINT, o.type)));
  });
}

function texelType(t: ResourceType): Type {
  return t.element;
}

function vec(el: typeof FLOAT, n: number): Type {
  return n === 1 ? el : vector(el, n);
}

function samplerArg(s: MethodSite, i: number, comparison: boolean): IrPlace | undefined {
  const a = s.args[i]!;
  if (a.type.kind !== 'sampler' || a.type.comparison !== comparison || !a.place) {
    s.c.error(`argument ${i + 1} of '${s.method}' must be a ${comparison ? 'SamplerComparisonState' : 'SamplerState'}, not '${typeToString(a.type)}'`, a.loc);
    return undefined;
  }
  return a.place;
}

/**
 * An offset argument: ConstOffset when it folds to a constant, else Offset (manual, .Sample()).
 * Vulkan allows Offset on gathers only (VUID-StandaloneSpirv-Offset-04663), so other methods need
 * a constant.
 */
function offsetOperand(s: MethodSite, i: number, n: number, into: ImageOperands, gather = false): boolean {
  const e = argAs(s, i, vec(INT, n));
  if (!e) return false;
  const folded = evaluateConstant(e);
  if (folded) into.constOffset = { op: 'const', type: e.type, value: folded };
  else if (gather) into.offset = e;
  else {
    s.c.error(`the offset of '${s.method}' must be a constant expression (Vulkan allows a non-constant offset on gathers only)`, s.args[i]!.loc);
    return false;
  }
  return true;
}

function imagePlace(s: MethodSite): IrPlace | undefined {
  if (s.obj.place) return s.obj.place;
  s.c.error(`'${s.method}' needs a texture variable, not a temporary`, s.obj.loc);
  return undefined;
}

export function checkTextureMethod(s0: MethodSite, t: ResourceType): Value | undefined {
  let s = s0;
  const sh = TEXTURE_SHAPES[t.resource];
  if (!sh) return undefined;
  const image = imagePlace(s);
  if (!image) return undefined;
  const m = s.method;
  const sampled = !sh.storage && !sh.buffer;
  // A combined image sampler takes no sampler argument: the location is argument 0.
  const combined = isCombinedTexture(t.resource);
  const at = combined ? 0 : 1;
  const samplerOf = (comparison: boolean): { sampler?: IrPlace } | undefined => {
    if (combined) return {};
    const sampler = samplerArg(s, 0, comparison);
    return sampler ? { sampler } : undefined;
  };
  const unavailable = () => {
    s.c.error(`'${m}' is not available on '${typeToString(t)}'`, s.loc);
    return undefined;
  };
  if (m in SAMPLE_METHODS) {
    const spec = SAMPLE_METHODS[m as SampleMethod];
    if (!sampled || sh.ms || (spec.cmp && separateTextureKind(t.resource) === 'Texture3D')) return unavailable();
    const fixed = at + 1 + spec.extra.length;
    const optional = (sh.offset ? 1 : 0) + (spec.clamp ? 1 : 0);
    const split = splitStatus(s0, fixed + optional);
    if (!split) return undefined;
    s = split.site;
    const status = split.status;
    if (!arity(s, fixed, fixed + optional)) return undefined;
    const sampler = samplerOf(spec.cmp);
    const coord = argAs(s, at, vec(FLOAT, sh.coord));
    if (!sampler || !coord) return undefined;
    const operands: ImageOperands = {};
    let dref: IrExpr | undefined;
    const gradN = sh.coord - (sh.arrayed ? 1 : 0);
    for (let k = 0; k < spec.extra.length; k++) {
      const what = spec.extra[k]!;
      const e = argAs(s, at + 1 + k, what === 'ddx' || what === 'ddy' ? vec(FLOAT, gradN) : FLOAT);
      if (!e) return undefined;
      if (what === 'lod') operands.lod = e;
      else if (what === 'bias') operands.bias = e;
      else if (what === 'cmp') dref = e;
      else if (what === 'ddx') operands.grad = [e, e];
      else operands.grad = [operands.grad![0], e];
    }
    let next = fixed;
    if (sh.offset && s.args.length > next) {
      if (!offsetOperand(s, next, sh.offset, operands)) return undefined;
      next++;
    }
    if (spec.clamp && s.args.length > next) {
      const e = argAs(s, next, FLOAT);
      if (!e) return undefined;
      operands.minLod = e;
    }
    if (m === 'SampleCmpLevelZero') operands.lod = { op: 'const', type: FLOAT, value: { kind: 'scalar', type: FLOAT, value: 0 } };
    const explicitLod = m === 'SampleLevel' || m === 'SampleGrad' || m === 'SampleCmpLevelZero' || m === 'SampleCmpLevel' || m === 'SampleCmpGrad';
    const type = spec.cmp ? FLOAT : texelType(t);
    return imageResult(s, type, { kind: 'sample', image, ...sampler, coord, ...(dref ? { dref } : {}), explicitLod, operands }, status);
  }
  if (m in GATHER_COMPONENT) {
    if (!sh.gather) return unavailable();
    const cmp = m.startsWith('GatherCmp');
    const fixed = at + (cmp ? 2 : 1);
    const fourOffsets = sh.offset > 0 && FOUR_OFFSET_GATHERS.has(m) && (s.args.length === fixed + 4 || s.args.length === fixed + 5);
    const longest = fixed + (fourOffsets ? 4 : sh.offset ? 1 : 0);
    const split = splitStatus(s0, longest);
    if (!split) return undefined;
    const { site, status } = split;
    s = site;
    if (!fourOffsets && !arity(s, fixed, longest)) return undefined;
    const sampler = samplerOf(cmp);
    const coord = argAs(s, at, vec(FLOAT, sh.coord));
    const dref = cmp ? argAs(s, at + 1, FLOAT) : undefined;
    if (!sampler || !coord || (cmp && !dref)) return undefined;
    const el = elementScalar(t.element) ?? FLOAT;
    const call = { kind: 'gather', image, ...sampler, coord, component: GATHER_COMPONENT[m]!, ...(dref ? { dref } : {}), operands: {} } as const;
    if (fourOffsets) return gatherFourOffsets(s, vector(el, 4), call, fixed, status);
    const operands: ImageOperands = {};
    if (s.args.length > fixed && !offsetOperand(s, fixed, sh.offset, operands, true)) return undefined;
    return imageResult(s, vector(el, 4), { ...call, operands }, status);
  }
  if (m === 'Load') return textureLoad(s, t, sh, image);
  if (m === 'GetSamplePosition') {
    if (!sh.ms) return unavailable();
    if (!arity(s, 1, 1)) return undefined;
    const index = argAs(s, 0, INT);
    if (!index) return undefined;
    const count = s.x.spill({ op: 'resource', type: UINT, call: { kind: 'querySamples', image } }, UINT);
    return { type: vector(FLOAT, 2), loc: s.loc, expr: samplePosition(count, s.x.spill(index, INT)), readonly: true };
  }
  if (m === 'GetDimensions') return textureDimensions(s, t, sh, image);
  if (m === 'CalculateLevelOfDetail' || m === 'CalculateLevelOfDetailUnclamped') {
    if (!sampled || sh.ms) return unavailable();
    if (!arity(s, at + 1, at + 1)) return undefined;
    const sampler = samplerOf(!combined && s.args[0]!.type.kind === 'sampler' && s.args[0]!.type.comparison);
    const coord = argAs(s, at, vec(FLOAT, sh.coord - (sh.arrayed ? 1 : 0)));
    if (!sampler || !coord) return undefined;
    return resourceValue(FLOAT, { kind: 'queryLod', image, ...sampler, coord, clamped: m === 'CalculateLevelOfDetail' }, s.loc);
  }
  s.c.error(`no method named '${m}' in '${typeToString(t)}'`, s.loc);
  return undefined;
}

/** `.Load(location[, sampleIndex][, offset])`: the last location component is the mip level of sampled textures. */
function textureLoad(s0: MethodSite, t: ResourceType, sh: TextureShape, image: IrPlace): Value | undefined {
  const sampled = !sh.storage && !sh.buffer;
  const withLod = sampled && !sh.ms;
  const fixed = sh.ms ? 2 : 1;
  const optional = sampled && sh.offset ? 1 : 0;
  const split = splitStatus(s0, fixed + optional);
  if (!split) return undefined;
  const { site: s, status } = split;
  if (!arity(s, fixed, fixed + optional)) return undefined;
  const location = argAs(s, 0, vec(INT, sh.coord + (withLod ? 1 : 0)));
  if (!location) return undefined;
  const operands: ImageOperands = {};
  let coord = location;
  if (withLod) {
    coord = sh.coord === 1 ? { op: 'extract', type: INT, arg: location, index: 0 } : { op: 'swizzle', type: vec(INT, sh.coord), arg: location, components: [...Array(sh.coord).keys()] };
    operands.lod = { op: 'extract', type: INT, arg: location, index: sh.coord };
    if (location.op !== 'load' && location.op !== 'const') {
      const spilled = s.x.spill(location, location.type);
      coord = sh.coord === 1 ? { op: 'extract', type: INT, arg: spilled, index: 0 } : { op: 'swizzle', type: vec(INT, sh.coord), arg: spilled, components: [...Array(sh.coord).keys()] };
      operands.lod = { op: 'extract', type: INT, arg: spilled, index: sh.coord };
    }
  }
  if (sh.ms) {
    const sample = argAs(s, 1, INT);
    if (!sample) return undefined;
    operands.sample = sample;
  }
  if (s.args.length > fixed && !offsetOperand(s, fixed, sh.offset, operands)) return undefined;
  return imageResult(s, texelType(t), { kind: 'fetch', image, coord, operands }, status);
}

/**
 * GatherRed(s, uv, o1, o2, o3, o4[, status]) …: constant offsets become one ConstOffsets gather;
 * otherwise four gathers with Offset (manual, .GatherRed()). ConstOffsets takes texel i as the
 * (i0, j0) texel of the footprint moved by offset i (Vulkan "Texel Gathering", GLSL
 * textureGatherOffsets; measured on lavapipe), which is component 3 (w) of gather i: the fallback
 * takes that, so both forms agree.
 */
function gatherFourOffsets(s: MethodSite, type: Type, call: Omit<Extract<ResourceCall, { kind: 'gather' }>, 'operands'>, first: number, status: Value | undefined): Value | undefined {
  const offsets: IrExpr[] = [];
  for (let i = 0; i < 4; i++) {
    const e = argAs(s, first + i, vec(INT, 2));
    if (!e) return undefined;
    offsets.push(e);
  }
  const folded = offsets.map((e) => evaluateConstant(e));
  if (folded.every((f): f is IrConst => f !== undefined)) {
    const arr = arrayOf(vec(INT, 2), 4);
    const constOffsets: IrExpr = { op: 'const', type: arr, value: { kind: 'composite', type: arr, parts: folded } };
    return imageResult(s, type, { ...call, operands: { constOffsets } }, status);
  }
  if (status) {
    s.c.error(`the status argument of '${s.method}' needs four constant offsets (non-constant offsets take four separate gathers)`, status.loc);
    return undefined;
  }
  const el = elementScalar(type)!;
  const parts: IrExpr[] = offsets.map((offset) => {
    const g = s.x.spill({ op: 'resource', type, call: { ...call, operands: { offset } } }, type);
    return { op: 'extract', type: el, arg: g, index: 3 };
  });
  return { type, loc: s.loc, expr: { op: 'construct', type, parts }, readonly: true };
}

/** GetDimensions overloads of the texture tables: ([mip,] sizes..., [elements,] [levels | samples]). */
function textureDimensions(s: MethodSite, t: ResourceType, sh: TextureShape, image: IrPlace): Value | undefined {
  const sizeCount = sh.size + (sh.arrayed ? 1 : 0);
  const sampled = !sh.storage && !sh.buffer;
  const mipForm = sampled && !sh.ms && s.args.length === sizeCount + 2;
  const expected = sh.ms ? sizeCount + 1 : sizeCount;
  if (!mipForm && s.args.length !== expected) {
    const forms = sampled && !sh.ms ? `${sizeCount} or ${sizeCount + 2}` : `${expected}`;
    s.c.error(`'GetDimensions' of '${typeToString(t)}' takes ${forms} arguments, but ${s.args.length} were given`, s.loc);
    return undefined;
  }
  const first = mipForm ? 1 : 0;
  const outs: Value[] = [];
  for (let i = first; i < s.args.length; i++) {
    const o = outArg(s, i);
    if (!o) return undefined;
    outs.push(o);
  }
  let lod: IrExpr | undefined;
  if (mipForm) lod = argAs(s, 0, UINT);
  else if (sampled && !sh.ms) lod = { op: 'const', type: UINT, value: { kind: 'scalar', type: UINT, value: 0 } };
  if (mipForm && !lod) return undefined;
  const sizeType = vec(UINT, sizeCount);
  const size = s.x.spill({ op: 'resource', type: sizeType, call: { kind: 'querySize', image, ...(lod ? { lod } : {}) } }, sizeType);
  storeOuts(s, size, outs.slice(0, sizeCount));
  if (mipForm || sh.ms) {
    const call: ResourceCall = sh.ms ? { kind: 'querySamples', image } : { kind: 'queryLevels', image };
    const last = outs[outs.length - 1]!;
    s.x.emitBefore(s.x.storeTo(last, s.x.coerceExpr({ op: 'resource', type: UINT, call }, UINT, last.type)));
  }
  return voidValue(s.loc);
}

/** `tex[coord]`: a texel place (read-only on sampled textures and Buffer). */
export function texelIndex(c: Checker, x: ExpressionChecker, obj: Value, t: ResourceType, idx: Value, loc: Loc): Value | undefined {
  const sh = TEXTURE_SHAPES[t.resource];
  // Texture2DMS[pos] reads sample 0 (DXC: op.texture.access.hlsl); Texture2DMSArray has no operator[].
  if (t.resource === 'Texture2DMS' && sh && obj.place) {
    const coord = x.convert(idx, vec(INT, sh.coord), idx.loc, 'texture position');
    return coord && resourceValue(texelType(t), { kind: 'fetch', image: obj.place, coord, operands: { sample: { op: 'const', type: INT, value: { kind: 'scalar', type: INT, value: 0 } } } }, loc);
  }
  if (!sh || sh.ms) {
    c.error(`operator[] is not available on '${typeToString(t)}'`, loc);
    return undefined;
  }
  if (!obj.place) {
    c.error(`operator[] needs a texture variable, not a temporary`, obj.loc);
    return undefined;
  }
  const coord = x.convert(idx, vec(UINT, sh.coord), idx.loc, 'texture index');
  if (!coord) return undefined;
  const type = texelType(t);
  return { type, loc, place: { kind: 'texel', image: obj.place, coord, type }, readonly: !sh.storage };
}

/**
 * `tex.mips` (mipmapped sampled textures but cubes) and `tex.sample` (Texture2DMS/Array): accessors
 * indexed `[level or sample][position]`, each an OpImageFetch with Lod or Sample (manual).
 */
export function textureMember(c: Checker, obj: Value, t: ResourceType, member: string, loc: Loc, memberLoc: Loc): Value | undefined {
  const sh = TEXTURE_SHAPES[t.resource];
  const available = member === 'mips' ? !!sh && !sh.storage && !sh.buffer && !sh.ms && sh.offset > 0 : member === 'sample' && !!sh?.ms;
  if (!available) {
    c.error(`no member named '${member}' in '${typeToString(t)}'`, memberLoc, member.length);
    return undefined;
  }
  return accessorValue({ kind: member as TextureAccessor['kind'], texture: obj }, loc);
}

function accessorValue(accessor: TextureAccessor, loc: Loc): Value {
  // Void-typed, so any use other than indexing is a type error.
  return { ...voidValue(loc), accessor };
}

/** `tex.mips[level]`, then `tex.mips[level][position]` (likewise `.sample[s][position]`). */
export function accessorIndex(c: Checker, x: ExpressionChecker, v: Value, idx: Value, loc: Loc): Value | undefined {
  const a = v.accessor!;
  const tex = a.texture;
  const t = tex.type as ResourceType;
  if (!a.first) {
    const first = x.convert(idx, a.kind === 'mips' ? UINT : INT, idx.loc, a.kind === 'mips' ? 'mip level' : 'sample index');
    return first ? accessorValue({ ...a, first }, loc) : undefined;
  }
  const sh = TEXTURE_SHAPES[t.resource]!;
  if (!tex.place) {
    c.error(`'.${a.kind}' needs a texture variable, not a temporary`, tex.loc);
    return undefined;
  }
  const coord = x.convert(idx, vec(INT, sh.coord), idx.loc, 'texture position');
  if (!coord) return undefined;
  const operands: ImageOperands = a.kind === 'mips' ? { lod: a.first } : { sample: a.first };
  return resourceValue(texelType(t), { kind: 'fetch', image: tex.place, coord, operands }, loc);
}

/** Whether a place is a texel or part of one (no pointer: out/inout arguments copy in and out). */
export function isTexelAccess(p: IrPlace): boolean {
  if (p.kind === 'texel') return true;
  return (p.kind === 'element' || p.kind === 'member') && isTexelAccess(p.base);
}

/** SubpassInput(MS).SubpassLoad([sample]). */
export function checkSubpassMethod(s: MethodSite, t: ResourceType): Value | undefined {
  if (s.method !== 'SubpassLoad') {
    s.c.error(`no method named '${s.method}' in '${typeToString(t)}'`, s.loc);
    return undefined;
  }
  const ms = t.resource === 'SubpassInputMS';
  if (!arity(s, ms ? 1 : 0, ms ? 1 : 0)) return undefined;
  const image = imagePlace(s);
  if (!image) return undefined;
  const sample = ms ? argAs(s, 0, INT) : undefined;
  if (ms && !sample) return undefined;
  return resourceValue(texelType(t), { kind: 'subpassLoad', image, ...(sample ? { sample } : {}) }, s.loc);
}
