// Dead code on the structured IR (issue 19), as DXC's aggressive DCE: an `if` whose branches are
// empty goes with its condition, and a local nothing reads loses its stores (and the local goes), as
// long as what they computed has no effect: reads of memory, images and inputs, arithmetic, math
// intrinsics, and calls of functions that only compute (not what a back end checks against the stage
// after the passes: derivatives, wave operations, ray-tracing system values, attribute evaluation). Repeats until nothing changes (an `&&`
// lowers to a local and nested `if`s, which go one after another). The entry points' globals are
// recounted afterwards, so dead-resource elimination can drop what only the dead code read (a
// subpass input, spec constants). Statements with any other effect stay, and so does a loop.
import type { IrExpr, IrFunction, IrGlobal, IrModule, IrPlace, IrStmt, IrVar, ResourceCall } from '../ir/ir.js';
import { isWaveIntrinsicName, type IntrinsicName } from '../ir/intrinsics.js';
import { placeRoot, walkExpr, walkStmts } from '../ir/walk.js';
import { SYSTEM_VALUE_STAGES } from '../ir/ray-tracing.js';
import type { ShaderStage } from '../common/stage.js';
import { referencedGlobals } from '../check/entry-points.js';

/**
 * Intrinsics that stay: those with an effect beyond their value (barriers, mesh outputs, the clock's
 * ordering), and those a back end checks against the stage or target after the passes (derivatives,
 * wave operations): dead code must not hide an error -O0 reports.
 */
const KEPT: ReadonlySet<IntrinsicName> = new Set<IntrinsicName>([
  'GroupMemoryBarrier', 'GroupMemoryBarrierWithGroupSync', 'DeviceMemoryBarrier', 'DeviceMemoryBarrierWithGroupSync',
  'AllMemoryBarrier', 'AllMemoryBarrierWithGroupSync', 'SetMeshOutputCounts', 'DispatchMesh', 'vk::ReadClock',
  'ddx', 'ddy', 'ddx_coarse', 'ddy_coarse', 'ddx_fine', 'ddy_fine', 'fwidth',
]);

/**
 * Resource calls that only read and that no back end checks against the stage (not implicit-LOD
 * sampling or CalculateLevelOfDetail, which need derivatives; ray-tracing system values: below).
 */
const READS: ReadonlySet<ResourceCall['kind']> = new Set<ResourceCall['kind']>([
  'sample', 'gather', 'fetch', 'texelsResident', 'querySize', 'queryLevels', 'querySamples', 'arrayLength', 'subpassLoad',
]);

class Purity {
  private readonly functions = new Map<IrFunction, boolean>();

  /** `stages`: the module's entry-point stages (a ray-tracing system value is checked against them). */
  constructor(private readonly stages: readonly ShaderStage[]) {}

  private readonly exprs = new WeakMap<IrExpr, boolean>();

  expr(e: IrExpr): boolean {
    let pure = this.exprs.get(e);
    if (pure === undefined) this.exprs.set(e, (pure = this.exprOnce(e)));
    return pure;
  }

  private exprOnce(e: IrExpr): boolean {
    switch (e.op) {
      case 'const':
        return true;
      case 'load':
        return this.place(e.place);
      case 'unary':
      case 'convert':
      case 'extract':
      case 'swizzle':
      case 'splat':
        return this.expr(e.arg);
      case 'binary':
        return this.expr(e.left) && this.expr(e.right);
      case 'construct':
        return e.parts.every((p) => this.expr(p));
      case 'dynamicExtract':
        return this.expr(e.arg) && this.expr(e.index);
      case 'select':
        return this.expr(e.cond) && this.expr(e.then) && this.expr(e.else);
      case 'intrinsic':
        return !KEPT.has(e.name) && !isWaveIntrinsicName(e.name) && e.args.every((a) => this.expr(a));
      case 'resource': {
        const call = e.call;
        // A system value every entry point's stage has: no -O0 diagnostic to keep.
        if (call.kind === 'raySystemValue') return this.stages.every((s) => (SYSTEM_VALUE_STAGES[call.value] as readonly string[]).includes(s));
        return READS.has(call.kind) && !(call.kind === 'sample' && !call.explicitLod);
      }
      case 'call':
        return e.args.every((a) => a.kind === 'value' && this.expr(a.value)) && this.fn(e.callee);
      default:
        return false;
    }
  }

