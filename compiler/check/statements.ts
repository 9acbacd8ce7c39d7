// Lowers function bodies: statements to structured IR, with locals, loops in `loop { … continuing }`
// form and the side effects of expressions (assignments, increments, out-argument write-back) placed
// in evaluation order.
import { isPerVertexParam } from './attribute-evaluation.js';
import { holdsRayQuery } from './ray-types.js';
import type { Loc } from '../diagnostics.js';
import type { IrExpr, IrFunction, IrGlobal, IrPlace, IrStmt, IrVar, LoopControl, SelectionHint } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { arrayOf, BOOL, INT, isNumeric, UINT, VOID, typeToString, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import { irGlobalPlace, Scope, type FunctionSymbol } from './scope.js';
import type { Value } from './value.js';
import { zeroOf } from './ir-constants.js';
import { appendAll } from '../util/append.js';
import { placeRoot, walkStmts } from '../ir/walk.js';
import { assignHeld, cells, declareStaticAlias, elementCells, heldValue, holdsResource, invalidate, makeHeld, ResourceFlow, startOf, type AliasCell, type FlowState, type Held, type Origin } from './resource-aliases.js';
import { mayWrite } from './resource-constants.js';
import { unrollForConstants } from './loop-unroll.js';
import { bindParams, bindSelf, resolveOuts, resolveReturn, type Specialization } from './resource-calls.js';
import { refuseStreamVariable } from './stage-types.js';
import { zeroConstant } from './enums-and-statics.js';
import { refuseNodeVariable } from './node-objects.js';
import { aliasedPointerAttribute, refuseSpirvAttributes, spirvAttributes } from './spirv-decorations.js';
import { refuseStorageClass } from './spirv-types.js';

interface FunctionState {
  fn: IrFunction;
  symbol: FunctionSymbol;
  loopDepth: number;
  switchDepth: number;
  /** Resource aliases of this function and the states that leave loops by break/continue. */
  flow: ResourceFlow;
  /** Innermost last: the alias states at each `break` (and, for loops, `continue`) of a loop or switch. */
  exits: { kind: 'loop' | 'switch'; states: FlowState[] }[];
  /** A function returning a resource: the origin each live `return` gives. */
  returns: { origins: Origin[]; loc: Loc }[];
  /** A function returning a resource (or a struct holding some): what `return` assigns, its data as out parameters. */
  result?: Held;
  /** Out/inout resource parameters (resource-calls.ts): their cells, and what they hold at each exit. */
  outCells?: Map<number, AliasCell>;
  outExits: { origins: Map<number, Origin>; loc: Loc }[];
}

/** Records what the out/inout resource parameters hold where the function returns to its caller. */
function recordOutExit(st: FunctionState, loc: Loc): void {
  if (!st.outCells?.size || st.flow.dead || st.flow.unreachable) return;
  st.outExits.push({ origins: new Map([...st.outCells].map(([i, cell]) => [i, cell.origin])), loc });
}

/** A method's fields by name through `this`, bases' first so that a derived field hides a base field of the same name. */
export function defineFieldsByName(c: Checker, fields: Scope, place: IrPlace, t: StructType, loc: Loc): void {
  const base = c.structBases.get(t.id);
  if (base) defineFieldsByName(c, fields, { kind: 'member', base: place, index: 0, type: base }, base, loc);
  t.fields.forEach((f, index) => {
    if (base && index === 0) return;
    const member: IrPlace = { kind: 'member', base: place, index, type: f.type };
    if (f.bitfields) for (const b of f.bitfields) fields.define({ kind: 'variable', name: b.name, type: f.type, place: member, readonly: false, loc, bitfield: b });
    else fields.define({ kind: 'variable', name: f.name, type: f.type, place: member, readonly: false, loc });
  });
}

export function lowerFunctionBody(c: Checker, symbol: FunctionSymbol, spec?: Specialization): IrFunction | undefined {
  const decl = symbol.decl;
  const returnsResource = holdsResource(symbol.returnType);
  // A function returning a resource returns nothing at run time: its callers use the origin.
  const fn: IrFunction = { id: c.newId(), name: decl.name, params: [], returnType: returnsResource ? VOID : symbol.returnType, locals: [], body: [] };
  let outer = symbol.templateScope ?? symbol.scope;
  const flow = new ResourceFlow();
  if (spec?.self) outer = bindSelf(c, symbol, spec, spec.self, fn, flow, outer);
  else if (symbol.thisType) {
    // A method: `this` is a hidden first parameter; fields are visible by name through it.
    const self: IrVar = { id: c.newId(), name: 'this', type: symbol.thisType };
    fn.params.push({ var: self, direction: 'inout' });
    const fields = new Scope(outer, 'block');
    const selfPlace: IrPlace = { kind: 'local', local: self, type: symbol.thisType };
    fields.define({ kind: 'variable', name: 'this', type: symbol.thisType, place: selfPlace, readonly: false, loc: decl.loc });
    defineFieldsByName(c, fields, selfPlace, symbol.thisType, decl.loc);
    outer = fields;
  }
  const scope = new Scope(outer, 'function');
  if (spec) bindParams(c, symbol, spec, fn, flow, scope);
  for (const [i, p] of symbol.params.entries()) {
    if (spec?.params.has(i)) continue;
    const perVertex = isPerVertexParam(c, symbol, i);
    const v: IrVar = { id: c.newId(), name: p.name, type: perVertex ? arrayOf(p.type, 3) : p.type, loc: decl.params[i]!.loc, ...spirvAttributes(c, decl.params[i]!.attributes, outer), ...aliasedPointerAttribute(decl.params[i]!.attributes) };
    spec?.paramVars.set(v, i);
    if (spec && p.direction === 'in' && p.name && !mayWrite(symbol, p.name)) c.unwritten.add(v);
    fn.params.push({ var: v, direction: p.direction });
    if (perVertex) {
      // The name reads vertex 0 (the provoking vertex's value, as a nointerpolation input's).
      c.perVertexVars.add(v);
      const base: IrPlace = { kind: 'local', local: v, type: v.type };
      const vertex0: IrPlace = { kind: 'element', base, index: { op: 'const', type: UINT, value: { kind: 'scalar', type: UINT, value: 0 } }, type: p.type };
      if (p.name) scope.define({ kind: 'variable', name: p.name, type: p.type, place: vertex0, readonly: decl.params[i]!.modifiers.includes('const'), loc: decl.params[i]!.loc });
    } else if (p.name) {
      const constant = spec?.constants.get(i);
      scope.define({ kind: 'variable', name: p.name, type: p.type, place: { kind: 'local', local: v, type: p.type }, readonly: decl.params[i]!.modifiers.includes('const'), loc: decl.params[i]!.loc, ...(constant ? { constant } : {}), ...(p.half ? { half: true } : {}) });
    }
  }
  const state: FunctionState = { fn, symbol, loopDepth: 0, switchDepth: 0, flow, exits: [], returns: [], outExits: [], ...(spec?.outCells.size ? { outCells: spec.outCells } : {}) };
  // Created after every parameter: the data of a returned struct travels in trailing out parameters.
  if (returnsResource) state.result = makeHeld(symbol.returnType, 'return value', resultPlace(c, fn), undefined, decl.loc);
  const saved = { effects: c.exprs.effects, newLocal: c.exprs.newLocal };
  c.exprs.newLocal = (name, type) => newLocal(c, fn, name, type);
  fn.body = lowerBlock(c, state, decl.body!.body, scope);
  c.exprs.effects = saved.effects;
  c.exprs.newLocal = saved.newLocal;
  if (spec?.outCells.size) {
    if (!alwaysReturns(fn.body)) recordOutExit(state, endOf(decl.body!));
    const outs = resolveOuts(c, symbol, spec, state.outExits);
    if (outs) spec.outs = outs;
  }
  if (symbol.returnType.kind !== 'void' && !alwaysReturns(fn.body)) {
    // DXC warns (-Wreturn-type) and returns an undefined value there; zero is one such value, the same on every target.
    const zero = returnsResource ? undefined : zeroOf(symbol.returnType);
    if (!zero) c.error(`non-void function '${decl.name}' does not return a value on every path`, endOf(decl.body!), 1);
    else {
      c.sink.warning(`non-void function '${decl.name}' does not return a value on every path: it returns zero where it ends`, endOf(decl.body!), 1, [], 'return-type');
      fn.body.push({ op: 'return', value: zero });
    }
  }
  if (returnsResource && spec) spec.returned = resolveReturn(c, symbol, fn, spec, state.returns);
  return fn;
}

/** Checks an expression of a `static` global's initializer as code of the static-initialization function. */
export function lowerInStaticInit<T>(c: Checker, f: () => T): { result: T; before: IrStmt[]; after: IrStmt[] } {
  const saved = c.exprs.newLocal;
  c.exprs.newLocal = (name, type) => newLocal(c, c.staticInit(), name, type);
  try {
    return withEffects(c, f);
  } finally {
    c.exprs.newLocal = saved;
  }
}

function newLocal(c: Checker, fn: IrFunction, name: string, type: Type, loc?: Loc): IrPlace {
  const v: IrVar = loc === undefined ? { id: c.newId(), name, type } : { id: c.newId(), name, type, loc };
  fn.locals.push(v);
  return { kind: 'local', local: v, type };
}

/** The closing brace of a function body, where "missing return" is reported (as clang does). */
function endOf(block: ast.Block): Loc {
  return block.endLoc ?? block.loc;
}

function lowerBlock(c: Checker, st: FunctionState, stmts: ast.Stmt[], scope: Scope): IrStmt[] {
  const out: IrStmt[] = [];
  // Code after a return/break/continue/discard (or a constant branch that always leaves) is
  // unreachable: it is still checked and emitted, but resource aliases ignore it, and the block
  // does not fall through whatever that code does.
  let deadRest = false;
  for (const s of stmts) {
    if (!deadRest && st.flow.unreachable) {
      deadRest = true;
      st.flow.dead++;
    }
    lowerStmt(c, st, s, scope, out);
  }
  if (deadRest) {
    st.flow.dead--;
    st.flow.unreachable = true;
  }
  return out;
}

/** Checks an expression, returning its value and the statements that must run before it. */
function withEffects<T>(c: Checker, f: () => T): { result: T; before: IrStmt[]; after: IrStmt[] } {
  const saved = c.exprs.effects;
  const effects = { before: [] as IrStmt[], after: [] as IrStmt[] };
  c.exprs.effects = effects;
  try {
    return { result: f(), ...effects };
  } finally {
    c.exprs.effects = saved;
  }
}

function condition(c: Checker, e: ast.Expr, scope: Scope, out: IrStmt[]): IrExpr | undefined {
  const { result, before, after } = withEffects(c, () => c.exprs.check(e, scope));
  out.push(...before);
  if (!result) return undefined;
  if (!isNumeric(result.type) || result.type.kind !== 'scalar') {
    c.error(`condition must be a scalar, not '${typeToString(result.type)}'`, e.loc);
    return undefined;
  }
  const cond = c.exprs.coerce(result, BOOL);
  if (after.length) {
    const tmp = c.exprs.newLocal!('cond', BOOL);
    out.push({ op: 'store', place: tmp, value: cond }, ...after);
    return { op: 'load', type: BOOL, place: tmp };
  }
  return cond;
}

/** The manual's loop attribute table: unroll(x) → Unroll; loop and fastopt → DontUnroll. */
function loopControl(c: Checker, attrs: ast.Attribute[], scope: Scope): LoopControl {
  const control: LoopControl = {};
  for (const a of attrs) {
    if (a.name === 'unroll') control.unroll = a.args.length ? (c.constantInt(a.args[0]!, scope) ?? true) : true;
    else if (a.name === 'loop' || a.name === 'fastopt') control.dontUnroll = true;
  }
  return control;
}

/** `[flatten]` → Flatten, `[branch]` → DontFlatten (SPIR-V Selection Control), as DXC maps them. */
const SELECTION_HINTS: Record<string, SelectionHint> = { flatten: 'flatten', branch: 'dontFlatten' };

function selectionHint(attrs: ast.Attribute[]): { hint?: SelectionHint } {
  const a = attrs.find((x) => Object.prototype.hasOwnProperty.call(SELECTION_HINTS, x.name));
  return a ? { hint: SELECTION_HINTS[a.name]! } : {};
}

function lowerStmt(c: Checker, st: FunctionState, s: ast.Stmt, scope: Scope, out: IrStmt[]): void {
  switch (s.kind) {
    case 'Block':
      appendAll(out, lowerBlock(c, st, s.body, new Scope(scope, 'block')));
      return;
    case 'Empty':
      return;
    case 'ExprStmt': {
      const { result, before, after } = withEffects(c, () => c.exprs.check(s.expr, scope));
      out.push(...before);
      if (result && hasEffect(result)) out.push({ op: 'eval', expr: c.exprs.rvalue(result) });
      out.push(...after);
      return;
    }
    case 'DeclStmt':
      lowerLocalDecl(c, st, s.decl, scope, out);
      return;
    case 'If': {
      const cond = condition(c, s.cond, scope, out);
      // Resource aliases: each branch starts from the state before; a constant condition decides
      // which branch's state continues (the other is unreachable), else live branches must agree.
      const known = cond ? evaluateConstant(cond) : undefined;
      const taken = known?.kind === 'scalar' ? (known.value ? 'then' : 'else') : undefined;
      const before = st.flow.snapshot();
      const paths: FlowState[] = [];
      const then = branch(st, taken === 'else', paths, () => lowerBlock(c, st, [s.then], new Scope(scope, 'block')));
      st.flow.restore(before);
      const els = branch(st, taken === 'then', paths, () => (s.else ? lowerBlock(c, st, [s.else], new Scope(scope, 'block')) : []));
      st.flow.merge(before, paths, `it is assigned in an 'if' at line ${c.sink.locations.resolve(s.loc).line} whose condition is only known at run time`);
      st.flow.unreachable = paths.length === 0;
      if (cond) out.push({ op: 'if', cond, then, else: els, ...selectionHint(s.attributes) });
      return;
    }
    case 'For': {
      if (unrollForConstants(c, s, scope, out, (body, inner) => lowerBlock(c, st, [body], inner))) return;
      const inner = new Scope(scope, 'block');
      if (s.init) lowerStmt(c, st, s.init, inner, out);
      const body: IrStmt[] = [];
      if (s.cond) {
        const cond = condition(c, s.cond, inner, body);
        if (cond) body.push(breakUnless(cond));
      }
      const loop = enterLoop(st);
      st.loopDepth++;
      appendAll(body, lowerBlock(c, st, [s.body], new Scope(inner, 'block')));
      st.loopDepth--;
      const continuing: IrStmt[] = [];
      if (s.step) {
        const { result, before, after } = withEffects(c, () => c.exprs.check(s.step!, inner));
        continuing.push(...before);
        if (result && hasEffect(result)) continuing.push({ op: 'eval', expr: c.exprs.rvalue(result) });
        continuing.push(...after);
      }
      leaveLoop(c, st, loop, s.loc);
      out.push({ op: 'loop', body, continuing, control: loopControl(c, s.attributes, scope) });
      return;
    }
    case 'While': {
      const body: IrStmt[] = [];
      const cond = condition(c, s.cond, scope, body);
      if (cond) body.push(breakUnless(cond));
      const loop = enterLoop(st);
      st.loopDepth++;
      appendAll(body, lowerBlock(c, st, [s.body], new Scope(scope, 'block')));
      st.loopDepth--;
      leaveLoop(c, st, loop, s.loc);
      out.push({ op: 'loop', body, continuing: [], control: loopControl(c, s.attributes, scope) });
      return;
    }
    case 'DoWhile': {
      const loop = enterLoop(st);
      st.loopDepth++;
      const body = lowerBlock(c, st, [s.body], new Scope(scope, 'block'));
      st.loopDepth--;
      // The condition runs in the continuing block so that `continue` re-tests it, as in C.
      const continuing: IrStmt[] = [];
      const cond = condition(c, s.cond, scope, continuing);
      if (cond) continuing.push(breakUnless(cond));
      leaveLoop(c, st, loop, s.loc);
      out.push({ op: 'loop', body, continuing, control: loopControl(c, s.attributes, scope) });
      return;
    }
    case 'Switch':
      lowerSwitch(c, st, s, scope, out);
      return;
    case 'Break':
      if (st.loopDepth === 0 && st.switchDepth === 0) c.error(`'break' statement not in loop or switch statement`, s.loc, 5);
      else out.push({ op: 'break' });
      leave(st, 'break');
      return;
    case 'Continue':
      if (st.loopDepth === 0) c.error(`'continue' statement not in loop statement`, s.loc, 8);
      else out.push({ op: 'continue' });
      leave(st, 'continue');
      return;
    case 'Discard':
      out.push({ op: 'discard' });
      st.flow.unreachable = true;
      return;
    case 'Return': {
      const rt = st.symbol.returnType;
      recordOutExit(st, s.loc);
      st.flow.unreachable = true;
      if (!s.value) {
        if (rt.kind !== 'void') c.error(`non-void function '${st.fn.name}' should return a value`, s.loc, 6);
        out.push({ op: 'return' });
        return;
      }
      const { result, before, after } = withEffects(c, () => c.exprs.check(s.value!, scope));
      out.push(...before);
      // A return whose value has errors still ends the path (no cascading "missing return").
      if (!result) return void out.push({ op: 'return' });
      if (holdsResource(rt)) {
        returnResource(c, st, result, out, startOf(s.value));
        out.push(...after, { op: 'return' });
        return;
      }
      if (rt.kind === 'void') {
        // `return f();` with a void f: the call runs, then the function returns (C++ and DXC allow it).
        if (result.type.kind !== 'void') return void c.error(`void function '${st.fn.name}' should not return a value`, s.value.loc);
        if (hasEffect(result)) out.push({ op: 'eval', expr: c.exprs.rvalue(result) });
        out.push(...after, { op: 'return' });
        return;
      }
      const value = c.exprs.convert(result, rt, s.value.loc, 'return');
      if (!value) return;
      if (after.length) {
        const tmp = c.exprs.newLocal!('ret', rt);
        out.push({ op: 'store', place: tmp, value }, ...after, { op: 'return', value: { op: 'load', type: rt, place: tmp } });
      } else out.push({ op: 'return', value });
      return;
    }
  }
}

function breakUnless(cond: IrExpr): IrStmt {
  return { op: 'if', cond, then: [], else: [{ op: 'break' }] };
}

/** Ray and node calls that act (advance a query, trace, report, call, end the invocation; allocate, enqueue or finish node records) even when their value is unused. */
const RAY_EFFECTS: ReadonlySet<string> = new Set(['rayQuery', 'traceRay', 'reportHit', 'callShader', 'rayTerminate', 'nodeAllocate', 'nodeComplete', 'nodeFinishSharing']);

function hasEffect(v: Value): boolean {
  const e = v.expr;
  // A RayQuery method advances or reads the query's state machine: kept even when its value is unused.
  return !!e && (e.op === 'call' || e.op === 'spirv' || e.op === 'printf' || (e.op === 'intrinsic' && e.type.kind === 'void') || (e.op === 'resource' && RAY_EFFECTS.has(e.call.kind)));
}

function lowerLocalDecl(c: Checker, st: FunctionState, decl: ast.DeclStmt['decl'], scope: Scope, out: IrStmt[]): void {
  if (decl.kind !== 'VarDecl') {
    // Local structs, typedefs, enums and `using` are visible to the rest of the block only.
    c.declare(decl, scope);
    return;
  }
  if (isAutoDecl(c, decl, scope)) return lowerAutoLocal(c, st, decl, scope, out);
  const base = c.resolveType(decl.type, scope, decl.modifiers);
  if (!base) {
    for (const d of decl.declarators) scope.define({ kind: 'invalid', name: d.name, loc: d.loc });
    return;
  }
  const isConst = decl.modifiers.includes('const');
  refuseStorageClass(c, decl.attributes, 'a local variable');
  if (decl.modifiers.includes('groupshared')) {
    c.error(`groupshared variables must be declared at global scope`, decl.loc);
    return;
  }
  if (decl.modifiers.includes('static')) {
    lowerStaticLocal(c, st, decl, base, scope, out);
    return;
  }
  for (const d of decl.declarators) {
    let t = c.arrayType(base, d.arrayDims, scope, true);
    if (!t || refuseStreamVariable(c, t, d.name, d.loc) || refuseNodeVariable(c, t, d.name, d.loc, true)) continue;
    if (t.kind === 'array' && t.length === null) {
      if (d.init?.kind === 'InitList') t = arrayOf(t.element, d.init.elements.length);
      else {
        c.error(`local array '${d.name}' needs a size`, d.loc, d.name.length);
        continue;
      }
    }
    if (holdsResource(t)) {
      refuseSpirvAttributes(c, decl.attributes, 'a local resource alias');
      lowerHeldLocal(c, st, d, t, scope, out, decl.modifiers.includes('globallycoherent'));
      continue;
    }
    // `RayQuery<F> q = RayQuery<F>();` declares it, as DXC; any other initializer would copy a query.
    const fresh = t.kind === 'rayQuery' && d.init?.kind === 'Construct' && d.init.args.length === 0 && d.init.type.name === 'RayQuery';
    if (t.kind === 'node' && !d.init) c.error(`node object '${d.name}' must be initialized where it is declared (from GetThreadNodeOutputRecords or GetGroupNodeOutputRecords)`, d.loc, d.name.length);
    const query = holdsRayQuery(t);
    if (query && d.init && !fresh) c.error(`a RayQuery cannot be initialized or copied: a SPIR-V ray query is an opaque object with no copy (DXC drops such an initializer and leaves a fresh query); declare it and call TraceRayInline`, d.loc, d.name.length);
    const place = newLocal(c, st.fn, d.name, t, d.loc);
    if (place.kind === 'local') Object.assign(place.local, spirvAttributes(c, decl.attributes, scope), aliasedPointerAttribute(decl.attributes));
    if (scope.own(d.name)) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
    const entry = { kind: 'variable' as const, name: d.name, type: t, place, readonly: isConst, loc: d.loc, ...c.halfFlag(decl.type, scope) };
    // As in C++, the name is in scope in its own initializer (`float2x2 b = float2x2(1, b._m00, …)` reads the
    // not yet initialized b, as DXC does).
    scope.define(entry);
    let constant;
    if (d.init && !query) {
      const { result, before, after } = withEffects(c, () => c.exprs.checkInitializer(d.init!, t!, scope));
      if (place.kind === 'local' && readsLocal([...before, ...(result ? [{ op: 'eval' as const, expr: result }] : [])], place.local)) {
        c.sink.warning(`variable '${d.name}' is uninitialized when used within its own initialization`, d.loc, d.name.length, [], 'uninitialized');
      }
      out.push(...before);
      if (result) {
        out.push({ op: 'store', place, value: result });
        if (isConst || c.foldedLocals.has(d)) constant = evaluateConstant(result);
      }
      out.push(...after);
    } else if (isConst) c.error(`const variable '${d.name}' must be initialized`, d.loc, d.name.length);
    if (constant) scope.define({ ...entry, constant });
  }
}

/**
 * Whether an initializer reads the variable it initializes and never writes it (`float x = x + 1;`);
 * one that assigns it first (`int n = (n = 3) * 2;`) is left alone.
 */
function readsLocal(code: readonly IrStmt[], local: IrVar): boolean {
  let read = false;
  let written = false;
  const ours = (p: IrPlace) => { const root = placeRoot(p); return root.kind === 'local' && root.local === local; };
  walkStmts(code, {
    expr: (e) => { if (e.op === 'load' && ours(e.place)) read = true; },
    written: (p) => { if (ours(p)) written = true; },
  });
  return read && !written;
}

/** HLSL 202x's `auto x = e;` (C++ type deduction), where no type named `auto` is in scope. */
function isAutoDecl(c: Checker, decl: ast.VarDecl, scope: Scope): boolean {
  const t = decl.type;
  return t.kind === 'TypeSpec' && t.name === 'auto' && !t.templateArgs?.length && c.languageVersion >= 2029 && scope.lookup('auto')?.kind !== 'type';
}

/** Each variable takes its initializer's type (a plain numeric, struct or array value; not a resource). */
function lowerAutoLocal(c: Checker, st: FunctionState, decl: ast.VarDecl, scope: Scope, out: IrStmt[]): void {
  const isConst = decl.modifiers.includes('const');
  for (const d of decl.declarators) {
    const invalid = () => scope.define({ kind: 'invalid', name: d.name, loc: d.loc });
    if (!d.init || d.init.kind === 'InitList' || d.arrayDims.length || decl.modifiers.includes('static') || decl.modifiers.includes('groupshared')) {
      c.error(`'auto' needs one non-static local variable with a single-expression initializer`, d.loc, d.name.length);
      invalid();
      continue;
    }
    const { result: v, before, after } = withEffects(c, () => c.exprs.check(d.init!, scope));
    out.push(...before);
    if (!v || v.type.kind === 'void' || holdsResource(v.type) || holdsRayQuery(v.type)) {
      if (v) c.error(`'auto' cannot deduce a variable of type '${typeToString(v.type)}'`, d.loc, d.name.length);
      out.push(...after);
      invalid();
      continue;
    }
    const t = v.type;
    const place = newLocal(c, st.fn, d.name, t, d.loc);
    const value = c.exprs.rvalue(v);
    out.push({ op: 'store', place, value }, ...after);
    const constant = isConst ? evaluateConstant(value) : undefined;
    if (scope.own(d.name)) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
    scope.define({ kind: 'variable', name: d.name, type: t, place, readonly: isConst, ...(constant ? { constant } : {}), loc: d.loc });
  }
}

/**
 * A `static` local is a Private global. A constant initializer is the variable's OpVariable
 * initializer; any other runs once, the first time control reaches the declaration, guarded by a
 * Private bool that records the initialization (manual: static local variables).
 */
function lowerStaticLocal(c: Checker, st: FunctionState, decl: ast.VarDecl, base: Type, scope: Scope, out: IrStmt[]): void {
  const isConst = decl.modifiers.includes('const');
  for (const d of decl.declarators) {
    let t = c.arrayType(base, d.arrayDims, scope, true);
    if (!t || refuseStreamVariable(c, t, d.name, d.loc) || refuseNodeVariable(c, t, d.name, d.loc, false)) continue;
    if (holdsResource(t)) {
      refuseSpirvAttributes(c, decl.attributes, 'a static resource alias');
      declareStaticAlias(c, d, t, scope);
      continue;
    }
    if (t.kind === 'array' && t.length === null && d.init?.kind === 'InitList') t = arrayOf(t.element, d.init.elements.length);
    const global: IrGlobal = { id: c.newId(), name: `${st.fn.name}.${d.name}`, type: t, space: 'private', readonly: isConst, loc: d.loc, ...spirvAttributes(c, decl.attributes, scope) };
    let constant;
    if (d.init) {
      const target = t;
      const { result, before, after } = withEffects(c, () => c.exprs.checkInitializer(d.init!, target, scope));
      constant = result && !before.length && !after.length ? evaluateConstant(result) : undefined;
      if (constant) global.init = constant;
      else if (result) {
        const falseConst = { kind: 'scalar' as const, type: BOOL, value: false };
        const guard: IrGlobal = { id: c.newId(), name: `${st.fn.name}.${d.name}.initialized`, type: BOOL, space: 'private', readonly: false, init: falseConst, loc: d.loc };
        c.globals.push(guard);
        const guardPlace = irGlobalPlace(guard);
        const once: IrStmt[] = [{ op: 'store', place: guardPlace, value: { op: 'const', type: BOOL, value: { ...falseConst, value: true } } }, ...before, { op: 'store', place: irGlobalPlace(global), value: result }, ...after];
        out.push({ op: 'if', cond: { op: 'load', type: BOOL, place: guardPlace }, then: [], else: once });
        c.initializedAtRunTime.add(global);
      }
    } else if (isConst) {
      // `static const T x;` is zero for good: reads fold to the constant, as DXC folds them.
      constant = zeroConstant(t);
      if (constant) global.init = constant;
    }
    c.globals.push(global);
    if (scope.own(d.name)) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
    scope.define({ kind: 'variable', name: d.name, type: t, place: irGlobalPlace(global), readonly: isConst, ...(constant && isConst ? { constant } : {}), loc: d.loc, ...c.halfFlag(decl.type, scope) });
  }
}

function lowerSwitch(c: Checker, st: FunctionState, s: ast.SwitchStmt, scope: Scope, out: IrStmt[]): void {
  const { result, before, after } = withEffects(c, () => c.exprs.check(s.selector, scope));
  out.push(...before, ...after);
  if (!result) return;
  if (!isNumeric(result.type) || result.type.kind !== 'scalar') {
    c.error(`switch condition must be an integer, not '${typeToString(result.type)}'`, s.selector.loc);
    return;
  }
  // A floating-point selector converts to int, as DXC's implicit cast does (cf.switch.opswitch.hlsl).
  const selT = result.type.base === 'float' ? INT : result.type.base === 'uint' ? result.type : { ...result.type, base: 'int' as const };
  const selector = c.exprs.coerce(result, selT);
  const cases: Extract<IrStmt, { op: 'switch' }>['cases'] = [];
  const seen = new Set<string>();
  st.switchDepth++;
  const inner = new Scope(scope, 'block');
  // Resource aliases: each case starts from the state before the switch (a constant selector picks
  // its case); its `break`s and its end (falling through) reach the end of the switch.
  const known = evaluateConstant(selector);
  const entry = st.flow.snapshot();
  st.exits.push({ kind: 'switch', states: [] });
  const labels = s.cases.map((cs) => {
    const values: (number | bigint)[] = [];
    let isDefault = false;
    for (const label of cs.labels) {
      if (label === null) {
        isDefault = true;
        continue;
      }
      const v = c.constantInt(label, scope);
      if (v === undefined) continue;
      if (seen.has(String(v))) c.error(`duplicate case value '${v}'`, label.loc);
      seen.add(String(v));
      values.push(v);
    }
    return { values, isDefault };
  });
  const value = known?.kind === 'scalar' && typeof known.value !== 'boolean' ? BigInt(known.value) : undefined;
  let chosen = value === undefined ? -1 : labels.findIndex((l) => l.values.some((v) => BigInt(v) === value));
  if (value !== undefined && chosen < 0) chosen = labels.findIndex((l) => l.isDefault);
  const live: FlowState[] = [];
  let fellThrough = false;
  for (const [i, cs] of s.cases.entries()) {
    const { values, isDefault } = labels[i]!;
    // With a constant selector only the chosen case (and what it falls through to) runs.
    const runs: boolean = value === undefined || i === chosen || (chosen >= 0 && i > chosen && fellThrough);
    if (!fellThrough) st.flow.restore(entry);
    st.flow.unreachable = false;
    const exits = st.exits[st.exits.length - 1]!;
    const firstExit = exits.states.length;
    if (!runs) st.flow.dead++;
    const body = lowerBlock(c, st, cs.body, inner);
    if (!runs) st.flow.dead--;
    fellThrough = runs && !st.flow.unreachable && value !== undefined;
    if (runs) live.push(...exits.states.slice(firstExit));
    if (runs && !st.flow.unreachable && (value === undefined || i === s.cases.length - 1)) live.push(st.flow.snapshot());
    cases.push({ values, isDefault, body });
  }
  st.exits.pop();
  st.switchDepth--;
  // Without a default (or a constant matching no case), control can pass the switch untouched.
  if (chosen < 0 && !labels.some((l) => l.isDefault)) live.push(entry);
  st.flow.unreachable = live.length === 0;
  st.flow.merge(entry, live, `it is assigned in a 'switch' at line ${c.sink.locations.resolve(s.loc).line} whose selector is only known at run time`);
  out.push({ op: 'switch', selector, cases, ...selectionHint(s.attributes) });
}

/** True when every path through the statements ends in return/discard (or an infinite loop). */
export function alwaysReturns(stmts: IrStmt[]): boolean {
  for (const s of stmts) {
    if (s.op === 'return' || s.op === 'discard') return true;
    if (s.op === 'if' && alwaysReturns(s.then) && alwaysReturns(s.else)) return true;
    if (s.op === 'switch' && s.cases.some((k) => k.isDefault) && s.cases.every((k, i) => alwaysReturns(k.body) || (i < s.cases.length - 1 && !containsBreak(k.body)))) return true;
    if (s.op === 'loop' && !containsBreak(s.body) && !containsBreak(s.continuing)) return true;
  }
  return false;
}

function containsBreak(stmts: IrStmt[]): boolean {
  return stmts.some((s) => s.op === 'break' || (s.op === 'if' && (containsBreak(s.then) || containsBreak(s.else))));
}

// ---------------------------------------------------------------------------------------------
// Resource aliases (resource-aliases.ts) through control flow

/**
 * Lowers one branch of an `if` from the current state. Unless a constant condition never takes it,
 * its end state is a path into the merge when control falls out of it.
 */
function branch(st: FunctionState, dead: boolean, paths: FlowState[], f: () => IrStmt[]): IrStmt[] {
  st.flow.unreachable = false;
  if (dead) st.flow.dead++;
  try {
    return f();
  } finally {
    if (dead) st.flow.dead--;
    if (!dead && !st.flow.unreachable) paths.push(st.flow.snapshot());
  }
}

/** `break`/`continue`: the state leaves to the loop's (or switch's) end; what follows is unreachable. */
function leave(st: FunctionState, how: 'break' | 'continue'): void {
  const target = how === 'break' ? st.exits[st.exits.length - 1] : [...st.exits].reverse().find((e) => e.kind === 'loop');
  if (target && !st.flow.dead) target.states.push(st.flow.snapshot());
  st.flow.unreachable = true;
}

interface LoopEntry {
  entry: FlowState;
  counts: Map<AliasCell, { reads: number; writes: number }>;
}

function enterLoop(st: FunctionState): LoopEntry {
  st.exits.push({ kind: 'loop', states: [] });
  return { entry: st.flow.snapshot(), counts: st.flow.counts() };
}

/** A resource alias that a loop reassigns (on any path out of its body) is loop-carried. */
function leaveLoop(c: Checker, st: FunctionState, loop: LoopEntry, loc: Loc): void {
  const exits = st.exits.pop()!.states;
  const states = st.flow.unreachable ? exits : [st.flow.snapshot(), ...exits];
  st.flow.unreachable = false;
  st.flow.endLoop(c, loop.entry, loop.counts, states, loc);
}

/** The out parameter a data member of a returned struct holding resources is written to. */
function resultPlace(c: Checker, fn: IrFunction) {
  return (name: string, type: Type): IrPlace => {
    const v: IrVar = { id: c.newId(), name, type };
    fn.params.push({ var: v, direction: 'out' });
    return { kind: 'local', local: v, type };
  };
}

/** `return value;` of a resource (or struct holding some): data to the out parameters, origins recorded. */
function returnResource(c: Checker, st: FunctionState, result: Value, out: IrStmt[], loc: Loc): void {
  const held = st.result;
  // Indices stay as written: the caller maps parameter indices to its arguments (resolveReturn).
  if (!held || !assignHeld(c, held, result, loc, (s) => out.push(s), (e) => e) || st.flow.dead) return;
  st.returns.push({ origins: cells(held).map((cell) => cell.origin), loc });
}

/** A local that is or holds resources: aliases and exploded data locals. */
function lowerHeldLocal(c: Checker, st: FunctionState, d: ast.Declarator, t: Type, scope: Scope, out: IrStmt[], coherent: boolean): void {
  // A resource array from an initializer list holds each element apart (they may name different globals).
  const held = (d.init?.kind === 'InitList' ? elementCells(t, d.name, st.flow) : undefined) ?? makeHeld(t, d.name, (name, type) => newLocal(c, st.fn, name, type), st.flow, d.loc);
  if (!held) {
    c.error(`local '${d.name}' of type '${typeToString(t)}': arrays of structs holding resources are not supported yet`, d.loc, d.name.length);
    return;
  }
  if (coherent && held.kind === 'resource') held.coherent = true;
  if (d.init) initHeld(c, held, d.init, scope, out);
  if (scope.own(d.name)) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
  scope.define({ kind: 'variable', name: d.name, type: t, place: { kind: 'local', local: { id: c.newId(), name: d.name, type: t }, type: t }, readonly: false, loc: d.loc, held });
}

/** The leaves of a held value in member order: alias cells and data parts. */
function heldLeaves(h: Held): Held[] {
  return h.kind === 'struct' ? h.fields.flatMap(heldLeaves) : h.kind === 'array' ? h.elements.flatMap(heldLeaves) : [h];
}

/**
 * `= { … }` for a struct holding resources, flattened as HLSL flattens initializer lists (DXC:
 * var.init.opaque.hlsl): nested lists and struct-valued elements give their leaves in order, which
 * initialise the target's leaves (alias cells and data members) in order.
 */
function initHeldFlat(c: Checker, held: Held, init: ast.InitListExpr, scope: Scope, out: IrStmt[]): void {
  const targets = heldLeaves(held);
  const { result: ok, before, after } = withEffects(c, () => {
    const sources: Value[] = [];
    const collect = (e: ast.Expr): boolean => {
      if (e.kind === 'InitList') return e.elements.every(collect);
      const v = c.exprs.check(e, scope);
      if (!v) return false;
      if (v.held?.kind === 'struct' || v.held?.kind === 'array') sources.push(...heldLeaves(v.held).map((h) => heldValue(c, h, e.loc, true)));
      else sources.push(v);
      return true;
    };
    if (!collect(init)) return false;
    if (sources.length !== targets.length) {
      c.error(`initializer list of '${typeToString(held.type)}' has ${sources.length} elements once flattened, but its members take ${targets.length}`, init.loc);
      return false;
    }
    return targets.every((t, i) => {
      const v = sources[i]!;
      if (t.kind !== 'data') return assignHeld(c, t, v, v.loc, (st) => c.exprs.emitBefore(st), (e) => c.exprs.spill(e, e.type));
      const value = c.exprs.convert(v, t.type, v.loc, 'initialization');
      if (value) c.exprs.emitBefore({ op: 'store', place: t.place, value });
      return !!value;
    });
  });
  if (!ok) invalidate(held);
  out.push(...before, ...after);
}

/** `= value` or `= { … }` (flattened: initHeldFlat). */
export function initHeld(c: Checker, held: Held, init: ast.Expr, scope: Scope, out: IrStmt[]): void {
  if (init.kind === 'InitList' && held.kind === 'resource') {
    c.error(`an initializer list for the resource array '${held.name}' is not supported yet: assign a global array of resources`, init.loc);
    invalidate(held);
    return;
  }
  if (init.kind === 'InitList' && (held.kind === 'struct' || held.kind === 'array')) return initHeldFlat(c, held, init, scope, out);
  const { result: ok, before, after } = withEffects(c, () => {
    const v = c.exprs.check(init, scope);
    if (!v) return false;
    if (held.kind === 'data') {
      const value = c.exprs.convert(v, held.type, init.loc, 'initialization');
      if (value) c.exprs.emitBefore({ op: 'store', place: held.place, value });
      return true;
    }
    return assignHeld(c, held, v, startOf(init), (s) => c.exprs.emitBefore(s), (e) => c.exprs.spill(e, e.type));
  });
  if (!ok) invalidate(held);
  out.push(...before, ...after);
}
