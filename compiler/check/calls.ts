// Calls of user functions: overload resolution (ranked by the worst implicit conversion any argument
// needs), HLSL 2021 template instantiation per deduced argument types, default arguments, member
// functions with their hidden `this`, and in/out/inout argument passing.
import { isNodeEntry, nodeArgument } from './node-objects.js';
import { isPerVertexParam, perVertexArgument } from './attribute-evaluation.js';
import type { Loc } from '../diagnostics.js';
import type { IrCallArg } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { elementScalar, sameType, typeKey, typeToString, type StructType, type Type } from '../types.js';
import { defineValueParam } from './struct-templates.js';
import type { Checker } from './checker.js';
import { conversionCost } from './conversions.js';
import type { ExpressionChecker } from './expressions.js';
import { Scope, type FunctionSymbol } from './scope.js';
import { isTexelAccess } from './texture-methods.js';
import type { Value } from './value.js';
import { holdsResource } from './resource-aliases.js';
import { needsSpecialization, specializedCall } from './resource-calls.js';
import { viewType } from './resource-decls.js';
import { cooperativeMatrixLengthCall, inlineSpirvCall, isCooperativeMatrixLength, isInlineSpirv } from './inline-spirv.js';
import { extTypeDefCall, isExtTypeDef } from './spirv-types.js';

export interface CallSite {
  name: string;
  loc: Loc;
  /** The scope of the call (for `this` of unqualified method calls). */
  scope: Scope;
  /** `obj.f()`: the object a method is called on. */
  self?: Value;
  /** `f<float>(x)`. */
  templateArgs?: ast.TemplateArg[];
}

export function checkUserCall(c: Checker, x: ExpressionChecker, overloads: FunctionSymbol[], args: Value[], site: CallSite): Value | undefined {
  const { name, loc } = site;
  let self = site.self;
  const candidates: FunctionSymbol[] = [];
  for (const fn of overloads) {
    if (!fn.instances) candidates.push(fn);
    else {
      const inst = instantiate(c, fn, args, site.templateArgs, site.scope);
      if (inst) candidates.push(inst);
    }
  }
  if (!self && candidates.some((f) => f.thisType)) {
    const thisEntry = site.scope.lookup('this');
    if (thisEntry?.kind === 'variable') self = { type: thisEntry.type, loc, place: thisEntry.place, readonly: thisEntry.readonly, ...(thisEntry.held ? { held: thisEntry.held } : {}) };
  }
  let best: { fn: FunctionSymbol; cost: number }[] = [];
  for (const fn of candidates) {
    // A method of a base struct takes the base part of a derived object.
    if (fn.thisType && (!self || self.type.kind !== 'struct' || c.baseDistance(self.type, fn.thisType) === undefined)) continue;
    const required = fn.params.filter((p) => !p.hasDefault).length;
    if (args.length < required || args.length > fn.params.length) continue;
    let cost = 0;
    let worst = 0;
    let sum = 0;
    for (let i = 0; i < args.length && cost !== Infinity; i++) {
      const p = fn.params[i]!;
      const a = args[i]!;
      // Derived → base converts an `in` argument, ranked like a promotion per inheritance step.
      const up = p.direction === 'in' && x.isDerivedFrom(a.type, p.type) ? c.baseDistance(a.type as StructType, p.type as StructType) : undefined;
      // A resource parameter takes the resource's view (ConstantBuffer<S> is used as an S).
      const pt = holdsResource(p.type) ? viewType(p.type) : p.type;
      const k = up !== undefined ? up : p.direction === 'in' ? conversionCost(a.type, pt, a.literal) : sameType(a.type, pt) ? 0 : conversionCost(a.type, pt);
      // The worst conversion decides; the sum (under 0.1 for any real call) breaks ties.
      if (k === undefined) {
        cost = Infinity;
        break;
      }
      // half vs float (the same type without -enable-16bit-types): the matching spelling wins, a
      // float-spelled value (or a literal) prefers float; a promotion for an otherwise exact match.
      const spelled = halfDiffers(a, p);
      worst = Math.max(worst, spelled && k === 0 ? 1 : k);
      sum += (spelled && k === 0 ? 1 : k) + (spelled && k !== 0 ? 1 / 100 : 0);
      cost = worst + sum / 1000;
    }
    if (cost === Infinity) continue;
    if (!best.length || cost < best[0]!.cost) best = [{ fn, cost }];
    else if (cost === best[0]!.cost) best.push({ fn, cost });
  }
  if (best.length !== 1) {
    const what = best.length
      ? `call to '${name}' is ambiguous`
      : `no matching function for call to '${name}(${args.map((a) => typeToString(a.type)).join(', ')})'`;
    const listed = best.length ? best.map((b) => b.fn) : overloads;
    c.error(`${what}; ${listed.map((fn) => `candidate: ${signature(fn)}`).join('; ')}`, loc, name.length);
    return undefined;
  }
  const fn = best[0]!.fn;
  if (isNodeEntry(fn.decl)) {
    c.error(`'${name}' is a node entry point: it cannot be called`, loc, name.length);
    return undefined;
  }
  const pass = (i: number, callArgs: IrCallArg[]): boolean => passArgument(c, x, fn, i, args[i], callArgs);
  if (isInlineSpirv(fn)) return inlineSpirvCall(c, x, fn, args, loc);
  if (isCooperativeMatrixLength(fn)) return cooperativeMatrixLengthCall(c, fn, loc);
  if (isExtTypeDef(fn)) return extTypeDefCall(c, x, fn, args, loc);
  // Resources in parameters, `this` or the result, or texture offsets in parameters: lowered per
  // combination of argument resources (and constant arguments).
  if (needsSpecialization(c, fn)) return specializedCall(c, x, fn, self, args, loc, pass);
  const ir = c.lowerFunction(fn, loc);
  if (!ir) return undefined;
  const callArgs: IrCallArg[] = [];
  if (fn.thisType) {
    self = x.upcast(self!, fn.thisType);
    // Writable objects are passed by place so that the method's changes to `this` are kept.
    // Anything else (a value, a read-only object) is copied to a temporary: `this` is an inout parameter.
    if (self!.place && !self!.readonly) callArgs.push({ kind: 'place', place: self!.place });
    else if (x.newLocal) {
      const copy = x.newLocal('this', fn.thisType);
      x.emitBefore({ op: 'store', place: copy, value: x.rvalue(self!) });
      callArgs.push({ kind: 'place', place: copy });
    } else callArgs.push({ kind: 'value', value: x.rvalue(self!) });
  }
  for (let i = 0; i < fn.params.length; i++) if (!pass(i, callArgs)) return undefined;
  return { type: fn.returnType, loc, expr: { op: 'call', type: fn.returnType, callee: ir, args: callArgs, loc }, readonly: true, ...(fn.half ? { half: true } : {}) };
}

