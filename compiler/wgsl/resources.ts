// Resource methods in WGSL: texture sampling/gather/load/store/queries, atomics on buffer words and
// texels, structured-buffer counters and runtime array lengths (the manual's method tables, mapped
// to WGSL's texture builtins).
import type { ImageOperands, IrExpr, IrPlace, ResourceCall } from '../ir/ir.js';
import { elementScalar, typeToString, type ResourceType, type Type } from '../types.js';
import { unsupported } from './errors.js';
import type { FunctionWriter } from './function.js';
import { atomicPointer, atomicScalar, type CodeSink, type MemoryPlace } from './memory.js';
import { textureShape } from './textures.js';
import { memberName, vectorName } from './types.js';

/** One texel of a texture (`tex[c]`), or a component of it (`tex[c].y`). */
export interface TexelPlace {
  kind: 'texel';
  image: string;
  resource: Type;
  coord: string;
  component?: string;
  type: Type;
}

const SWIZZLE = 'xyzw';

function resourceOf(t: Type): ResourceType {
  if (t.kind !== 'resource') throw new Error(`internal: '${t.kind}' is not a texture`);
  return t;
}

/** Takes the first components of a 4-component texel for the HLSL type. */
function narrow(sink: CodeSink, v4: string, to: Type): string {
  const n = to.kind === 'vector' ? to.size : 1;
  if (n === 4) return v4;
  return sink.let(`${v4}.${SWIZZLE.slice(0, n)}`);
}

/** Splits an arrayed texture's coordinate into (coordinate, layer). */
function splitCoord(w: FunctionWriter, coord: string, coordType: Type, t: ResourceType, integer: boolean): { coord: string; layer?: string } {
  const shape = textureShape(t);
  if (!shape.arrayed) return { coord };
  const n = coordType.kind === 'vector' ? coordType.size : 1;
  const c = w.let(coord);
  const xs = SWIZZLE.slice(0, n - 1);
  const last = `${c}.${SWIZZLE[n - 1]}`;
  // A float layer is rounded to the nearest integer, as Vulkan selects it.
  return { coord: n - 1 === 1 ? `${c}.x` : `${c}.${xs}`, layer: integer ? last : `i32(round(${last}))` };
}

function texelRead(w: FunctionWriter, image: string, t: ResourceType, coord: string, coordType: Type, lod: string | undefined, sample: string | undefined): string {
  const shape = textureShape(t);
  const depth = w.scope.isDepthTexture(image);
  const { coord: c, layer } = splitCoord(w, coord, coordType, t, true);
  const args = [image, c];
  if (layer) args.push(layer);
  if (shape.storage) return w.let(`textureLoad(${args.join(', ')})`);
  if (shape.multisampled) args.push(sample ?? '0i');
  else args.push(lod ?? '0i');
  const v = w.let(`textureLoad(${args.join(', ')})`);
  return depth ? w.let(`vec4<f32>(${v}, 0.0f, 0.0f, 0.0f)`) : v;
}

export function loadTexel(w: FunctionWriter, p: TexelPlace): string {
  const t = resourceOf(p.resource);
  const texelType = p.component !== undefined ? t.element : p.type;
  const coordType = coordTypeOf(w, p);
  const v4 = texelRead(w, p.image, t, p.coord, coordType, undefined, undefined);
  const texel = narrow(w, v4, texelType);
  return p.component !== undefined ? w.let(`${texel}[${p.component}]`) : texel;
}

export function storeTexel(w: FunctionWriter, p: TexelPlace, value: string): void {
  const t = resourceOf(p.resource);
  const shape = textureShape(t);
  if (!shape.storage) throw new Error('internal: write to a read-only texture');
  let texel = value;
  if (p.component !== undefined) {
    const old = loadTexel(w, { ...p, component: undefined, type: t.element } as TexelPlace);
    const tmp = w.temp(t.element, old);
    w.line(`${tmp}[${p.component}] = ${value};`);
    texel = tmp;
  }
  const el = elementScalar(t.element)!;
  const n = t.element.kind === 'vector' ? t.element.size : 1;
  const v4 = n === 4 ? texel : `${vectorName(el, 4)}(${texel}${n === 1 ? ', 0, 0, 0' : n === 2 ? ', 0, 0' : ', 0'})`.replace(/, 0/g, `, ${zero(el.base)}`);
  const { coord, layer } = splitCoord(w, p.coord, coordTypeOf(w, p), t, true);
  w.line(`textureStore(${[p.image, coord, ...(layer ? [layer] : []), v4].join(', ')});`);
}

const zero = (base: string) => (base === 'float' ? '0.0f' : base === 'int' ? '0i' : '0u');

/** The coordinate's type is not kept on the texel place: derive it from the texture's dimensions. */
function coordTypeOf(_w: FunctionWriter, p: TexelPlace): Type {
  const shape = textureShape(resourceOf(p.resource));
  const n = shape.coords + (shape.arrayed ? 1 : 0);
  return n === 1 ? { kind: 'scalar', base: 'uint', width: 32 } : { kind: 'vector', element: { kind: 'scalar', base: 'uint', width: 32 }, size: n as 2 | 3 | 4 };
}

