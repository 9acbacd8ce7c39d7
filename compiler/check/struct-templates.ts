// HLSL 2021 struct templates: `template <typename T, int N = 4> struct Box { T v[N]; T get() { … } };`
// Each distinct argument list (`Box<float>`, `Box<int, 2>`) declares the struct once more in a scope
// where the parameters name the arguments, so fields, methods and nested types all see them; the
// instantiation is cached, so `Box<float>` names one type everywhere.
import type * as ast from '../parse/ast.js';
import { INT, sameType, typeKey, typeToString, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { defineDeclared, Scope, type SymbolEntry } from './scope.js';
import { instantiatePartial } from './partial-specializations.js';
import { defineStaticMember } from './enums-and-statics.js';

type TemplateEntry = Extract<SymbolEntry, { kind: 'template' }>;

export function instantiateStruct(c: Checker, entry: TemplateEntry, spec: ast.TypeSpec, useScope: Scope): StructType | undefined {
  const params = entry.decl.templateParams!;
  const bound = bindArguments(c, entry, spec.templateArgs ?? [], spec.loc, spec.name.length, useScope);
  if (!bound) return undefined;
  const key = argumentKey(bound);
  const known = entry.instances.get(key);
  if (known) return known;
  const special = entry.specializations.get(key);
  if (special) {
    // An explicit specialization is its own definition: no parameters are bound inside it.
    const struct = c.declareStruct(special.decl, new Scope(special.scope, 'block'));
    if (struct) {
      entry.instances.set(key, struct);
      entry.bindings.set(struct.id, bound);
    }
    return struct;
  }
  const partial = instantiatePartial(c, entry, bound, spec.loc);
  if (partial !== 'none') {
    if (partial) {
      entry.instances.set(key, partial);
      entry.bindings.set(partial.id, bound);
    }
    return partial;
  }
  if (entry.decl.forward) {
    const args = bound.map((b) => (typeof b === 'number' ? String(b) : typeToString(b))).join(', ');
    c.error(`implicit instantiation of undefined template '${entry.name}<${args}>' (the template is only declared, and no explicit specialization matches)`, spec.loc, spec.name.length);
    return undefined;
  }
  const scope = new Scope(entry.scope, 'block');
  bindParams(c, scope, params, bound);
  // DXC names an instantiation after its template (`Box`): the SPIR-V struct is `Box`, like the source's.
  const struct = c.declareStruct(entry.decl, scope);
  if (struct) {
    entry.instances.set(key, struct);
    entry.bindings.set(struct.id, bound);
    for (const decl of entry.outOfLine) defineOutOfLine(c, entry, decl, struct);
    for (const decl of entry.outOfLineVars ?? []) defineOutOfLineStatic(c, entry, decl, struct);
  }
  return struct;
}

/** `template <> struct S<int> { … }`: records the definition under its arguments' key, for instantiateStruct. */
export function declareSpecialization(c: Checker, decl: ast.StructDecl, scope: Scope): void {
  const entry = scope.lookup(decl.name);
  if (entry?.kind !== 'template') {
    c.error(`explicit specialization of '${decl.name}', which is not a struct or class template`, decl.loc, decl.name.length);
    return;
  }
  if (decl.templateParams?.length) {
    // A partial specialization: a pattern matched at each instantiation (partial-specializations.ts).
    (entry.partials ??= []).push({ decl, scope });
    return;
  }
  const bound = bindArguments(c, entry, decl.specializationArgs!, decl.loc, decl.name.length, scope);
  if (!bound) return;
  const key = argumentKey(bound);
  if (entry.specializations.has(key) || entry.instances.has(key)) {
    c.error(`redefinition of '${decl.name}' for these template arguments`, decl.loc, decl.name.length);
    return;
  }
  entry.specializations.set(key, { decl, scope });
}

/** One template's arguments, defaults filled in: types resolved where written, constants evaluated. */
export function bindArguments(
  c: Checker,
  entry: { name: string; scope: Scope; decl: { templateParams?: ast.TemplateParam[] } },
  args: readonly ast.TemplateArg[],
  loc: ast.TypeSpec['loc'],
  length: number,
  useScope: Scope,
): (Type | number)[] | undefined {
  const params = entry.decl.templateParams!;
  if (args.length > params.length) {
    c.error(`too many template arguments for '${entry.name}' (${args.length} given, at most ${params.length})`, loc, length);
    return undefined;
  }
  const bound: (Type | number)[] = [];
  for (const [i, p] of params.entries()) {
    const arg = args[i] ?? p.default;
    // Defaults are evaluated where the template was declared; written arguments where they are used.
    const argScope = args[i] ? useScope : entry.scope;
    if (!arg) {
      c.error(`too few template arguments for '${entry.name}': '${p.name}' has no default`, loc, length);
      return undefined;
    }
    if (p.paramKind === 'type') {
      if (arg.kind !== 'TypeSpec') {
        c.error(`template argument for '${p.name}' of '${entry.name}' must be a type`, arg.loc);
        return undefined;
      }
      const t = c.resolveType(arg, argScope, arg.modifiers ?? []);
      if (!t) return undefined;
      bound.push(t);
    } else {
      if (arg.kind === 'TypeSpec') {
        c.error(`template argument for '${p.name}' of '${entry.name}' must be a constant expression`, arg.loc);
        return undefined;
      }
      // `template <bool B>`: true and false are the values 1 and 0.
      const n = arg.kind === 'BoolLiteral' ? Number(arg.value) : c.constantInt(arg, argScope);
      if (n === undefined) return undefined;
      bound.push(n);
    }
  }
  return bound;
}

export function argumentKey(bound: readonly (Type | number)[]): string {
  return bound.map((b) => (typeof b === 'number' ? String(b) : `${typeToString(b)}#${b.kind === 'struct' ? b.id : typeKey(b)}`)).join(',');
}

/** Binds template parameters (by position) to an instantiation's arguments in `scope`. */
export function bindParams(c: Checker, scope: Scope, params: readonly ast.TemplateParam[], bound: readonly (Type | number)[]): void {
  params.forEach((p, i) => {
    const value = bound[i];
    if (value === undefined || !p.name) return; // `template <class, class>`: unnamed ones bind nothing
    if (typeof value === 'number') defineValueParam(c, scope, p, value);
    else scope.define({ kind: 'type', name: p.name, type: value, loc: p.loc });
  });
}

/**
 * A value template parameter bound to `value`: a constant of its declared type when that is a 32-bit
 * integer or an enum (`Scope scope` stays a vk::Scope, so it passes where one is expected), else int.
 */
export function defineValueParam(c: Checker, scope: Scope, p: ast.TemplateParam, value: number): void {
  const declared = p.valueType ? c.resolveType(p.valueType, scope, []) : undefined;
  const type = declared?.kind === 'scalar' && (declared.base === 'int' || declared.base === 'uint' || declared.base === 'bool') && declared.width === 32 ? declared : INT;
  const constant = type.base === 'bool' ? value !== 0 : type.base === 'uint' ? value >>> 0 : value | 0;
  const place = { kind: 'local' as const, local: { id: c.newId(), name: p.name, type }, type };
  scope.define({ kind: 'variable', name: p.name, type, place, readonly: true, constant: { kind: 'scalar', type, value: constant }, loc: p.loc });
}

/**
 * A member function of a struct template defined outside it, for one instantiation: its own template
 * parameters name the instantiation's arguments (by position), and the definition completes the
 * declaration inside the struct (or adds a member if there is none).
 */
export function defineOutOfLine(c: Checker, entry: TemplateEntry, decl: ast.FunctionDecl, struct: StructType): void {
  const members = c.structMembers.get(struct.id);
  const bound = entry.bindings.get(struct.id);
  if (!members || !bound) return;
  const name = decl.name.slice(decl.name.lastIndexOf('::') + 2);
  const scope = new Scope(members, 'block');
  bindParams(c, scope, decl.templateParams ?? [], bound);
  const previous = members.own(name);
  const isStatic = previous?.kind === 'functions' && previous.overloads.every((o) => !o.thisType);
  const symbol = c.functionSymbol(decl, name, scope, scope, isStatic ? undefined : struct);
  if (!symbol) return;
  if (previous?.kind === 'functions') {
    const same = previous.overloads.find((o) => !o.instances && o.params.length === symbol.params.length && o.params.every((p, i) => sameType(p.type, symbol.params[i]!.type)));
    if (same) {
      if (same.decl.body) {
        c.error(`redefinition of '${name}'`, decl.nameLoc, decl.name.length);
        return;
      }
      defineDeclared(same, symbol);
      same.scope = scope;
      return;
    }
  }
  members.define({ kind: 'functions', name, overloads: [symbol] });
}

/** `template <typename T> const static T Box<T>::table[2] = { … };`: recorded, and defined in every instantiation, now and later. */
export function declareOutOfLineStatic(c: Checker, decl: ast.VarDecl, scope: Scope): void {
  const first = decl.declarators[0]!;
  const ownerName = first.name.slice(0, first.name.lastIndexOf('::'));
  const owner = scope.lookup(ownerName);
  if (owner?.kind !== 'template') {
    c.error(`'${ownerName}' is not a struct template`, first.loc, first.name.length);
    return;
  }
  (owner.outOfLineVars ??= []).push(decl);
  for (const struct of owner.instances.values()) defineOutOfLineStatic(c, owner, decl, struct);
}

/** One instantiation's definition of the static member: the definition's parameters name its arguments. */
function defineOutOfLineStatic(c: Checker, entry: TemplateEntry, decl: ast.VarDecl, struct: StructType): void {
  const members = c.structMembers.get(struct.id);
  const bound = entry.bindings.get(struct.id);
  if (!members || !bound) return;
  const scope = new Scope(members, 'block');
  bindParams(c, scope, decl.templateParams ?? [], bound);
  const base = c.resolveType(decl.type, scope, decl.modifiers);
  if (!base) return;
  for (const d of decl.declarators) {
    const name = d.name.slice(d.name.lastIndexOf('::') + 2);
    let t = c.arrayType(base, d.arrayDims, scope, true);
    if (t?.kind === 'array' && t.length === null && d.init?.kind === 'InitList') t = { ...t, length: d.init.elements.length };
    if (t) defineStaticMember(c, { ...d, name }, t, scope);
  }
}
