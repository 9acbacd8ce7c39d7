// Drops the guards of defined arithmetic (spirv/defined-arithmetic.ts, the WGSL back end's shift
// masks and float → int classification) where operand ranges (value-ranges.ts) make the bare
// instruction defined, by marking the IR node (`guard`); the back ends emit what is left:
//   x / y:  y is never 0, and never -1 where x may be INT_MIN (OpSDiv/OpUDiv as they are);
//   x % y:  y is never 0 and, signed, x ≥ 0 and y > 0 (OpSRem is then defined in Vulkan);
//   x << s, x >> s:  0 ≤ s < width (no mask);
//   float → int:  the value truncates into the target's range: no saturation ('none' when it
//                 cannot be NaN, else 'nan': only NaN → 0 stays).
// Runs last, so no later pass changes an operand after it was judged.
import type { IrEntryPoint, IrExpr, IrFunction, IrModule } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';
import { elementScalar, type ScalarType } from '../types.js';
import { fullRange, FunctionRanges, type Range } from './value-ranges.js';

/** Marks every guard the ranges make unnecessary; whether any was. */
export function elideGuards(module: IrModule): boolean {
  const functions = new Set<IrFunction>();
  const called = new Set<IrFunction>();
  const visitFunction = (fn: IrFunction) => {
    if (functions.has(fn)) return;
    functions.add(fn);
    walkStmts(fn.body, {
      expr: (e) => {
        if (e.op !== 'call') return;
        called.add(e.callee);
        visitFunction(e.callee);
      },
    });
  };
  for (const entry of module.entryPoints) {
    visitFunction(entry.function);
    if (entry.staticInit) visitFunction(entry.staticInit);
    if ('patchConstant' in entry && entry.patchConstant) visitFunction((entry.patchConstant as { function: IrFunction }).function);
  }
  let changed = false;
  for (const fn of functions) {
    // The range analysis (several walks and a fixed point) only for a function with a guard to judge.
    let guarded = false;
    walkStmts(fn.body, { expr: (e) => void (guarded ||= judged(e)) });
    if (!guarded) continue;
    const entries: IrEntryPoint[] = called.has(fn) ? [] : module.entryPoints.filter((e) => e.function === fn);
    const ranges = new FunctionRanges(fn, entries);
    walkStmts(fn.body, { expr: (e) => void (mark(e, ranges) && (changed = true)) });
  }
  return changed;
}

/** An expression mark() may drop a guard of: a 32-bit-or-narrower integer div, rem or shift, or a float → int conversion. */
function judged(e: IrExpr): boolean {
  if (e.op === 'binary') {
    const s = elementScalar(e.left.type);
    if (!s || (s.base !== 'int' && s.base !== 'uint') || s.width > 32 || e.type.kind === 'matrix') return false;
    return e.operator === 'div' || e.operator === 'rem' || e.operator === 'shl' || e.operator === 'shr';
  }
  if (e.op === 'convert') {
    const from = elementScalar(e.arg.type);
    const to = elementScalar(e.type);
    return from?.base === 'float' && (to?.base === 'int' || to?.base === 'uint') && to.width <= 32;
  }
  return false;
}

/** No value reaching (a local read but never stored: undefined) proves nothing. */
const known = (r: Range, s: ScalarType): Range => (r.lo > r.hi && !r.nan ? fullRange(s) : r);

function mark(e: IrExpr, ranges: FunctionRanges): boolean {
  if (e.op === 'binary') {
    const s = elementScalar(e.left.type);
    if (!s || (s.base !== 'int' && s.base !== 'uint') || s.width > 32 || e.type.kind === 'matrix') return false;
    const a = known(ranges.of(e.left), s);
    const b = known(ranges.of(e.right), s);
    let bare = false;
    if (e.operator === 'div') bare = (b.lo > 0 || b.hi < 0) && (s.base === 'uint' || b.lo > -1 || b.hi < -1 || a.lo > fullRange(s).lo);
    else if (e.operator === 'rem') bare = b.lo > 0 && a.lo >= 0;
    else if (e.operator === 'shl' || e.operator === 'shr') bare = b.lo >= 0 && b.hi < s.width;
    if (bare) e.guard = 'none';
    return bare;
  }
  if (e.op === 'convert') {
    const from = elementScalar(e.arg.type);
    const to = elementScalar(e.type);
    if (from?.base !== 'float' || (to?.base !== 'int' && to?.base !== 'uint') || to.width > 32) return false;
    const r = known(ranges.of(e.arg), from);
    const full = fullRange(to);
    // Truncation toward zero lands in [full.lo, full.hi] for values in [full.lo, full.hi + 1).
    if (!(r.lo >= full.lo && r.hi < full.hi + 1)) return false;
    e.guard = r.nan ? 'nan' : 'none';
    return true;
  }
  return false;
}