  place(p: IrPlace): boolean {
    switch (p.kind) {
      case 'member':
        return this.place(p.base);
      case 'element':
        return this.place(p.base) && this.expr(p.index);
      case 'texel':
        return this.place(p.image) && this.expr(p.coord);
      case 'address':
        return this.expr(p.address);
      default:
        return true;
    }
  }

  /** A function that only computes: it writes nothing but its own locals and value parameters. */
  fn(f: IrFunction): boolean {
    const known = this.functions.get(f);
    if (known !== undefined) return known;
    this.functions.set(f, false); // recursion (never valid HLSL) is not pure
    const own = new Set<IrVar>([...f.locals, ...f.params.filter((p) => p.direction === 'in').map((p) => p.var)]);
    const pure = f.params.every((p) => p.direction === 'in') && this.stmts(f.body, own);
    this.functions.set(f, pure);
    return pure;
  }

  stmts(list: readonly IrStmt[], own: ReadonlySet<IrVar>): boolean {
    return list.every((s) => this.stmt(s, own));
  }

  private stmt(s: IrStmt, own: ReadonlySet<IrVar>): boolean {
    switch (s.op) {
      case 'store':
      case 'storeSwizzle': {
        const root = placeRoot(s.place);
        return root.kind === 'local' && own.has(root.local) && this.place(s.place) && this.expr(s.value);
      }
      case 'eval':
        return this.expr(s.expr);
      case 'if':
        return this.expr(s.cond) && this.stmts(s.then, own) && this.stmts(s.else, own);
      case 'loop':
        return this.stmts(s.body, own) && this.stmts(s.continuing, own);
      case 'switch':
        return this.expr(s.selector) && s.cases.every((c) => this.stmts(c.body, own));
      case 'return':
        return !s.value || this.expr(s.value);
      case 'break':
      case 'continue':
        return true;
      default:
        return false;
    }
  }
}

/** Locals the statements `visit` hands over mention (loaded, stored, indexed, passed by reference). */
function mentionedLocals(visit: (w: (list: IrStmt[]) => void) => void): Set<IrVar> {
  const found = new Set<IrVar>();
  visit((list) => walkStmts(list, { place: (p) => void (p.kind === 'local' && found.add(p.local)) }));
  return found;
}

/**
 * The locals whose values matter (as ADCE marks: what effects read, transitively). A store to a local
 * outside the set, of a pure value, has no effect; an `if` matters when its branches hold something
 * that does; `break`, `continue`, `return` and everything impure always matter.
 */
function liveLocals(fn: IrFunction, purity: Purity): Set<IrVar> {
  const live = new Set<IrVar>();
  const own = new Set(fn.locals);
  const marker = { place: (p: IrPlace) => void (p.kind === 'local' && live.add(p.local)) };
  const mark = (stmts: IrStmt[]) => walkStmts(stmts, marker);
  const dead = (s: Extract<IrStmt, { op: 'store' | 'storeSwizzle' }>) => {
    const root = placeRoot(s.place);
    return root.kind === 'local' && own.has(root.local) && !live.has(root.local) && purity.place(s.place) && purity.expr(s.value);
  };
  /** Marks what the statements' effects read; returns whether any statement matters. */
  const visit = (list: IrStmt[]): boolean => {
    let matters = false;
    for (const s of list) {
      switch (s.op) {
        case 'store':
        case 'storeSwizzle':
          if (dead(s)) continue;
          mark([s]);
          break;
        case 'eval':
          if (purity.expr(s.expr)) continue;
          mark([s]);
          break;
        case 'if': {
          const inThen = visit(s.then);
          const inElse = visit(s.else);
          const inner = inThen || inElse || !purity.expr(s.cond);
          if (!inner) continue;
          walkExpr(s.cond, marker);
          break;
        }
        case 'switch':
          s.cases.forEach((c) => visit(c.body));
          walkExpr(s.selector, marker);
          break;
        case 'loop':
          // A loop stays: its exits and what they test matter.
          visit(s.body);
          visit(s.continuing);
          break;
        default:
          mark([s]);
      }
      matters = true;
    }
    return matters;
  };
  for (let size = -1; size !== live.size; ) {
    size = live.size;
    visit(fn.body);
  }
  return live;
}

