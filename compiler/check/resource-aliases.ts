// Resource legalization, done where the checker lowers code (the codegen design's "legalization" of
// resources in locals, struct members, parameters and return values). Vulkan allows a resource only
// as a global OpVariable, so every resource-typed name that is not a global is an ALIAS of one: the
// checker tracks, in program order, which global (or element of a global array) each alias holds, and
// every use is lowered directly against that global. The IR handed to back ends thus references
// resource globals only (SPIR-V and WGSL get it alike), and counters, bindings and image types come
// from the real global. This is done in the checker rather than as an IR pass because the checker
// already walks statements in order with scopes, knows constant conditions, and specialises callees
// per call; an IR pass would need pointer-typed locals, inlining and SROA first (DXC's route).
//
// A struct holding resources is exploded: its plain-data leaves become ordinary locals (or IR
// parameters), its resource leaves alias cells. Where the origin depends on run-time values (branches
// on run-time conditions, loop-carried reassignment, returns that differ by path), a use is an error
// at its own line:col naming the variable.
import type { Loc } from '../diagnostics.js';
import type { IrExpr, IrPlace, IrStmt } from '../ir/ir.js';
import { placeRoot, walkExpr } from '../ir/walk.js';
import { lowerInStaticInit } from './statements.js';
import { INT, isResourceOrArrayOf, sameType, typeToString, type ArrayType, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { isNonUniformIndex, keepNonUniform } from './non-uniform.js';
import { viewType } from './resource-decls.js';
import type { Value } from './value.js';
import { declareStaticStruct } from './static-resource-structs.js';

/** The state of one alias cell: the global-rooted place it holds, none yet, or not static here. */
export type Origin =
  | { kind: 'place'; place: IrPlace }
  | { kind: 'unset' }
  /** Depends on run-time values: `why` says where control flow made it so. */
  | { kind: 'dynamic'; why: string }
  /** Its assignment had errors (already reported): uses fail quietly. */
  | { kind: 'invalid' };

/** A resource-typed variable or struct member: an alias of a global. */
export interface AliasCell {
  kind: 'resource';
  /** How diagnostics name it: `buf`, `cb.SBuffer`. */
  name: string;
  type: Type;
  origin: Origin;
  /** Assignment is rejected: `static` resources (one value for all entry points), members of `this`. */
  fixed?: string;
  /** Bumped on every use, so loops can tell whether a loop-carried value was used. */
  reads: number;
  /** `reads` at each assignment, in order: whether a loop read the cell before its first write there. */
  writes: number[];
  /** Declared `globallycoherent`: a descriptor-heap array it takes a resource from is decorated Coherent (as DXC). */
  coherent?: boolean;
}

/**
 * What a resource-holding name holds: a cell, a plain-data leaf (a real IR place), a struct of them,
 * or an array of structs holding resources (each element its own held value: DXC's legalisation
 * makes each element's resources their own variables, so only constant indices select one).
 */
export type Held =
  | AliasCell
  | { kind: 'data'; place: IrPlace; type: Type }
  | { kind: 'struct'; type: StructType; fields: Held[] }
  | { kind: 'array'; type: ArrayType; elements: Held[] };

export function holdsResource(t: Type): boolean {
  if (t.kind === 'resource' || t.kind === 'sampler') return true;
  if (t.kind === 'array') return holdsResource(t.element);
  if (t.kind === 'struct') return t.fields.some((f) => holdsResource(f.type));
  return false;
}

/**
 * The held form of a resource-holding variable: data leaves get places from `dataPlace` (new locals,
 * or IR parameters of a specialised function), cells start unset.
 */
export function makeHeld(t: Type, name: string, dataPlace: (name: string, t: Type) => IrPlace, flow: ResourceFlow | undefined, loc: Loc): Held | undefined {
  // A resource or an array of resources is one cell (an array aliases a whole global array).
  if (isResourceOrArrayOf(t)) {
    const cell: AliasCell = { kind: 'resource', name, type: t, origin: { kind: 'unset' }, reads: 0, writes: [] };
    flow?.cells.push(cell);
    return cell;
  }
  if (t.kind === 'struct' && holdsResource(t)) {
    const fields: Held[] = [];
    for (const f of t.fields) {
      const sub = f.name ? `${name}.${f.name}` : name;
      const h = holdsResource(f.type) ? makeHeld(f.type, sub, dataPlace, flow, loc) : { kind: 'data' as const, place: dataPlace(sub, f.type), type: f.type };
      if (!h) return undefined;
      fields.push(h);
    }
    return { kind: 'struct', type: t, fields };
  }
  if (t.kind === 'array' && t.length !== null && holdsResource(t)) {
    const elements: Held[] = [];
    for (let i = 0; i < t.length; i++) {
      const h = makeHeld(t.element, `${name}[${i}]`, dataPlace, flow, loc);
      if (!h) return undefined;
      elements.push(h);
    }
    return { kind: 'array', type: t, elements };
  }
  return undefined;
}

/**
 * A resource array held element by element (`Texture2D ts[2] = { a, b };`: the elements may alias
 * different globals), down to single resources; undefined for other types.
 */
export function elementCells(t: Type, name: string, flow: ResourceFlow | undefined): Held | undefined {
  if (t.kind === 'resource' || t.kind === 'sampler') {
    const cell: AliasCell = { kind: 'resource', name, type: t, origin: { kind: 'unset' }, reads: 0, writes: [] };
    flow?.cells.push(cell);
    return cell;
  }
  if (t.kind !== 'array' || t.length === null || !isResourceOrArrayOf(t)) return undefined;
  const elements: Held[] = [];
  for (let i = 0; i < t.length; i++) elements.push(elementCells(t.element, `${name}[${i}]`, flow)!);
  return { kind: 'array', type: t, elements };
}

/** The data leaves of a held value, in field order (the IR parameters of a specialised callee). */
export function dataLeaves(h: Held): { place: IrPlace; type: Type }[] {
  if (h.kind === 'data') return [h];
  if (h.kind === 'struct') return h.fields.flatMap(dataLeaves);
  if (h.kind === 'array') return h.elements.flatMap(dataLeaves);
  return [];
}

/** After a failed assignment: the cells of `h` stay quiet instead of cascading "used before assigned". */
export function invalidate(h: Held): void {
  for (const cell of cells(h)) cell.origin = { kind: 'invalid' };
}

/** Where an expression starts (a member or index expression's own location is its operator). */
export function startOf(e: import('../parse/ast.js').Expr): Loc {
  return e.kind === 'Member' || e.kind === 'Index' ? startOf(e.object) : e.loc;
}

export function cells(h: Held): AliasCell[] {
  if (h.kind === 'resource') return [h];
  if (h.kind === 'struct') return h.fields.flatMap(cells);
  if (h.kind === 'array') return h.elements.flatMap(cells);
  return [];
}

/** How an expression names a held value (what the checker's `name`/`member` return for it). */
export function heldValue(c: Checker, h: Held, loc: Loc, readonly: boolean): Value {
  if (h.kind === 'data') return { type: h.type, loc, place: h.place, readonly };
  if (h.kind === 'struct' || h.kind === 'array') return { type: h.type, loc, held: h, readonly };
  const v: Value = { type: viewType(h.type), loc, held: h, readonly: false, what: `variable '${h.name}'` };
  if (h.origin.kind === 'place') v.place = h.origin.place;
  c.legalizedResources = true;
  return v;
}

/** Reports a use of a cell whose origin is not a known global; true when the value is usable. */
export function checkResolved(c: Checker, v: Value, loc: Loc): boolean {
  const h = v.held;
  if (!h || h.kind !== 'resource' || h.origin.kind === 'place') return true;
  if (h.origin.kind === 'invalid') return false;
  if (h.origin.kind === 'unset') c.error(`resource variable '${h.name}' is used before a resource is assigned to it`, loc, h.name.length);
  else c.error(`the resource held by '${h.name}' cannot be determined statically here: ${h.origin.why}`, loc, h.name.length);
  return false;
}

/** The global-rooted place a resource value names, if it names one. */
function sourcePlace(v: Value): IrPlace | undefined {
  if (v.held) return v.held.kind === 'resource' && v.held.origin.kind === 'place' ? v.held.origin.place : undefined;
  let p = v.place;
  while (p && (p.kind === 'element' || p.kind === 'member')) p = p.base;
  return p?.kind === 'global' ? v.place : undefined;
}

/**
 * `target = source` for resource-holding values: cells take the source's origin, data leaves are
 * stored. `spill` evaluates a run-time array index once, so that the alias keeps naming the element
 * chosen at the assignment.
 */
export function assignHeld(c: Checker, target: Held, source: Value, loc: Loc, out: (s: IrStmt) => void, spill: (e: IrExpr) => IrExpr): boolean {
  if (target.kind === 'data') {
    if (!source.place && !source.expr) return false;
    out({ op: 'store', place: target.place, value: source.expr ?? { op: 'load', type: source.type, place: source.place! } });
    return true;
  }
  if (target.kind === 'struct') {
    const src = source.held;
    if (!src || src.kind !== 'struct' || src.type.id !== target.type.id) {
      c.error(`cannot assign '${typeToString(source.type)}' to '${typeToString(target.type)}': a struct holding resources is copied only from a variable of the same struct type`, loc);
      return false;
    }
    return target.fields.every((f, i) => {
      const from = src.fields[i]!;
      if (from.kind === 'resource') from.reads++;
      return assignHeld(c, f, heldValue(c, from, loc, true), loc, out, spill);
    });
  }
  if (target.kind === 'array') {
    const src = source.held;
    const whole = src ? undefined : sourcePlace(source);
    if (whole && sameType(source.type, target.type)) {
      // A global array (or an element of one) into an array held element by element.
      return target.elements.every((e, i) => {
        const type = (target.type as ArrayType).element;
        const place: IrPlace = { kind: 'element', base: whole, index: { op: 'const', type: INT, value: { kind: 'scalar', type: INT, value: i } }, type };
        return assignHeld(c, e, { type, loc, place, readonly: true }, loc, out, spill);
      });
    }
    if (!src || src.kind !== 'array' || !sameType(src.type, target.type)) {
      c.error(`cannot assign '${typeToString(source.type)}' to '${typeToString(target.type)}': an array of structs holding resources is copied only from one of the same type`, loc);
      return false;
    }
    return target.elements.every((e, i) => assignHeld(c, e, heldValue(c, src.elements[i]!, loc, true), loc, out, spill));
  }
  if (target.fixed) {
    // Giving it the resource it already holds changes nothing (DXC's tests copy a static struct back).
    const from = source.held?.kind === 'resource' ? (source.held.origin.kind === 'place' ? source.held.origin.place : undefined) : sourcePlace(source);
    const same = from && target.origin.kind === 'place' && originKey(from) !== undefined && originKey(from) === originKey(target.origin.place);
    if (same) return true;
    c.error(`cannot assign to '${target.name}': ${target.fixed}`, loc, target.name.length);
    return false;
  }
  if (source.heap) {
    // `T t = ResourceDescriptorHeap[i];`: the heap element becomes a T.
    const element = c.heaps.element(source.heap, target.type, loc, target.coherent);
    if (!element) return false;
    target.origin = { kind: 'place', place: stableIndices(element, spill) };
    target.writes.push(target.reads);
    return true;
  }
  if (source.held?.kind === 'resource' && source.held.origin.kind !== 'place') {
    target.origin = source.held.origin;
    target.writes.push(target.reads);
    return true;
  }
  const place = sourcePlace(source);
  if (!place || !sameType(viewType(target.type), source.type)) {
    c.error(`cannot assign '${typeToString(source.type)}' to resource variable '${target.name}' of type '${typeToString(target.type)}'`, loc, target.name.length);
    return false;
  }
  target.origin = { kind: 'place', place: stableIndices(place, spill) };
  target.writes.push(target.reads);
  return true;
}

/** Replaces each non-constant element index of a place by a spilled copy. */
function stableIndices(p: IrPlace, spill: (e: IrExpr) => IrExpr): IrPlace {
  if (p.kind === 'element') return { ...p, base: stableIndices(p.base, spill), index: p.index.op === 'const' ? p.index : keepNonUniform(p.index, spill(p.index)) };
  if (p.kind === 'member') return { ...p, base: stableIndices(p.base, spill) };
  return p;
}

/** The identity of a global-rooted place with `?` for each run-time index (`7[?]`). */
export function shapeKey(p: IrPlace): string | undefined {
  if (p.kind === 'global') return String(p.global.id);
  if (p.kind !== 'member' && p.kind !== 'element') return undefined;
  const b = shapeKey(p.base);
  if (b === undefined || p.kind === 'member') return b === undefined ? undefined : `${b}.${p.index}`;
  const i = p.index;
  // A non-uniform run-time index is another shape: a callee specialised for it marks its index again.
  return `${b}[${i.op === 'const' && i.value.kind === 'scalar' ? String(i.value.value) : isNonUniformIndex(i) ? '?nonuniform' : '?'}]`;
}

/** The run-time element indices of a place, outermost first. */
export function dynamicIndices(p: IrPlace): IrExpr[] {
  if (p.kind === 'member') return dynamicIndices(p.base);
  if (p.kind === 'element') return [...dynamicIndices(p.base), ...(p.index.op === 'const' ? [] : [p.index])];
  return [];
}

/** The place with each run-time index replaced by `next()`, outermost first. */
export function replaceIndices(p: IrPlace, next: (old: IrExpr) => IrExpr): IrPlace {
  if (p.kind === 'member') return { ...p, base: replaceIndices(p.base, next) };
  if (p.kind === 'element') {
    const base = replaceIndices(p.base, next);
    return { ...p, base, index: p.index.op === 'const' ? p.index : next(p.index) };
  }
  return p;
}

/** A constant identity of a global-rooted place (`7[2]`), or undefined when an index is not constant. */
export function originKey(p: IrPlace): string | undefined {
  if (p.kind === 'global') return String(p.global.id);
  if (p.kind === 'member') {
    const b = originKey(p.base);
    return b === undefined ? undefined : `${b}.${p.index}`;
  }
  if (p.kind === 'element') {
    const b = originKey(p.base);
    const i = p.index;
    return b === undefined || i.op !== 'const' || i.value.kind !== 'scalar' ? undefined : `${b}[${String(i.value.value)}]`;
  }
  return undefined;
}

function sameOrigin(a: Origin, b: Origin): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'place' && b.kind === 'place') return a.place === b.place || (originKey(a.place) !== undefined && originKey(a.place) === originKey(b.place));
  return true;
}

