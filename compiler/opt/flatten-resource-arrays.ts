// -fspv-flatten-resource-arrays, the part DXC leaves to its optimizer (descriptor scalar replacement):
// the checker made each element of a flattened array its own variable and resolved constant
// indices; here every statement that still indexes such an array at run time becomes a switch on
// the index with one copy of the statement per element (nested for a second array, as DXC's
// output), the index evaluated once before it. An index past the end reads the last element.
import type { IrExpr, IrFunction, IrGlobal, IrModule, IrPlace, IrStmt, IrVar, ResourceCall } from '../ir/ir.js';
import { mapStmtShallow, type IrMapper } from '../ir/map.js';

/** A run-time reference to a flattened array: which array, and its index. */
interface DynamicRef {
  array: IrGlobal;
  index: IrExpr;
}

function flattened(p: IrPlace): IrGlobal | undefined {
  return p.kind === 'element' && p.base.kind === 'global' && p.base.global.elements ? p.base.global : undefined;
}

function constIndex(e: IrExpr): number | undefined {
  return e.op === 'const' && e.value.kind === 'scalar' && typeof e.value.value !== 'boolean' ? Number(e.value.value) : undefined;
}

function elementPlace(array: IrGlobal, k: number): IrPlace {
  const element = array.elements![k];
  if (!element) throw new Error(`internal: index ${k} past the ${array.elements!.length} elements of '${array.name}'`);
  return { kind: 'global', global: element, type: element.type };
}

/** A structural key for index expressions, so that `a[i]` and its counter share one switch. */
function indexKey(e: IrExpr): string | undefined {
  switch (e.op) {
    case 'load':
      return e.place.kind === 'local' ? `l${e.place.local.id}` : undefined;
    case 'unary':
    case 'convert':
      return ((k) => k && `${e.op}(${k})`)(indexKey(e.arg));
    case 'binary': {
      const l = indexKey(e.left), r = indexKey(e.right);
      return l && r && `${e.operator}(${l},${r})`;
    }
    case 'intrinsic':
      return e.args.length === 1 ? ((k) => k && `${e.name}(${k})`)(indexKey(e.args[0]!)) : undefined;
    case 'const':
      return e.value.kind === 'scalar' ? `c${String(e.value.value)}` : undefined;
    default:
      return undefined;
  }
}

function sameIndex(a: IrExpr, b: IrExpr): boolean {
  if (a === b) return true;
  const k = indexKey(a);
  return k !== undefined && k === indexKey(b);
}

/** Constant indices resolved to their element; the first run-time reference left in `found`. */
function constantsAndFirst(found: { ref?: DynamicRef }): IrMapper {
  return {
    place(p) {
      const array = flattened(p);
      if (!array || p.kind !== 'element') return undefined;
      const k = constIndex(p.index);
      if (k !== undefined) return elementPlace(array, k);
      found.ref ??= { array, index: p.index };
      return undefined;
    },
    call(c) {
      if (c.kind !== 'counter' || !c.counter.elements || !c.index) return undefined;
      const k = constIndex(c.index);
      if (k !== undefined) return { kind: 'counter', counter: c.counter.elements[k]!, delta: c.delta };
      found.ref ??= { array: c.counter, index: c.index };
      return undefined;
    },
  };
}

/** Every reference with `ref`'s index to its array, or to the buffers or counters paired with it, as element k. */
function choose(ref: DynamicRef, k: number): IrMapper {
  const paired = (a: IrGlobal) => a === ref.array || a.counter === ref.array || ref.array.counter === a;
  return {
    place(p) {
      const array = flattened(p);
      return array && paired(array) && p.kind === 'element' && sameIndex(p.index, ref.index) ? elementPlace(array, k) : undefined;
    },
    call(c: ResourceCall) {
      if (c.kind !== 'counter' || !c.index || !c.counter.elements || !paired(c.counter) || !sameIndex(c.index, ref.index)) return undefined;
      return { kind: 'counter', counter: c.counter.elements[k]!, delta: c.delta };
    },
  };
}

class FunctionRewriter {
  constructor(
    private readonly fn: IrFunction,
    private readonly newId: () => number,
  ) {}

  list(stmts: readonly IrStmt[]): IrStmt[] {
    return stmts.flatMap((s) => this.stmt(s));
  }

  private local(name: string, type: IrVar['type']): IrPlace {
    const v: IrVar = { id: this.newId(), name, type };
    this.fn.locals.push(v);
    return { kind: 'local', local: v, type };
  }

  private stmt(s: IrStmt): IrStmt[] {
    switch (s.op) {
      case 'if':
      case 'switch': {
        const inner = s.op === 'if' ? { ...s, then: this.list(s.then), else: this.list(s.else) } : { ...s, cases: s.cases.map((k) => ({ ...k, body: this.list(k.body) })) };
        const found: { ref?: DynamicRef } = {};
        const head = mapStmtShallow(inner, constantsAndFirst(found));
        if (!found.ref) return [head];
        // The condition (selector) reads an element chosen at run time: compute it first.
        const value = head.op === 'if' ? head.cond : (head as Extract<IrStmt, { op: 'switch' }>).selector;
        const tmp = this.local('flat.value', value.type);
        const load: IrExpr = { op: 'load', type: value.type, place: tmp };
        return [...this.expand({ op: 'store', place: tmp, value }), head.op === 'if' ? { ...head, cond: load } : { ...(head as Extract<IrStmt, { op: 'switch' }>), selector: load }];
      }
      case 'loop':
        return [{ ...s, body: this.list(s.body), continuing: this.list(s.continuing) }];
      default:
        return this.expand(s);
    }
  }

  /** A simple statement: one copy per element of the first array indexed at run time, recursively. */
  private expand(s: IrStmt): IrStmt[] {
    const found: { ref?: DynamicRef } = {};
    const resolved = mapStmtShallow(s, constantsAndFirst(found));
    const ref = found.ref;
    if (!ref) return [resolved];
    const index = this.local('flat.index', ref.index.type);
    const n = ref.array.elements!.length;
    const cases = ref.array.elements!.map((_, k) => {
      const body = this.expand(mapStmtShallow(resolved, choose(ref, k)));
      const last = body[body.length - 1];
      if (last?.op !== 'return' && last?.op !== 'discard') body.push({ op: 'break' });
      return { values: [k], isDefault: k === n - 1, body };
    });
    return [{ op: 'store', place: index, value: ref.index }, { op: 'switch', selector: { op: 'load', type: ref.index.type, place: index }, cases }];
  }
}

export function flattenResourceArrays(module: IrModule): IrModule {
  const arrays = new Set(module.entryPoints.flatMap((ep) => ep.globals).filter((g) => g.elements));
  if (arrays.size === 0) return module;
  const functions = new Set([...module.functions, ...module.entryPoints.flatMap((ep) => [ep.function, ...(ep.staticInit ? [ep.staticInit] : [])])]);
  let next = 0;
  for (const fn of functions) for (const v of [...fn.locals, ...fn.params.map((p) => p.var)]) next = Math.max(next, v.id);
  for (const g of module.globals) next = Math.max(next, g.id);
  const newId = () => ++next;
  for (const fn of functions) fn.body = new FunctionRewriter(fn, newId).list(fn.body);
  // A switch reaches every element: the entry points use them all instead of the array.
  for (const ep of module.entryPoints) ep.globals = [...new Set(ep.globals.flatMap((g) => g.elements ?? [g]))];
  return module;
}
