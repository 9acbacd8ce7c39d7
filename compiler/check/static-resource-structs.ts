// `static S s = …;` for a struct holding resources (DXC: spirv.legal.sbuffer.counter.struct): its
// data members become Private globals, its resources alias cells fixed to what the initializer gives
// them, once for every entry point (the static-initialization function runs the initializer's code).
// A static resource cannot be reassigned later (resource-aliases.ts declareStaticAlias says why).
import type * as ast from '../parse/ast.js';
import type { IrGlobal, IrStmt } from '../ir/ir.js';
import type { Loc } from '../diagnostics.js';
import { typeToString, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { cells, makeHeld, originKey } from './resource-aliases.js';
import { irGlobalPlace, type Scope } from './scope.js';
import { initHeld, lowerInStaticInit } from './statements.js';
import { deferStatic, mustDefer } from './deferred-statics.js';

export function declareStaticStruct(c: Checker, d: { name: string; init?: ast.Expr; loc: Loc }, t: Type, scope: Scope): void {
  const statics: IrGlobal[] = [];
  const held = makeHeld(t, d.name, (name, type) => {
    const global: IrGlobal = { id: c.newId(), name, type, space: 'private', readonly: false, loc: d.loc };
    c.globals.push(global);
    statics.push(global);
    return irGlobalPlace(global);
  }, undefined, d.loc);
  if (!held) {
    c.error(`static '${d.name}' of type '${typeToString(t)}' holds resources in a shape that cannot be split`, d.loc, d.name.length);
    return;
  }
  const initialize = (): IrStmt[] => {
    const code: IrStmt[] = [];
    if (d.init) {
      const init = d.init;
      const out: IrStmt[] = [];
      const { before, after } = lowerInStaticInit(c, () => initHeld(c, held, init, scope, out));
      code.push(...before, ...out, ...after);
      for (const global of statics) c.initializedAtRunTime.add(global);
    }
    for (const cell of cells(held)) {
      if (cell.origin.kind === 'place' && originKey(cell.origin.place) === undefined) {
        c.error(`the initializer of static '${d.name}' must give '${cell.name}' a resource with constant indices`, d.init?.loc ?? d.loc);
      }
      cell.fixed = `a static resource variable holds the resource of its initializer; assigning it is not supported`;
    }
    return code;
  };
  // A function defined later: initialized once every declaration is seen (deferred-statics.ts).
  if (d.init && mustDefer(c, d.init, scope)) deferStatic(c, d.name, initialize);
  else {
    const code = initialize();
    if (code.length) c.staticInit().body.push(...code);
  }
  const place = irGlobalPlace(statics[0] ?? { id: c.newId(), name: d.name, type: t, space: 'private', readonly: true, loc: d.loc });
  if (scope.define({ kind: 'variable', name: d.name, type: t, place, readonly: false, loc: d.loc, held })) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
}
