// Constant arguments of functions that choose resources: `Texture2D pick(int i) { if (i == 0) return
// a; return b; }` resolves per call only when `i` is known. DXC gets there by inlining and constant
// folding before legalization; here such functions (those returning a resource, or calling one that
// does, directly or not) are specialised per constant scalar argument, and the parameter is a
// constant in that specialisation (unless the body writes it), so constant conditions decide.
import type * as ast from '../parse/ast.js';
import type { IrConst } from '../ir/ir.js';
import { NON_UNIFORM_INTRINSICS } from './non-uniform.js';
import { readOnlyTextureArgument } from './offset-arguments.js';
import { holdsResource } from './resource-aliases.js';
import type { FunctionSymbol, Scope } from './scope.js';

/** Whether a call of `fn` may choose a resource by its arguments' values. */
export function choosesResources(fn: FunctionSymbol, visiting = new Set<FunctionSymbol>()): boolean {
  if (fn.choosesResources !== undefined) return fn.choosesResources;
  if (holdsResource(fn.returnType)) return (fn.choosesResources = true);
  // An out/inout resource parameter is a returned resource too.
  if (fn.params.some((p) => p.direction !== 'in' && holdsResource(p.type))) return (fn.choosesResources = true);
  if (visiting.has(fn) || !fn.decl.body) return false;
  visiting.add(fn);
  const scope = fn.templateScope ?? fn.scope;
  let found = false;
  walk(fn.decl.body, (node) => {
    if (node.kind !== 'Call') return false;
    const callee = (node as ast.CallExpr).callee;
    if (callee.kind !== 'Name') return false;
    const entry = scope.lookup(callee.name);
    if (entry?.kind === 'functions') found = entry.overloads.some((o) => !o.instances && choosesResources(o, visiting));
    return found;
  });
  visiting.delete(fn);
  return (fn.choosesResources = found);
}

/**
 * Whether `fn`'s body may write its parameter `name`: assigned, incremented, passed to an out/inout
 * parameter of some overload, or to a method (whose object may be written) other than as an operand
 * a texture method only reads.
 */
export function mayWrite(fn: FunctionSymbol, name: string): boolean {
  return mayWriteIn(fn.decl.body, name, fn.templateScope ?? fn.scope);
}

/** Whether code under `root` may write the variable `name` (calls resolved in `scope`). */
export function mayWriteIn(root: unknown, name: string, scope: Scope): boolean {
  const isName = (e: ast.Expr): boolean => (e.kind === 'Name' && e.name === name) || ((e.kind === 'Member' || e.kind === 'Index') && isName(e.object));
  let written = false;
  walk(root, (node) => {
    if (node.kind === 'Assign') written ||= isName((node as ast.AssignExpr).target);
    else if (node.kind === 'Postfix' || (node.kind === 'Unary' && ((node as ast.UnaryExpr).op === '++' || (node as ast.UnaryExpr).op === '--'))) {
      written ||= isName((node as ast.UnaryExpr).operand);
    } else if (node.kind === 'Call') {
      const call = node as ast.CallExpr;
      // NonUniformResourceIndex only marks its argument (which a returned descriptor index often reads).
      if (call.callee.kind === 'Name' && NON_UNIFORM_INTRINSICS.has(call.callee.name) && !scope.lookup(call.callee.name)) return;
      const entry = call.callee.kind === 'Name' ? scope.lookup(call.callee.name) : undefined;
      const outAt = (i: number) => entry?.kind !== 'functions' || entry.overloads.some((o) => o.instances || (o.params[i]?.direction ?? 'in') !== 'in');
      const method = call.callee.kind === 'Member';
      written ||= call.args.some((a, i) => isName(a) && (method ? !readOnlyTextureArgument(call, i, scope) : outAt(i))) || (call.callee.kind === 'Member' && isName(call.callee.object));
    }
    return written;
  });
  return written;
}

/** Visits every AST node under `root` (objects with a `kind`), until `visit` returns true; returns whether it did. */
export function walk(root: unknown, visit: (node: { kind: string }) => boolean | void): boolean {
  if (Array.isArray(root)) {
    for (const item of root) if (walk(item, visit)) return true;
    return false;
  }
  if (!root || typeof root !== 'object') return false;
  const node = root as Record<string, unknown>;
  if (typeof node.kind === 'string' && visit(node as { kind: string }) === true) return true;
  // for…in: AST nodes are plain objects (own keys only, in Object.entries' order), with no array per node.
  for (const key in node) {
    if (key === 'loc') continue;
    const value = node[key];
    if (value && typeof value === 'object' && walk(value, visit)) return true;
  }
  return false;
}

/** The key part of a constant argument. */
export function constantKey(index: number, value: IrConst): string {
  const text = (v: IrConst): string => (v.kind === 'scalar' ? String(v.value) : `(${v.parts.map(text).join(',')})`);
  return `#${index}=${text(value)}`;
}