/** The argument of parameter `i`: a converted value (`in`), else a place, copied through a temporary if needed. */
function passArgument(c: Checker, x: ExpressionChecker, fn: FunctionSymbol, i: number, given: Value | undefined, callArgs: IrCallArg[]): boolean {
  {
    const p = fn.params[i]!;
    const a = given ?? x.check(p.defaultExpr!, fn.scope);
    if (!a) return false;
    if (isPerVertexParam(c, fn, i)) {
      const v = perVertexArgument(c, a, p.type, a.loc);
      if (!v) return false;
      callArgs.push({ kind: 'value', value: v });
      return true;
    }
    if (p.type.kind === 'node') {
      const place = nodeArgument(c, a, p.type);
      if (place) callArgs.push({ kind: 'place', place });
      return !!place;
    }
    if (p.direction === 'in') {
      const v = x.convert(a, p.type, a.loc, 'argument');
      if (!v) return false;
      callArgs.push({ kind: 'value', value: v });
      return true;
    }
    if (!x.writable(a, a.loc)) return false;
    // A texel (`tex[c]`) has no pointer: it takes the copy-in/copy-out path below.
    if (a.place && sameType(a.type, p.type) && !isTexelAccess(a.place)) {
      callArgs.push({ kind: 'place', place: a.place });
      return true;
    }
    // Copy-in/copy-out through a temporary when the argument is a swizzle or needs a conversion.
    const tmp = x.newLocal!(`${p.name}_tmp`, p.type);
    if (p.direction === 'inout') {
      const v = x.convert(a, p.type, a.loc, 'argument');
      if (!v) return false;
      x.emitBefore({ op: 'store', place: tmp, value: v });
    }
    callArgs.push({ kind: 'place', place: tmp });
    const back = x.convert({ type: p.type, loc: a.loc, place: tmp, readonly: false }, a.type, a.loc, 'argument');
    if (back) x.effects?.after.push(x.storeTo(a, back));
    return true;
  }
}

