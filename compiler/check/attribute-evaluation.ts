// GetAttributeAtVertex and EvaluateAttributeAtSample/Centroid/Snapped: a pixel input read at one
// vertex of the primitive, or interpolated somewhere else than the pixel's own sample. Both read the
// input's Input variable itself (SPIR-V's per-vertex array, InterpolateAt*'s pointer operand), so the
// argument must be an input of a pixel entry point named inside the entry function: DXC reaches copies
// and helper functions only through its legalization (inlining), which we do not have.
import type { SourceLocation } from '../diagnostics.js';
import type { InterpolateMode, IrEntryPoint, IrExpr, IrFunction, IrPlace } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';
import { elementScalar, INT, isNumeric, typeToString, UINT, vector, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Value } from './value.js';

const MODES: Record<string, { mode: InterpolateMode; arity: number; arg?: Type }> = {
  GetAttributeAtVertex: { mode: 'vertex', arity: 2, arg: UINT },
  EvaluateAttributeAtSample: { mode: 'sample', arity: 2, arg: UINT },
  EvaluateAttributeCentroid: { mode: 'centroid', arity: 1 },
  EvaluateAttributeSnapped: { mode: 'offset', arity: 2, arg: vector(INT, 2) },
};

const NAMES: Record<InterpolateMode, string> = {
  vertex: 'GetAttributeAtVertex',
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
  const expr: IrExpr = { op: 'interpolate', type: input.type, mode, input: input.place, ...(second && arg ? { arg: x.coerce(second, arg) } : {}), loc };
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
    const ep = entryPoints.find((p) => p.function === fn);
    if (ep && ep.stage !== 'pixel') {
      c.error(`'${name}' is only available in pixel shaders, not in the ${ep.stage} entry point '${ep.name}'`, e.loc, name.length);
      continue;
    }
    const at = memberPath(e.input);
    const param = ep && !called.has(fn) && at ? ep.params.find((p) => p.var === at.root && p.direction !== 'out') : undefined;
    if (!ep || !param || !at) {
      c.error(
        `'${name}' reads a pixel shader input's own variable: its first argument must be an input parameter of the pixel entry point (or a member of one), named in the entry function itself; copies and helper functions' parameters are not inputs`,
        e.loc,
        name.length,
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
    if (type.kind === 'struct' || semantic === undefined || builtin !== undefined || /^sv_/i.test(semantic)) {
      const what = type.kind === 'struct' ? `a struct` : semantic === undefined || builtin !== undefined ? 'a builtin' : `the system value '${semantic}'`;
      c.error(`'${name}' needs one user-semantic input (a location), not ${what}`, e.loc, name.length);
      continue;
    }
    const flat = interpolation?.includes('nointerpolation') ?? false;
    if (e.mode === 'vertex' && !flat) c.error(`'${name}' reads an input declared 'nointerpolation'; '${semantic}' is interpolated`, e.loc, name.length);
    if (e.mode !== 'vertex' && flat) c.error(`'${name}' interpolates an input, but '${semantic}' is 'nointerpolation'`, e.loc, name.length);
  }
}
