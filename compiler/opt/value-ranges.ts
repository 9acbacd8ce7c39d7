// Value ranges of a function's numeric expressions: one interval per value (the union over a
// vector's components), and for floats whether the value may be NaN. Locals are flow-insensitive
// (the union of everything stored to them, to a fixed point); a `for` counter stepped by a positive
// constant and tested against a bound at the top of its loop is bounded by that test. Parameters,
// buffers, globals and call results are unknown, except the compute builtins that [numthreads]
// bounds (SV_GroupIndex, SV_GroupThreadID) in an entry function nothing else calls.
// Integer results that could wrap become the type's whole range; float bounds are widened by a
// small relative slack (rounding). Used by guard-elision.ts to drop guards a range makes unnecessary.
import type { IrEntryPoint, IrExpr, IrFunction, IrPlace, IrStmt, IrVar } from '../ir/ir.js';
import { placeRoot, walkStmts } from '../ir/walk.js';
import { elementScalar, type ScalarType } from '../types.js';

export interface Range {
  lo: number;
  hi: number;
  /** Floats: the value may be NaN. */
  nan: boolean;
}

const EMPTY: Range = { lo: Infinity, hi: -Infinity, nan: false };
const union = (a: Range, b: Range): Range => ({ lo: Math.min(a.lo, b.lo), hi: Math.max(a.hi, b.hi), nan: a.nan || b.nan });
const same = (a: Range, b: Range) => a.lo === b.lo && a.hi === b.hi && a.nan === b.nan;
const point = (v: number): Range => (Number.isNaN(v) ? { ...EMPTY, nan: true } : { lo: v, hi: v, nan: false });

/** Integers tracked: 32 bits and narrower (exact in doubles, products included up to 2^53). */
function integral(s: ScalarType | undefined): boolean {
  return !!s && (s.base === 'int' || s.base === 'uint') && s.width <= 32;
}

/** Everything a value of scalar `s` can be. */
export function fullRange(s: ScalarType | undefined): Range {
  if (!s) return { lo: -Infinity, hi: Infinity, nan: true };
  if (s.base === 'bool') return { lo: 0, hi: 1, nan: false };
  if (s.base === 'float') return { lo: -Infinity, hi: Infinity, nan: true };
  if (s.width > 32) return { lo: -Infinity, hi: Infinity, nan: false };
  return s.base === 'int' ? { lo: -(2 ** (s.width - 1)), hi: 2 ** (s.width - 1) - 1, nan: false } : { lo: 0, hi: 2 ** s.width - 1, nan: false };
}

/** An integer result: itself where the type holds it, else (it may wrap) the whole type. */
function fit(r: Range, s: ScalarType): Range {
  const full = fullRange(s);
  return r.lo >= full.lo && r.hi <= full.hi ? r : full;
}

/** A float result: bounds widened by a relative slack for rounding; an infinite bound may meet another and give NaN. */
function floatResult(r: Range, inputsNan: boolean): Range {
  const slack = (x: number, dir: number) => x + dir * Math.abs(x) * 2 ** -10;
  const infinite = !Number.isFinite(r.lo) || !Number.isFinite(r.hi);
  return { lo: slack(r.lo, -1), hi: slack(r.hi, 1), nan: inputsNan || infinite || Number.isNaN(r.lo) || Number.isNaN(r.hi) };
}

const minMax = (values: number[], nan: boolean): Range => ({ lo: Math.min(...values), hi: Math.max(...values), nan });

/** The root local of a place, if it is one. */
function rootLocal(p: IrPlace): IrVar | undefined {
  const q = placeRoot(p);
  return q.kind === 'local' ? q.local : undefined;
}

/** A loop's top test `if (v < X) {} else break` (or ≤, or X > v …): the counter and its largest value in the body. */
interface Bounded {
  counter: IrVar;
  bound: IrExpr;
  inclusive: boolean;
}

