// SM 6.6 ResourceDescriptorHeap / SamplerDescriptorHeap, as DXC emulates them with descriptor
// indexing: `Heap[i]` has no type of its own and takes the type of what receives it (a resource
// variable, parameter, return value or cast). Each resource type read from a heap is a runtime array
// of that type named after the heap; all the arrays of one heap alias one binding. Structured buffers
// with counters read from the heap get theirs from `counter.var.ResourceDescriptorHeap`, indexed alike.
// Bindings (DXC's decorateResourceHeapsBindings): where -fvk-bind-{resource,sampler,counter}-heap say
// (those bindings are kept free of other resources), else after every other resource the lowest free
// binding of set 0, in the order resource heap, sampler heap, counter heap, each only when used.
import type { Loc } from '../diagnostics.js';
import type { Binding, IrExpr, IrGlobal, IrPlace } from '../ir/ir.js';
import { arrayOf, sameType, typeToString, UINT, VOID, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import { counterGlobal, counterStruct, viewType } from './resource-decls.js';
import { irGlobalPlace } from './scope.js';
import type { Value } from './value.js';

export type HeapName = 'ResourceDescriptorHeap' | 'SamplerDescriptorHeap';

/** A heap, or one element of it before its type is known. */
export interface HeapRef {
  heap: HeapName;
  index?: IrExpr;
}

export function isHeapName(name: string): name is HeapName {
  return name === 'ResourceDescriptorHeap' || name === 'SamplerDescriptorHeap';
}

type Role = 'resource' | 'sampler' | 'counter';

export class DescriptorHeaps {
  private readonly arrays: { type: Type; global: IrGlobal }[] = [];
  private counter: IrGlobal | undefined;
  private counterType: StructType | undefined;
  /** Where the heaps were first used: diagnostics about their bindings point there. */
  private readonly firstUse = new Map<Role, Loc>();

  constructor(private readonly c: Checker) {}

  /** The bare heap name: only indexing it is allowed. */
  value(heap: HeapName, loc: Loc): Value | undefined {
    const sm = this.c.options.shaderModel ?? { major: 6, minor: 0 };
    if (sm.major < 6 || (sm.major === 6 && sm.minor < 6)) {
      this.c.error(`'${heap}' requires shader model 6.6 or later (this is ${sm.major}.${sm.minor})`, loc, heap.length);
      return undefined;
    }
    return { type: VOID, loc, readonly: true, heap: { heap }, what: `'${heap}'` };
  }

  /** `Heap[i]`: the index is a uint; the element's type comes later, from what receives it. */
  index(x: ExpressionChecker, obj: Value & { heap: HeapRef }, idx: Value, loc: Loc): Value | undefined {
    if (obj.heap.index) {
      this.c.error(`an element of '${obj.heap.heap}' is a resource, not an array: give it a resource type first`, loc);
      return undefined;
    }
    if (idx.type.kind !== 'scalar' || idx.type.base === 'float' || idx.type.base === 'bool') {
      this.c.error(`the index of '${obj.heap.heap}' must be an integer, not '${typeToString(idx.type)}'`, idx.loc);
      return undefined;
    }
    return { type: VOID, loc, readonly: true, heap: { heap: obj.heap.heap, index: x.coerce(idx, UINT) }, what: `'${obj.heap.heap}[…]'` };
  }

  /** Reports a heap used where a typed value is needed. */
  untyped(v: Value & { heap: HeapRef }): undefined {
    this.c.error(
      v.heap.index
        ? `'${v.heap.heap}[…]' has no type of its own: assign it to a resource variable or cast it, e.g. 'Texture2D t = ${v.heap.heap}[i];'`
        : `'${v.heap.heap}' can only be indexed`,
      v.loc,
    );
    return undefined;
  }

  /** The place of `Heap[i]` read as a resource of (declared) type `t`; `coherent`: taken by a `globallycoherent` name. */
  element(ref: HeapRef, t: Type, loc: Loc, coherent = false): IrPlace | undefined {
    if (!ref.index) {
      this.c.error(`'${ref.heap}' cannot be assigned as a whole (heaps cannot be passed to functions); index it`, loc);
      return undefined;
    }
    const sampler = t.kind === 'sampler';
    if (t.kind !== 'resource' && !sampler) {
      this.c.error(`an element of '${ref.heap}' is a resource, not '${typeToString(t)}'`, loc);
      return undefined;
    }
    if (sampler !== (ref.heap === 'SamplerDescriptorHeap')) {
      this.c.error(`'${ref.heap}' holds ${sampler ? 'resources, not samplers (use SamplerDescriptorHeap)' : `samplers, not '${typeToString(t)}' (use ResourceDescriptorHeap): DXC quietly reads the resource heap's element at that index instead`}`, loc);
      return undefined;
    }
    const global = this.arrayOf(t, loc);
    if (coherent) global.coherent = true;
    return { kind: 'element', base: irGlobalPlace(global), index: ref.index, type: viewType(t) };
  }

  /** Is `global` one of the heaps' arrays (a `globallycoherent` name taking an element of it makes it Coherent)? */
  owns(global: IrGlobal): boolean {
    return this.arrays.some((a) => a.global === global);
  }

  private arrayOf(t: Type, loc: Loc): IrGlobal {
    const role: Role = t.kind === 'sampler' ? 'sampler' : 'resource';
    if (!this.firstUse.has(role)) this.firstUse.set(role, loc);
    const found = this.arrays.find((a) => sameType(a.type, t));
    if (found) return found.global;
    const name: HeapName = role === 'sampler' ? 'SamplerDescriptorHeap' : 'ResourceDescriptorHeap';
    const global = this.c.resourceGlobal(name, arrayOf(t, null), loc);
    this.c.globals.push(global);
    const counter = counterGlobal(this.c, global, arrayOf(t, null), () => (this.counterType ??= counterStruct(this.c)));
    if (counter) {
      if (!this.counter) {
        this.counter = counter;
        this.firstUse.set('counter', loc);
        this.c.globals.push(counter);
      }
      global.counter = this.counter;
    }
    this.arrays.push({ type: t, global });
    return global;
  }

  /**
   * Binds the heaps used once every entry point is lowered (their globals appear as code reads them).
   * `used`: whether an entry point reaches a global; an unused counter heap is dropped.
   */
  assignBindings(used: (g: IrGlobal) => boolean): void {
    const c = this.c;
    if (this.counter && !used(this.counter)) {
      c.globals.splice(c.globals.indexOf(this.counter), 1);
      for (const a of this.arrays) delete a.global.counter;
      this.counter = undefined;
    }
    if (!this.arrays.length) return;
    const o = c.options;
    const given: Record<Role, Binding | undefined> = { resource: o.resourceHeapBinding, sampler: o.samplerHeapBinding, counter: o.counterHeapBinding };
    const byRegister = !!o.bindRegister?.length;
    // With -fvk-bind-register nothing else is numbered here: the heaps must be placed explicitly (as DXC).
    const taken = new Set<number>();
    if (!byRegister) {
      for (const g of c.globals) if (g.binding && g.binding.set === 0) taken.add(g.binding.binding);
      for (const b of Object.values(given)) if (b && b.set === 0) taken.add(b.binding);
    }
    const next = (): Binding => {
      let b = 0;
      while (taken.has(b)) b++;
      taken.add(b);
      return { set: 0, binding: b };
    };
    const bindingOf = (role: Role): Binding | undefined => {
      const at = given[role];
      if (at) return at;
      if (byRegister && role !== 'counter') {
        c.error(`-fvk-bind-${role}-heap is required when using -fvk-bind-register`, this.firstUse.get(role)!);
        return undefined;
      }
      return next();
    };
    const placed = new Map<Role, Binding | undefined>();
    for (const role of ['resource', 'sampler', 'counter'] as const) {
      if (this.firstUse.has(role) && (role !== 'counter' || this.counter)) placed.set(role, bindingOf(role));
    }
    for (const a of this.arrays) {
      const b = placed.get(a.type.kind === 'sampler' ? 'sampler' : 'resource');
      if (b) a.global.binding = { ...b };
    }
    const counterBinding = placed.get('counter');
    if (this.counter && counterBinding) this.counter.binding = { ...counterBinding };
  }
}
