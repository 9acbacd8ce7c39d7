// Bottom-up rewriting of a function's expressions for middle-end passes. Sharing is kept: the checker
// shares an expression node where the source evaluates it once (a vector constructor's components
// read one value), and back ends emit a shared node once, so a rewritten node stays shared.
import type { ImageOperands, IrCallArg, IrExpr, IrFunction, IrPlace, IrStmt, ResourceCall } from '../ir/ir.js';

/** Rewrites one node whose operands are already rewritten; returns it or its replacement. */
export type ExprRewrite = (e: IrExpr) => IrExpr;

export class ExprRewriter {
  private readonly done = new Map<IrExpr, IrExpr>();
  changed = false;

  constructor(private readonly rewrite: ExprRewrite) {}

  fn(f: IrFunction): void {
    f.body = this.stmts(f.body);
  }

  stmts(list: IrStmt[]): IrStmt[] {
    return list.map((s) => this.stmt(s));
  }

  stmt(s: IrStmt): IrStmt {
    switch (s.op) {
      case 'store':
        return { ...s, place: this.place(s.place), value: this.expr(s.value) };
      case 'storeSwizzle':
        return { ...s, place: this.place(s.place), value: this.expr(s.value) };
      case 'eval':
        return { ...s, expr: this.expr(s.expr) };
      case 'if':
        return { ...s, cond: this.expr(s.cond), then: this.stmts(s.then), else: this.stmts(s.else) };
      case 'loop':
        return { ...s, body: this.stmts(s.body), continuing: this.stmts(s.continuing) };
      case 'switch':
        return { ...s, selector: this.expr(s.selector), cases: s.cases.map((c) => ({ ...c, body: this.stmts(c.body) })) };
      case 'return':
        return s.value ? { ...s, value: this.expr(s.value) } : s;
      default:
        return s;
    }
  }

  place(p: IrPlace): IrPlace {
    switch (p.kind) {
      case 'member': {
        const base = this.place(p.base);
        return base === p.base ? p : { ...p, base };
      }
      case 'element': {
        const base = this.place(p.base);
        const index = this.expr(p.index);
        return base === p.base && index === p.index ? p : { ...p, base, index };
      }
      case 'texel': {
        const image = this.place(p.image);
        const coord = this.expr(p.coord);
        return image === p.image && coord === p.coord ? p : { ...p, image, coord };
      }
      default:
        return p;
    }
  }

  expr(e: IrExpr): IrExpr {
    const known = this.done.get(e);
    if (known) return known;
    const rebuilt = this.operands(e);
    const out = this.rewrite(rebuilt);
    if (out !== e) this.changed = true;
    this.done.set(e, out);
    return out;
  }

  private operands(e: IrExpr): IrExpr {
    const x = (a: IrExpr) => this.expr(a);
    switch (e.op) {
      case 'const':
        return e;
      case 'load':
        return same(e, { ...e, place: this.place(e.place) });
      case 'unary':
      case 'convert':
      case 'extract':
      case 'swizzle':
      case 'splat':
        return same(e, { ...e, arg: x(e.arg) } as IrExpr);
      case 'binary':
        return same(e, { ...e, left: x(e.left), right: x(e.right) });
      case 'construct':
        return same(e, { ...e, parts: e.parts.map(x) });
      case 'dynamicExtract':
        return same(e, { ...e, arg: x(e.arg), index: x(e.index) });
      case 'select':
        return same(e, { ...e, cond: x(e.cond), then: x(e.then), else: x(e.else) });
      case 'call':
        return same(e, { ...e, args: e.args.map((a): IrCallArg => (a.kind === 'value' ? { kind: 'value', value: x(a.value) } : { kind: 'place', place: this.place(a.place) })) });
      case 'intrinsic':
        return same(e, { ...e, args: e.args.map(x) });
      case 'resource':
        return same(e, { ...e, call: this.call(e.call) });
      case 'spirv':
        // Inline SPIR-V operands are left as written (their literal and pointer forms are the user's).
        return e;
    }
  }

  private operandsOf(o: ImageOperands): ImageOperands {
    const out: ImageOperands = {};
    for (const [k, v] of Object.entries(o) as [keyof ImageOperands, IrExpr | [IrExpr, IrExpr] | undefined][]) {
      if (v === undefined) continue;
      (out as Record<string, unknown>)[k] = Array.isArray(v) ? v.map((a) => this.expr(a)) : this.expr(v);
    }
    return out;
  }

  private call(c: ResourceCall): ResourceCall {
    const x = (a: IrExpr) => this.expr(a);
    const opt = (a: IrExpr | undefined) => (a ? { v: x(a) } : undefined);
    switch (c.kind) {
      case 'sample':
      case 'gather': {
        const dref = opt(c.dref);
        return { ...c, image: this.place(c.image), ...(c.sampler ? { sampler: this.place(c.sampler) } : {}), coord: x(c.coord), operands: this.operandsOf(c.operands), ...(dref ? { dref: dref.v } : {}) };
      }
      case 'fetch':
        return { ...c, image: this.place(c.image), coord: x(c.coord), operands: this.operandsOf(c.operands) };
      case 'texelsResident':
        return { ...c, status: x(c.status) };
      case 'querySize': {
        const lod = opt(c.lod);
        return { ...c, image: this.place(c.image), ...(lod ? { lod: lod.v } : {}) };
      }
      case 'queryLevels':
      case 'querySamples':
        return { ...c, image: this.place(c.image) };
      case 'queryLod':
        return { ...c, image: this.place(c.image), ...(c.sampler ? { sampler: this.place(c.sampler) } : {}), coord: x(c.coord) };
      case 'atomic': {
        const comparator = opt(c.comparator);
        return { ...c, target: this.place(c.target), value: x(c.value), ...(comparator ? { comparator: comparator.v } : {}) };
      }
      case 'counter': {
        const index = opt(c.index);
        return { ...c, ...(index ? { index: index.v } : {}) };
      }
      case 'arrayLength':
        return { ...c, buffer: this.place(c.buffer) };
      case 'subpassLoad': {
        const sample = opt(c.sample);
        return { ...c, image: this.place(c.image), ...(sample ? { sample: sample.v } : {}) };
      }
      case 'rayQuery':
      case 'raySystemValue':
      case 'traceRay':
      case 'reportHit':
      case 'callShader':
      case 'rayTerminate':
        // Ray calls keep their operands as they are (none is folded through a query's state).
        return c;
    }
  }
}

/** The original node when no operand changed (so that unchanged trees stay the same objects). */
function same(original: IrExpr, rebuilt: IrExpr): IrExpr {
  for (const key of Object.keys(rebuilt) as (keyof IrExpr)[]) {
    const a = (original as unknown as Record<string, unknown>)[key];
    const b = (rebuilt as unknown as Record<string, unknown>)[key];
    if (a === b) continue;
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i] || (isCallArg(v) && isCallArg(b[i]) && sameArg(v, b[i])))) continue;
    return rebuilt;
  }
  return original;
}

const isCallArg = (v: unknown): v is IrCallArg => typeof v === 'object' && v !== null && 'kind' in v && ((v as IrCallArg).kind === 'value' || (v as IrCallArg).kind === 'place') && !('type' in v);
const sameArg = (a: IrCallArg, b: IrCallArg) => (a.kind === 'value' && b.kind === 'value' ? a.value === b.value : a.kind === 'place' && b.kind === 'place' && a.place === b.place);