/**
 * The cells of one function being lowered, with the snapshots control flow needs: branches merge
 * (a cell that differs between live paths becomes dynamic), loops detect loop-carried reassignment.
 */
/** Which origin each alias cell has at one point of the program. */
export type FlowState = Map<AliasCell, Origin>;

export class ResourceFlow {
  readonly cells: AliasCell[] = [];
  /** After return/break/continue/discard: the next statements of the block cannot run. */
  unreachable = false;
  /** Set while lowering code a constant condition makes unreachable: its assignments do not count. */
  dead = 0;

  snapshot(): Map<AliasCell, Origin> {
    return new Map(this.cells.map((cell) => [cell, cell.origin]));
  }

  restore(s: Map<AliasCell, Origin>): void {
    for (const cell of this.cells) {
      const o = s.get(cell);
      if (o) cell.origin = o;
    }
  }

  /** After branches: each live path's end state; a cell differing between them becomes dynamic. */
  merge(before: Map<AliasCell, Origin>, paths: Map<AliasCell, Origin>[], why: string): void {
    if (!paths.length) return this.restore(before);
    for (const cell of this.cells) {
      const states = paths.map((p) => p.get(cell) ?? cell.origin);
      const first = states[0]!;
      cell.origin = states.every((o) => sameOrigin(o, first)) ? first : { kind: 'dynamic', why };
    }
  }

