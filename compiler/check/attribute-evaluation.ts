// GetAttributeAtVertex and EvaluateAttributeAtSample/Centroid/Snapped: a pixel input read at one
// vertex of the primitive, or interpolated somewhere else than the pixel's own sample. Both read the
// input's Input variable itself (SPIR-V's per-vertex array, InterpolateAt*'s pointer operand), so the
// argument must be an input of a pixel entry point. DXC reaches copies and helper functions through its
// legalization (inlining), which we do not have; EvaluateAttribute* follows what inlining would show: a
// local copy written once before the use (`float4 c2 = color;`) and a helper's `in` parameter that every
// call passes the same input (the helper then names that Input variable itself). One exception,
// DXC's too: when the program calls GetAttributeAtVertex, a helper's `nointerpolation` parameter holds
// all three vertices (T[3]); its name reads vertex 0, and its argument is an input or another such one.
import { walk } from './resource-constants.js';
import type { Loc } from '../diagnostics.js';
import type { LocationTable } from '../locations.js';
import type { InterpolateMode, IrEntryPoint, IrExpr, IrFunction, IrPlace } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';
import { arrayOf, elementScalar, INT, isNumeric, sameType, typeToString, UINT, vector, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Value } from './value.js';
import type { FunctionSymbol } from './scope.js';

const MODES: Record<string, { mode: InterpolateMode; arity: number; arg?: Type }> = {
  GetAttributeAtVertex: { mode: 'vertex', arity: 2, arg: UINT },
  EvaluateAttributeAtSample: { mode: 'sample', arity: 2, arg: UINT },
  EvaluateAttributeCentroid: { mode: 'centroid', arity: 1 },
  EvaluateAttributeSnapped: { mode: 'offset', arity: 2, arg: vector(INT, 2) },
};

const NAMES: Record<InterpolateMode, string> = {
  vertex: 'GetAttributeAtVertex',
  vertices: "a 'nointerpolation' parameter",
  sample: 'EvaluateAttributeAtSample',
  centroid: 'EvaluateAttributeCentroid',
  offset: 'EvaluateAttributeSnapped',
};

export function isAttributeIntrinsic(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(MODES, name);
}

export function checkAttributeCall(c: Checker, x: ExpressionChecker, name: string, args: Value[], loc: Loc): Value | undefined {
  const { mode, arity, arg } = MODES[name]!;
  if (args.length !== arity) {
    c.error(`'${name}' takes ${arity} argument${arity === 1 ? '' : 's'}, but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`, loc, name.length);
    return undefined;
  }
  const input = args[0]!;
  const el = elementScalar(input.type);
  if (!input.place || !isNumeric(input.type) || input.type.kind === 'matrix') {
    c.error(`the first argument of '${name}' must be a scalar or vector pixel shader input, not ${input.place ? `'${typeToString(input.type)}'` : 'a computed value'}`, input.loc);
    return undefined;
  }
  if (el?.base === 'bool') {
    // Bool inputs are uint variables: the value the variable holds is not the bool DXC would evaluate.
    c.error(`attribute evaluation can only be done on values taken directly from inputs, not on '${typeToString(input.type)}'`, input.loc);
    return undefined;
  }
  if (mode !== 'vertex' && el?.base !== 'float') {
    c.error(`'${name}' interpolates a floating-point input, not '${typeToString(input.type)}'`, input.loc);
    return undefined;
  }
  const second = args[1];
  if (second && !isNumeric(second.type)) {
    c.error(`no matching overload of '${name}' for argument of type '${typeToString(second.type)}'`, second.loc);
    return undefined;
  }
  const own = mode === 'vertex' ? perVertexVariable(c, input.place) : undefined;
  if (own) {
    const element: IrPlace = { kind: 'element', base: own, index: x.coerce(second!, UINT), type: input.type };
    return { type: input.type, loc, expr: { op: 'load', type: input.type, place: element }, readonly: true };
  }
  if (mode !== 'vertex' && perVertexVariable(c, input.place)) {
    c.error(`'${name}' interpolates an input, but this parameter is 'nointerpolation'`, input.loc);
    return undefined;
  }
  const expr: IrExpr = { op: 'interpolate', type: input.type, mode, input: input.place, ...(second && arg ? { arg: x.coerce(second, arg) } : {}), loc };
  c.madeInterpolation = true;
  return { type: input.type, loc, expr, readonly: true };
}

