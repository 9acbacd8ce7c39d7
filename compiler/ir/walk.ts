// Visits every expression and place of IR statements (for back-end analyses that must know, before
// writing, how globals are used: atomics, comparisons, reads of storage textures, ...).
import type { ImageOperands, IrExpr, IrPlace, IrStmt, ResourceCall } from './ir.js';

export interface IrVisitor {
  expr?(e: IrExpr): void;
  place?(p: IrPlace): void;
  /** A place written: a store's target, or an out/inout argument (written back after the call). */
  written?(p: IrPlace): void;
  /** An out/inout argument (copied in for inout, written back after the call). */
  argument?(p: IrPlace): void;
}

/**
 * A visitor's hooks in one object shape: visitors differ in which hooks they have, and reading hooks
 * from one hidden class keeps the walk's property loads monomorphic (the walk is run by many analyses).
 */
class Hooks {
  constructor(
    /** The visitor itself: each hook is called with it as `this`, as visitor.hook(…) would be. */
    readonly visitor: IrVisitor,
    readonly expr: IrVisitor['expr'],
    readonly place: IrVisitor['place'],
    readonly written: IrVisitor['written'],
    readonly argument: IrVisitor['argument'],
  ) {}
}

function hooksOf(v: IrVisitor): Hooks {
  return new Hooks(v, v.expr, v.place, v.written, v.argument);
}

function stmts(list: readonly IrStmt[], v: Hooks): void {
  for (const s of list) walkStmt(s, v);
}

export function walkStmts(list: readonly IrStmt[], visitor: IrVisitor): void {
  stmts(list, hooksOf(visitor));
}

export function walkPlace(p: IrPlace, visitor: IrVisitor): void {
  place(p, hooksOf(visitor));
}

export function walkExpr(e: IrExpr, visitor: IrVisitor): void {
  expr(e, hooksOf(visitor));
}

function walkStmt(s: IrStmt, v: Hooks): void {
  switch (s.op) {
    case 'store':
    case 'storeSwizzle':
      if (v.written !== undefined) v.written.call(v.visitor, s.place);
      place(s.place, v);
      expr(s.value, v);
      return;
    case 'eval':
      return expr(s.expr, v);
    case 'if':
      expr(s.cond, v);
      stmts(s.then, v);
      stmts(s.else, v);
      return;
    case 'loop':
      stmts(s.body, v);
      stmts(s.continuing, v);
      return;
    case 'switch':
      expr(s.selector, v);
      for (const k of s.cases) stmts(k.body, v);
      return;
    case 'return':
      if (s.value) expr(s.value, v);
      return;
    case 'break':
    case 'continue':
    case 'discard':
      return;
    case 'emitVertex':
      place(s.stream, v);
      expr(s.value, v);
      return;
    case 'endPrimitive':
      place(s.stream, v);
      return;
  }
}

function place(p: IrPlace, v: Hooks): void {
  if (v.place !== undefined) v.place.call(v.visitor, p);
  switch (p.kind) {
    case 'member':
      return place(p.base, v);
    case 'element':
      place(p.base, v);
      return expr(p.index, v);
    case 'texel':
      place(p.image, v);
      return expr(p.coord, v);
    case 'address':
      return expr(p.address, v);
    case 'global':
    case 'local':
      return;
  }
}

function walkOperands(o: ImageOperands, v: Hooks): void {
  for (const e of [o.bias, o.lod, o.offset, o.constOffset, o.constOffsets, o.minLod, o.sample, ...(o.grad ?? [])]) if (e) expr(e, v);
}

