// What the optimising emitter may hold in values instead of variables, and which calls it may
// replace by the callee's body: analyses of the structured IR (issue 19). In structured code a
// statement's value dominates the later statements of its list, so bindings made there need no phi.
import type { IrConst, IrExpr, IrFunction, IrPlace, IrStmt, IrVar } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';
import { sameType, type Type } from '../types.js';

/**
 * A matrix whose HLSL rows are its SPIR-V composite's parts (row, then column: the indices an access
 * chain takes). A matrix with one row or column is a vector (1x1: a scalar) in SPIR-V: not one.
 */
function rowsAreParts(t: Type): boolean {
  return t.kind !== 'matrix' || (t.rows > 1 && t.cols > 1);
}

/** A place that is a variable or a constant path into it through structs, arrays, vectors and matrices (2x2 or larger). */
export function constantPath(p: IrPlace): { root: IrVar; steps: { index: number; type: Type }[] } | undefined {
  const steps: { index: number; type: Type }[] = [];
  for (;;) {
    if (p.kind === 'local') return { root: p.local, steps: steps.reverse() };
    if (p.kind !== 'member' && p.kind !== 'element') return undefined;
    if (!rowsAreParts(p.base.type)) return undefined;
    if (p.kind === 'member') steps.push({ index: p.index, type: p.type });
    else if (p.index.op === 'const' && p.index.value.kind === 'scalar') steps.push({ index: Number(p.index.value.value), type: p.type });
    else return undefined;
    p = p.base;
  }
}

/** constantPath(p)?.root, without building the steps. */
export function constantPathRoot(p: IrPlace): IrVar | undefined {
  for (;;) {
    if (p.kind === 'local') return p.local;
    if (p.kind !== 'member' && p.kind !== 'element') return undefined;
    if (!rowsAreParts(p.base.type)) return undefined;
    if (p.kind === 'element' && !(p.index.op === 'const' && p.index.value.kind === 'scalar')) return undefined;
    p = p.base;
  }
}

/**
 * Locals that need no variable: every occurrence is a store (whole, or through a constant path: an
 * insert) made directly by a statement, or a load through a constant path. Locals of plain data
 * (numbers, vectors, matrices, structs and arrays of them) are SSA values across control flow
 * (ssa.ts: phis at joins; a read before any store reads OpUndef). Others (buffer pointers,
 * resources) only where no phi is needed: stored by statements of one list, the first a whole
 * store, every read in a later statement of that list (each binding dominates what follows it;
 * never the continuing block's).
 */
export function valueLocals(fn: IrFunction, extra: readonly IrVar[] = [], counted: Occurrences = occurrences(fn.body)): Set<IrVar> {
  // A decorated variable ([[vk::ext_decorate]]) stays a variable.
  const locals = new Set([...fn.locals, ...extra].filter((v) => !v.decorations));
  const { roots, loads } = counted;
  const count = (m: Map<IrVar, number>, v: IrVar) => m.set(v, (m.get(v) ?? 0) + 1);
  const topStore = (s: IrStmt) => (s.op === 'store' || s.op === 'storeSwizzle' ? constantPath(s.place) : undefined);
  const stores = new Map<IrVar, number>();
  /** The one list whose statements store each local (undefined: stored in several). */
  const home = new Map<IrVar, { list: IrStmt[]; first: number; whole: boolean } | undefined>();
  const visit = (list: IrStmt[]) => {
    list.forEach((s, i) => {
      const path = topStore(s);
      if (path && locals.has(path.root)) {
        count(stores, path.root);
        const h = home.get(path.root);
        if (!home.has(path.root)) home.set(path.root, { list, first: i, whole: s.op === 'store' && !path.steps.length });
        else if (!h || h.list !== list) home.set(path.root, undefined);
      }
      if (s.op === 'if') (visit(s.then), visit(s.else));
      else if (s.op === 'loop') (visit(s.body), visit(s.continuing));
      else if (s.op === 'switch') for (const c of s.cases) visit(c.body);
    });
  };
  visit(fn.body);
  const out = new Set<IrVar>();
  for (const v of locals) {
    // Every occurrence is a store or a load through a constant path.
    if ((roots.get(v) ?? 0) !== (stores.get(v) ?? 0) + (loads.get(v) ?? 0)) continue;
    if (isPlainData(v.type)) {
      out.add(v);
      continue;
    }
    const h = home.get(v);
    if (!h || !h.whole) continue;
    // Every load comes after the first store, in the same list.
    const after = occurrences(h.list.slice(h.first + 1)).loads;
    if ((after.get(v) ?? 0) === (loads.get(v) ?? 0)) out.add(v);
  }
  return out;
}

