// HLSL 2021 variable templates (`template <class A, class B> static const bool is_same_v = false;`
// with `template <class T> static const bool is_same_v<T, T> = true;`), as DXC's type-trait headers
// write them. Each argument list names one constant: the explicit specialization for exactly those
// arguments, else the partial one that matches (two matching are an error), else the primary,
// evaluated with its parameters bound. Only constants are
// supported: a variable template that is not const with a constant initializer is an error.
import type * as ast from '../parse/ast.js';
import { evaluateConstant } from './constant-eval.js';
import type { Checker } from './checker.js';
import { deduceAll } from './partial-specializations.js';
import { Scope, type SymbolEntry } from './scope.js';
import { argumentKey, bindArguments, bindParams } from './struct-templates.js';
import type { Value } from './value.js';

type VarTemplate = Extract<SymbolEntry, { kind: 'varTemplate' }>;

/** The primary template, or a specialization recorded on it. */
export function declareVariableTemplate(c: Checker, decl: ast.VarDecl, scope: Scope): void {
  const d = decl.declarators[0]!;
  if (decl.declarators.length > 1) c.error(`a variable template declares one variable`, decl.declarators[1]!.loc);
  if (decl.specializationArgs) {
    const entry = scope.lookup(d.name);
    if (entry?.kind !== 'varTemplate') {
      c.error(`specialization of '${d.name}', which is not a variable template`, d.loc, d.name.length);
      return;
    }
    entry.specializations.push({ decl, scope });
    return;
  }
  const prev = scope.define({ kind: 'varTemplate', name: d.name, decl, scope, specializations: [], instances: new Map() });
  if (prev) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
}

/** `is_same_v<int, bool>`: the constant for these arguments. */
export function variableTemplateValue(c: Checker, entry: VarTemplate, e: ast.NameExpr, useScope: Scope): Value | undefined {
  const bound = bindArguments(c, entry, e.templateArgs ?? [], e.loc, e.name.length, useScope);
  if (!bound) return undefined;
  const key = argumentKey(bound);
  let value = entry.instances.get(key);
  if (!value) {
    // An explicit specialization for exactly these arguments comes first; else the partial ones that match.
    const exact = entry.specializations.find((spec) => !spec.decl.templateParams?.length && explicitMatch(c, entry, spec, key));
    const matches = exact
      ? [{ spec: exact, deduced: [] }]
      : entry.specializations.flatMap((spec) => {
          const deduced = spec.decl.templateParams?.length ? deduceAll(c, spec, bound) : undefined;
          return deduced ? [{ spec, deduced }] : [];
        });
    if (matches.length > 1) {
      c.error(`ambiguous specializations of '${entry.name}' for these arguments (${matches.length} match)`, e.loc, e.name.length);
      return undefined;
    }
    const chosen = matches[0] ? { decl: matches[0].spec.decl, scope: matches[0].spec.scope, bound: matches[0].deduced } : { decl: entry.decl, scope: entry.scope, bound };
    value = evaluate(c, entry, chosen.decl, chosen.scope, chosen.bound);
    if (!value) return undefined;
    entry.instances.set(key, value);
  }
  return { type: value.type, loc: e.loc, expr: { op: 'const', type: value.type, value }, readonly: true, what: `variable template '${entry.name}'` };
}

/** An explicit specialization (`template <> const bool v<int, int> = true;`) matches its own arguments only. */
function explicitMatch(c: Checker, entry: VarTemplate, spec: VarTemplate['specializations'][number], key: string): boolean {
  const own = bindArguments(c, entry, spec.decl.specializationArgs!, spec.decl.loc, entry.name.length, spec.scope);
  return !!own && argumentKey(own) === key;
}

function evaluate(c: Checker, entry: VarTemplate, decl: ast.VarDecl, declScope: Scope, bound: readonly (import('../types.js').Type | number)[]) {
  const d = decl.declarators[0]!;
  const scope = new Scope(declScope, 'block');
  bindParams(c, scope, decl.templateParams ?? [], bound);
  const base = c.resolveType(decl.type, scope, decl.modifiers);
  const t = base && c.arrayType(base, d.arrayDims, scope, false);
  if (!t) return undefined;
  const init = decl.modifiers.includes('const') && d.init ? c.exprs.checkInitializer(d.init, t, scope) : undefined;
  const constant = init && evaluateConstant(init);
  if (!constant) {
    c.error(`variable template '${entry.name}' is supported only as a constant: declare it 'static const' with a constant initializer`, d.loc, d.name.length);
    return undefined;
  }
  return constant;
}
