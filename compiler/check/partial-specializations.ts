// Partial specializations of struct templates (`template <class T, int N, int M> struct traits<matrix<T, N, M> >`):
// each is a pattern over the primary template's arguments. An instantiation deduces the pattern's own
// parameters from the arguments (a parameter alone, or inside vector<…>/matrix<…>, a resource's
// element, a struct template's arguments; anything else must equal the argument), then declares the specialization's body with them bound. One matching pattern
// is used; two matching ones are an error (choosing the more specialized is not done).
import type * as ast from '../parse/ast.js';
import { sameType, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { Scope, type SymbolEntry } from './scope.js';
import { bindParams } from './struct-templates.js';

type TemplateEntry = Extract<SymbolEntry, { kind: 'template' }>;
/** A partial specialization of a struct or variable template: its parameters and its argument patterns. */
export interface Partial {
  decl: { templateParams?: ast.TemplateParam[]; specializationArgs?: ast.TemplateArg[] };
  scope: Scope;
}
type Bound = Type | number;

/** The partial specialization `bound` matches, declared with its deduced parameters; undefined if none matches. */
export function instantiatePartial(c: Checker, entry: TemplateEntry, bound: readonly Bound[], loc: ast.TypeSpec['loc']): StructType | undefined | 'none' {
  const matches = (entry.partials ?? []).flatMap((partial) => {
    const deduced = deduceAll(c, partial, bound);
    return deduced ? [{ partial, deduced }] : [];
  });
  if (matches.length === 0) return 'none';
  if (matches.length > 1) {
    c.error(`ambiguous partial specializations of '${entry.name}' for these arguments (${matches.length} match)`, loc, entry.name.length);
    return undefined;
  }
  const { partial, deduced } = matches[0]!;
  const scope = new Scope(partial.scope, 'block');
  bindParams(c, scope, partial.decl.templateParams!, deduced);
  return c.declareStruct(partial.decl, scope);
}

/** The parameters of `partial` deduced from the arguments, or undefined when its patterns do not match. */
export function deduceAll(c: Checker, partial: Partial, bound: readonly Bound[]): Bound[] | undefined {
  const params = partial.decl.templateParams!;
  const pattern = partial.decl.specializationArgs!;
  if (pattern.length !== bound.length) return undefined;
  const deduced: (Bound | undefined)[] = params.map(() => undefined);
  const ok = pattern.every((p, i) => deduce(c, partial, p, bound[i]!, deduced));
  return ok && deduced.every((d) => d !== undefined) ? (deduced as Bound[]) : undefined;
}

/** Matches one pattern argument against one actual argument, recording parameters in `deduced`. */
function deduce(c: Checker, partial: Partial, pattern: ast.TemplateArg, actual: Bound, deduced: (Bound | undefined)[]): boolean {
  const params = partial.decl.templateParams!;
  const param = (name: string) => params.findIndex((p) => p.name === name);
  const bind = (i: number, value: Bound): boolean => {
    const known = deduced[i];
    if (known === undefined) {
      deduced[i] = value;
      return true;
    }
    return typeof known === 'number' || typeof value === 'number' ? known === value : sameType(known, value);
  };
  if (pattern.kind === 'TypeSpec') {
    if (typeof actual === 'number') return false;
    const args = pattern.templateArgs ?? [];
    const i = args.length === 0 && !pattern.arrayDims ? param(pattern.name) : -1;
    if (i >= 0) return params[i]!.paramKind === 'type' && bind(i, actual);
    if (pattern.name === 'vector' && args.length === 2) {
      // A scalar is no vector<T, 1> here: DXC keeps float1 and float apart.
      return actual.kind === 'vector' && deduce(c, partial, args[0]!, actual.element, deduced) && deduce(c, partial, args[1]!, actual.size, deduced);
    }
    if (pattern.name === 'matrix' && args.length === 3) {
      return actual.kind === 'matrix' && deduce(c, partial, args[0]!, actual.element, deduced) && deduce(c, partial, args[1]!, actual.rows, deduced) && deduce(c, partial, args[2]!, actual.cols, deduced);
    }
    // `Texture2D<T>`, `StructuredBuffer<T>`: a resource of that kind, its element deduced.
    if (actual.kind === 'resource' && !actual.rasterizerOrdered && pattern.name === actual.resource && args.length === 1) return deduce(c, partial, args[0]!, actual.element, deduced);
    // `Box<T>`: an instantiation of that struct template, its arguments deduced.
    const template = args.length ? partial.scope.lookup(pattern.name) : undefined;
    if (template?.kind === 'template' && actual.kind === 'struct') {
      const of = template.bindings.get(actual.id);
      return !!of && [...template.instances.values()].includes(actual) && args.length === of.length && args.every((a, k) => deduce(c, partial, a, of[k]!, deduced));
    }
    if (mentions(pattern, param)) return false;
    const t = c.resolveType(pattern, partial.scope, pattern.modifiers ?? []);
    return !!t && sameType(t, actual);
  }
  if (typeof actual !== 'number') return false;
  if (pattern.kind === 'Name' && !pattern.templateArgs) {
    const i = param(pattern.name);
    if (i >= 0) return params[i]!.paramKind === 'value' && bind(i, actual);
  }
  if (pattern.kind === 'Name' && param(pattern.name) >= 0) return false;
  const n = pattern.kind === 'BoolLiteral' ? Number(pattern.value) : c.constantInt(pattern, partial.scope);
  return n === actual;
}

/** Whether a pattern type names one of the specialization's parameters (then it cannot be resolved alone). */
function mentions(spec: ast.TemplateArg, param: (name: string) => number): boolean {
  if (spec.kind === 'Name') return param(spec.name) >= 0;
  if (spec.kind !== 'TypeSpec') return false;
  return param(spec.name) >= 0 || (spec.templateArgs ?? []).some((a) => mentions(a, param));
}
