// Static and groupshared globals: Private or Workgroup variables. A constant initializer is the
// variable's initial value; any other runs from the static-initialization function at the start of
// every entry point (or later, once every declaration is seen, when it calls a function defined
// after it); `static const T x;` folds to T's zero, as DXC folds it.
import type { IrConst, IrGlobal } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import type { Type } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import { deferStatic, mustDefer } from './deferred-statics.js';
import { zeroConstant } from './enums-and-statics.js';
import { irGlobalPlace, type Scope } from './scope.js';
import { spirvAttributes } from './spirv-decorations.js';
import { refuseStorageClass } from './spirv-types.js';
import { lowerInStaticInit } from './statements.js';

export function declarePrivateGlobal(c: Checker, decl: ast.VarDecl, d: ast.Declarator, t: Type, scope: Scope): void {
  const isConst = decl.modifiers.includes('const');
  const groupshared = decl.modifiers.includes('groupshared');
  refuseStorageClass(c, decl.attributes, `${groupshared ? 'a groupshared' : 'a static'} variable`);
  const global: IrGlobal = {
    id: c.newId(),
    name: d.name,
    type: t,
    space: groupshared ? 'workgroup' : 'private',
    readonly: isConst,
    loc: d.loc,
    ...spirvAttributes(c, decl.attributes, scope),
  };
  let constant: IrConst | undefined;
  // DXC ignores it with a warning (groupshared memory is undefined at the start of a group; nothing may write it first).
  if (d.init && groupshared) c.sink.warning(`Initializer of external global will be ignored: groupshared variable '${d.name}' starts undefined`, d.init.loc, 1, [], 'ignored-initializer');
  else if (d.init && mustDefer(c, d.init, scope)) {
    const init = d.init;
    deferStatic(c, d.name, () => {
      const { result, before, after } = lowerInStaticInit(c, () => c.exprs.checkInitializer(init, t, scope));
      if (!result) return [];
      c.initializedAtRunTime.add(global);
      return [...before, { op: 'store', place: irGlobalPlace(global), value: result }, ...after];
    });
  } else if (d.init) {
    // A constant initializer becomes the variable's initial value; any other runs at the start of
    // every entry point, in declaration order, from the static-initialization function.
    const target = t;
    const { result, before, after } = lowerInStaticInit(c, () => c.exprs.checkInitializer(d.init!, target, scope));
    constant = result && !before.length && !after.length ? evaluateConstant(result) : undefined;
    if (constant) global.init = constant;
    else if (result) {
      c.staticInit().body.push(...before, { op: 'store', place: irGlobalPlace(global), value: result }, ...after);
      c.initializedAtRunTime.add(global);
    }
  } else if (isConst && !groupshared && scope.kind !== 'struct') {
    // `static const T x;` is zero for good: reads fold to the constant, as DXC folds them.
    // (A static data member's value may come from its out-of-line definition instead.)
    constant = zeroConstant(t);
    if (constant) global.init = constant;
  }
  c.globals.push(global);
  const prev = scope.define({ kind: 'variable', name: d.name, type: t, place: irGlobalPlace(global), readonly: isConst, ...(constant && isConst ? { constant } : {}), loc: d.loc, ...c.halfFlag(decl.type, scope) });
  if (prev) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
}