function constOffset(w: FunctionWriter, o: ImageOperands, what: string): string[] {
  if (o.offset) throw unsupported(`a non-constant texel offset in ${what}`, undefined, 'WGSL offsets are constant expressions');
  if (o.constOffsets) throw unsupported(`Gather with four offsets`, undefined, 'WGSL gathers take one offset');
  if (o.minLod) throw unsupported(`a minimum-LOD clamp in ${what}`);
  return o.constOffset ? [w.expr(o.constOffset)] : [];
}

function imagePlace(w: FunctionWriter, p: IrPlace): { name: string; t: ResourceType } {
  const place = w.place(p);
  if (place.kind !== 'ref') throw new Error('internal: a texture that is not a global');
  return { name: place.text, t: resourceOf(place.type) };
}

/** The sampler of a sample or gather: a combined image sampler never reaches WGSL (textures.ts refuses it). */
function samplerPlace(w: FunctionWriter, p: IrPlace | undefined) {
  if (!p) throw new Error('internal: a combined image sampler in WGSL');
  const sampler = w.place(p);
  if (sampler.kind !== 'ref') throw new Error('internal: sampler');
  return sampler;
}

function isZero(e: IrExpr): boolean {
  return e.op === 'const' && e.value.kind === 'scalar' && Number(e.value.value) === 0;
}

export function writeResourceCall(w: FunctionWriter, e: Extract<IrExpr, { op: 'resource' }>): string {
  const call = e.call;
  if ('sparse' in call && call.sparse) throw unsupported(`sparse residency (the status argument of '${call.kind}')`, undefined, 'WGSL has no sparse textures');
  switch (call.kind) {
    case 'sample': {
      const { name, t } = imagePlace(w, call.image);
      const sampler = samplerPlace(w, call.sampler);
      const { coord, layer } = splitCoord(w, w.expr(call.coord), call.coord.type, t, false);
      const base = [name, sampler.text, coord, ...(layer ? [layer] : [])];
      const o = call.operands;
      const offset = constOffset(w, o, 'a Sample');
      if (call.dref) {
        // WGSL compares at the implicit LOD or at level 0 only (SampleCmpBias/Grad/Level need more).
        if (o.bias || o.grad || (o.lod && !isZero(o.lod))) throw unsupported(`a comparison sample with a ${o.bias ? 'bias' : o.grad ? 'gradient' : 'non-zero level'}`, undefined, 'WGSL compares at the implicit level or level 0 only');
        const dref = w.expr(call.dref);
        if (call.explicitLod) return w.let(`textureSampleCompareLevel(${[...base, dref, ...offset].join(', ')})`);
        return w.let(`textureSampleCompare(${[...base, dref, ...offset].join(', ')})`);
      }
      let v4: string;
      if (o.grad) v4 = w.let(`textureSampleGrad(${[...base, w.expr(o.grad[0]), w.expr(o.grad[1]), ...offset].join(', ')})`);
      else if (o.lod) v4 = w.let(`textureSampleLevel(${[...base, w.expr(o.lod), ...offset].join(', ')})`);
      else if (o.bias) v4 = w.let(`textureSampleBias(${[...base, w.expr(o.bias), ...offset].join(', ')})`);
      else v4 = w.let(`textureSample(${[...base, ...offset].join(', ')})`);
      if (w.scope.isDepthTexture(name)) return e.type.kind === 'scalar' ? v4 : unsupportedDepthVector(t);
      return narrow(w, v4, e.type);
    }
    case 'gather': {
      const { name, t } = imagePlace(w, call.image);
      const sampler = samplerPlace(w, call.sampler);
      const { coord, layer } = splitCoord(w, w.expr(call.coord), call.coord.type, t, false);
      const base = [name, sampler.text, coord, ...(layer ? [layer] : [])];
      const offset = constOffset(w, call.operands, 'a Gather');
      if (call.dref) return w.let(`textureGatherCompare(${[...base, w.expr(call.dref), ...offset].join(', ')})`);
      if (w.scope.isDepthTexture(name)) return w.let(`textureGather(${[...base, ...offset].join(', ')})`);
      return w.let(`textureGather(${[`${call.component}u`, ...base, ...offset].join(', ')})`);
    }
    case 'fetch': {
      const { name, t } = imagePlace(w, call.image);
      const o = call.operands;
      if (o.constOffset || o.offset) throw unsupported('Load with an offset', undefined, 'textureLoad has no offset');
      const v4 = texelRead(w, name, t, w.expr(call.coord), call.coord.type, o.lod ? w.expr(o.lod) : undefined, o.sample ? w.expr(o.sample) : undefined);
      return narrow(w, v4, e.type);
    }
    case 'querySize': {
      const { name, t } = imagePlace(w, call.image);
      const shape = textureShape(t);
      const lod = call.lod && !shape.storage && !shape.multisampled ? `, ${w.expr(call.lod)}` : '';
      const dims = w.let(`textureDimensions(${name}${lod})`);
      if (!shape.arrayed) return dims;
      const n = e.type.kind === 'vector' ? e.type.size : 1;
      return w.let(`vec${n}<u32>(${dims}, textureNumLayers(${name}))`);
    }
    case 'queryLevels': {
      const { name } = imagePlace(w, call.image);
      return w.let(`textureNumLevels(${name})`);
    }
    case 'querySamples': {
      const { name } = imagePlace(w, call.image);
      return w.let(`textureNumSamples(${name})`);
    }
    case 'queryLod':
      throw unsupported('CalculateLevelOfDetail', undefined, 'WGSL has no LOD query');
    case 'texelsResident':
      throw unsupported('CheckAccessFullyMapped', undefined, 'WGSL has no sparse textures');
    case 'subpassLoad':
      throw unsupported('SubpassInput', undefined, 'WebGPU has no input attachments');
    case 'rayQuery':
      throw unsupported(`RayQuery.${call.method}`, call.loc, 'WebGPU has no ray queries or acceleration structures');
    case 'raySystemValue':
    case 'traceRay':
    case 'reportHit':
    case 'callShader':
    case 'rayTerminate':
      throw unsupported('ray tracing', call.loc, 'WebGPU has no ray-tracing stages');
    case 'nodeAllocate':
    case 'nodeComplete':
    case 'nodeValid':
    case 'nodeCount':
    case 'nodeFinishSharing':
    case 'nodeRecursionLevels':
      throw unsupported('work-graph node methods', call.loc, 'WebGPU has no work graphs');
    case 'arrayLength': {
      const block = w.place(call.buffer);
      if (block.kind === 'ref') {
        const st = block.type;
        if (st.kind !== 'struct') throw new Error('internal: array length of a non-struct buffer');
        const last = st.fields.length - 1;
        return w.let(`arrayLength(&${block.text}.${memberName(st.fields[last]!.name, last)})`);
      }
      if (block.kind !== 'memory') throw new Error('internal: array length of a non-buffer');
      const runtime = block.layout.members?.[block.layout.members.length - 1];
      if (!runtime || runtime.layout.length !== null) throw new Error('internal: no runtime array');
      const words = `arrayLength(&${block.view.name})`;
      return w.let(`(${words} * 4u - ${runtime.offset}u) / ${runtime.layout.arrayStride}u`);
    }
    case 'counter': {
      const g = w.scope.global(call.counter);
      if (g.kind !== 'memory') throw new Error('internal: counter is not a buffer');
      if (call.index) throw unsupported('the counter of an array of structured buffers');
      const old = w.let(`atomicAdd(${atomicPointer(g.place)}, ${call.delta > 0 ? '1i' : '-1i'})`);
      // +1 returns the old count (Append's index), -1 the new one (Consume's), as uint.
      return w.let(call.delta > 0 ? `bitcast<u32>(${old})` : `bitcast<u32>(${old} - 1i)`);
    }
    case 'atomic':
      return atomic(w, call, e.type);
  }
}

