// Resource methods: dispatch of `obj.Method(args)` on buffers, textures and subpass inputs, the
// buffer methods of the manual's tables (structured, append/consume, byte-address), Interlocked*
// (methods and global functions) and `buf[i]` on resources. Texture methods are in texture-methods.ts.
import { placeRoot } from '../ir/walk.js';
import type { Loc } from '../diagnostics.js';
import type { AtomicOperation, ImageOperands, IrExpr, IrGlobal, IrPlace, ResourceCall } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { layoutOf } from '../layout/index.js';
import { arrayOf, elementScalar, isNumeric, typeToString, UINT, vector, type ResourceType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Scope } from './scope.js';
import {
  arity,
  argAs,
  checkSubpassMethod,
  checkTextureMethod,
  outArg,
  storeOuts,
  TEXTURE_SHAPES,
  texelIndex,
  voidValue,
  type MethodSite,
} from './texture-methods.js';
import type { Value } from './value.js';
import { checkRayQueryMethod } from './ray-query.js';
import { loadRaw, storeRaw, unsupportedRawType } from './byte-address-templates.js';
import { streamMethod } from './stage-types.js';
import { bufferPointerMethod } from './buffer-pointers.js';
import { nodeMethod } from './node-objects.js';

/** Interlocked* (global functions and RWByteAddressBuffer methods) → atomic operation (manual's table). */
const INTERLOCKED: Record<string, AtomicOperation> = {
  InterlockedAdd: 'add',
  InterlockedAnd: 'and',
  InterlockedOr: 'or',
  InterlockedXor: 'xor',
  InterlockedMin: 'min',
  InterlockedMax: 'max',
  InterlockedExchange: 'exchange',
  InterlockedCompareExchange: 'compareExchange',
  InterlockedCompareStore: 'compareExchange',
};

export function isInterlocked(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(INTERLOCKED, name);
}

const BYTE_LOADS: Record<string, number> = { Load: 1, Load2: 2, Load3: 3, Load4: 4 };
const BYTE_STORES: Record<string, number> = { Store: 1, Store2: 2, Store3: 3, Store4: 4 };

/** `obj.method(args)` where obj is a resource; undefined (after an error) when it does not check. */
export function checkMethodCall(c: Checker, x: ExpressionChecker, obj: Value, callee: ast.MemberExpr, args: Value[], scope: Scope, loc: Loc): Value | undefined {
  const t = obj.type;
  if (obj.heap) return c.heaps.untyped(obj as Value & { heap: NonNullable<Value['heap']> });
  if (t.kind === 'rayQuery') return checkRayQueryMethod({ c, x, obj, method: callee.member, args, loc }, t);
  if (t.kind === 'stream') return streamMethod(c, x, obj, t, callee, args, loc);
  if (t.kind === 'pointer') return bufferPointerMethod(c, x, obj, callee.member, args, loc);
  if (t.kind === 'node') return nodeMethod(c, x, obj, t, callee.member, args, loc, callee.memberLoc);
  if (t.kind !== 'resource') {
    c.error(`member reference base type '${typeToString(t)}' has no methods`, callee.memberLoc, callee.member.length);
    return undefined;
  }
  const s: MethodSite = { c, x, obj, method: callee.member, args, loc };
  if (TEXTURE_SHAPES[t.resource]) return checkTextureMethod(s, t);
  if (t.resource === 'SubpassInput' || t.resource === 'SubpassInputMS') return checkSubpassMethod(s, t);
  if (t.resource === 'ByteAddressBuffer' || t.resource === 'RWByteAddressBuffer') return byteAddressMethod(s, t, callee, scope);
  return structuredMethod(s, t);
}

/** `buf[i]`: an element of a structured buffer's runtime array, or a texel. */
export function resourceIndex(c: Checker, x: ExpressionChecker, obj: Value, t: ResourceType, idx: Value, loc: Loc): Value | undefined {
  if (TEXTURE_SHAPES[t.resource]) return texelIndex(c, x, obj, t, idx, loc);
  if (t.resource !== 'StructuredBuffer' && t.resource !== 'RWStructuredBuffer') {
    c.error(`operator[] is not available on '${typeToString(t)}'`, loc);
    return undefined;
  }
  if (!obj.place) {
    c.error(`operator[] needs a buffer variable, not a temporary`, obj.loc);
    return undefined;
  }
  const index = x.convert(idx, UINT, idx.loc, 'buffer index');
  if (!index) return undefined;
  return { type: t.element, loc, place: element(bufferBlock(obj.place), t.element, index), readonly: t.resource === 'StructuredBuffer' };
}