function loopTest(loop: Extract<IrStmt, { op: 'loop' }>): Bounded | undefined {
  const first = loop.body[0];
  if (first?.op !== 'if' || first.then.length !== 0 || first.else.length !== 1 || first.else[0]!.op !== 'break') return undefined;
  const c = first.cond;
  if (c.op !== 'binary') return undefined;
  const counterOf = (e: IrExpr): IrVar | undefined => {
    const inner = e.op === 'convert' && elementScalar(e.type)?.width === elementScalar(e.arg.type)?.width ? e.arg : e;
    return inner.op === 'load' && inner.place.kind === 'local' && integral(elementScalar(inner.type)) ? inner.place.local : undefined;
  };
  if (c.operator === 'lt' || c.operator === 'le') {
    const counter = counterOf(c.left);
    return counter && { counter, bound: c.right, inclusive: c.operator === 'le' };
  }
  if (c.operator === 'gt' || c.operator === 'ge') {
    const counter = counterOf(c.right);
    return counter && { counter, bound: c.left, inclusive: c.operator === 'ge' };
  }
  return undefined;
}

interface Store {
  local: IrVar;
  value: IrExpr;
  /** The store is `v = v + c` (c ≥ 1) in the continuing block of a loop whose top test bounds v, and the loop stores v nowhere else. */
  step?: { by: number; test: Bounded };
}

export class FunctionRanges {
  private readonly locals = new Map<IrVar, Range>();
  /** Locals whose value is unknown: passed as out/inout, atomics on them, or of a type not tracked. */
  private readonly unknown = new Set<IrVar>();
  private readonly params = new Map<IrVar, Range>();
  private readonly memo = new Map<IrExpr, Range>();
  /** Loops whose counter's only store in them is its step: in the body after the test, the counter is at most the bound. */
  private readonly counted: { test: Bounded; loop: Extract<IrStmt, { op: 'loop' }> }[] = [];
  /** Loads of such a counter in its loop's body, with the tested range. */
  private readonly refined = new Map<IrExpr, Range>();

  /** `entries`: the entry points whose function this is, when nothing calls it (their builtins are bounded). */
  constructor(readonly fn: IrFunction, entries: IrEntryPoint[] = []) {
    for (const p of fn.params) this.params.set(p.var, p.direction === 'in' ? this.builtinRange(p.var, entries) : fullRange(elementScalar(p.var.type)));
    const stores = this.collect(fn.body);
    this.solve(stores);
    this.refineCounters();
  }

  /** The range of `e` (scalar or vector numeric); whole-type for what is not tracked. */
  of(e: IrExpr): Range {
    const known = this.memo.get(e);
    if (known) return known;
    const r = this.compute(e);
    this.memo.set(e, r);
    return r;
  }

  private builtinRange(v: IrVar, entries: IrEntryPoint[]): Range {
    const s = elementScalar(v.type);
    let r: Range | undefined;
    for (const entry of entries) {
      const param = entry.params.find((p) => p.var === v);
      const semantic = param?.io.semantic?.toUpperCase();
      const size = 'workgroupSize' in entry ? entry.workgroupSize : undefined;
      if (!size || (semantic !== 'SV_GROUPINDEX' && semantic !== 'SV_GROUPTHREADID')) return fullRange(s);
      const hi = semantic === 'SV_GROUPINDEX' ? size[0] * size[1] * size[2] - 1 : Math.max(...size) - 1;
      r = union(r ?? EMPTY, { lo: 0, hi, nan: false });
    }
    return r ?? fullRange(s);
  }