/** Whether `fn` has anything the sweep could remove: a store to one of its locals, or an empty `if`. */
function hasCandidates(fn: IrFunction): boolean {
  const own = new Set(fn.locals);
  const any = (list: IrStmt[]): boolean =>
    list.some((s) => {
      switch (s.op) {
        case 'store':
        case 'storeSwizzle': {
          const root = placeRoot(s.place);
          return root.kind === 'local' && own.has(root.local);
        }
        case 'if':
          return (!s.then.length && !s.else.length) || any(s.then) || any(s.else);
        case 'loop':
          return any(s.body) || any(s.continuing);
        case 'switch':
          return s.cases.some((c) => any(c.body));
        default:
          return false;
      }
    });
  return any(fn.body);
}

function sweep(fn: IrFunction, purity: Purity, removed: IrStmt[]): boolean {
  const live = liveLocals(fn, purity);
  const own = new Set(fn.locals);
  let changed = false;
  const block = (list: IrStmt[]): IrStmt[] => {
    const out: IrStmt[] = [];
    for (const s of list) {
      switch (s.op) {
        case 'store':
        case 'storeSwizzle': {
          const root = placeRoot(s.place);
          if (root.kind === 'local' && own.has(root.local) && !live.has(root.local) && purity.place(s.place) && purity.expr(s.value)) {
            changed = true;
            removed.push(s);
            continue;
          }
          break;
        }
        case 'if': {
          const then = block(s.then);
          const otherwise = block(s.else);
          if (!then.length && !otherwise.length && purity.expr(s.cond)) {
            changed = true;
            removed.push({ op: 'eval', expr: s.cond });
            continue;
          }
          out.push({ ...s, then, else: otherwise });
          continue;
        }
        case 'loop':
          out.push({ ...s, body: block(s.body), continuing: block(s.continuing) });
          continue;
        case 'switch':
          out.push({ ...s, cases: s.cases.map((c) => ({ ...c, body: block(c.body) })) });
          continue;
      }
      out.push(s);
    }
    return out;
  };
  fn.body = block(fn.body);
  // Locals no statement mentions any more go.
  const mentioned = mentionedLocals((w) => w(fn.body));
  const kept = fn.locals.filter((v) => mentioned.has(v));
  if (kept.length !== fn.locals.length) fn.locals = kept;
  return changed;
}

export function eliminateDeadCode(module: IrModule): boolean {
  const purity = new Purity(module.entryPoints.map((ep) => ep.stage));
  const removed: IrStmt[] = [];
  for (const fn of module.functions) if (hasCandidates(fn)) while (sweep(fn, purity, removed));
  if (!removed.length) return false;
  // Only globals the removed code referenced may leave an entry point's list: those nothing else reaches.
  const gone = new Set<IrGlobal>();
  walkStmts(removed, {
    place: (p) => void (p.kind === 'global' && gone.add(p.global)),
    expr: (e) => void (e.op === 'call' && referencedGlobals(e.callee).forEach((g) => gone.add(g))),
  });
  for (const ep of module.entryPoints) {
    if (!ep.globals.some((g) => gone.has(g))) continue;
    const roots = [ep.function, ...('patchConstant' in ep ? [ep.patchConstant.function] : []), ...(ep.staticInit ? [ep.staticInit] : [])];
    const still = new Set(roots.flatMap((f) => referencedGlobals(f)));
    ep.globals = ep.globals.filter((g) => !gone.has(g) || still.has(g));
  }
  return true;
}
