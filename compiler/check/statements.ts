// Lowers function bodies: statements to structured IR, with locals, loops in `loop { … continuing }`
// form and the side effects of expressions (assignments, increments, out-argument write-back) placed
// in evaluation order.
import type { SourceLocation } from '../diagnostics.js';
import type { IrExpr, IrFunction, IrGlobal, IrPlace, IrStmt, IrVar, LoopControl, SelectionHint } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { arrayOf, BOOL, isNumeric, typeToString, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import { irGlobalPlace, Scope, type FunctionSymbol } from './scope.js';
import type { Value } from './value.js';
import { appendAll } from '../util/append.js';

interface FunctionState {
  fn: IrFunction;
  symbol: FunctionSymbol;
  loopDepth: number;
  switchDepth: number;
}

export function lowerFunctionBody(c: Checker, symbol: FunctionSymbol): IrFunction | undefined {
  const decl = symbol.decl;
  const fn: IrFunction = { id: c.newId(), name: decl.name, params: [], returnType: symbol.returnType, locals: [], body: [] };
  let outer = symbol.templateScope ?? symbol.scope;
  if (symbol.thisType) {
    // A method: `this` is a hidden first parameter; fields are visible by name through it.
    const self: IrVar = { id: c.newId(), name: 'this', type: symbol.thisType };
    fn.params.push({ var: self, direction: 'inout' });
    const fields = new Scope(outer, 'block');
    const selfPlace: IrPlace = { kind: 'local', local: self, type: symbol.thisType };
    fields.define({ kind: 'variable', name: 'this', type: symbol.thisType, place: selfPlace, readonly: false, loc: decl.loc });
    // Fields by name, bases' first so that a derived field hides a base field of the same name.
    const defineFields = (place: IrPlace, t: StructType): void => {
      const base = c.structBases.get(t.id);
      if (base) defineFields({ kind: 'member', base: place, index: 0, type: base }, base);
      t.fields.forEach((f, index) => {
        if (base && index === 0) return;
        fields.define({ kind: 'variable', name: f.name, type: f.type, place: { kind: 'member', base: place, index, type: f.type }, readonly: false, loc: decl.loc });
      });
    };
    defineFields(selfPlace, symbol.thisType);
    outer = fields;
  }
  const scope = new Scope(outer, 'function');
  for (const [i, p] of symbol.params.entries()) {
    const v: IrVar = { id: c.newId(), name: p.name, type: p.type };
    fn.params.push({ var: v, direction: p.direction });
    if (p.name) {
      scope.define({ kind: 'variable', name: p.name, type: p.type, place: { kind: 'local', local: v, type: p.type }, readonly: decl.params[i]!.modifiers.includes('const'), loc: decl.params[i]!.loc });
    }
  }
  const state: FunctionState = { fn, symbol, loopDepth: 0, switchDepth: 0 };
  const saved = { effects: c.exprs.effects, newLocal: c.exprs.newLocal };
  c.exprs.newLocal = (name, type) => newLocal(c, fn, name, type);
  fn.body = lowerBlock(c, state, decl.body!.body, scope);
  c.exprs.effects = saved.effects;
  c.exprs.newLocal = saved.newLocal;
  if (symbol.returnType.kind !== 'void' && !alwaysReturns(fn.body)) {
    c.error(`non-void function '${decl.name}' does not return a value on every path`, endOf(decl.body!), 1);
  }
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

function newLocal(c: Checker, fn: IrFunction, name: string, type: Type): IrPlace {
  const v: IrVar = { id: c.newId(), name, type };
  fn.locals.push(v);
  return { kind: 'local', local: v, type };
}

/** The closing brace of a function body, where "missing return" is reported (as clang does). */
function endOf(block: ast.Block): SourceLocation {
  return block.endLoc ?? block.loc;
}

function lowerBlock(c: Checker, st: FunctionState, stmts: ast.Stmt[], scope: Scope): IrStmt[] {
  const out: IrStmt[] = [];
  for (const s of stmts) lowerStmt(c, st, s, scope, out);
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
      const then = lowerBlock(c, st, [s.then], new Scope(scope, 'block'));
      const els = s.else ? lowerBlock(c, st, [s.else], new Scope(scope, 'block')) : [];
      if (cond) out.push({ op: 'if', cond, then, else: els, ...selectionHint(s.attributes) });
      return;
    }
    case 'For': {
      const inner = new Scope(scope, 'block');
      if (s.init) lowerStmt(c, st, s.init, inner, out);
      const body: IrStmt[] = [];
      if (s.cond) {
        const cond = condition(c, s.cond, inner, body);
        if (cond) body.push(breakUnless(cond));
      }
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
      out.push({ op: 'loop', body, continuing, control: loopControl(c, s.attributes, scope) });
      return;
    }
    case 'While': {
      const body: IrStmt[] = [];
      const cond = condition(c, s.cond, scope, body);
      if (cond) body.push(breakUnless(cond));
      st.loopDepth++;
      appendAll(body, lowerBlock(c, st, [s.body], new Scope(scope, 'block')));
      st.loopDepth--;
      out.push({ op: 'loop', body, continuing: [], control: loopControl(c, s.attributes, scope) });
      return;
    }
    case 'DoWhile': {
      st.loopDepth++;
      const body = lowerBlock(c, st, [s.body], new Scope(scope, 'block'));
      st.loopDepth--;
      // The condition runs in the continuing block so that `continue` re-tests it, as in C.
      const continuing: IrStmt[] = [];
      const cond = condition(c, s.cond, scope, continuing);
      if (cond) continuing.push(breakUnless(cond));
      out.push({ op: 'loop', body, continuing, control: loopControl(c, s.attributes, scope) });
      return;
    }
    case 'Switch':
      lowerSwitch(c, st, s, scope, out);
      return;
    case 'Break':
      if (st.loopDepth === 0 && st.switchDepth === 0) c.error(`'break' statement not in loop or switch statement`, s.loc, 5);
      else out.push({ op: 'break' });
      return;
    case 'Continue':
      if (st.loopDepth === 0) c.error(`'continue' statement not in loop statement`, s.loc, 8);
      else out.push({ op: 'continue' });
      return;
    case 'Discard':
      out.push({ op: 'discard' });
      return;
    case 'Return': {
      const rt = st.fn.returnType;
      if (!s.value) {
        if (rt.kind !== 'void') c.error(`non-void function '${st.fn.name}' should return a value`, s.loc, 6);
        out.push({ op: 'return' });
        return;
      }
      const { result, before, after } = withEffects(c, () => c.exprs.check(s.value!, scope));
      out.push(...before);
      // A return whose value has errors still ends the path (no cascading "missing return").
      if (!result) return void out.push({ op: 'return' });
      if (rt.kind === 'void') {
        c.error(`void function '${st.fn.name}' should not return a value`, s.value.loc);
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

function hasEffect(v: Value): boolean {
  const e = v.expr;
  return !!e && (e.op === 'call' || (e.op === 'intrinsic' && e.type.kind === 'void'));
}

function lowerLocalDecl(c: Checker, st: FunctionState, decl: ast.DeclStmt['decl'], scope: Scope, out: IrStmt[]): void {
  if (decl.kind !== 'VarDecl') {
    // Local structs, typedefs, enums and `using` are visible to the rest of the block only.
    c.declare(decl, scope);
    return;
  }
  const base = c.resolveType(decl.type, scope, decl.modifiers);
  if (!base) return;
  const isConst = decl.modifiers.includes('const');
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
    if (!t) continue;
    if (t.kind === 'array' && t.length === null) {
      if (d.init?.kind === 'InitList') t = arrayOf(t.element, d.init.elements.length);
      else {
        c.error(`local array '${d.name}' needs a size`, d.loc, d.name.length);
        continue;
      }
    }
    if (t.kind === 'resource' || t.kind === 'sampler') {
      c.error(`local resource variables are not supported yet`, d.loc, d.name.length);
      continue;
    }
    const place = newLocal(c, st.fn, d.name, t);
    let constant;
    if (d.init) {
      const { result, before, after } = withEffects(c, () => c.exprs.checkInitializer(d.init!, t!, scope));
      out.push(...before);
      if (result) {
        out.push({ op: 'store', place, value: result });
        if (isConst) constant = evaluateConstant(result);
      }
      out.push(...after);
    } else if (isConst) c.error(`const variable '${d.name}' must be initialized`, d.loc, d.name.length);
    const prev = scope.own(d.name);
    if (prev) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
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
    if (!t) continue;
    if (t.kind === 'array' && t.length === null && d.init?.kind === 'InitList') t = arrayOf(t.element, d.init.elements.length);
    const global: IrGlobal = { id: c.newId(), name: `${st.fn.name}.${d.name}`, type: t, space: 'private', readonly: isConst, loc: d.loc };
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
      }
    }
    c.globals.push(global);
    if (scope.own(d.name)) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
    scope.define({ kind: 'variable', name: d.name, type: t, place: irGlobalPlace(global), readonly: isConst, ...(constant && isConst ? { constant } : {}), loc: d.loc });
  }
}

function lowerSwitch(c: Checker, st: FunctionState, s: ast.SwitchStmt, scope: Scope, out: IrStmt[]): void {
  const { result, before, after } = withEffects(c, () => c.exprs.check(s.selector, scope));
  out.push(...before, ...after);
  if (!result) return;
  if (!isNumeric(result.type) || result.type.kind !== 'scalar' || result.type.base === 'float') {
    c.error(`switch condition must be an integer, not '${typeToString(result.type)}'`, s.selector.loc);
    return;
  }
  const selT = result.type.base === 'uint' ? result.type : { ...result.type, base: 'int' as const };
  const selector = c.exprs.coerce(result, selT);
  const cases: Extract<IrStmt, { op: 'switch' }>['cases'] = [];
  const seen = new Set<string>();
  st.switchDepth++;
  const inner = new Scope(scope, 'block');
  for (const cs of s.cases) {
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
    cases.push({ values, isDefault, body: lowerBlock(c, st, cs.body, inner) });
  }
  st.switchDepth--;
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