function element(block: IrPlace, el: Type, index: IrExpr): IrPlace {
  const data: IrPlace = { kind: 'member', base: block, index: 0, type: arrayOf(el, null) };
  return { kind: 'element', base: data, index, type: el };
}

function uintConst(value: number): IrExpr {
  return { op: 'const', type: UINT, value: { kind: 'scalar', type: UINT, value } };
}

function blockPlace(s: MethodSite): IrPlace | undefined {
  if (s.obj.place) return bufferBlock(s.obj.place);
  s.c.error(`'${s.method}' needs a buffer variable, not a temporary`, s.obj.loc);
  return undefined;
}

/**
 * `bufs[i]` of an array of buffers is typed by its HLSL view (the resource type); in memory it is
 * element i of the global's array of blocks, so the element places take the block types.
 */
function bufferBlock(p: IrPlace): IrPlace {
  if (p.kind !== 'element') return p;
  const base = bufferBlock(p.base);
  return base.type.kind === 'array' ? { ...p, base, type: base.type.element } : p;
}

/**
 * The counter of the buffer `place` names: the buffer's own counter block, or for `bufs[i]` element i
 * of the array of counters (`counter.var.bufs`, one binding, as DXC).
 */
function counterOf(s: MethodSite): ResourceCall | undefined {
  const delta = s.method === 'IncrementCounter' || s.method === 'Append' ? 1 : -1;
  const p = s.obj.place;
  const indices: IrExpr[] = [];
  let base = p;
  while (base?.kind === 'element') {
    indices.unshift(base.index);
    base = base.base;
  }
  const g = base?.kind === 'global' ? base.global : undefined;
  if (!g?.counter) {
    s.c.error(`'${s.method}' needs a buffer variable or an element of an array of buffers`, s.loc);
    return undefined;
  }
  if (indices.length > 1) {
    s.c.error(`'${s.method}' on an element of a multi-dimensional array of buffers is not supported`, s.loc);
    return undefined;
  }
  return { kind: 'counter', counter: g.counter, delta, ...(indices.length ? { index: indices[0]! } : {}) };
}

function structuredMethod(s: MethodSite, t: ResourceType): Value | undefined {
  const { c, x, method: m } = s;
  const block = blockPlace(s);
  if (!block) return undefined;
  const kind = t.resource;
  const fail = () => {
    c.error(`no method named '${m}' in '${typeToString(t)}'`, s.loc);
    return undefined;
  };
  if (m === 'GetDimensions') {
    if (!arity(s, 2, 2)) return undefined;
    const outs = [outArg(s, 0), outArg(s, 1)];
    if (!outs[0] || !outs[1]) return undefined;
    const count: IrExpr = { op: 'resource', type: UINT, call: { kind: 'arrayLength', buffer: block } };
    storeOuts(s, count, [outs[0]]);
    storeOuts(s, uintConst(structuredStride(c, t.element)), [outs[1]]);
    return voidValue(s.loc);
  }
  if (m === 'Load' && (kind === 'StructuredBuffer' || kind === 'RWStructuredBuffer')) {
    if (!arity(s, 1, 1)) return undefined;
    const index = argAs(s, 0, UINT);
    if (!index) return undefined;
    return { type: t.element, loc: s.loc, expr: { op: 'load', type: t.element, place: element(block, t.element, index) }, readonly: true };
  }
  if ((m === 'IncrementCounter' || m === 'DecrementCounter') && kind === 'RWStructuredBuffer') {
    if (!arity(s, 0, 0)) return undefined;
    const call = counterOf(s);
    if (!call) return undefined;
    return { type: UINT, loc: s.loc, expr: x.spill({ op: 'resource', type: UINT, call }, UINT), readonly: true };
  }
  if (m === 'Append' && kind === 'AppendStructuredBuffer') {
    if (!arity(s, 1, 1)) return undefined;
    const value = argAs(s, 0, t.element);
    const call = counterOf(s);
    if (!value || !call) return undefined;
    const index = x.spill({ op: 'resource', type: UINT, call }, UINT);
    x.emitBefore({ op: 'store', place: element(block, t.element, index), value });
    return voidValue(s.loc);
  }
  if (m === 'Consume' && kind === 'ConsumeStructuredBuffer') {
    if (!arity(s, 0, 0)) return undefined;
    const call = counterOf(s);
    if (!call) return undefined;
    const index = x.spill({ op: 'resource', type: UINT, call }, UINT);
    return { type: t.element, loc: s.loc, expr: x.spill({ op: 'load', type: t.element, place: element(block, t.element, index) }, t.element), readonly: true };
  }
  return fail();
}