/** How often each local occurs in statements: every place naming it, and the loads through a constant path rooted at it. */
export interface Occurrences {
  roots: Map<IrVar, number>;
  loads: Map<IrVar, number>;
}

/** One walk of `list` counting every local's occurrences (see Occurrences). */
export function occurrences(list: readonly IrStmt[]): Occurrences {
  const roots = new Map<IrVar, number>();
  const loads = new Map<IrVar, number>();
  walkStmts(list, {
    expr(e) {
      if (e.op !== 'load') return;
      const root = constantPathRoot(e.place);
      if (root) loads.set(root, (loads.get(root) ?? 0) + 1);
    },
    place(p) {
      if (p.kind === 'local') roots.set(p.local, (roots.get(p.local) ?? 0) + 1);
    },
  });
  return { roots, loads };
}

/**
 * Per-compile memo of valueLocals and parameter bindability by function: the IR does not change while
 * it is emitted. The three answers share one count of each function's occurrences.
 */
export class ValueFacts {
  private readonly counted = new Map<IrFunction, Occurrences>();
  private readonly locals = new Map<IrFunction, ReadonlySet<IrVar>>();
  private readonly inlined = new Map<IrFunction, ReadonlySet<IrVar>>();

  private occurrences(fn: IrFunction): Occurrences {
    let out = this.counted.get(fn);
    if (!out) this.counted.set(fn, (out = occurrences(fn.body)));
    return out;
  }

  valueLocals(fn: IrFunction): ReadonlySet<IrVar> {
    let out = this.locals.get(fn);
    if (!out) this.locals.set(fn, (out = valueLocals(fn, [], this.occurrences(fn))));
    return out;
  }

  /** As valueLocals, with the parameters counted as locals (a body inlined at a call: inline-call.ts). */
  inlinedValueLocals(fn: IrFunction): ReadonlySet<IrVar> {
    let out = this.inlined.get(fn);
    if (!out) this.inlined.set(fn, (out = valueLocals(fn, fn.params.map((p) => p.var), this.occurrences(fn))));
    return out;
  }

  /**
   * Whether a parameter (or variable) can be a value rather than a variable: the body only loads it,
   * each time through a constant path (see boundLoad), never writes it nor passes it as an out argument.
   */
  bindableParameter(fn: IrFunction, v: IrVar): boolean {
    const counts = this.occurrences(fn);
    return (counts.roots.get(v) ?? 0) === (counts.loads.get(v) ?? 0);
  }
}

/**
 * Whether a call can be replaced by the callee's body: no `return` but a trailing one (the value of
 * the call) and no `discard` (which would end the caller's block mid-expression).
 */
export function inlinable(fn: IrFunction, bindable: (v: IrVar) => boolean): boolean {
  // Parameters that are references, not values (streams, ray queries, resources, device pointers), and
  // functions whose inline-SPIR-V attributes belong to them (execution modes, capabilities), stay calls.
  // An inline SPIR-V type (vk::WorkgroupSpirvPointer) may be a pointer, which no Function variable may
  // hold: inlined only where the parameter is just the argument's value (read, never written).
  if (fn.params.some((p) => !isPlainData(p.var.type) && !(p.var.type.kind === 'spirvType' && p.direction === 'in' && bindable(p.var))) || fn.executionModes?.length || fn.requirements || fn.decorations || fn.params.some((p) => p.var.decorations)) return false;
  const ok = (list: readonly IrStmt[], top: boolean): boolean =>
    list.every((s, i) => {
      switch (s.op) {
        case 'return':
          return top && i === list.length - 1;
        case 'discard':
          return false;
        case 'if':
          return ok(s.then, false) && ok(s.else, false);
        case 'loop':
          return ok(s.body, false) && ok(s.continuing, false);
        case 'switch':
          return s.cases.every((c) => ok(c.body, false));
        default:
          return true;
      }
    });
  return ok(fn.body, true);
}

/** The most expressions and places a body with early returns may hold to be inlined. */
const MAX_INLINED_WITH_RETURNS = 40;

