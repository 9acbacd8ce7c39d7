// Rebuilds the expressions and places of IR statements with some places, resource calls or
// expressions replaced, bottom-up (for middle-end passes that rewrite what a statement refers to).
// mapStmtShallow leaves nested statements of if/loop/switch to the pass; mapStmts enters them. A part
// nothing replaced is returned as the same object, so a pass can find it again by identity, and with a
// memo an expression the checker shares stays shared (back ends emit a shared node once).
import type { ImageOperands, IrCallArg, IrExpr, IrPlace, IrStmt, ResourceCall } from './ir.js';

/** `rebuilt` if one of its fields differs from `original`'s, else `original` itself. */
function keep<T extends object>(original: T, rebuilt: T): T {
  if (original === rebuilt) return original;
  const a = original as Record<string, unknown>;
  const b = rebuilt as Record<string, unknown>;
  // Both directions: a key only one side has compares with undefined on the other.
  for (const k in b) if (!sameField(a[k], b[k])) return rebuilt;
  for (const k in a) if (!(k in b) && !sameField(a[k], undefined)) return rebuilt;
  return original;
}

/** The same value, or arrays of the same elements. */
function sameField(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** `list` mapped by `f`, or `list` itself when every element maps to itself. */
function mapSame<T>(list: readonly T[], f: (x: T) => T): readonly T[] {
  for (let i = 0; i < list.length; i++) {
    const y = f(list[i]!);
    if (y === list[i]) continue;
    const out = list.slice(0, i);
    out.push(y);
    for (let j = i + 1; j < list.length; j++) out.push(f(list[j]!));
    return out;
  }
  return list;
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
    case 'member': {
      const base = mapPlace(p.base, m);
      out = base === p.base ? p : { ...p, base };
      break;
    }
    case 'element': {
      const base = mapPlace(p.base, m);
      const index = mapExpr(p.index, m);
      out = base === p.base && index === p.index ? p : { ...p, base, index };
      break;
    }
    case 'texel': {
      const image = mapPlace(p.image, m);
      const coord = mapExpr(p.coord, m);
      out = image === p.image && coord === p.coord ? p : { ...p, image, coord };
      break;
    }
    case 'address': {
      const address = mapExpr(p.address, m);
      out = address === p.address ? p : { ...p, address };
      break;
    }
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
    case 'nodeAllocate':
      out = { ...c, output: p(c.output), ...(c.index ? { index: e(c.index) } : {}), count: e(c.count) };
      break;
    case 'nodeValid':
      out = { ...c, output: p(c.output), ...(c.index ? { index: e(c.index) } : {}) };
      break;
    case 'nodeComplete':
      out = { ...c, records: p(c.records) };
      break;
    case 'nodeCount':
    case 'nodeFinishSharing':
      out = { ...c, input: p(c.input) };
      break;
    case 'nodeRecursionLevels':
      out = c;
      break;
  }
  out = keep(c, out);
  return m.call?.(out) ?? out;
}

function mapArg(a: IrCallArg, m: IrMapper): IrCallArg {
  if (a.kind === 'value') {
    const value = mapExpr(a.value, m);
    return value === a.value ? a : keep(a, { kind: 'value', value });
  }
  const place = mapPlace(a.place, m);
  return place === a.place ? a : keep(a, { kind: 'place', place });
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
    case 'load': {
      const place = mapPlace(e.place, m);
      return place === e.place ? e : { ...e, place };
    }
    case 'unary':
    case 'convert':
    case 'extract':
    case 'swizzle':
    case 'splat': {
      const arg = mapExpr(e.arg, m);
      return arg === e.arg ? e : ({ ...e, arg } as IrExpr);
    }
    case 'binary': {
      const left = mapExpr(e.left, m);
      const right = mapExpr(e.right, m);
      return left === e.left && right === e.right ? e : { ...e, left, right };
    }
    case 'construct': {
      const parts = mapSame(e.parts, (x) => mapExpr(x, m));
      return parts === e.parts ? e : { ...e, parts: parts as IrExpr[] };
    }
    case 'dynamicExtract': {
      const arg = mapExpr(e.arg, m);
      const index = mapExpr(e.index, m);
      return arg === e.arg && index === e.index ? e : { ...e, arg, index };
    }
    case 'select': {
      const cond = mapExpr(e.cond, m);
      const then = mapExpr(e.then, m);
      const els = mapExpr(e.else, m);
      return cond === e.cond && then === e.then && els === e.else ? e : { ...e, cond, then, else: els };
    }
    case 'call': {
      const args = mapSame(e.args, (a) => mapArg(a, m));
      return args === e.args ? e : { ...e, args: args as IrCallArg[] };
    }
    case 'intrinsic': {
      const args = mapSame(e.args, (a) => mapExpr(a, m));
      return args === e.args ? e : { ...e, args: args as IrExpr[] };
    }
    case 'printf': {
      const args = mapSame(e.args, (a) => mapExpr(a, m));
      return args === e.args ? e : { ...e, args: args as IrExpr[] };
    }
    case 'interpolate': {
      const input = mapPlace(e.input, m);
      const arg = e.arg ? mapExpr(e.arg, m) : undefined;
      return input === e.input && arg === e.arg ? e : { ...e, input, ...(arg ? { arg } : {}) };
    }
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

/**
 * A statement list with every expression and place mapped, the bodies of if/loop/switch included;
 * the list itself (and each statement) when nothing in it changed.
 */
export function mapStmts(list: IrStmt[], m: IrMapper): IrStmt[] {
  return mapSame(list, (s) => {
    const out = mapStmtShallow(s, m);
    switch (out.op) {
      case 'if': {
        const then = mapStmts(out.then, m);
        const els = mapStmts(out.else, m);
        return out === s && then === out.then && els === out.else ? s : { ...out, then, else: els };
      }
      case 'loop': {
        const body = mapStmts(out.body, m);
        const continuing = mapStmts(out.continuing, m);
        return out === s && body === out.body && continuing === out.continuing ? s : { ...out, body, continuing };
      }
      case 'switch': {
        const cases = mapSame(out.cases, (c) => {
          const body = mapStmts(c.body, m);
          return body === c.body ? c : { ...c, body };
        });
        return out === s && cases === out.cases ? s : { ...out, cases: cases as typeof out.cases };
      }
      default:
        return out;
    }
  }) as IrStmt[];
}

/** The statement with its own expressions and places mapped (bodies of if/loop/switch kept as they are). */
export function mapStmtShallow(s: IrStmt, m: IrMapper): IrStmt {
  return keep(s, rebuildStmt(s, m));
}

function rebuildStmt(s: IrStmt, m: IrMapper): IrStmt {
  switch (s.op) {
    case 'store':
    case 'storeSwizzle': {
      const place = mapPlace(s.place, m);
      const value = mapExpr(s.value, m);
      return place === s.place && value === s.value ? s : { ...s, place, value };
    }
    case 'eval': {
      const expr = mapExpr(s.expr, m);
      return expr === s.expr ? s : { ...s, expr };
    }
    case 'if': {
      const cond = mapExpr(s.cond, m);
      return cond === s.cond ? s : { ...s, cond };
    }
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
