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

export function walkStmts(list: readonly IrStmt[], v: IrVisitor): void {
  for (const s of list) walkStmt(s, v);
}

function walkStmt(s: IrStmt, v: IrVisitor): void {
  switch (s.op) {
    case 'store':
    case 'storeSwizzle':
      v.written?.(s.place);
      walkPlace(s.place, v);
      walkExpr(s.value, v);
      return;
    case 'eval':
      return walkExpr(s.expr, v);
    case 'if':
      walkExpr(s.cond, v);
      walkStmts(s.then, v);
      walkStmts(s.else, v);
      return;
    case 'loop':
      walkStmts(s.body, v);
      walkStmts(s.continuing, v);
      return;
    case 'switch':
      walkExpr(s.selector, v);
      for (const k of s.cases) walkStmts(k.body, v);
      return;
    case 'return':
      if (s.value) walkExpr(s.value, v);
      return;
    case 'break':
    case 'continue':
    case 'discard':
      return;
    case 'emitVertex':
      walkPlace(s.stream, v);
      walkExpr(s.value, v);
      return;
    case 'endPrimitive':
      walkPlace(s.stream, v);
      return;
  }
}

export function walkPlace(p: IrPlace, v: IrVisitor): void {
  v.place?.(p);
  switch (p.kind) {
    case 'member':
      return walkPlace(p.base, v);
    case 'element':
      walkPlace(p.base, v);
      return walkExpr(p.index, v);
    case 'texel':
      walkPlace(p.image, v);
      return walkExpr(p.coord, v);
    case 'address':
      return walkExpr(p.address, v);
    case 'global':
    case 'local':
      return;
  }
}

function walkOperands(o: ImageOperands, v: IrVisitor): void {
  for (const e of [o.bias, o.lod, o.offset, o.constOffset, o.constOffsets, o.minLod, o.sample, ...(o.grad ?? [])]) if (e) walkExpr(e, v);
}

function walkCall(c: ResourceCall, v: IrVisitor): void {
  switch (c.kind) {
    case 'sample':
    case 'gather':
      walkPlace(c.image, v);
      if (c.sampler) walkPlace(c.sampler, v);
      walkExpr(c.coord, v);
      if (c.dref) walkExpr(c.dref, v);
      return walkOperands(c.operands, v);
    case 'fetch':
      walkPlace(c.image, v);
      walkExpr(c.coord, v);
      return walkOperands(c.operands, v);
    case 'texelsResident':
      return walkExpr(c.status, v);
    case 'querySize':
      walkPlace(c.image, v);
      if (c.lod) walkExpr(c.lod, v);
      return;
    case 'queryLevels':
    case 'querySamples':
      return walkPlace(c.image, v);
    case 'queryLod':
      walkPlace(c.image, v);
      if (c.sampler) walkPlace(c.sampler, v);
      return walkExpr(c.coord, v);
    case 'atomic':
      walkPlace(c.target, v);
      walkExpr(c.value, v);
      if (c.comparator) walkExpr(c.comparator, v);
      return;
    case 'counter':
      if (c.index) walkExpr(c.index, v);
      return;
    case 'arrayLength':
      return walkPlace(c.buffer, v);
    case 'subpassLoad':
      walkPlace(c.image, v);
      if (c.sample) walkExpr(c.sample, v);
      return;
    case 'rayQuery':
      walkPlace(c.query, v);
      if (c.accel) walkPlace(c.accel, v);
      for (const a of c.args) walkExpr(a, v);
      return;
    case 'raySystemValue':
    case 'rayTerminate':
      return;
    case 'traceRay':
      walkPlace(c.accel, v);
      for (const a of c.args) walkExpr(a, v);
      return walkPlace(c.payload, v);
    case 'reportHit':
      for (const a of c.args) walkExpr(a, v);
      return;
    case 'callShader':
      walkExpr(c.index, v);
      return walkPlace(c.data, v);
    case 'nodeAllocate':
      walkPlace(c.output, v);
      if (c.index) walkExpr(c.index, v);
      return walkExpr(c.count, v);
    case 'nodeValid':
      walkPlace(c.output, v);
      if (c.index) walkExpr(c.index, v);
      return;
    case 'nodeComplete':
      return walkPlace(c.records, v);
    case 'nodeCount':
    case 'nodeFinishSharing':
      return walkPlace(c.input, v);
    case 'nodeRecursionLevels':
      return;
  }
}

export function walkExpr(e: IrExpr, v: IrVisitor): void {
  v.expr?.(e);
  switch (e.op) {
    case 'const':
      return;
    case 'load':
      return walkPlace(e.place, v);
    case 'unary':
    case 'convert':
    case 'extract':
    case 'swizzle':
    case 'splat':
      return walkExpr(e.arg, v);
    case 'binary':
      walkExpr(e.left, v);
      return walkExpr(e.right, v);
    case 'construct':
      for (const p of e.parts) walkExpr(p, v);
      return;
    case 'dynamicExtract':
      walkExpr(e.arg, v);
      return walkExpr(e.index, v);
    case 'select':
      walkExpr(e.cond, v);
      walkExpr(e.then, v);
      return walkExpr(e.else, v);
    case 'call':
      for (const a of e.args) {
        if (a.kind === 'value') walkExpr(a.value, v);
        else {
          v.written?.(a.place);
          v.argument?.(a.place);
          walkPlace(a.place, v);
        }
      }
      return;
    case 'intrinsic':
      for (const a of e.args) walkExpr(a, v);
      return;
    case 'printf':
      for (const a of e.args) walkExpr(a, v);
      return;
    case 'interpolate':
      walkPlace(e.input, v);
      if (e.arg) walkExpr(e.arg, v);
      return;
    case 'resource':
      return walkCall(e.call, v);
    case 'spirv':
      for (const o of e.instruction.operands) {
        if (o.kind === 'value') walkExpr(o.value, v);
        else if (o.kind === 'pointer') {
          v.written?.(o.place);
          v.argument?.(o.place);
          walkPlace(o.place, v);
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