  /** Every store to a tracked local, with the loop facts of counters; marks locals used any other way. */
  private collect(body: IrStmt[]): Store[] {
    const stores: Store[] = [];
    const allowed = new Set<IrPlace>();
    const allow = (p: IrPlace) => {
      for (let q: IrPlace = p; ; q = q.base) {
        allowed.add(q);
        if (q.kind !== 'member' && q.kind !== 'element') return;
      }
    };
    const visit = (list: IrStmt[], loops: { test?: Bounded; stmt: Extract<IrStmt, { op: 'loop' }> }[], continuing: boolean) => {
      for (const s of list) {
        if (s.op === 'store' || s.op === 'storeSwizzle') {
          const local = rootLocal(s.place);
          if (local) {
            allow(s.place);
            const loop = loops.at(-1);
            const step = continuing && loop?.test?.counter === local ? this.stepOf(s, local, loop) : undefined;
            stores.push({ local, value: s.value, step: step === undefined ? undefined : { by: step, test: loop!.test! } });
            if (step !== undefined) this.counted.push({ test: loop!.test!, loop: loop!.stmt });
          }
        } else if (s.op === 'if') {
          visit(s.then, loops, false);
          visit(s.else, loops, false);
        } else if (s.op === 'loop') {
          const inner = [...loops, { test: loopTest(s), stmt: s }];
          visit(s.body, inner, false);
          visit(s.continuing, inner, true);
        } else if (s.op === 'switch') for (const k of s.cases) visit(k.body, loops, false);
      }
    };
    visit(body, [], false);
    walkStmts(body, { expr: (e) => e.op === 'load' && allow(e.place) });
    walkStmts(body, {
      place: (p) => {
        if (p.kind === 'local' && !allowed.has(p)) this.unknown.add(p.local);
      },
      argument: (p) => {
        const local = rootLocal(p);
        if (local) this.unknown.add(local);
      },
    });
    return stores;
  }

  /** `v = v + c` with c a positive constant, the only store to v in its loop: c, else undefined. */
  private stepOf(s: Extract<IrStmt, { op: 'store' | 'storeSwizzle' }>, v: IrVar, loop: { stmt: Extract<IrStmt, { op: 'loop' }> }): number | undefined {
    if (s.op !== 'store' || s.place.kind !== 'local') return undefined;
    const e = s.value;
    if (e.op !== 'binary' || e.operator !== 'add' || e.left.op !== 'load' || e.left.place.kind !== 'local') return undefined;
    if (e.left.place.local !== v && !this.copyOf(e.left.place.local, v, s, loop.stmt)) return undefined;
    if (e.right.op !== 'const' || e.right.value.kind !== 'scalar' || typeof e.right.value.value !== 'number' || e.right.value.value < 1) return undefined;
    let others = 0;
    walkStmts([loop.stmt], { written: (p) => void (rootLocal(p) === v && others++), argument: (p) => void (rootLocal(p) === v && (others += 2)) });
    return others === 1 ? e.right.value.value : undefined;
  }

  /** Counter loads after the loop's test (not the test itself, not the continuing block): at most the bound. */
  private refineCounters(): void {
    for (const { test, loop } of this.counted) {
      const v = this.locals.get(test.counter);
      if (!v) continue;
      const highest = this.of(test.bound).hi - (test.inclusive ? 0 : 1);
      const tested: Range = { lo: v.lo, hi: Math.min(v.hi, highest), nan: false };
      walkStmts(loop.body.slice(1), {
        expr: (e) => {
          if (e.op === 'load' && e.place.kind === 'local' && e.place.local === test.counter) this.refined.set(e, tested);
        },
      });
    }
    this.memo.clear();
  }

  /** `i++`'s `tmp = i; i = tmp + 1`: `t` is stored once in the function, with `v`, earlier in the same continuing block. */
  private copyOf(t: IrVar, v: IrVar, increment: IrStmt, loop: Extract<IrStmt, { op: 'loop' }>): boolean {
    let stores = 0;
    walkStmts(this.fn.body, { written: (p) => void (rootLocal(p) === t && stores++), argument: (p) => void (rootLocal(p) === t && (stores += 2)) });
    if (stores !== 1) return false;
    const at = loop.continuing.indexOf(increment);
    return loop.continuing.slice(0, at).some((c) => c.op === 'store' && c.place.kind === 'local' && c.place.local === t && c.value.op === 'load' && c.value.place.kind === 'local' && c.value.place.local === v);
  }