/** A place's root local and the member indices down to it, if it is only members of a local. */
function memberPath(p: IrPlace): { root: Extract<IrPlace, { kind: 'local' }>['local']; path: number[] } | undefined {
  if (p.kind === 'local') return { root: p.local, path: [] };
  if (p.kind !== 'member') return undefined;
  const base = memberPath(p.base);
  return base && { root: base.root, path: [...base.path, p.index] };
}

/**
 * The place a local holds a copy of: it is written once, by a top-level `local = load(place)` of the
 * function that comes before the statement using it, and so holds that value wherever it is read.
 */
function copiedFrom(fn: IrFunction, local: Extract<IrPlace, { kind: 'local' }>['local'], use: IrExpr): IrPlace | undefined {
  if (writeCount(fn, local) !== 1) return undefined;
  const at = fn.body.findIndex((s) => s.op === 'store' && s.place.kind === 'local' && s.place.local === local);
  const store = fn.body[at];
  if (!store || store.op !== 'store' || store.value.op !== 'load' || !memberPath(store.value.place)) return undefined;
  let usedAt = -1;
  fn.body.forEach((s, i) => walkStmts([s], { expr: (x) => void (x === use && (usedAt = i)) }));
  return usedAt > at ? store.value.place : undefined;
}

function rootLocal(p: IrPlace): unknown {
  return p.kind === 'local' ? p.local : 'base' in p && p.base ? rootLocal(p.base as IrPlace) : undefined;
}

/** `p` (members of a local) with its local replaced by `root`. */
function rebase(p: IrPlace, root: IrPlace): IrPlace {
  if (p.kind === 'member') return { ...p, base: rebase(p.base, root) };
  return root;
}

type Call = Extract<IrExpr, { op: 'call' }>;
type Traced = { ep: IrEntryPoint; place: IrPlace } | { error: string; loc: Loc };

/**
 * The entry input `place` (members of a local of `fn`, read by `use`) holds, as after DXC's legalization:
 * through local copies written once before the use, and through a helper's `in` parameter (never written
 * in it) to the argument of every call site, each of which must trace to the same input.
 */
function traceInput(locations: LocationTable, fn: IrFunction, place: IrPlace, use: IrExpr, where: Loc, entries: readonly IrEntryPoint[], sites: Map<IrFunction, { caller: IrFunction; call: Call }[]>, depth: number): Traced | undefined {
  for (let hops = 0; hops < 8; hops++) {
    const local = memberPath(place);
    const source = local && !fn.params.some((p) => p.var === local.root) && !entries.some((e) => e.function === fn && e.params.some((p) => p.var === local.root)) ? copiedFrom(fn, local.root, use) : undefined;
    if (!source) break;
    place = rebase(place, source);
  }
  const at = memberPath(place);
  if (!at) return undefined;
  const ep = entries.find((p) => p.function === fn);
  if (ep) return ep.params.some((p) => p.var === at.root && p.direction !== 'out') && !sites.has(fn) ? { ep, place } : undefined;
  const index = fn.params.findIndex((p) => p.var === at.root && p.direction === 'in');
  if (index < 0 || depth > 16 || writeCount(fn, at.root) > 0) return undefined;
  let found: { ep: IrEntryPoint; place: IrPlace } | undefined;
  let firstLoc: Loc | undefined;
  for (const { caller, call } of sites.get(fn) ?? []) {
    const loc = call.loc ?? where;
    const arg = call.args[index];
    const argPlace = arg?.kind === 'value' && arg.value.op === 'load' && memberPath(arg.value.place) ? arg.value.place : undefined;
    const traced = argPlace && traceInput(locations, caller, rebase(place, argPlace), call, loc, entries, sites, depth + 1);
    if (traced && 'error' in traced) return traced;
    if (!traced) return { error: `the argument of '${fn.name}' parameter '${at.root.name}' here is not a pixel shader input: '${fn.name}' evaluates it as an attribute, which only an input (or a local copy of one, or a helper's parameter given one) can be`, loc };
    if (found && (found.ep !== traced.ep || !samePlace(found.place, traced.place))) {
      const place = firstLoc === undefined ? undefined : locations.resolve(firstLoc);
      const first = place ? ` at ${place.line}:${place.column}` : '';
      return { error: `'${fn.name}' is called here with another input than${first}: it evaluates its parameter '${at.root.name}' as an attribute, so every call must pass the same pixel shader input (DXC inlines each call; we do not specialise helpers per input)`, loc };
    }
    found ??= traced;
    firstLoc ??= call.loc;
  }
  return found;
}

