// HLSL 2021 alias templates: `template <typename T> using Ptr = const vk::SpirvOpaqueType<32, …, T>;`.
// Each use binds the parameters to its arguments in a scope of their own and resolves the aliased
// type there; there is nothing to cache, the aliased types are themselves interned or cached.
import type * as ast from '../parse/ast.js';
import type { Type } from '../types.js';
import type { Checker } from './checker.js';
import { Scope, type SymbolEntry } from './scope.js';
import { withTypeRequirements } from './spirv-types.js';
import { bindArguments, bindParams } from './struct-templates.js';

type AliasTemplateEntry = Extract<SymbolEntry, { kind: 'aliasTemplate' }>;

export function instantiateAlias(c: Checker, entry: AliasTemplateEntry, spec: ast.TypeSpec, useScope: Scope): Type | undefined {
  const bound = bindArguments(c, entry, spec.templateArgs ?? [], spec.loc, spec.name.length, useScope);
  if (!bound) return undefined;
  const scope = new Scope(entry.scope, 'block');
  bindParams(c, scope, entry.decl.templateParams, bound);
  const resolved = c.resolveType(entry.decl.type, scope, []);
  return resolved && withTypeRequirements(c, resolved, entry.decl.attributes, scope);
}
