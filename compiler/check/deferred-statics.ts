// A static initializer that calls a function defined after it (`float f(); static float x = f();
// … float f() { … }`): DXC runs static initializers when an entry point starts, when every function
// of the file exists, so its code is lowered once every declaration has been seen and goes where the
// initializer stood in the static-initialization function. An initializer that names a deferred
// static is deferred with it, so that the order of initialization holds.
import type * as ast from '../parse/ast.js';
import type { IrStmt } from '../ir/ir.js';
import type { Checker } from './checker.js';
import { walk } from './resource-constants.js';
import type { Scope } from './scope.js';

export interface DeferredStatics {
  /** In declaration order: where the code goes in the static-initialization body, and how to lower it. */
  inits: { at: number; lower: () => IrStmt[] }[];
  /** The global statics deferred so far. */
  names: Set<string>;
}

/**
 * Whether the initializer of a static declared in `scope` waits for every declaration: at global scope,
 * when it calls a function not defined yet or reads a static whose initializer was deferred.
 */
export function mustDefer(c: Checker, init: ast.Expr, scope: Scope): boolean {
  return scope === c.global && walk(init, (node) => {
    const n = node as ast.Expr;
    if (n.kind === 'Call' && n.callee.kind === 'Name') {
      const entry = scope.lookup(n.callee.name);
      if (entry?.kind === 'functions' && entry.overloads.length && entry.overloads.every((f) => !f.decl.body)) return true;
    }
    return n.kind === 'Name' && c.deferredStatics.names.has(n.name);
  });
}

/** Defers the initializer of the global static `name`. */
export function deferStatic(c: Checker, name: string, lower: () => IrStmt[]): void {
  c.deferredStatics.inits.push({ at: c.staticInit().body.length, lower });
  c.deferredStatics.names.add(name);
}

/** Lowers the deferred initializers, each at its place among the others. */
export function lowerDeferredStatics(c: Checker): void {
  let shift = 0;
  for (const { at, lower } of c.deferredStatics.inits) {
    const code = lower();
    c.staticInit().body.splice(at + shift, 0, ...code);
    shift += code.length;
  }
}