function signature(fn: FunctionSymbol): string {
  if (fn.instances) return `template ${fn.name}(…)`;
  const params = fn.params.map((p) => `${p.direction === 'in' ? '' : p.direction + ' '}${spelled(p.type, p.half)}${p.hasDefault ? ' = …' : ''}`);
  return `${spelled(fn.returnType, fn.half)} ${fn.name}(${params.join(', ')})`;
}

/** A `bool` template argument as 1 or 0: a bool constant, or an integer one (non-zero is true). */
function constantBool(c: Checker, a: ast.Expr, scope: Scope): number | undefined {
  const v = c.constantValue(a, scope);
  if (v === undefined) return undefined;
  if (v.kind !== 'scalar') {
    c.error(`expression must be a bool or integer constant`, a.loc);
    return undefined;
  }
  return v.value === true || (typeof v.value !== 'boolean' && Number(v.value) !== 0) ? 1 : 0;
}

/**
 * HLSL 2021 templates: binds each template parameter from explicit arguments, else by matching the
 * parameter types (`T`, `vector<T, N>`, `matrix<T, R, C>`) against the argument types, and returns the
 * instantiation for those bindings (one per distinct binding).
 */
function instantiate(c: Checker, template: FunctionSymbol, args: Value[], explicit: ast.TemplateArg[] | undefined, useScope: Scope): FunctionSymbol | undefined {
  const tparams = template.decl.templateParams!;
  const bound = new Map<string, Type | number>();
  const errorsBefore = c.sink.errorCount;
  // More written arguments than parameters, or a constant for a type parameter (or the reverse): not
  // this template (`Load<Mask, Layout>` is not the overload whose second parameter is a type).
  if (explicit && (explicit.length > tparams.length || explicit.some((a, i) => (tparams[i]!.paramKind === 'type') !== (a.kind === 'TypeSpec')))) return undefined;
  // Written arguments name types and constants where the call is (`f<T>(x)` inside another template).
  explicit?.forEach((a, i) => {
    const p = tparams[i];
    if (!p) return;
    if (p.paramKind === 'type' && a.kind === 'TypeSpec') {
      const t = c.resolveType(a, useScope, a.modifiers ?? []);
      if (t) bound.set(p.name, t);
    } else if (p.paramKind === 'value' && a.kind !== 'TypeSpec') {
      // A `bool` parameter takes true/false (as 1/0); other value parameters take integers.
      const n = p.valueType?.name === 'bool' ? constantBool(c, a, useScope) : c.constantInt(a, useScope);
      if (n !== undefined) bound.set(p.name, n);
    }
  });
  const isParam = (name: string) => tparams.some((p) => p.name === name);
  const deduce = (spec: ast.TypeSpec, t: Type): void => {
    const targs = spec.templateArgs ?? [];
    if (isParam(spec.name) && targs.length === 0) {
      if (!bound.has(spec.name)) bound.set(spec.name, t);
      return;
    }
    const dims: [ast.TemplateArg | undefined, number][] = [];
    const named = targs.length ? template.scope.lookup(spec.name) : undefined;
    // `A<T>` of an alias template: the aliased type with the alias's parameters replaced by these arguments.
    if (named?.kind === 'aliasTemplate') {
      deduce(substituteAlias(named.decl.templateParams, named.decl.type, targs), t);
      return;
    }
    // `RWStructuredBuffer<T>` against a resource binds T to its element type.
    if (t.kind === 'resource' && targs.length === 1 && targs[0]!.kind === 'TypeSpec' && !named) {
      deduce(targs[0] as ast.TypeSpec, t.element);
      return;
    }
    // `vk::SpirvOpaqueType<Op, …, T>` against an inline type of the same opcode: type operands bind.
    if (t.kind === 'spirvType' && (spec.name === 'vk::SpirvOpaqueType' || spec.name === 'vk::SpirvType')) {
      const operandArgs = targs.slice(spec.name === 'vk::SpirvType' ? 3 : 1);
      t.definition.operands.forEach((o, i) => {
        const arg = operandArgs[i];
        if (o.kind === 'type' && arg?.kind === 'TypeSpec') deduce(arg, o.type);
      });
      return;
    }
    // `Box<T>` against an instantiation of the struct template Box: its arguments bind T.
    const owner = t.kind === 'struct' && targs.length ? named : undefined;
    const structArgs = owner?.kind === 'template' && t.kind === 'struct' ? owner.bindings.get(t.id) : undefined;
    if (structArgs) {
      targs.forEach((arg, i) => {
        const value = structArgs[i];
        if (value === undefined) return;
        if (arg.kind === 'TypeSpec' && typeof value !== 'number') deduce(arg, value);
        else if (arg.kind === 'Name' && isParam(arg.name) && !bound.has(arg.name)) bound.set(arg.name, value);
      });
      return;
    }
    if (spec.name === 'vector' && t.kind === 'vector') dims.push([targs[1], t.size]);
    else if (spec.name === 'matrix' && t.kind === 'matrix') dims.push([targs[1], t.rows], [targs[2], t.cols]);
    else return;
    const el = targs[0];
    if (el?.kind === 'TypeSpec') deduce(el, elementScalar(t)!);
    for (const [arg, n] of dims) if (arg?.kind === 'Name' && isParam(arg.name) && !bound.has(arg.name)) bound.set(arg.name, n);
  };
  template.decl.params.forEach((p, i) => {
    const a = args[i];
    if (a) deduce(p.type, p.arrayDims.length && a.type.kind === 'array' ? a.type.element : a.type);
  });
  const scope = new Scope(template.scope, 'block');
  for (const p of tparams) {
    let value = bound.get(p.name);
    if (value === undefined && p.default) {
      value = p.default.kind === 'TypeSpec' ? c.resolveType(p.default, template.scope, []) : c.constantInt(p.default, template.scope);
    }
    if (value === undefined) return undefined;
    if (typeof value === 'number') defineValueParam(c, scope, p, value);
    else scope.define({ kind: 'type', name: p.name, type: value, loc: p.loc });
  }
  if (c.sink.errorCount > errorsBefore) return undefined;
  const key = tparams.map((p) => {
    const v = bound.get(p.name);
    return typeof v === 'number' ? String(v) : v ? typeToString(v) + typeKey(v) : '?';
  }).join(',');
  const cached = template.instances!.get(key);
  if (cached) return cached;
  const inst = c.functionSymbol(template.decl, template.name, scope, scope, template.thisType);
  if (inst) template.instances!.set(key, inst);
  return inst;
}

