// Argument-dependent lookup (C++ [basic.lookup.argdep], which DXC's clang applies): an unqualified
// call whose name ordinary lookup does not find is looked up in the namespaces that declare its
// struct arguments' types, so `cooperativeMatrixMultiplyAdd(a, b, c)` finds vk::khr's function
// for vk::khr matrices without a `vk::khr::` in front.
import type { Checker } from './checker.js';
import type { Scope, SymbolEntry } from './scope.js';
import type { Value } from './value.js';

export function argumentDependentLookup(c: Checker, name: string, args: readonly (Value | undefined)[]): Extract<SymbolEntry, { kind: 'functions' }> | undefined {
  for (const a of args) {
    if (a?.type.kind !== 'struct') continue;
    // A struct's member scope sits (through template-parameter and base scopes) in its namespace's.
    let s: Scope | undefined = c.structMembers.get(a.type.id);
    while (s && s.kind !== 'namespace' && s.kind !== 'global') s = s.parent;
    const found = s?.kind === 'namespace' ? s.own(name) : undefined;
    if (found?.kind === 'functions') return found;
  }
  return undefined;
}
