// Rebuilds the expressions and places of IR statements with some places, resource calls or
// expressions replaced, bottom-up (for middle-end passes that rewrite what a statement refers to).
// mapStmtShallow leaves nested statements of if/loop/switch to the pass; mapStmts enters them. A part
// nothing replaced is returned as the same object, so a pass can find it again by identity, and with a
// memo an expression the checker shares stays shared (back ends emit a shared node once).
import type { ImageOperands, IrCallArg, IrExpr, IrPlace, IrStmt, ResourceCall } from './ir.js';

/** `rebuilt` if one of its fields differs from `original`'s, else `original` itself. */
function keep<T extends object>(original: T, rebuilt: T): T {
  const a = original as Record<string, unknown>;
  const b = rebuilt as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i])) continue;
    return rebuilt;
  }
  return original;
}

export interface IrMapper {
  /** A replacement for a place (its parts already mapped), or undefined to keep it. */
  place?(p: IrPlace): IrPlace | undefined;
  /** A replacement for a resource call (its parts already mapped), or undefined to keep it. */
  call?(c: ResourceCall): ResourceCall | undefined;
  /** A replacement for an expression (its operands already mapped), or undefined to keep it. */
  expr?(e: IrExpr): IrExpr | undefined;
  /** Expressions already mapped, by original node. */
  readonly memo?: Map<IrExpr, IrExpr>;
}

export function mapPlace(p: IrPlace, m: IrMapper): IrPlace {
  let out: IrPlace;
  switch (p.kind) {
    case 'member':
      out = { ...p, base: mapPlace(p.base, m) };
      break;
    case 'element':
      out = { ...p, base: mapPlace(p.base, m), index: mapExpr(p.index, m) };
      break;
    case 'texel':
      out = { ...p, image: mapPlace(p.image, m), coord: mapExpr(p.coord, m) };
      break;
    case 'address':
      out = { ...p, address: mapExpr(p.address, m) };
      break;
    case 'global':
    case 'local':
      out = p;
      break;
  }
  out = keep(p, out);
  return m.place?.(out) ?? out;
}

function mapOperands(o: ImageOperands, m: IrMapper): ImageOperands {
  const out: ImageOperands = {};
  for (const key of ['bias', 'lod', 'offset', 'constOffset', 'constOffsets', 'minLod', 'sample'] as const) {
    const e = o[key];
    if (e) out[key] = mapExpr(e, m);
  }
  if (o.grad) {
    const grad: [IrExpr, IrExpr] = [mapExpr(o.grad[0], m), mapExpr(o.grad[1], m)];
    out.grad = grad[0] === o.grad[0] && grad[1] === o.grad[1] ? o.grad : grad;
  }
  return keep(o, out);
}

function mapCall(c: ResourceCall, m: IrMapper): ResourceCall {
  let out: ResourceCall;
  const e = (x: IrExpr) => mapExpr(x, m);
  const p = (x: IrPlace) => mapPlace(x, m);
  switch (c.kind) {
    case 'sample':
    case 'gather':
      out = { ...c, image: p(c.image), ...(c.sampler ? { sampler: p(c.sampler) } : {}), coord: e(c.coord), operands: mapOperands(c.operands, m), ...(c.dref ? { dref: e(c.dref) } : {}) };
      break;
    case 'fetch':
      out = { ...c, image: p(c.image), coord: e(c.coord), operands: mapOperands(c.operands, m) };
      break;
    case 'texelsResident':
      out = { ...c, status: e(c.status) };
      break;
    case 'querySize':
      out = { ...c, image: p(c.image), ...(c.lod ? { lod: e(c.lod) } : {}) };
      break;
    case 'queryLevels':
    case 'querySamples':
      out = { ...c, image: p(c.image) };
      break;
    case 'queryLod':
      out = { ...c, image: p(c.image), ...(c.sampler ? { sampler: p(c.sampler) } : {}), coord: e(c.coord) };
      break;
    case 'atomic':
      out = { ...c, target: p(c.target), value: e(c.value), ...(c.comparator ? { comparator: e(c.comparator) } : {}) };
      break;
    case 'counter':
      out = { ...c, ...(c.index ? { index: e(c.index) } : {}) };
      break;
    case 'arrayLength':
      out = { ...c, buffer: p(c.buffer) };
      break;
    case 'subpassLoad':
      out = { ...c, image: p(c.image), ...(c.sample ? { sample: e(c.sample) } : {}) };
      break;
    case 'rayQuery':
      out = { ...c, query: p(c.query), ...(c.accel ? { accel: p(c.accel) } : {}), args: c.args.map(e) };
      break;
    case 'raySystemValue':
    case 'rayTerminate':
      out = c;
      break;
    case 'traceRay':
      out = { ...c, accel: p(c.accel), args: c.args.map(e), payload: p(c.payload) };
      break;
    case 'reportHit':
      out = { ...c, args: c.args.map(e) };
      break;
    case 'callShader':
      out = { ...c, index: e(c.index), data: p(c.data) };
      break;
  }
  out = keep(c, out);
  return m.call?.(out) ?? out;
}