  /**
   * After a loop: `states` are the body's end state and the states at each break/continue. A cell
   * one of them reassigns to another resource than it held at the loop's start is loop-carried; if
   * the body read it, later iterations may have seen another resource: not static.
   */
  endLoop(c: Checker, entry: Map<AliasCell, Origin>, counts: Map<AliasCell, { reads: number; writes: number }>, states: Map<AliasCell, Origin>[], loc: Loc): void {
    for (const cell of this.cells) {
      const start = entry.get(cell);
      if (!start) continue;
      if (states.every((s) => sameOrigin(start, s.get(cell) ?? start))) {
        cell.origin = start;
        continue;
      }
      // Only a use before the loop's first assignment can see the previous iteration's resource.
      const before = counts.get(cell) ?? { reads: 0, writes: 0 };
      const readsBeforeWrite = (cell.writes[before.writes] ?? cell.reads) - before.reads;
      if (start.kind === 'place' && readsBeforeWrite > 0) {
        c.error(`the resource held by '${cell.name}' cannot be determined statically: this loop reassigns it and reads it, so iterations may see different resources`, loc, 1);
      }
      cell.origin = { kind: 'dynamic', why: `it is reassigned inside the loop at line ${c.sink.locations.resolve(loc).line}` };
    }
  }

  counts(): Map<AliasCell, { reads: number; writes: number }> {
    return new Map(this.cells.map((cell) => [cell, { reads: cell.reads, writes: cell.writes.length }]));
  }
}