  /** Local ranges to a fixed point; what still grows after a few rounds becomes its whole type. */
  private solve(stores: Store[]): void {
    const tracked = (v: IrVar) => {
      const s = elementScalar(v.type);
      return (v.type.kind === 'scalar' || v.type.kind === 'vector') && (integral(s) || s?.base === 'float') && !this.unknown.has(v);
    };
    for (const { local } of stores) if (tracked(local)) this.locals.set(local, EMPTY);
    for (let round = 0; round < 12; round++) {
      this.memo.clear();
      const next = new Map<IrVar, Range>([...this.locals.keys()].map((v) => [v, EMPTY]));
      for (const s of stores) {
        if (!next.has(s.local)) continue;
        next.set(s.local, union(next.get(s.local)!, this.stored(s)));
      }
      let stable = true;
      for (const [v, r] of next) {
        const old = this.locals.get(v)!;
        const widened = round >= 8 && !same(r, old) ? fullRange(elementScalar(v.type)) : r;
        if (!same(widened, old)) stable = false;
        this.locals.set(v, widened);
      }
      if (stable) break;
      if (round === 11) for (const v of next.keys()) this.locals.set(v, fullRange(elementScalar(v.type)));
    }
    this.memo.clear();
  }

  private stored(s: Store): Range {
    if (!s.step) return this.of(s.value);
    // The counter passed its test this iteration and nothing else stored it since: at most the bound.
    const v = this.locals.get(s.local)!;
    const bound = this.of(s.step.test.bound);
    const el = elementScalar(s.local.type)!;
    const highest = bound.hi - (s.step.test.inclusive ? 0 : 1);
    if (v.lo > v.hi) return EMPTY;
    // (The bound, not min(v.hi, bound): the fixed point is reached at once instead of one step a round.)
    return fit({ lo: v.lo + s.step.by, hi: Math.max(v.lo, highest) + s.step.by, nan: false }, el);
  }

  private compute(e: IrExpr): Range {
    const s = elementScalar(e.type);
    if (!s || (!integral(s) && s.base !== 'float' && s.base !== 'bool')) return fullRange(s);
    switch (e.op) {
      case 'const':
        return constRange(e.value);
      case 'load': {
        const tested = this.refined.get(e);
        if (tested) return tested;
        const local = e.place.kind === 'local' || e.place.kind === 'member' || e.place.kind === 'element' ? rootLocal(e.place) : undefined;
        if (local && this.unknown.has(local)) return fullRange(s);
        if (local && this.params.has(local) && !this.locals.has(local)) return this.params.get(local)!;
        if (local && this.locals.has(local)) return this.params.has(local) ? union(this.locals.get(local)!, this.params.get(local)!) : this.locals.get(local)!;
        return fullRange(s);
      }
      case 'extract':
      case 'swizzle':
      case 'splat':
      case 'dynamicExtract':
        return this.of(e.arg);
      case 'construct':
        return e.type.kind === 'vector' ? e.parts.map((p) => this.of(p)).reduce(union, EMPTY) : fullRange(s);
      case 'select':
        return union(this.of(e.then), this.of(e.else));
      case 'convert':
        return this.convert(e.arg, s);
      case 'unary':
        return this.unary(e.operator, this.of(e.arg), s);
      case 'binary':
        return this.binary(e.operator, this.of(e.left), this.of(e.right), s, elementScalar(e.left.type));
      case 'intrinsic':
        return this.intrinsic(e, s);
      default:
        return fullRange(s);
    }
  }

