// Calls of functions whose parameters, `this` or return value hold resources (resource-aliases.ts):
// the callee is lowered once per combination of resources its arguments name (as DXC's inlining
// makes each call site see its own globals), with resource parameters bound as aliases of the
// caller's globals and the plain-data parts of resource-holding structs passed as IR parameters.
// A function returning a resource returns nothing at run time: the call names the returned global.
import type { Loc } from '../diagnostics.js';
import type { IrCallArg, IrConst, IrExpr, IrFunction, IrPlace, IrVar } from '../ir/ir.js';
import { typeToString, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import { keepNonUniform } from './non-uniform.js';
import { type AliasCell, assignHeld, cells, checkResolved, dataLeaves, dynamicIndices, type Held, holdsResource, invalidate, makeHeld, type Origin, originKey, replaceIndices, type ResourceFlow, shapeKey } from './resource-aliases.js';
import { viewType } from './resource-decls.js';
import { choosesResources, constantKey, mayWrite } from './resource-constants.js';
import { evaluateConstant } from './constant-eval.js';
import { conversionCost } from './conversions.js';
import { offsetParams } from './offset-arguments.js';
import { Scope, type FunctionSymbol } from './scope.js';
import { defineFieldsByName, lowerFunctionBody } from './statements.js';
import { indexKey, rebaseIndex } from './returned-indices.js';
import type { Value } from './value.js';

export interface Specialization {
  /** The caller's held values of the resource-holding parameters, by parameter index. */
  params: Map<number, Held>;
  /** The caller's object, when `this` holds resources. */
  self?: Held;
  /** `in` parameters bound to the call's constant argument: scalars of a function choosing resources (resource-constants.ts), and offsets (offset-arguments.ts). */
  constants: Map<number, IrConst>;
  /** Filled by lowering: the global-rooted place of each resource a function returns (cells order; undefined: a struct member never assigned). */
  returned?: (IrPlace | undefined)[];
  /** Filled by binding: the callee's cell of each out/inout resource parameter, by parameter index. */
  outCells: Map<number, AliasCell>;
  /** Filled by lowering: the global-rooted place each out/inout resource parameter holds when the function returns. */
  outs?: Map<number, IrPlace>;
  /** Filled by lowering: the IR variable of each ordinary parameter, by parameter index. */
  paramVars: Map<IrVar, number>;
  /** Filled by lowering: the hidden `in` parameters that carry the caller's run-time element indices. */
  indexVars: Set<IrVar>;
}

export function needsSpecialization(c: Checker, fn: FunctionSymbol): boolean {
  return fn.params.some((p) => holdsResource(p.type)) || (!!fn.thisType && holdsResource(fn.thisType)) || choosesResources(fn) || offsetParams(c, fn).size > 0;
}

/** A data leaf of a resource-holding parameter becomes an IR parameter of the specialised function. */
function paramPlace(c: Checker, fn: IrFunction, direction: 'in' | 'out' | 'inout') {
  return (name: string, type: Type): IrPlace => {
    const v: IrVar = { id: c.newId(), name, type };
    fn.params.push({ var: v, direction });
    return { kind: 'local', local: v, type };
  };
}

/**
 * The callee's copy of a caller's held value: the same origins, its own data parameters. A run-time
 * element index (`bufs[i]`) becomes an `in` parameter after the data parameters (see heldArguments).
 */
function bindHeld(c: Checker, caller: Held, type: Type, name: string, fn: IrFunction, indexVars: Set<IrVar>, direction: 'in' | 'out' | 'inout', flow: ResourceFlow, loc: Loc, fixed?: string): Held | undefined {
  const held = makeHeld(type, name, paramPlace(c, fn, direction), flow, loc);
  if (!held) {
    c.error(`parameter '${name}' of type '${typeToString(type)}': arrays of structs holding resources are not supported yet`, loc, name.length);
    return undefined;
  }
  const from = cells(caller);
  if (from.length !== cells(held).length) {
    // A resource array held element by element (from an initializer list) where one array is expected.
    c.error(`parameter '${name}' of type '${typeToString(type)}': an array of resources built element by element (an initializer list) cannot be passed as a whole; pass a global array`, loc, name.length);
    invalidate(held);
    return held;
  }
  const indexParam = (n: string, t: Type): IrPlace => {
    const place = paramPlace(c, fn, 'in')(n, t);
    if (place.kind === 'local') {
      indexVars.add(place.local);
      c.unwritten.add(place.local);
    }
    return place;
  };
  cells(held).forEach((cell, i) => {
    const origin = from[i]!.origin;
    cell.origin = origin.kind === 'place'
      ? { kind: 'place', place: replaceIndices(origin.place, (old) => keepNonUniform(old, { op: 'load', type: old.type, place: indexParam(`${cell.name}.index`, old.type) })) }
      : origin;
    if (fixed) cell.fixed = fixed;
  });
  return held;
}

/** The arguments a held value gives its specialised parameter: data leaves, then run-time indices. */
function heldArguments(h: Held, direction: 'in' | 'out' | 'inout', callArgs: IrCallArg[]): void {
  for (const leaf of dataLeaves(h)) {
    callArgs.push(direction === 'in' ? { kind: 'value', value: { op: 'load', type: leaf.type, place: leaf.place } } : { kind: 'place', place: leaf.place });
  }
  for (const cell of cells(h)) {
    if (cell.origin.kind === 'place') for (const index of dynamicIndices(cell.origin.place)) callArgs.push({ kind: 'value', value: index });
  }
}

/** `this` of a method of a struct holding resources: its fields by name, from the caller's object. */
export function bindSelf(c: Checker, symbol: FunctionSymbol, spec: Specialization, caller: Held, fn: IrFunction, flow: ResourceFlow, outer: Scope): Scope {
  const loc = symbol.decl.loc;
  const t = symbol.thisType!;
  const held = bindHeld(c, caller, t, 'this', fn, spec.indexVars, 'inout', flow, loc, `assigning a resource to a member of 'this' inside a method is not supported yet`);
  const fields = new Scope(outer, 'block');
  if (held?.kind === 'data' && held.type.kind === 'struct') {
    // A struct of plain data whose method takes a resource parameter: `this` is an ordinary inout parameter.
    fields.define({ kind: 'variable', name: 'this', type: t, place: held.place, readonly: false, loc });
    defineFieldsByName(c, fields, held.place, held.type, loc);
    return fields;
  }
  if (!held || held.kind !== 'struct') return fields;
  fields.define({ kind: 'variable', name: 'this', type: t, place: { kind: 'local', local: { id: c.newId(), name: 'this', type: t }, type: t }, readonly: false, loc, held });
  const define = (h: Held & { kind: 'struct' }, st: StructType): void => {
    const base = c.structBases.get(st.id);
    if (base) define(h.fields[0] as Held & { kind: 'struct' }, base);
    st.fields.forEach((f, index) => {
      if (base && index === 0) return;
      const fh = h.fields[index]!;
      if (fh.kind === 'data') fields.define({ kind: 'variable', name: f.name, type: f.type, place: fh.place, readonly: false, loc });
      else fields.define({ kind: 'variable', name: f.name, type: f.type, place: { kind: 'local', local: { id: c.newId(), name: f.name, type: f.type }, type: f.type }, readonly: false, loc, held: fh });
    });
  };
  define(held, t);
  return fields;
}

/** Resource-holding parameters: aliases of the caller's arguments (data parts as IR parameters). */
export function bindParams(c: Checker, symbol: FunctionSymbol, spec: Specialization, fn: IrFunction, flow: ResourceFlow, scope: Scope): void {
  for (const [i, caller] of spec.params) {
    const p = symbol.params[i]!;
    const loc = symbol.decl.params[i]!.loc;
    // An out/inout resource (not a struct holding some) is the caller's alias: the callee may assign it.
    const cellParam = p.direction !== 'in' && caller.kind === 'resource';
    const fixed = p.direction === 'in' || cellParam ? undefined : `assigning a resource to an out/inout parameter is not supported yet`;
    const held = bindHeld(c, caller, p.type, p.name || `param${i}`, fn, spec.indexVars, p.direction, flow, loc, fixed);
    if (held?.kind === 'resource' && cellParam) {
      if (p.direction === 'out') held.origin = { kind: 'unset' };
      spec.outCells.set(i, held);
    }
    if (held && p.name) {
      scope.define({ kind: 'variable', name: p.name, type: p.type, place: { kind: 'local', local: { id: c.newId(), name: p.name, type: p.type }, type: p.type }, readonly: false, loc, held });
    }
  }
}

/** The one origin every live `return` of a function returning a resource gives. */
export function resolveReturn(c: Checker, symbol: FunctionSymbol, fn: IrFunction, spec: Specialization, returns: { origins: Origin[]; loc: Loc }[]): (IrPlace | undefined)[] | undefined {
  if (!returns.length) return undefined;
  const resolved: (IrPlace | undefined)[] = [];
  // `return arr[f(i)];` with `i` an `in` parameter the body never writes, or a value no code can change
  // (a cbuffer member): the caller indexes with the same computation of its own arguments.
  const param = recomputable(symbol, fn, spec);
  const keyOf = (p: IrPlace): string | undefined => {
    const indices = dynamicIndices(p).map((e) => indexKey(e, param));
    return indices.some((i) => i === undefined) ? undefined : `${shapeKey(p)}(${indices.join(',')})`;
  };
  for (let k = 0; k < returns[0]!.origins.length; k++) {
    const origins = returns.map((r) => r.origins[k]!);
    // A member of a returned struct that no path assigns stays unassigned in the caller.
    if (symbol.returnType.kind === 'struct' && origins.every((o) => o.kind === 'unset')) {
      resolved.push(undefined);
      continue;
    }
    const keys = origins.map((o) => (o.kind === 'place' ? keyOf(o.place) : undefined));
    const bad = keys.findIndex((key) => key === undefined || key !== keys[0]);
    if (bad >= 0) {
      const o = origins[bad]!;
      const why = o.kind === 'dynamic' ? o.why : o.kind === 'unset' ? 'no resource is assigned to it' : keys[bad] === undefined ? 'it is an element of a resource array chosen by a run-time index' : 'another return gives a different resource';
      if (o.kind !== 'invalid') c.error(`the resource returned by '${symbol.name}' cannot be determined statically: ${why}`, returns[bad]!.loc);
      return undefined;
    }
    resolved.push((origins[0] as Origin & { kind: 'place' }).place);
  }
  return resolved;
}

/**
 * The global-rooted place each out/inout resource parameter holds at every exit of the function (each
 * `return`, and its end when reachable): one resource with constant indices, or an error.
 */
export function resolveOuts(c: Checker, symbol: FunctionSymbol, spec: Specialization, exits: { origins: Map<number, Origin>; loc: Loc }[]): Map<number, IrPlace> | undefined {
  const outs = new Map<number, IrPlace>();
  for (const i of spec.outCells.keys()) {
    const name = symbol.params[i]!.name;
    const origins = exits.map((e) => e.origins.get(i)!);
    const keys = origins.map((o) => (o.kind === 'place' ? originKey(o.place) : undefined));
    const bad = keys.findIndex((key) => key === undefined || key !== keys[0]);
    if (!exits.length || bad >= 0) {
      const o = origins[bad];
      if (o?.kind === 'invalid') return undefined;
      const why = !o ? 'the function never returns' : o.kind === 'dynamic' ? o.why : o.kind === 'unset' ? 'no resource is assigned to it on this path' : keys[bad] === undefined ? 'it is an element of a resource array chosen by a run-time index' : 'another path leaves a different resource in it';
      c.error(`the resource left in ${symbol.params[i]!.direction} parameter '${name}' of '${symbol.name}' cannot be determined statically: ${why}`, exits[bad]?.loc ?? symbol.decl.loc);
      return undefined;
    }
    outs.set(i, (origins[0] as Origin & { kind: 'place' }).place);
  }
  return outs;
}

/** The held value an argument gives a resource-holding parameter (a fresh alias for a plain global). */
function argumentHeld(c: Checker, a: Value, t: Type, loc: Loc): Held | undefined {
  if (a.held) return a.held;
  const cell = makeHeld(t, 'argument', () => ({ kind: 'local', local: { id: c.newId(), name: '', type: t }, type: t }), undefined, loc);
  if (!cell || cell.kind !== 'resource') {
    c.error(`a struct holding resources can only be passed from a local variable or parameter`, a.loc);
    return undefined;
  }
  return assignHeld(c, cell, a, a.loc, () => undefined, (e) => e) ? cell : undefined;
}

/**
 * The key of one specialisation: the origins of all resource cells. A member of a struct argument
 * that holds no known resource travels as it is: only a use of it in the callee is an error.
 */
function specializationKey(held: Held[]): string {
  return held
    .flatMap(cells)
    .map((cell) => (cell.origin.kind === 'place' ? shapeKey(cell.origin.place)! : cell.origin.kind === 'dynamic' ? `dynamic:${cell.origin.why}` : cell.origin.kind))
    .join(',');
}

/** `this` as the base part a method of a base struct takes. */
function upcastHeld(c: Checker, h: Held, base: StructType): Held {
  let r = h;
  while (r.kind === 'struct' && r.type.id !== base.id && c.structBases.has(r.type.id)) r = r.fields[0]!;
  return r;
}

/**
 * A call of a function that needs specialising. `pass` lowers the argument of an ordinary
 * parameter (the caller's usual by-value or by-place passing).
 */
export function specializedCall(
  c: Checker,
  x: ExpressionChecker,
  fn: FunctionSymbol,
  self: Value | undefined,
  args: (Value | undefined)[],
  loc: Loc,
  pass: (index: number, callArgs: IrCallArg[]) => boolean,
): Value | undefined {
  const spec: Specialization = { params: new Map(), constants: new Map(), outCells: new Map(), paramVars: new Map(), indexVars: new Set() };
  /** Globals given to inout resource parameters: the callee must leave each where it was. */
  const globalArgs = new Map<number, Value>();
  if (fn.thisType && holdsResource(fn.thisType)) {
    if (self?.held?.kind !== 'struct') {
      c.error(`a method of '${fn.thisType.name}', which holds resources, needs a local variable or parameter as its object`, loc);
      return undefined;
    }
    spec.self = upcastHeld(c, self.held, fn.thisType);
  }
  for (const [i, p] of fn.params.entries()) {
    if (!holdsResource(p.type)) continue;
    const a = args[i] ?? x.check(p.defaultExpr!, fn.scope);
    if (!a) return undefined;
    if (p.direction !== 'in' && (p.type.kind === 'resource' || p.type.kind === 'sampler' || p.type.kind === 'array')) {
      // A local resource variable (an alias) holds what the callee left in it after the call; a global
      // may be an `inout` argument only if the callee leaves it in place (checked after the call).
      if ((a.held?.kind !== 'resource' || a.held.fixed) && (p.direction === 'out' || a.held)) {
        c.error(`the argument of the ${p.direction} resource parameter '${p.name}' must be a local resource variable`, a.loc);
        return undefined;
      }
      if (!a.held) globalArgs.set(i, a);
    }
    // Only an `out` parameter may take a variable that holds no resource yet.
    if (p.direction !== 'out' && !checkResolved(c, a, a.loc)) return undefined;
    const h = argumentHeld(c, a, p.type, loc);
    if (!h) return undefined;
    spec.params.set(i, h);
  }
  const passed = [...(spec.self ? [spec.self] : []), ...spec.params.values()];
  for (const cell of passed.flatMap(cells)) cell.reads++;
  let key = specializationKey(passed);
  const chooses = choosesResources(fn);
  const offsets = offsetParams(c, fn);
  for (const [i, p] of fn.params.entries()) {
    const a = args[i];
    const wanted = offsets.has(i) ? p.type.kind === 'scalar' || p.type.kind === 'vector' : chooses && p.type.kind === 'scalar';
    if (!a || !wanted || p.direction !== 'in' || !p.name || conversionCost(a.type, p.type, a.literal) === undefined) continue;
    const value = evaluateConstant(x.coerce(a, p.type));
    if (value && !mayWrite(fn, p.name)) {
      spec.constants.set(i, value);
      key += constantKey(i, value);
    }
  }
  fn.specializations ??= new Map();
  let done = fn.specializations.get(key);
  if (!done) {
    if (fn.lowering) {
      c.error(`recursive call to '${fn.name}': recursion is not allowed in HLSL`, loc, fn.name.length);
      return undefined;
    }
    if (!fn.decl.body) {
      c.error(`function '${fn.name}' is declared but never defined`, loc, fn.name.length);
      return undefined;
    }
    fn.lowering = true;
    const ir = lowerFunctionBody(c, fn, spec);
    fn.lowering = false;
    if (!ir) return undefined;
    c.functions.push(ir);
    done = { ir, paramVars: spec.paramVars, indexVars: spec.indexVars, ...(spec.returned ? { returned: spec.returned } : {}), ...(spec.outs ? { outs: spec.outs } : {}) };
    fn.specializations.set(key, done);
  }
  // Arguments in the specialised function's parameter order: `this`, held data, ordinary parameters.
  const callArgs: IrCallArg[] = [];
  if (spec.self) heldArguments(spec.self, 'inout', callArgs);
  else if (fn.thisType && self) callArgs.push(self.place && !self.readonly ? { kind: 'place', place: self.place } : { kind: 'value', value: x.rvalue(self) });
  for (const [i, h] of spec.params) heldArguments(h, fn.params[i]!.direction, callArgs);
  for (let i = 0; i < fn.params.length; i++) {
    if (spec.params.has(i)) continue;
    if (!pass(i, callArgs)) return undefined;
  }
  // Out/inout resource parameters: the caller's variable now holds what the callee left in it.
  if (spec.outCells.size && !done.outs) {
    // Already reported: the caller's variables stay quiet instead of "used before assigned".
    for (const i of spec.outCells.keys()) (spec.params.get(i) as AliasCell).origin = { kind: 'invalid' };
    return undefined;
  }
  for (const [i, place] of done.outs ?? []) {
    const cell = spec.params.get(i) as AliasCell;
    const global = globalArgs.get(i);
    if (global && (!global.place || originKey(place) === undefined || originKey(place) !== originKey(global.place))) {
      c.error(`'${fn.name}' leaves another resource in inout parameter '${fn.params[i]!.name}', but its argument is a global resource, which cannot be reassigned`, global.loc);
      return undefined;
    }
    cell.origin = { kind: 'place', place };
    cell.writes.push(cell.reads);
  }
  if (!holdsResource(fn.returnType)) return { type: fn.returnType, loc, expr: { op: 'call', type: fn.returnType, callee: done.ir, args: callArgs, loc }, readonly: true };
  // The result: a temporary whose cells name the returned globals and whose data the call writes.
  const result = makeHeld(fn.returnType, `${fn.name}()`, (name, type) => x.newLocal!(name, type), undefined, loc);
  if (!result || !done.returned) return undefined;
  for (const leaf of dataLeaves(result)) callArgs.push({ kind: 'place', place: leaf.place });
  // A returned element indexed by parameters is indexed by the arguments' values, each evaluated once.
  const param = recomputable(fn, done.ir, done);
  const argValues = new Map<number, IrExpr>();
  const argument = (i: number): IrExpr => {
    const known = argValues.get(i);
    if (known) return known;
    const arg = callArgs[i];
    if (arg?.kind !== 'value') throw new Error(`internal: a returned resource index reads parameter ${i}, which is not passed by value`);
    if (!(arg.value.op === 'const' && arg.value.type.kind === 'scalar') && !x.unchanging(arg.value)) {
      const tmp = x.newLocal!('tmp', arg.value.type);
      x.emitBefore({ op: 'store', place: tmp, value: arg.value });
      arg.value = { op: 'load', type: arg.value.type, place: tmp };
    }
    argValues.set(i, arg.value);
    return arg.value;
  };
  const returned = done.returned.map((p) => p && replaceIndices(p, (old) => rebaseIndex(old, param, argument)));
  cells(result).forEach((cell, k) => (cell.origin = returned[k] ? { kind: 'place', place: returned[k] } : { kind: 'unset' }));
  x.emitBefore({ op: 'eval', expr: { op: 'call', type: done.ir.returnType, callee: done.ir, args: callArgs, loc } });
  return result.kind === 'resource' ? { type: viewType(fn.returnType), loc, place: returned[0]!, readonly: false } : { type: fn.returnType, loc, held: result, readonly: true };
}

/**
 * The position among the IR function's parameters (and so among a call's arguments) of a variable the
 * caller can stand in for: a hidden index parameter, or an `in` parameter the body never writes.
 */
function recomputable(symbol: FunctionSymbol, ir: IrFunction, spec: Pick<Specialization, 'paramVars' | 'indexVars'>): (v: IrVar) => number | undefined {
  return (v) => {
    const i = spec.paramVars.get(v);
    const ok = spec.indexVars.has(v) || (i !== undefined && symbol.params[i]!.direction === 'in' && !mayWrite(symbol, symbol.params[i]!.name));
    const k = ok ? ir.params.findIndex((p) => p.var === v) : -1;
    return k < 0 ? undefined : k;
  };
}