/**
 * `static Texture2D t = g;` at global scope: an alias of its initializer's global for every entry
 * point. Assigning it in a function would make its resource depend on which code ran: rejected.
 */
export function declareStaticAlias(c: Checker, d: { name: string; init?: import('../parse/ast.js').Expr; loc: Loc }, t: Type, scope: import('./scope.js').Scope, coherent = false): void {
  const elements = d.init?.kind === 'InitList' ? elementCells(t, d.name, undefined) : undefined;
  if (elements && d.init?.kind === 'InitList') return declareStaticElements(c, d, d.init, elements, scope);
  const cell = makeHeld(t, d.name, () => ({ kind: 'local', local: { id: c.newId(), name: '', type: t }, type: t }), undefined, d.loc);
  if (!cell || cell.kind !== 'resource') return declareStaticStruct(c, d, t, scope);
  if (coherent) cell.coherent = true;
  if (d.init) {
    // A call in the initializer (`static RWByteAddressBuffer A = GetBuf();`) runs where other statics'
    // run-time initializers do, at the start of every entry point; the resource it returns is resolved here.
    const init = d.init;
    const { result: v, before, after } = lowerInStaticInit(c, () => c.exprs.check(init, scope));
    if (before.length || after.length) c.staticInit().body.push(...before, ...after);
    if (v && assignHeld(c, cell, v, d.init.loc, () => undefined, (e) => e) && cell.origin.kind === 'place' && originKey(cell.origin.place) === undefined && !uniformIndices(cell.origin.place)) {
      c.error(`the initializer of static resource '${d.name}' must name a resource with indices that are constants or read from constant buffers`, d.init.loc);
    }
    // Through a function's result too (DXC's globallycoherent static of a helper's heap element): the heap is Coherent.
    const root = cell.origin.kind === 'place' ? placeRoot(cell.origin.place) : undefined;
    if (coherent && root?.kind === 'global' && c.heaps.owns(root.global)) root.global.coherent = true;
  }
  cell.fixed = `a static resource variable holds the resource of its initializer; assigning it is not supported`;
  const place: IrPlace = { kind: 'local', local: { id: c.newId(), name: d.name, type: t }, type: t };
  if (scope.define({ kind: 'variable', name: d.name, type: t, place, readonly: false, loc: d.loc, held: cell })) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
}

