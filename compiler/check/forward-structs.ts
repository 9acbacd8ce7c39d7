// Structs declared before their definition (`struct S;`, `typedef struct S T;`). From the
// declaration on, S is one StructType object, incomplete (no fields) until its definition fills it
// in: a buffer pointer to S taken meanwhile, including one inside S itself (a linked list's
// `vk::BufferPointer<S> next;`), names the completed type. Anything else that needs S's size or
// members before the definition is an error, as in C++.
import type { Loc } from '../diagnostics.js';
import type * as ast from '../parse/ast.js';
import type { StructType } from '../types.js';
import type { Checker } from './checker.js';
import { Scope } from './scope.js';

/** `struct S;`: declares S incomplete unless the scope already has it. */
export function declareForwardStruct(c: Checker, decl: ast.StructDecl, scope: Scope): void {
  if (scope.own(decl.name)) return;
  const struct: StructType = { kind: 'struct', name: decl.name, fields: [], id: c.newId() };
  const members = new Scope(scope, 'struct');
  c.structMembers.set(struct.id, members);
  c.incompleteStructs.add(struct.id);
  scope.define({ kind: 'type', name: decl.name, type: struct, loc: decl.loc, members });
}

/** The incomplete struct of this scope that a definition of `name` completes (its object is reused). */
export function forwardDeclared(c: Checker, name: string, scope: Scope): StructType | undefined {
  const own = name ? scope.own(name) : undefined;
  if (own?.kind !== 'type' || own.type.kind !== 'struct' || !c.incompleteStructs.has(own.type.id)) return undefined;
  return own.type;
}

/** Reports a use of an incomplete struct where its definition is needed; true when it was one. */
export function refuseIncomplete(c: Checker, t: StructType, loc: Loc, length: number): boolean {
  if (!c.incompleteStructs.has(t.id) || c.incompleteAllowed > 0) return false;
  c.error(`'${t.name}' is an incomplete type: it is declared but not yet defined (only a vk::BufferPointer may point at it before its definition)`, loc, length);
  return true;
}
