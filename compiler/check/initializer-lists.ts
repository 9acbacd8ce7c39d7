// Initializer lists (`float4 v = { 1, p.xy, 2 };`, `S s = { … };`): HLSL flattens the elements to
// scalars (and whole non-numeric values) and rebuilds the target type from them in order.
import type { SourceLocation } from '../diagnostics.js';
import type { IrExpr } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { componentCount, elementScalar, isNumeric, typeToString, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Scope } from './scope.js';
import type { Value } from './value.js';

export function checkInitializerList(c: Checker, x: ExpressionChecker, init: ast.Expr, t: Type, scope: Scope): IrExpr | undefined {
  const leaves: Value[] = [];
  const flatten = (e: ast.Expr): boolean => {
    if (e.kind === 'InitList') return e.elements.every(flatten);
    const v = x.check(e, scope);
    if (!v) return false;
    leaves.push(v);
    return true;
  };
  if (!flatten(init)) return undefined;
  const scalars: { expr: IrExpr; loc: SourceLocation }[] = [];
  for (const v of leaves) {
    const e = x.rvalue(v);
    if (isNumeric(v.type)) for (const c of x.components(e, v.type)) scalars.push({ expr: c, loc: v.loc });
    else scalars.push({ expr: e, loc: v.loc });
  }
  let pos = 0;
  const build = (ty: Type): IrExpr | undefined => {
    if (isNumeric(ty)) {
      const n = componentCount(ty);
      const comps = scalars.slice(pos, pos + n);
      pos += n;
      if (comps.length !== n) return undefined;
      return x.assemble(comps.map((c) => x.convertExpr(c.expr, elementScalar(ty)!)), ty);
    }
    if (ty.kind === 'array' && ty.length !== null) {
      const parts: IrExpr[] = [];
      for (let i = 0; i < ty.length; i++) {
        const p = build(ty.element);
        if (!p) return undefined;
        parts.push(p);
      }
      return { op: 'construct', type: ty, parts };
    }
    if (ty.kind === 'struct') {
      const parts: IrExpr[] = [];
      for (const f of ty.fields) {
        const p = build(f.type);
        if (!p) return undefined;
        parts.push(p);
      }
      return { op: 'construct', type: ty, parts };
    }
    return undefined;
  };
  const result = build(t);
  if (!result || pos !== scalars.length) {
    c.error(`initializer list has ${scalars.length} scalar components, but '${typeToString(t)}' needs ${countScalars(t) ?? '?'}`, init.loc);
    return undefined;
  }
  return result;
}

function countScalars(t: Type): number | undefined {
  if (isNumeric(t)) return componentCount(t);
  if (t.kind === 'array' && t.length !== null) return (countScalars(t.element) ?? NaN) * t.length;
  if (t.kind === 'struct') return t.fields.reduce((n, f) => n + (countScalars(f.type) ?? NaN), 0);
  return undefined;
}