/**
 * A resource place whose indices are constants or values read from cbuffers and push constants: the
 * same wherever and whenever it is evaluated in one invocation, so an alias can re-evaluate it at each use.
 */
function uniformIndices(p: IrPlace): boolean {
  if (p.kind === 'global') return true;
  if (p.kind === 'member') return uniformIndices(p.base);
  if (p.kind !== 'element' || !uniformIndices(p.base)) return false;
  let uniform = true;
  walkExpr(p.index, {
    expr: (e) => void (e.op !== 'const' && e.op !== 'load' && e.op !== 'convert' && e.op !== 'binary' && e.op !== 'unary' && e.op !== 'extract' && e.op !== 'swizzle' && (uniform = false)),
    place: (q) => void ((q.kind === 'local' || (q.kind === 'global' && q.global.space !== 'uniform' && q.global.space !== 'push-constant')) && (uniform = false)),
  });
  return uniform;
}

/** A name whose declaration was rejected: uses of it fail quietly instead of "undeclared identifier". */
export function declareInvalidAlias(c: Checker, d: { name: string; loc: Loc }, t: Type, scope: import('./scope.js').Scope): void {
  const dummy = (name: string, type: Type): IrPlace => ({ kind: 'local', local: { id: c.newId(), name, type }, type });
  const held = makeHeld(t, d.name, dummy, undefined, d.loc);
  if (!held) return;
  invalidate(held);
  scope.define({ kind: 'variable', name: d.name, type: t, place: dummy(d.name, t), readonly: true, loc: d.loc, held });
}

/** `static Texture2D ts[2] = { a, b };`: each element an alias of its own initializer, fixed. */
function declareStaticElements(c: Checker, d: { name: string; loc: Loc }, init: import('../parse/ast.js').InitListExpr, held: Held, scope: import('./scope.js').Scope): void {
  const targets = cells(held);
  const sources: import('../parse/ast.js').Expr[] = [];
  const collect = (e: import('../parse/ast.js').Expr): void => (e.kind === 'InitList' ? e.elements.forEach(collect) : void sources.push(e));
  collect(init);
  if (sources.length !== targets.length) {
    c.error(`initializer list of '${typeToString(held.type)}' has ${sources.length} elements once flattened, but it takes ${targets.length}`, init.loc);
    invalidate(held);
  }
  targets.forEach((cell, i) => {
    const e = sources[i];
    const v = e && c.exprs.check(e, scope);
    if (!e || !v || !assignHeld(c, cell, v, e.loc, () => undefined, (x) => x)) cell.origin = { kind: 'invalid' };
    else if (cell.origin.kind === 'place' && originKey(cell.origin.place) === undefined) c.error(`the initializer of static resource '${cell.name}' must name a resource with constant indices`, e.loc);
    cell.fixed = `a static resource variable holds the resource of its initializer; assigning it is not supported`;
  });
  const place: IrPlace = { kind: 'local', local: { id: c.newId(), name: d.name, type: held.type }, type: held.type };
  if (scope.define({ kind: 'variable', name: d.name, type: held.type, place, readonly: false, loc: d.loc, held })) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
}