  private convert(arg: IrExpr, to: ScalarType): Range {
    const from = elementScalar(arg.type);
    const a = this.of(arg);
    if (to.base === 'bool') return fullRange(to);
    if (from?.base === 'bool') return to.base === 'float' ? { lo: 0, hi: 1, nan: false } : { lo: 0, hi: 1, nan: false };
    if (to.base === 'float') return from?.base === 'float' ? floatResult(a, a.nan) : floatResult({ ...a, nan: false }, false);
    if (!integral(to)) return fullRange(to);
    if (from?.base === 'float') {
      // Saturating, NaN → 0 (defined-arithmetic.ts).
      const full = fullRange(to);
      const lo = Math.max(Math.trunc(a.lo), full.lo);
      const hi = Math.min(Math.trunc(a.hi), full.hi);
      const r = lo <= hi ? { lo, hi, nan: false } : EMPTY;
      return a.nan ? union(r, point(0)) : r;
    }
    return fit(a, to);
  }

  private unary(op: 'neg' | 'lognot' | 'bitnot', a: Range, s: ScalarType): Range {
    if (op === 'lognot') return fullRange(s);
    if (s.base === 'float') return op === 'neg' ? { lo: -a.hi, hi: -a.lo, nan: a.nan } : fullRange(s);
    if (op === 'neg') return s.base === 'uint' ? (a.lo === 0 && a.hi === 0 ? a : fullRange(s)) : fit({ lo: -a.hi, hi: -a.lo, nan: false }, s);
    return s.base === 'int' ? { lo: -a.hi - 1, hi: -a.lo - 1, nan: false } : { lo: fullRange(s).hi - a.hi, hi: fullRange(s).hi - a.lo, nan: false };
  }

  private binary(op: string, a: Range, b: Range, s: ScalarType, operand: ScalarType | undefined): Range {
    if (a.lo > a.hi && !a.nan) return EMPTY;
    if (b.lo > b.hi && !b.nan) return EMPTY;
    if (s.base === 'bool') return fullRange(s);
    if (s.base === 'float') {
      const nan = a.nan || b.nan;
      switch (op) {
        case 'add':
          return floatResult({ lo: a.lo + b.lo, hi: a.hi + b.hi, nan }, nan);
        case 'sub':
          return floatResult({ lo: a.lo - b.hi, hi: a.hi - b.lo, nan }, nan);
        case 'mul': {
          const p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
          return floatResult(minMax(p, nan), nan || p.some(Number.isNaN));
        }
        case 'div':
          if (b.lo > 0 || b.hi < 0) return floatResult(minMax([a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi], nan), nan);
          return fullRange(s);
        default:
          return fullRange(s);
      }
    }
    if (!integral(s) || !operand) return fullRange(s);
    const nonNegative = a.lo >= 0 && b.lo >= 0;
    switch (op) {
      case 'add':
        return fit({ lo: a.lo + b.lo, hi: a.hi + b.hi, nan: false }, s);
      case 'sub':
        return fit({ lo: a.lo - b.hi, hi: a.hi - b.lo, nan: false }, s);
      case 'mul':
        return fit(minMax([a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi], false), s);
      case 'div':
        if (b.lo > 0) return fit(minMax([a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi].map(Math.trunc), false), s);
        return fullRange(s);
      case 'rem':
        if (b.lo > 0) return { lo: a.lo < 0 ? Math.max(a.lo, 1 - b.hi) : 0, hi: a.hi > 0 ? Math.min(a.hi, b.hi - 1) : 0, nan: false };
        return fullRange(s);
      case 'shl':
        if (a.lo >= 0 && b.lo >= 0 && b.hi < s.width) return fit({ lo: a.lo * 2 ** b.lo, hi: a.hi * 2 ** b.hi, nan: false }, s);
        return fullRange(s);
      case 'shr':
        if (a.lo >= 0 && b.lo >= 0 && b.hi < s.width) return { lo: Math.floor(a.lo / 2 ** b.hi), hi: Math.floor(a.hi / 2 ** b.lo), nan: false };
        return { lo: Math.min(0, a.lo), hi: Math.max(0, a.hi), nan: false };
      case 'bitand':
        if (a.lo >= 0 && b.lo >= 0) return { lo: 0, hi: Math.min(a.hi, b.hi), nan: false };
        if (a.lo >= 0) return { lo: 0, hi: a.hi, nan: false };
        if (b.lo >= 0) return { lo: 0, hi: b.hi, nan: false };
        return fullRange(s);
      case 'bitor':
      case 'bitxor':
        if (nonNegative) return fit({ lo: 0, hi: 2 ** Math.ceil(Math.log2(Math.max(a.hi, b.hi) + 1)) - 1, nan: false }, s);
        return fullRange(s);
      default:
        return fullRange(s);
    }
  }

