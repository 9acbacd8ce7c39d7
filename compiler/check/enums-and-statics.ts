// Enumerations (plain and `enum class`, with explicit underlying types; enumerators reached as `E::A`),
// out-of-line definitions of static data members (`float T::M = 2.5;`) and statics' zero start.
import type { IrConst, IrGlobal } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { sameType, scalar, typeToString, type ScalarType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import { zeroOf } from './ir-constants.js';
import { Scope } from './scope.js';
import { lowerInStaticInit } from './statements.js';

export function declareEnum(c: Checker, decl: ast.EnumDecl, scope: Scope): void {
  const underlying = decl.underlying ? c.resolveType(decl.underlying, scope, []) : scalar('int');
  if (!underlying) return;
  if (underlying.kind !== 'scalar' || underlying.base === 'float' || underlying.base === 'bool') {
    c.error(`underlying type of enum '${decl.name}' must be an integer type, not '${typeToString(underlying)}'`, decl.underlying!.loc);
    return;
  }
  // The enumerators are reached as `E::A` (both kinds, as DXC allows) and, unscoped, also as `A`.
  // Their values are of the enum's own type (enum-types.ts); an anonymous enum's are plain integers.
  const members = new Scope(scope, 'namespace');
  const type: ScalarType = decl.name ? { ...underlying, enumeration: { id: c.newId(), name: decl.name, scoped: decl.scoped } } : underlying;
  if (decl.name) scope.define({ kind: 'type', name: decl.name, type, loc: decl.loc, members });
  const targets = decl.scoped ? [members] : [members, scope];
  // Inside the braces an enumerator has the type of its value (C++): `B = A | 2` is integer arithmetic.
  const defined: { type: Type }[] = [];
  let next = 0n;
  for (const m of decl.members) {
    if (m.value) {
      const v = c.constantValue(m.value, scope);
      if (v?.kind === 'scalar' && typeof v.value !== 'boolean') next = BigInt(v.value);
    }
    const value: IrConst = { kind: 'scalar', type: underlying, value: underlying.width === 64 ? next : Number(next) };
    const place = { kind: 'local' as const, local: { id: c.newId(), name: m.name, type: underlying }, type: underlying };
    for (const target of targets) {
      const entry = { kind: 'variable' as const, name: m.name, type: underlying as Type, place, readonly: true, constant: value, loc: m.loc };
      if (target.define(entry)) c.error(`redefinition of '${m.name}'`, m.loc, m.name.length);
      defined.push(entry);
    }
    next++;
  }
  for (const entry of defined) entry.type = type;
}

/** `float T::M = 2.5;`: the definition (and initial value) of static data member M of struct T. */
export function defineStaticMember(c: Checker, d: ast.Declarator, t: Type, scope: Scope): void {
  const member = scope.lookup(d.name);
  const place = member?.kind === 'variable' ? member.place : undefined;
  if (!place || place.kind !== 'global' || place.global.space !== 'private') {
    c.error(`'${d.name}' is not a static data member of a struct`, d.loc, d.name.length);
    return;
  }
  if (!sameType(place.global.type, t)) {
    c.error(`the definition of '${d.name}' has type '${typeToString(t)}', but it is declared as '${typeToString(place.global.type)}'`, d.loc, d.name.length);
    return;
  }
  if (!d.init) return;
  if (place.global.init) {
    c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
    return;
  }
  const { result, before, after } = lowerInStaticInit(c, () => c.exprs.checkInitializer(d.init!, t, scope));
  const constant = result && !before.length && !after.length ? evaluateConstant(result) : undefined;
  if (constant) place.global.init = constant;
  else if (result) {
    c.staticInit().body.push(...before, { op: 'store', place, value: result }, ...after);
    c.initializedAtRunTime.add(place.global);
  }
}

/**
 * HLSL's static variables (globals, locals, data members) start at zero when nothing initializes
 * them, as in C (DXC stores OpConstantNull into them at entry); a SPIR-V Private variable without an
 * initializer starts undefined. Runs once every definition is seen: an out-of-line definition
 * (`float T::M = 2.5;`) gives its member its own value, and one whose initializer runs in code is
 * written before anything reads it. Opaque types have no zero and stay as they are.
 */
export function zeroInitializeStatics(globals: readonly IrGlobal[], initializedAtRunTime: ReadonlySet<IrGlobal>): void {
  for (const g of globals) {
    if (g.space !== 'private' || g.stageBuiltin || g.init || initializedAtRunTime.has(g)) continue;
    const init = zeroConstant(g.type);
    if (init) g.init = init;
  }
}

/** The zero of a plain-data type as a constant; undefined for opaque types. */
export function zeroConstant(t: Type): IrConst | undefined {
  const zero = zeroOf(t);
  return zero && evaluateConstant(zero);
}

