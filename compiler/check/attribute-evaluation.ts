// GetAttributeAtVertex and EvaluateAttributeAtSample/Centroid/Snapped: a pixel input read at one
// vertex of the primitive, or interpolated somewhere else than the pixel's own sample. Both read the
// input's Input variable itself (SPIR-V's per-vertex array, InterpolateAt*'s pointer operand), so the
// argument must be an input of a pixel entry point named inside the entry function: DXC reaches copies
// and helper functions only through its legalization (inlining), which we do not have; EvaluateAttribute*
// does follow a local copy written once before the use (`float4 c2 = color;`). One exception,
// DXC's too: when the program calls GetAttributeAtVertex, a helper's `nointerpolation` parameter holds
// all three vertices (T[3]); its name reads vertex 0, and its argument is an input or another such one.
import { walk } from './resource-constants.js';
import type { SourceLocation } from '../diagnostics.js';
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

export function checkAttributeCall(c: Checker, x: ExpressionChecker, name: string, args: Value[], loc: SourceLocation): Value | undefined {
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
  let writes = 0;
  walkStmts(fn.body, {
    written(p) {
      if (rootLocal(p) === local) writes++;
    },
  });
  if (writes !== 1) return undefined;
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

/**
 * After the entry points are known: every attribute evaluation must name a stage input (a member path
 * of an `in` parameter down to one semantic) of the pixel entry point whose function contains it.
 */
export function checkAttributeInputs(c: Checker, functions: readonly IrFunction[], entryPoints: readonly IrEntryPoint[]): void {
  const called = new Set<IrFunction>();
  const uses: { fn: IrFunction; e: Extract<IrExpr, { op: 'interpolate' }> }[] = [];
  for (const fn of functions) {
    walkStmts(fn.body, {
      expr(e) {
        if (e.op === 'call') called.add(e.callee);
        if (e.op === 'interpolate') uses.push({ fn, e });
      },
    });
  }
  for (const { fn, e } of uses) {
    const name = NAMES[e.mode];
    // A nointerpolation parameter's argument is reported at the argument; an intrinsic at its name.
    const what = e.mode === 'vertices' ? `passing ${name}` : `'${name}'`;
    const length = e.mode === 'vertices' ? 1 : name.length;
    const ep = entryPoints.find((p) => p.function === fn);
    if (ep && ep.stage !== 'pixel') {
      c.error(`${e.mode === 'vertices' ? `${name} takes a pixel shader input:` : what + ' is only available in pixel shaders,'} not in the ${ep.stage} entry point '${ep.name}'`, e.loc, length);
      continue;
    }
    // EvaluateAttribute* on a local copy of an input (`float4 c2 = color;`) reads that input, as after DXC's
    // legalization. (GetAttributeAtVertex keeps needing the input itself: a copy holds one vertex's value.)
    for (let hops = 0; hops < 8 && ep && e.mode !== 'vertices' && e.mode !== 'vertex'; hops++) {
      const local = memberPath(e.input);
      const source = local && !ep.params.some((p) => p.var === local.root) ? copiedFrom(fn, local.root, e) : undefined;
      if (!source) break;
      (e as { input: IrPlace }).input = rebase(e.input, source);
    }
    const at = memberPath(e.input);
    const param = ep && !called.has(fn) && at ? ep.params.find((p) => p.var === at.root && p.direction !== 'out') : undefined;
    if (!ep || !param || !at) {
      const argument = e.mode === 'vertices' ? `${name} takes` : `'${name}' reads a pixel shader input's own variable: its first argument must be`;
      c.error(
        `${argument} an input parameter of the pixel entry point (or a member of one), named in the entry function itself${e.mode === 'vertices' ? ', or another such parameter' : ''}; copies${e.mode === 'vertices' || e.mode === 'vertex' ? '' : ' (but a local written once, before the use)'} and helper functions' parameters are not inputs`,
        e.loc,
        length,
      );
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
export function perVertexArgument(c: Checker, arg: Value, paramType: Type, loc: SourceLocation): IrExpr | undefined {
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