  private intrinsic(e: Extract<IrExpr, { op: 'intrinsic' }>, s: ScalarType): Range {
    const args = e.args.map((a) => this.of(a));
    const [a, b, c] = args;
    const float = s.base === 'float';
    const nan = args.some((r) => r.nan);
    if (!float && !integral(s)) return fullRange(s);
    switch (e.name) {
      // Float min/max: NMin/NMax give the other operand for a NaN (WGSL may give NaN): both covered.
      case 'min':
        return { lo: Math.min(a!.lo, b!.lo), hi: Math.max(Math.min(a!.hi, b!.hi), a!.nan ? b!.hi : -Infinity, b!.nan ? a!.hi : -Infinity), nan };
      case 'max':
        return { lo: Math.min(Math.max(a!.lo, b!.lo), a!.nan ? b!.lo : Infinity, b!.nan ? a!.lo : Infinity), hi: Math.max(a!.hi, b!.hi), nan };
      case 'clamp':
        // FClamp/SClamp/UClamp: undefined for a NaN operand or bounds that may be out of order.
        if (nan || b!.hi > c!.lo) return fullRange(s);
        return { lo: Math.min(Math.max(a!.lo, b!.lo), c!.lo), hi: Math.min(Math.max(a!.hi, b!.hi), c!.hi), nan: false };
      case 'saturate':
        // FClamp(x, 0, 1): undefined for a NaN x.
        if (nan) return fullRange(s);
        return { lo: Math.min(Math.max(a!.lo, 0), 1), hi: Math.min(Math.max(a!.hi, 0), 1), nan: false };
      case 'abs':
        if (!float && s.base === 'int' && a!.lo <= fullRange(s).lo) return fullRange(s);
        return { lo: a!.lo >= 0 ? a!.lo : a!.hi <= 0 ? -a!.hi : 0, hi: Math.max(Math.abs(a!.lo), Math.abs(a!.hi)), nan };
      case 'floor':
      case 'ceil':
      case 'round':
      case 'trunc':
        return { lo: Math.floor(a!.lo), hi: Math.ceil(a!.hi), nan };
      case 'frac':
        return { lo: 0, hi: 1, nan: nan || !Number.isFinite(a!.lo) || !Number.isFinite(a!.hi) };
      case 'sin':
      case 'cos':
        return { lo: -1, hi: 1, nan: nan || !Number.isFinite(a!.lo) || !Number.isFinite(a!.hi) };
      case 'countbits':
        return { lo: 0, hi: 32, nan: false };
      default:
        return fullRange(s);
    }
  }
}

function constRange(c: Extract<IrExpr, { op: 'const' }>['value']): Range {
  if (c.kind === 'composite') return c.parts.map(constRange).reduce(union, EMPTY);
  const v = c.value;
  return typeof v === 'boolean' ? point(v ? 1 : 0) : typeof v === 'bigint' ? { lo: Number(v), hi: Number(v), nan: false } : point(v);
}

/** Whether walking `fn` meets a call of `callee`. */
export function calls(fn: IrFunction, callee: IrFunction): boolean {
  let found = false;
  walkStmts(fn.body, { expr: (e) => void (e.op === 'call' && e.callee === callee && (found = true)) });
  return found;
}