function unsupportedDepthVector(t: ResourceType): never {
  throw unsupported(`a vector sample of the depth texture '${typeToString(t)}'`, undefined, 'WGSL depth textures sample to a scalar');
}

const ATOMIC_FUNCTIONS = {
  add: 'atomicAdd', and: 'atomicAnd', or: 'atomicOr', xor: 'atomicXor', min: 'atomicMin', max: 'atomicMax', exchange: 'atomicExchange',
} as const;

function atomic(w: FunctionWriter, call: Extract<ResourceCall, { kind: 'atomic' }>, type: Type): string {
  const s = atomicScalar(type);
  const target = w.place(call.target);
  if (target.kind === 'texel') throw unsupported('Interlocked* on a texture texel', undefined, 'WGSL has no texture atomics');
  if (target.kind !== 'memory') throw new Error(`internal: atomic on a non-atomic place (${target.kind})`);
  const m: MemoryPlace = target;
  const el = m.view.element;
  const wgslEl = s.base === 'int' ? 'i32' : 'u32';
  const toView = (v: string) => (el === wgslEl ? v : `bitcast<${el}>(${v})`);
  const fromView = (v: string) => (el === wgslEl ? v : `bitcast<${wgslEl}>(${v})`);
  const ptr = atomicPointer(m);
  const value = w.expr(call.value);
  if (call.operation === 'compareExchange') {
    // HLSL's compare-exchange is strong; WGSL's may fail spuriously: retry until it did not.
    const comparator = toView(w.expr(call.comparator!));
    const result = w.temp(type);
    w.line('loop {');
    const r = w.let(`atomicCompareExchangeWeak(${ptr}, ${comparator}, ${toView(value)})`);
    w.line(`if (${r}.exchanged || ${r}.old_value != ${comparator}) { ${result} = ${fromView(`${r}.old_value`)}; break; }`);
    w.line('}');
    return w.let(result);
  }
  return w.let(fromView(`${ATOMIC_FUNCTIONS[call.operation]}(${ptr}, ${toView(value)})`));
}