function mapArg(a: IrCallArg, m: IrMapper): IrCallArg {
  return keep(a, a.kind === 'value' ? { kind: 'value', value: mapExpr(a.value, m) } : { kind: 'place', place: mapPlace(a.place, m) });
}

export function mapExpr(e: IrExpr, m: IrMapper): IrExpr {
  const known = m.memo?.get(e);
  if (known) return known;
  const rebuilt = keep(e, rebuildExpr(e, m));
  const out = m.expr?.(rebuilt) ?? rebuilt;
  m.memo?.set(e, out);
  return out;
}

function rebuildExpr(e: IrExpr, m: IrMapper): IrExpr {
  switch (e.op) {
    case 'const':
      return e;
    case 'load':
      return { ...e, place: mapPlace(e.place, m) };
    case 'unary':
    case 'convert':
    case 'extract':
    case 'swizzle':
    case 'splat':
      return { ...e, arg: mapExpr(e.arg, m) } as IrExpr;
    case 'binary':
      return { ...e, left: mapExpr(e.left, m), right: mapExpr(e.right, m) };
    case 'construct':
      return { ...e, parts: e.parts.map((x) => mapExpr(x, m)) };
    case 'dynamicExtract':
      return { ...e, arg: mapExpr(e.arg, m), index: mapExpr(e.index, m) };
    case 'select':
      return { ...e, cond: mapExpr(e.cond, m), then: mapExpr(e.then, m), else: mapExpr(e.else, m) };
    case 'call':
      return { ...e, args: e.args.map((a) => mapArg(a, m)) };
    case 'intrinsic':
      return { ...e, args: e.args.map((a) => mapExpr(a, m)) };
    case 'printf':
      return { ...e, args: e.args.map((a) => mapExpr(a, m)) };
    case 'interpolate':
      return { ...e, input: mapPlace(e.input, m), ...(e.arg ? { arg: mapExpr(e.arg, m) } : {}) };
    case 'resource':
      return { ...e, call: mapCall(e.call, m) };
    case 'spirv': {
      const operands = e.instruction.operands.map((o) =>
        o.kind === 'value' ? { ...o, value: mapExpr(o.value, m) } : o.kind === 'pointer' ? { ...o, place: mapPlace(o.place, m) } : o,
      );
      return { ...e, instruction: { ...e.instruction, operands } };
    }
  }
}

/** A statement list with every expression and place mapped, the bodies of if/loop/switch included. */
export function mapStmts(list: IrStmt[], m: IrMapper): IrStmt[] {
  return list.map((s) => {
    const out = mapStmtShallow(s, m);
    switch (out.op) {
      case 'if':
        return { ...out, then: mapStmts(out.then, m), else: mapStmts(out.else, m) };
      case 'loop':
        return { ...out, body: mapStmts(out.body, m), continuing: mapStmts(out.continuing, m) };
      case 'switch':
        return { ...out, cases: out.cases.map((c) => ({ ...c, body: mapStmts(c.body, m) })) };
      default:
        return out;
    }
  });
}

/** The statement with its own expressions and places mapped (bodies of if/loop/switch kept as they are). */
export function mapStmtShallow(s: IrStmt, m: IrMapper): IrStmt {
  return keep(s, rebuildStmt(s, m));
}

function rebuildStmt(s: IrStmt, m: IrMapper): IrStmt {
  switch (s.op) {
    case 'store':
      return { ...s, place: mapPlace(s.place, m), value: mapExpr(s.value, m) };
    case 'storeSwizzle':
      return { ...s, place: mapPlace(s.place, m), value: mapExpr(s.value, m) };
    case 'eval':
      return { ...s, expr: mapExpr(s.expr, m) };
    case 'if':
      return { ...s, cond: mapExpr(s.cond, m) };
    case 'switch':
      return { ...s, selector: mapExpr(s.selector, m) };
    case 'return':
      return s.value ? { ...s, value: mapExpr(s.value, m) } : s;
    case 'emitVertex':
      return { ...s, stream: mapPlace(s.stream, m), value: mapExpr(s.value, m) };
    case 'endPrimitive':
      return { ...s, stream: mapPlace(s.stream, m) };
    case 'loop':
    case 'break':
    case 'continue':
    case 'discard':
      return s;
  }
}
