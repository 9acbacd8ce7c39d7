// Descriptor set and binding numbers, in the manual's three passes (DXC's decorateResourceBindings):
//   1. [[vk::binding(X[, Y])]] on resources, [[vk::counter_binding(Z)]] for their counters;
//   2. register(xN[, spaceM]) plus the -fvk-{b,s,t,u}-shift of that register kind and set;
//   3. everything else, in declaration order, takes the lowest free binding of its set (counters right
//      after their buffer; with -fvk-auto-shift-bindings, the lowest free one at or above the shift of
//      the resource's implicit register kind). $Globals goes where -fvk-bind-globals says, if given.
// -fspv-flatten-resource-arrays: an array of N takes N consecutive bindings in every pass. Bindings
// that -fvk-bind-*-heap give the descriptor heaps are left free for them.
// -fvk-bind-register replaces all three with its register → (set, binding) map.
import type { Diagnostic } from '../diagnostics.js';
import type { IrGlobal } from '../ir/ir.js';
import type { BindingShift, RegisterBinding } from '../options.js';
import type { Type } from '../types.js';
import type * as ast from '../parse/ast.js';
import type { Checker, ResourceDecl } from './checker.js';

type RegisterKind = 'b' | 't' | 's' | 'u';

/** Implicit register kind of each resource (the manual's t/s/u/b lists for -fvk-auto-shift-bindings). */
function registerKind(g: IrGlobal): RegisterKind {
  if (g.buffer === 'cbuffer' || g.buffer === 'ConstantBuffer' || g.buffer === 'Globals') return 'b';
  if (g.buffer === 'Counter') return 'u';
  const t = innermost(g.type);
  if (t.kind === 'sampler') return 's';
  if (g.buffer) return g.readonly ? 't' : 'u';
  if (t.kind === 'resource') return t.resource.startsWith('RW') ? 'u' : 't';
  return 't';
}

function innermost(t: IrGlobal['type']): IrGlobal['type'] {
  return t.kind === 'array' ? innermost(t.element) : t;
}

/**
 * DXC's BindingShiftMapper: a single `-fvk-x-shift N all` applies to every set; otherwise each
 * `-fvk-x-shift N M` applies to set M (the last one given for a set wins), other sets shift by 0.
 */
function shiftFor(shifts: readonly BindingShift[], kind: RegisterKind, set: number): number {
  const own = shifts.filter((s) => s.registerKind === kind);
  if (own.length === 1 && own[0]!.space === 'all') return own[0]!.shift;
  const match = [...own].reverse().find((s) => s.space === set);
  return match?.shift ?? 0;
}

/** `register(spaceM)` without a register number. */
function isSpaceOnly(reg: ast.RegisterAnnotation): boolean {
  return !/^[btsuc]\d+$/i.test(reg.slot) && reg.space !== undefined;
}

/** Used binding numbers per set; the next free one is the lowest unused at or above a shift. */
class BindingSet {
  private readonly used = new Map<number, Map<number, ResourceDecl>>();
  /** `set:binding` kept for the descriptor heaps (-fvk-bind-*-heap): never handed out by next(). */
  private readonly reserved = new Set<string>();

  reserve(set: number, binding: number): void {
    this.reserved.add(`${set}:${binding}`);
  }

  owner(set: number, binding: number): ResourceDecl | undefined {
    return this.used.get(set)?.get(binding);
  }

  use(set: number, binding: number, r: ResourceDecl): void {
    let s = this.used.get(set);
    if (!s) this.used.set(set, (s = new Map()));
    s.set(binding, r);
  }

  /** The lowest `count` consecutive free bindings at or above `shift` (count > 1: a flattened array). */
  next(set: number, shift: number, r: ResourceDecl, count = 1): number {
    let b = shift;
    const taken = (x: number) => !!this.owner(set, x) || this.reserved.has(`${set}:${x}`);
    while (Array.from({ length: count }, (_, i) => taken(b + i)).some((t) => t)) b++;
    for (let i = 0; i < count; i++) this.use(set, b + i, r);
    return b;
  }
}

/**
 * `-fvk-bind-register`: replaces the three passes (DXC's decorateResourceBindings). Every resource
 * needs a `register(xX[, spaceY])` listed in the map ($Globals may use -fvk-bind-globals instead);
 * the space defaults to -auto-binding-space. Counters cannot be bound this way (DXC: unimplemented).
 */