/**
 * Whether a call can be replaced by the callee's body in a one-iteration loop construct whose merge
 * each `return` branches to (inline-call.ts): returns and discards anywhere but inside the callee's
 * own loops and switches (where a branch to that merge would leave an inner construct).
 */
export function inlinableWithReturns(fn: IrFunction): boolean {
  if (fn.params.some((p) => !isPlainData(p.var.type) || p.var.decorations) || fn.executionModes?.length || fn.requirements || fn.decorations) return false;
  // A large body stays one function: copies at every call would outgrow the call (the loop
  // construct around each copy costs as much as the call's copies in and out).
  let size = 0;
  walkStmts(fn.body, { expr: () => void size++, place: () => void size++ });
  if (size > MAX_INLINED_WITH_RETURNS) return false;
  const ok = (list: readonly IrStmt[], nested: boolean): boolean =>
    list.every((s) => {
      switch (s.op) {
        case 'return':
          return !nested;
        case 'if':
          return ok(s.then, nested) && ok(s.else, nested);
        case 'loop':
          return ok(s.body, true) && ok(s.continuing, true);
        case 'switch':
          return s.cases.every((c) => ok(c.body, true));
        default:
          return true;
      }
    });
  return ok(fn.body, false);
}

/** A constant shift amount masked to the bit width, as maskShiftAmount does at run time. */
export function maskConstant(c: IrConst, mask: number): IrConst {
  if (c.kind === 'composite') return { ...c, parts: c.parts.map((p) => maskConstant(p, mask)) };
  const v = c.value;
  return { ...c, value: typeof v === 'bigint' ? v & BigInt(mask) : typeof v === 'number' ? v & mask : v };
}

/** Numbers, vectors, matrices, cooperative matrices and structs/arrays of them: what a call may copy in and out. */
export function isPlainData(t: Type): boolean {
  if (t.kind === 'array') return isPlainData(t.element);
  if (t.kind === 'struct') return t.fields.every((f) => isPlainData(f.type));
  if (t.kind === 'spirvType') return t.definition.opcode === OP_TYPE_COOPERATIVE_MATRIX_KHR;
  return t.kind === 'scalar' || t.kind === 'vector' || t.kind === 'matrix';
}

/** A cooperative matrix (vk::khr::CooperativeMatrix's inline type) is a value like a matrix. */
const OP_TYPE_COOPERATIVE_MATRIX_KHR = 4456;

/**
 * A vector built of the components of one vector, in order, each converted alike (`float2(u.xy)`
 * reaches the back end as float2((float)u.xy[0], (float)u.xy[1])): that vector, to convert whole.
 */
export function wholeVectorParts(e: Extract<IrExpr, { op: 'construct' }>): IrExpr | undefined {
  if (e.type.kind !== 'vector' || e.parts.length !== e.type.size) return undefined;
  let base: IrExpr | undefined;
  const converted = e.parts[0]?.op === 'convert';
  for (const [i, part] of e.parts.entries()) {
    const inner = converted ? (part.op === 'convert' ? part.arg : undefined) : part;
    if (inner?.op !== 'extract' || inner.index !== i || inner.arg.type.kind !== 'vector' || inner.arg.type.size !== e.type.size) return undefined;
    if (base === undefined) {
      base = inner.arg;
      if (!converted && !sameType(base.type, e.type)) return undefined;
    }
    else if (!sameExpr(base, inner.arg)) return undefined;
  }
  return base;
}

/** The same value: one node, or loads of one constant path and swizzles/extracts of such. */
function sameExpr(a: IrExpr, b: IrExpr): boolean {
  if (a === b) return true;
  if (a.op === 'load' && b.op === 'load') return samePlace(a.place, b.place);
  if (a.op === 'swizzle' && b.op === 'swizzle') return a.components.join() === b.components.join() && sameExpr(a.arg, b.arg);
  if (a.op === 'extract' && b.op === 'extract') return a.index === b.index && sameExpr(a.arg, b.arg);
  return false;
}

function samePlace(a: IrPlace, b: IrPlace): boolean {
  if (a === b) return true;
  if (a.kind === 'local' && b.kind === 'local') return a.local === b.local;
  if (a.kind === 'global' && b.kind === 'global') return a.global === b.global;
  if (a.kind === 'member' && b.kind === 'member') return a.index === b.index && samePlace(a.base, b.base);
  return false;
}