function byteAddressMethod(s: MethodSite, t: ResourceType, callee: ast.MemberExpr, scope: Scope): Value | undefined {
  const { c, x, method: m } = s;
  const block = blockPlace(s);
  if (!block) return undefined;
  const writable = t.resource === 'RWByteAddressBuffer';
  // Word index of a byte address: address >> 2 (manual: "divided by 4").
  const word = (address: IrExpr, plus: number): IrExpr => {
    const shifted: IrExpr = { op: 'binary', type: UINT, operator: 'shr', left: address, right: uintConst(2) };
    return plus ? { op: 'binary', type: UINT, operator: 'add', left: shifted, right: uintConst(plus) } : shifted;
  };
  const wordPlace = (address: IrExpr, plus: number): IrPlace => element(block, UINT, word(address, plus));
  if (m === 'GetDimensions') {
    if (!arity(s, 1, 1)) return undefined;
    const out = outArg(s, 0);
    if (!out) return undefined;
    const words: IrExpr = { op: 'resource', type: UINT, call: { kind: 'arrayLength', buffer: block } };
    storeOuts(s, { op: 'binary', type: UINT, operator: 'mul', left: words, right: uintConst(4) }, [out]);
    return voidValue(s.loc);
  }
  if (m in BYTE_LOADS) {
    let target: Type = vector(UINT, BYTE_LOADS[m]!);
    if (callee.templateArgs?.length) {
      const arg = callee.templateArgs[0]!;
      if (m !== 'Load' || arg.kind !== 'TypeSpec') {
        c.error(`only 'Load' takes a template argument, and it must be a type`, arg.loc);
        return undefined;
      }
      const resolved = c.resolveType(arg, scope, arg.modifiers ?? []);
      if (!resolved) return undefined;
      const why = unsupportedRawType(resolved, c.enable16);
      if (why) {
        c.error(`cannot 'Load<${typeToString(resolved)}>' from a byte-address buffer: ${why}`, arg.loc);
        return undefined;
      }
      target = resolved;
    }
    if (s.args.length === 2) {
      c.error(`the status argument of '${m}' (sparse residency) is not supported on '${typeToString(t)}': it is not an image (manual)`, s.args[1]!.loc);
      return undefined;
    }
    if (!arity(s, 1, 1)) return undefined;
    const address = argAs(s, 0, UINT);
    if (!address) return undefined;
    const addr = x.spill(address, UINT);
    if (!isWordVector(target)) {
      // Load<T> of a matrix, array, struct, 64-bit or bool value: element by element (DXC's layout).
      const loaded = loadRaw(c, (index) => element(block, UINT, index), addr, target);
      return { type: target, loc: s.loc, expr: x.spill(loaded, target), readonly: true };
    }
    const n = target.kind === 'vector' ? target.size : 1;
    const words: IrExpr[] = Array.from({ length: n }, (_, i) => ({ op: 'load', type: UINT, place: wordPlace(addr, i) }));
    const raw: IrExpr = n === 1 ? words[0]! : { op: 'construct', type: vector(UINT, n), parts: words };
    const el = elementScalar(target)!;
    const value: IrExpr = el.base === 'uint' ? raw : { op: 'intrinsic', type: target, name: 'bitcast', args: [raw] };
    return { type: target, loc: s.loc, expr: value, readonly: true };
  }
  if (m in BYTE_STORES) {
    if (!writable) {
      c.error(`'${m}' is not available on the read-only '${typeToString(t)}'`, s.loc);
      return undefined;
    }
    if (!arity(s, 2, 2)) return undefined;
    const address = argAs(s, 0, UINT);
    const given = s.args[1]!;
    const n = BYTE_STORES[m]!;
    let explicit: Type | undefined;
    if (callee.templateArgs?.length) {
      const arg = callee.templateArgs[0]!;
      if (m !== 'Store' || arg.kind !== 'TypeSpec') {
        c.error(`only 'Store' takes a template argument, and it must be a type`, arg.loc);
        return undefined;
      }
      explicit = c.resolveType(arg, scope, arg.modifiers ?? []);
      if (!explicit) return undefined;
    }
    // Store<T>(address, value) of an aggregate, 64-bit or bool value (T given or taken from the value).
    const rawType = explicit ?? (m === 'Store' && !isWordVector(given.type) ? given.type : undefined);
    if (rawType && !isWordVector(rawType)) {
      const why = unsupportedRawType(rawType, c.enable16);
      if (why) {
        c.error(`cannot 'Store<${typeToString(rawType)}>' to a byte-address buffer: ${why}`, (callee.templateArgs?.[0] ?? given).loc);
        return undefined;
      }
      const value = x.convert(given, rawType, given.loc, `argument 2 of '${m}'`);
      if (!address || !value) return undefined;
      const addr = x.spill(address, UINT);
      const v = x.spill(value, rawType);
      for (const st of storeRaw(c, (index) => element(block, UINT, index), addr, rawType, v)) x.emitBefore(st);
      return voidValue(s.loc);
    }
    // Store<T>/Store with a non-uint 32-bit value: its bits are stored.
    const valueType = rawType ?? (m === 'Store' && isWordVector(given.type) ? given.type : vector(UINT, n));
    const value = x.convert(given, valueType, given.loc, `argument 2 of '${m}'`);
    if (!address || !value) return undefined;
    const addr = x.spill(address, UINT);
    const count = valueType.kind === 'vector' ? valueType.size : 1;
    const bits = elementScalar(valueType)!.base === 'uint' ? value : ({ op: 'intrinsic', type: vector(UINT, count), name: 'bitcast', args: [value] } as IrExpr);
    const v = x.spill(bits, vector(UINT, count));
    for (let i = 0; i < count; i++) {
      const part: IrExpr = count === 1 ? v : { op: 'extract', type: UINT, arg: v, index: i };
      x.emitBefore({ op: 'store', place: wordPlace(addr, i), value: part });
    }
    return voidValue(s.loc);
  }
  if (isInterlocked(m)) {
    if (!writable) {
      c.error(`'${m}' is not available on the read-only '${typeToString(t)}'`, s.loc);
      return undefined;
    }
    if (!arity(s, 2, 4)) return undefined;
    const address = argAs(s, 0, UINT);
    if (!address) return undefined;
    const target: Value = { type: UINT, loc: s.args[0]!.loc, place: wordPlace(address, 0), readonly: false };
    return interlocked(c, x, m, [target, ...s.args.slice(1)], s.loc);
  }
  c.error(`no method named '${m}' in '${typeToString(t)}'`, s.loc);
  return undefined;
}

