// HLSL 2021 struct templates: `template <typename T, int N = 4> struct Box { T v[N]; T get() { … } };`
// Each distinct argument list (`Box<float>`, `Box<int, 2>`) declares the struct once more in a scope
// where the parameters name the arguments, so fields, methods and nested types all see them; the
// instantiation is cached, so `Box<float>` names one type everywhere.
import type * as ast from '../parse/ast.js';
import { INT, typeToString, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { Scope, type SymbolEntry } from './scope.js';

type TemplateEntry = Extract<SymbolEntry, { kind: 'template' }>;

export function instantiateStruct(c: Checker, entry: TemplateEntry, spec: ast.TypeSpec, useScope: Scope): StructType | undefined {
  const params = entry.decl.templateParams!;
  const args = spec.templateArgs ?? [];
  if (args.length > params.length) {
    c.error(`too many template arguments for '${entry.name}' (${args.length} given, at most ${params.length})`, spec.loc, spec.name.length);
    return undefined;
  }
  const bound: (Type | number)[] = [];
  for (const [i, p] of params.entries()) {
    const arg = args[i] ?? p.default;
    // Defaults are evaluated where the template was declared; written arguments where they are used.
    const argScope = args[i] ? useScope : entry.scope;
    if (!arg) {
      c.error(`too few template arguments for '${entry.name}': '${p.name}' has no default`, spec.loc, spec.name.length);
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
      const n = c.constantInt(arg, argScope);
      if (n === undefined) return undefined;
      bound.push(n);
    }
  }
  const key = bound.map((b) => (typeof b === 'number' ? String(b) : `${typeToString(b)}#${b.kind === 'struct' ? b.id : JSON.stringify(b)}`)).join(',');
  const known = entry.instances.get(key);
  if (known) return known;
  const scope = new Scope(entry.scope, 'block');
  params.forEach((p, i) => {
    const value = bound[i]!;
    if (typeof value === 'number') {
      const place = { kind: 'local' as const, local: { id: c.newId(), name: p.name, type: INT }, type: INT };
      scope.define({ kind: 'variable', name: p.name, type: INT, place, readonly: true, constant: { kind: 'scalar', type: INT, value }, loc: p.loc });
    } else scope.define({ kind: 'type', name: p.name, type: value, loc: p.loc });
  });
  // DXC names an instantiation after its template (`Box`): the SPIR-V struct is `Box`, like the source's.
  const struct = c.declareStruct(entry.decl, scope);
  if (struct) {
    entry.instances.set(key, struct);
    entry.bindings.set(struct.id, bound);
  }
  return struct;
}