/** How many places in `fn` write `local` or a member of it. */
function writeCount(fn: IrFunction, local: unknown): number {
  let writes = 0;
  walkStmts(fn.body, { written: (p) => void (rootLocal(p) === local && writes++) });
  return writes;
}

function samePlace(a: IrPlace, b: IrPlace): boolean {
  const x = memberPath(a);
  const y = memberPath(b);
  return !!x && !!y && x.root === y.root && x.path.join('.') === y.path.join('.');
}

/**
 * After the entry points are known: every attribute evaluation must name a stage input (a member path
 * of an `in` parameter down to one semantic) of the pixel entry point whose function contains it, or
 * reach one through local copies and helper parameters (traceInput).
 */
export function checkAttributeInputs(c: Checker, functions: readonly IrFunction[], entryPoints: readonly IrEntryPoint[]): void {
  const sites = new Map<IrFunction, { caller: IrFunction; call: Call }[]>();
  const uses: { fn: IrFunction; e: Extract<IrExpr, { op: 'interpolate' }> }[] = [];
  const seen = new Set<IrExpr>();
  for (const fn of functions) {
    walkStmts(fn.body, {
      expr(e) {
        if (e.op === 'call') {
          if (!sites.has(e.callee)) sites.set(e.callee, []);
          sites.get(e.callee)!.push({ caller: fn, call: e });
        }
        // A shared node (the checker reuses some) is traced once: tracing rewrites its input.
        if (e.op === 'interpolate' && !seen.has(e)) {
          seen.add(e);
          uses.push({ fn, e });
        }
      },
    });
  }
  for (const { fn, e } of uses) {
    const name = NAMES[e.mode];
    // A nointerpolation parameter's argument is reported at the argument; an intrinsic at its name.
    const what = e.mode === 'vertices' ? `passing ${name}` : `'${name}'`;
    const length = e.mode === 'vertices' ? 1 : name.length;
    const own = entryPoints.find((p) => p.function === fn);
    if (own && own.stage !== 'pixel') {
      c.error(`${e.mode === 'vertices' ? `${name} takes a pixel shader input:` : what + ' is only available in pixel shaders,'} not in the ${own.stage} entry point '${own.name}'`, e.loc, length);
      continue;
    }
    // EvaluateAttribute* on a local copy of an input (`float4 c2 = color;`) or on a helper's parameter reads
    // that input, as after DXC's legalization. (GetAttributeAtVertex keeps needing the input itself: a copy
    // holds one vertex's value; a helper's nointerpolation parameter holds all three, see isPerVertexParam.)
    // A `[[vk::ext_builtin_input]]` global is an Input variable itself (DXC's gl_PointCoord tests).
    if (e.input.kind === 'global' && e.input.global.stageBuiltin?.storage === 'input' && e.mode !== 'vertices' && e.mode !== 'vertex') continue;
    let traced: Traced | undefined;
    if (e.mode === 'vertices' || e.mode === 'vertex') {
      const at = memberPath(e.input);
      const param = own && !sites.has(fn) && at ? own.params.find((p) => p.var === at.root && p.direction !== 'out') : undefined;
      traced = param ? { ep: own!, place: e.input } : undefined;
    } else traced = traceInput(c.sink.locations, fn, e.input, e, e.loc, entryPoints, sites, 0);
    if (traced && 'error' in traced) {
      c.error(traced.error, traced.loc);
      continue;
    }
    const ep = traced?.ep;
    if (traced) (e as { input: IrPlace }).input = traced.place;
    const at = memberPath(e.input);
    const param = ep && at ? ep.params.find((p) => p.var === at.root && p.direction !== 'out') : undefined;
    if (!ep || !param || !at) {
      const argument = e.mode === 'vertices' ? `${name} takes` : `'${name}' reads a pixel shader input's own variable: its first argument must be`;
      c.error(
        e.mode === 'vertices' || e.mode === 'vertex'
          ? `${argument} an input parameter of the pixel entry point (or a member of one), named in the entry function itself${e.mode === 'vertices' ? ', or another such parameter' : ''}; copies and helper functions' parameters are not inputs`
          : `${argument} an input parameter of the pixel entry point (or a member of one), a local copy of one written once before the use, or a helper's parameter that every call gives one`,
        e.loc,
        length,
      );
      continue;
    }
    if (ep.stage !== 'pixel') {
      c.error(`${what} is only available in pixel shaders, not in the ${ep.stage} entry point '${ep.name}'`, e.loc, length);
      continue;
    }
    let type = param.var.type;
    let semantic = param.io.semantic;
    let interpolation = param.io.interpolation;
    let builtin = param.io.builtin;
    for (const index of at.path) {
      if (type.kind !== 'struct') break;
      const f = type.fields[index]!;
      type = f.type;
      semantic = f.semantic ?? (f.type.kind === 'struct' ? undefined : semantic);
      interpolation = f.interpolation ?? interpolation;
      builtin = f.builtin;
    }
    // SV_InstanceID has no BuiltIn in a pixel shader: it is a located input like a user semantic (manual).
    const located = semantic !== undefined && (!/^sv_/i.test(semantic) || semantic.toUpperCase() === 'SV_INSTANCEID');
    if (type.kind === 'struct' || semantic === undefined || builtin !== undefined || !located) {
      const kind = type.kind === 'struct' ? `a struct` : semantic === undefined || builtin !== undefined ? 'a builtin' : `the system value '${semantic}'`;
      c.error(`${what} needs one user-semantic input (a location), not ${kind}`, e.loc, length);
      continue;
    }
    const flat = interpolation?.includes('nointerpolation') ?? false;
    if (e.mode === 'vertex' && !flat) c.error(`${what} reads an input declared 'nointerpolation'; '${semantic}' is interpolated`, e.loc, length);
    if (e.mode === 'vertices' && !flat) c.error(`${name} takes an input declared 'nointerpolation'; '${semantic}' is interpolated`, e.loc, length);
    if (e.mode !== 'vertex' && e.mode !== 'vertices' && flat) c.error(`${what} interpolates an input, but '${semantic}' is 'nointerpolation'`, e.loc, length);
  }
}