/** ArrayStride of a structured buffer's element under the compile's storage-buffer rule (GetDimensions' stride). */
function structuredStride(c: Checker, el: Type): number {
  const layout = layoutOf(arrayOf(el, null), { rule: c.options.layoutRule ?? 'relaxed', buffer: 'storage', defaultMajorness: c.defaultMajorness });
  return layout.arrayStride ?? layout.size;
}

function isWordVector(t: Type): boolean {
  const el = elementScalar(t);
  return !!el && (t.kind === 'scalar' || t.kind === 'vector') && el.width === 32 && el.base !== 'bool';
}

/**
 * `InterlockedOp(dest, value[, original])`, `InterlockedCompareExchange(dest, compare, value, original)`,
 * `InterlockedCompareStore(dest, compare, value)`: dest is a groupshared/RW-buffer scalar or a texel.
 */
export function interlocked(c: Checker, x: ExpressionChecker, name: string, args: Value[], loc: Loc): Value | undefined {
  const operation = INTERLOCKED[name]!;
  const s: MethodSite = { c, x, obj: args[0]!, method: name, args, loc };
  const compare = operation === 'compareExchange';
  const min = compare ? 3 : 2;
  const max = name === 'InterlockedCompareStore' ? 3 : compare ? 4 : 3;
  if (!arity(s, min, max)) return undefined;
  const dest = args[0]!;
  const el = isNumeric(dest.type) && dest.type.kind === 'scalar' ? dest.type : undefined;
  // SM 6.6: InterlockedExchange also swaps a 32-bit float (OpAtomicExchange takes floats; Vulkan needs the
  // VK_EXT_shader_atomic_float feature for the memory it is in).
  const floatExchange = operation === 'exchange' && el?.base === 'float' && el.width === 32;
  if (!el || el.base === 'bool' || (el.base === 'float' && !floatExchange) || !dest.place || dest.readonly || !atomicTarget(dest.place)) {
    c.error(`the destination of '${name}' must be a writable int or uint${operation === 'exchange' ? ' (or 32-bit float)' : ''} in groupshared memory, a RW buffer, a RW texture or a buffer pointer's memory`, dest.loc);
    return undefined;
  }
  const value = argAs(s, compare ? 2 : 1, el);
  const comparator = compare ? argAs(s, 1, el) : undefined;
  if (!value || (compare && !comparator)) return undefined;
  const call: ResourceCall = { kind: 'atomic', operation, target: dest.place, value, ...(comparator ? { comparator } : {}) };
  const originalIndex = compare ? 3 : 2;
  const expr: IrExpr = { op: 'resource', type: el, call };
  if (args.length > originalIndex && name !== 'InterlockedCompareStore') {
    const out = outArg(s, originalIndex);
    if (!out) return undefined;
    x.emitBefore(x.storeTo(out, x.coerceExpr(expr, el, out.type)));
  } else x.spill(expr, el); // the store into a temporary runs the atomic
  return voidValue(loc);
}