/** The argument's half/float spelling differs from the parameter's (both of float type). */
function halfDiffers(a: Value, p: FunctionSymbol['params'][number]): boolean {
  const el = elementScalar(p.type);
  return !!el && el.base === 'float' && el.width === 32 && !el.relaxed && !!a.half !== !!p.half;
}

/** A type as the declaration spelled it: `half3` where half is float. */
function spelled(t: Type, half: boolean | undefined): string {
  const text = typeToString(t);
  return half ? text.replace(/\bfloat/, 'half') : text;
}

/**
 * An alias template's aliased type with its parameters replaced by a use's arguments, for deduction
 * only (`CooperativeMatrixA<T, s, R, K>` → `CooperativeMatrix<T, s, R, K, MatrixA>`): the
 * instantiation's own parameter types are resolved afterwards and checked against the arguments.
 */
function substituteAlias(params: readonly ast.TemplateParam[], type: ast.TypeSpec, args: readonly ast.TemplateArg[]): ast.TypeSpec {
  const replacement = (name: string): ast.TemplateArg | undefined => {
    const i = params.findIndex((p) => p.name === name);
    return i >= 0 ? args[i] : undefined;
  };
  const visit = (spec: ast.TypeSpec): ast.TypeSpec => {
    if (!spec.templateArgs) return spec;
    const templateArgs = spec.templateArgs.map((a): ast.TemplateArg => {
      if (a.kind === 'TypeSpec') {
        const r = a.templateArgs ? undefined : replacement(a.name);
        return r ?? visit(a);
      }
      return a.kind === 'Name' ? (replacement(a.name) ?? a) : a;
    });
    return { ...spec, templateArgs };
  };
  const whole = type.templateArgs ? undefined : replacement(type.name);
  return whole?.kind === 'TypeSpec' ? whole : visit(type);
}