function bindRegisters(c: Checker, map: readonly RegisterBinding[], globals: IrGlobal | undefined, resources: readonly ResourceDecl[]): void {
  const o = c.options;
  const defaultSet = o.autoBindingSpace ?? 0;
  const key = (register: string, space: number) => `${space}:${register.toLowerCase()}`;
  const table = new Map(map.map((m) => [key(m.register, m.space), m]));
  for (const r of resources) {
    const reg = r.registers.find((x) => !isSpaceOnly(x)) ?? r.registers[0];
    const owner = r.counterOf ?? r;
    if (r.counterOf && owner.registers.length) {
      c.error(`-fvk-bind-register cannot bind the counter of '${owner.global.name}' (RW/Append/Consume StructuredBuffer counters are not supported with it, as in DXC)`, owner.loc);
    } else if (reg) {
      const found = table.get(key(reg.slot, reg.space ?? defaultSet));
      if (found) r.global.binding = { set: found.set, binding: found.binding };
      else c.error(`missing -fvk-bind-register for resource '${r.global.name}' at register(${reg.slot || '<none>'}, space${reg.space ?? defaultSet})`, r.loc);
    } else if (r.global === globals && o.bindGlobals) {
      r.global.binding = { set: o.bindGlobals.set, binding: o.bindGlobals.binding };
    } else if (!r.counterOf) {
      c.error(`-fvk-bind-register requires register annotations on all resources; '${r.global.name}' has none`, r.loc);
    }
  }
}

/**
 * A sampled texture and a sampler on one binding (`register(t1)` + `register(s1)`, the usual sample
 * convention) are one combined-image-sampler descriptor in Vulkan: intended, so no warning.
 */
function combinedImageSampler(a: IrGlobal, b: IrGlobal): boolean {
  const element = (t: Type): Type => (t.kind === 'array' ? element(t.element) : t);
  const kinds = [a, b].map((g) => element(g.type)).map((t) => (t.kind === 'sampler' ? 'sampler' : t.kind === 'resource' && t.resource.startsWith('Texture') && t.resource !== 'TextureBuffer' ? 'texture' : 'other'));
  return kinds.includes('sampler') && kinds.includes('texture');
}

/**
 * Runs once code is lowered (as DXC decorates bindings after codegen): the counter of a
 * RWStructuredBuffer exists only if a counter method is used (DXC creates it then, so it comes after
 * every declared resource in pass 3, in declaration order here); an unused one is dropped.
 * Append/Consume buffers always have theirs, right after the buffer.
 */