/** Atomics need memory a pointer can reach: buffers, groupshared, texels (through OpImageTexelPointer). */
function atomicTarget(p: IrPlace): boolean {
  if (p.kind === 'texel') return true;
  const base = placeRoot(p);
  // Memory at a device address (vk::BufferPointer.Get(), RawBufferLoad) is PhysicalStorageBuffer memory.
  return base.kind === 'address' || (base.kind === 'global' && (base.global.space === 'storage' || base.global.space === 'workgroup'));
}

/** The places, expressions and globals a resource call reads (for the entry points' global lists). */
export function resourceCallParts(call: ResourceCall): { places: IrPlace[]; exprs: IrExpr[]; globals: IrGlobal[] } {
  const places: IrPlace[] = [];
  const exprs: IrExpr[] = [];
  const globals: IrGlobal[] = [];
  const operands = (o: ImageOperands) => {
    for (const e of [o.bias, o.lod, o.offset, o.constOffset, o.constOffsets, o.minLod, o.sample, ...(o.grad ?? [])]) if (e) exprs.push(e);
  };
  switch (call.kind) {
    case 'sample':
    case 'gather':
      places.push(call.image, ...(call.sampler ? [call.sampler] : []));
      exprs.push(call.coord, ...(call.dref ? [call.dref] : []));
      operands(call.operands);
      break;
    case 'fetch':
      places.push(call.image);
      exprs.push(call.coord);
      operands(call.operands);
      break;
    case 'querySize':
      places.push(call.image);
      if (call.lod) exprs.push(call.lod);
      break;
    case 'queryLevels':
    case 'querySamples':
      places.push(call.image);
      break;
    case 'queryLod':
      places.push(call.image, ...(call.sampler ? [call.sampler] : []));
      exprs.push(call.coord);
      break;
    case 'atomic':
      places.push(call.target);
      exprs.push(call.value, ...(call.comparator ? [call.comparator] : []));
      break;
    case 'counter':
      globals.push(call.counter);
      if (call.index) exprs.push(call.index);
      break;
    case 'texelsResident':
      exprs.push(call.status);
      break;
    case 'arrayLength':
      places.push(call.buffer);
      break;
    case 'subpassLoad':
      places.push(call.image);
      if (call.sample) exprs.push(call.sample);
      break;
    case 'rayQuery':
      places.push(call.query, ...(call.accel ? [call.accel] : []));
      exprs.push(...call.args);
      break;
    case 'raySystemValue':
    case 'rayTerminate':
      break;
    case 'traceRay':
      places.push(call.accel, call.payload);
      exprs.push(...call.args);
      break;
    case 'reportHit':
      exprs.push(...call.args);
      break;
    case 'callShader':
      places.push(call.data);
      exprs.push(call.index);
      break;
  }
  return { places, exprs, globals };
}