/** Does the program call GetAttributeAtVertex anywhere (then `nointerpolation` parameters carry all three vertices)? */
export function callsGetAttributeAtVertex(program: unknown): boolean {
  return walk(program, (node) => {
    const n = node as { kind: string; callee?: { kind?: unknown; name?: unknown } };
    return n.kind === 'Call' && n.callee?.kind === 'Name' && n.callee.name === 'GetAttributeAtVertex';
  });
}

/**
 * A helper function's `nointerpolation` parameter when the program reads vertices (DXC): its variable
 * holds the three vertices' values (T[3]); the name reads vertex 0, GetAttributeAtVertex any of them.
 */
export function isPerVertexParam(c: Checker, symbol: FunctionSymbol, i: number): boolean {
  const p = symbol.params[i];
  const decl = symbol.decl.params[i];
  if (!p || !decl || p.direction !== 'in' || !decl.modifiers.includes('nointerpolation') || c.entrySymbols.has(symbol)) return false;
  const el = elementScalar(p.type);
  // Last: the program walk behind perVertexProgram runs only for a nointerpolation parameter.
  return isNumeric(p.type) && p.type.kind !== 'matrix' && el?.base !== 'bool' && c.perVertexProgram;
}

/** The per-vertex variable a place reads vertex 0 of (a per-vertex parameter's name), if it is one. */
export function perVertexVariable(c: Checker, place: IrPlace | undefined): Extract<IrPlace, { kind: 'local' }> | undefined {
  if (place?.kind !== 'element' || place.base.kind !== 'local' || !c.perVertexVars.has(place.base.local)) return undefined;
  return place.base;
}

/** The argument of a per-vertex parameter: another per-vertex parameter's three values, or an entry input's. */
export function perVertexArgument(c: Checker, arg: Value, paramType: Type, loc: Loc): IrExpr | undefined {
  const whole = arrayOf(paramType, 3);
  const own = perVertexVariable(c, arg.place);
  if (own) return { op: 'load', type: whole, place: own };
  if (!arg.place || !sameType(arg.type, paramType)) {
    c.error(`a 'nointerpolation' parameter takes a pixel shader input (of type '${typeToString(paramType)}') or another such parameter, not ${arg.place ? `'${typeToString(arg.type)}'` : 'a computed value'}`, arg.loc);
    return undefined;
  }
  c.madeInterpolation = true;
  return { op: 'interpolate', type: whole, mode: 'vertices', input: arg.place, loc };
}