function walkCall(c: ResourceCall, v: Hooks): void {
  switch (c.kind) {
    case 'sample':
    case 'gather':
      place(c.image, v);
      if (c.sampler) place(c.sampler, v);
      expr(c.coord, v);
      if (c.dref) expr(c.dref, v);
      return walkOperands(c.operands, v);
    case 'fetch':
      place(c.image, v);
      expr(c.coord, v);
      return walkOperands(c.operands, v);
    case 'texelsResident':
      return expr(c.status, v);
    case 'querySize':
      place(c.image, v);
      if (c.lod) expr(c.lod, v);
      return;
    case 'queryLevels':
    case 'querySamples':
      return place(c.image, v);
    case 'queryLod':
      place(c.image, v);
      if (c.sampler) place(c.sampler, v);
      return expr(c.coord, v);
    case 'atomic':
      place(c.target, v);
      expr(c.value, v);
      if (c.comparator) expr(c.comparator, v);
      return;
    case 'counter':
      if (c.index) expr(c.index, v);
      return;
    case 'arrayLength':
      return place(c.buffer, v);
    case 'subpassLoad':
      place(c.image, v);
      if (c.sample) expr(c.sample, v);
      return;
    case 'rayQuery':
      place(c.query, v);
      if (c.accel) place(c.accel, v);
      for (const a of c.args) expr(a, v);
      return;
    case 'raySystemValue':
    case 'rayTerminate':
      return;
    case 'traceRay':
      place(c.accel, v);
      for (const a of c.args) expr(a, v);
      return place(c.payload, v);
    case 'reportHit':
      for (const a of c.args) expr(a, v);
      return;
    case 'callShader':
      expr(c.index, v);
      return place(c.data, v);
    case 'nodeAllocate':
      place(c.output, v);
      if (c.index) expr(c.index, v);
      return expr(c.count, v);
    case 'nodeValid':
      place(c.output, v);
      if (c.index) expr(c.index, v);
      return;
    case 'nodeComplete':
      return place(c.records, v);
    case 'nodeCount':
    case 'nodeFinishSharing':
      return place(c.input, v);
    case 'nodeRecursionLevels':
      return;
  }
}

function expr(e: IrExpr, v: Hooks): void {
  if (v.expr !== undefined) v.expr.call(v.visitor, e);
  switch (e.op) {
    case 'const':
      return;
    case 'load':
      return place(e.place, v);
    case 'unary':
    case 'convert':
    case 'extract':
    case 'swizzle':
    case 'splat':
      return expr(e.arg, v);
    case 'binary':
      expr(e.left, v);
      return expr(e.right, v);
    case 'construct':
      for (const p of e.parts) expr(p, v);
      return;
    case 'dynamicExtract':
      expr(e.arg, v);
      return expr(e.index, v);
    case 'select':
      expr(e.cond, v);
      expr(e.then, v);
      return expr(e.else, v);
    case 'call':
      for (const a of e.args) {
        if (a.kind === 'value') expr(a.value, v);
        else {
          if (v.written !== undefined) v.written.call(v.visitor, a.place);
          if (v.argument !== undefined) v.argument.call(v.visitor, a.place);
          place(a.place, v);
        }
      }
      return;
    case 'intrinsic':
      for (const a of e.args) expr(a, v);
      return;
    case 'printf':
      for (const a of e.args) expr(a, v);
      return;
    case 'interpolate':
      place(e.input, v);
      if (e.arg) expr(e.arg, v);
      return;
    case 'resource':
      return walkCall(e.call, v);
    case 'spirv':
      for (const o of e.instruction.operands) {
        if (o.kind === 'value') expr(o.value, v);
        else if (o.kind === 'pointer') {
          if (v.written !== undefined) v.written.call(v.visitor, o.place);
          if (v.argument !== undefined) v.argument.call(v.visitor, o.place);
          place(o.place, v);
        }
      }
      return;
  }
}

/** The place a member/element path starts from (a variable, a texel, an address). */
export function placeRoot(p: IrPlace): IrPlace {
  let q = p;
  while (q.kind === 'member' || q.kind === 'element') q = q.base;
  return q;
}

/** The global a place is rooted at, if any. */
export function rootGlobal(p: IrPlace): Extract<IrPlace, { kind: 'global' }>['global'] | undefined {
  switch (p.kind) {
    case 'global':
      return p.global;
    case 'member':
    case 'element':
      return rootGlobal(p.base);
    case 'texel':
      return rootGlobal(p.image);
    case 'local':
    case 'address':
      return undefined;
  }
}