export function assignBindings(c: Checker, globals: IrGlobal | undefined, used: (g: IrGlobal) => boolean): void {
  for (const r of c.resources) if (r.deferred && !deferredUsed(r, used)) dropCounter(c, r);
  const resources = [...c.resources.filter((r) => !r.dropped && !r.deferred), ...c.resources.filter((r) => !r.dropped && r.deferred)];
  const o = c.options;
  if (o.bindRegister?.length) {
    bindRegisters(c, o.bindRegister, globals, resources);
    return bindElements(c);
  }
  const defaultSet = o.autoBindingSpace ?? 0;
  const shifts = o.bindingShifts ?? [];
  const set = new BindingSet();
  for (const heap of [o.resourceHeapBinding, o.samplerHeapBinding, o.counterHeapBinding]) if (heap) set.reserve(heap.set, heap.binding);
  /**
   * Bindings a resource takes: one per element of a flattened array; with a split global struct of
   * resources, DXC (needsFlatteningCompositeResources) counts every resource array's elements too,
   * though the array stays one variable at its first binding.
   */
  const width = (r: ResourceDecl) => r.elements?.length ?? (c.splitResourceStructs ? elementCount(r.global.type) : 1);
  const vkBinding = (r: ResourceDecl) => r.attributes.find((a) => a.name === 'vk::binding');
  const slotRegister = (r: ResourceDecl) => r.registers.find((x) => !isSpaceOnly(x));
  const attrSet = (attr: ast.Attribute) => (attr.args.length > 1 ? c.attrInt(attr, 1, c.global) : defaultSet);

  /** Explicit assignments warn when they share a binding (DXC silently accepts it). */
  const explicit = (r: ResourceDecl, s: number | undefined, binding: number | undefined) => {
    if (s === undefined || binding === undefined) return;
    const previous = set.owner(s, binding);
    if (previous && !combinedImageSampler(previous.global, r.global)) {
      const note: Diagnostic = c.sink.note(`'${previous.global.name}' is bound here`, previous.loc);
      c.sink.warning(`'${r.global.name}' and '${previous.global.name}' share descriptor set ${s}, binding ${binding}`, r.loc, 1, [note], 'vk-binding-overlap');
    }
    for (let i = 0; i < width(r); i++) set.use(s, binding + i, r);
    r.global.binding = { set: s, binding };
  };
  /** The set of a counter: its buffer's [[vk::binding]] set, else its register space, else the default. */
  const counterSet = (main: ResourceDecl): number | undefined => {
    const attr = vkBinding(main);
    if (attr) return attrSet(attr);
    return (slotRegister(main) ?? main.registers.find(isSpaceOnly))?.space ?? defaultSet;
  };

  const shiftIn = (r: ResourceDecl, s: number) => (o.autoShiftBindings ? shiftFor(shifts, registerKind(r.global), s) : 0);
  /** A counter: [[vk::counter_binding(Z)]] in its buffer's set, else the next free binding there. */
  const counterBinding = (r: ResourceDecl, explicitOnly: boolean) => {
    const attr = r.counterOf!.attributes.find((a) => a.name === 'vk::counter_binding');
    if (attr) {
      if (explicitOnly) explicit(r, counterSet(r.counterOf!), c.attrInt(attr, 0, c.global));
      return;
    }
    const s = counterSet(r.counterOf!);
    // No auto shift: DXC's counter variables have no HLSL type, so no implicit register kind.
    if (!explicitOnly && s !== undefined) r.global.binding = { set: s, binding: set.next(s, 0, r, width(r)) };
  };

  // Pass 1: [[vk::binding(X, Y)]] and [[vk::counter_binding(Z)]].
  for (const r of resources) {
    if (r.counterOf) {
      counterBinding(r, true);
      continue;
    }
    const attr = vkBinding(r);
    if (attr) explicit(r, attrSet(attr), c.attrInt(attr, 0, c.global));
  }
  // Pass 2: register(xN, spaceM) + -fvk-x-shift.
  for (const r of resources) {
    if (r.counterOf || vkBinding(r)) continue;
    const reg = slotRegister(r);
    if (!reg) continue;
    const kind = reg.slot[0]!.toLowerCase() as RegisterKind | 'c';
    const number = Number(reg.slot.slice(1));
    const s = reg.space ?? defaultSet;
    if (kind !== 'c' && kind !== registerKind(r.global)) {
      c.sink.warning(`register type '${kind}' does not match the resource kind of '${r.global.name}' (expected '${registerKind(r.global)}')`, reg.loc, 1, [], 'vk-register-kind');
    }
    explicit(r, s, number + (kind === 'c' ? 0 : shiftFor(shifts, kind, s)));
  }
  // Pass 3: next free binding, in declaration order (used RWStructuredBuffer counters last).
  for (const r of resources) {
    if (r.counterOf) {
      counterBinding(r, false);
      continue;
    }
    if (vkBinding(r) || slotRegister(r)) continue;
    const spaceOnly = r.registers.find(isSpaceOnly);
    if (spaceOnly) {
      const s = spaceOnly.space!;
      r.global.binding = { set: s, binding: set.next(s, shiftIn(r, s), r, width(r)) };
    } else if (r.global === globals && o.bindGlobals) {
      // -fvk-bind-globals: placed as asked (plus the auto shift), without reserving the binding, as DXC does.
      r.global.binding = { set: o.bindGlobals.set, binding: o.bindGlobals.binding + shiftIn(r, o.bindGlobals.set) };
    } else {
      r.global.binding = { set: defaultSet, binding: set.next(defaultSet, shiftIn(r, defaultSet), r, width(r)) };
    }
  }
  bindElements(c);
}

/** Elements of a (multi-dimensional) resource array; 1 for one resource or a runtime-sized array. */
function elementCount(t: Type): number {
  return t.kind === 'array' ? (t.length ?? 1) * elementCount(t.element) : 1;
}

/** Whether code uses a deferred counter (or, for a flattened array, the counter of any element). */
function deferredUsed(r: ResourceDecl, used: (g: IrGlobal) => boolean): boolean {
  return used(r.global) || !!r.elements?.some(used);
}

/** A RWStructuredBuffer counter no code uses: not part of the module (DXC never creates it). */
function dropCounter(c: Checker, r: ResourceDecl): void {
  for (const g of r.elements ?? [r.global]) {
    const at = c.globals.indexOf(g);
    if (at >= 0) c.globals.splice(at, 1);
  }
  const owner = r.counterOf!;
  for (const g of owner.elements ?? [owner.global]) delete g.counter;
  r.dropped = true;
}

/** -fspv-flatten-resource-arrays: element i of an array bound at (set, b) is bound at (set, b + i). */
function bindElements(c: Checker): void {
  for (const r of c.resources) {
    const at = r.global.binding;
    if (at) r.elements?.forEach((e, i) => (e.binding = { set: at.set, binding: at.binding + i }));
  }
}
