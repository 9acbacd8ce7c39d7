// Initializer lists (`float4 v = { 1, p.xy, 2 };`, `S s = { … };`): HLSL flattens the elements to
// scalars and rebuilds the target type from them in order. A struct or array element initialises a
// part of its own type whole (`V v[2] = { buf[0], buf[1] };`); elsewhere it is flattened too. A buffer
// pointer is a leaf, like a scalar.
import type { Loc } from '../diagnostics.js';
import type { IrExpr } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { componentCount, elementScalar, isNumeric, sameType, typeToString, type ScalarType, type Type } from '../types.js';
import { insertBitfield } from './bitfields.js';
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
  const scalars: Item[] = [];
  const push = (list: Item[], expr: IrExpr, type: Type, loc: Loc): void => {
    if (isNumeric(type)) for (const c of x.components(expr, type)) list.push({ expr: c, type: elementScalar(type)!, loc });
    else list.push({ expr, type, loc });
  };
  for (const v of leaves) push(scalars, x.rvalue(v), v.type, v.loc);
  let pos = 0;
  /** The next item when it is a whole aggregate of type `ty`; an aggregate of another type is flattened in place. */
  const whole = (ty: Type): IrExpr | undefined => {
    for (let item = scalars[pos]; item && isAggregate(item.type); item = scalars[pos]) {
      if (sameType(item.type, ty)) {
        pos++;
        return item.expr;
      }
      const parts = partsOf(item.type);
      if (!parts) return undefined;
      const value = x.spill(item.expr, item.type);
      const flat: Item[] = [];
      parts.forEach((t, i) => push(flat, { op: 'extract', type: t, arg: value, index: i }, t, item!.loc));
      scalars.splice(pos, 1, ...flat);
    }
    return undefined;
  };
  const build = (ty: Type): IrExpr | undefined => {
    const taken = whole(ty);
    if (taken) return taken;
    if (ty.kind === 'pointer') {
      // A buffer pointer is initialised by a pointer of its type, never from numbers.
      const item = scalars[pos];
      if (!item || !sameType(item.type, ty)) return undefined;
      pos++;
      return item.expr;
    }
    if (isNumeric(ty)) {
      const scalar = elementScalar(ty)!;
      const comps: IrExpr[] = [];
      for (let k = 0; k < componentCount(ty); k++) {
        whole(scalar);
        const item = scalars[pos++];
        if (!item || !isNumeric(item.type)) return undefined;
        comps.push(x.convertExpr(item.expr, scalar));
      }
      return x.assemble(comps, ty);
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
        if (f.bitfields) {
          // One initializer per bitfield, packed into their shared member (`{ 1, 2 }` for `a : 4, b : 4`).
          const st = f.type as ScalarType;
          let word: IrExpr = { op: 'const', type: st, value: { kind: 'scalar', type: st, value: st.width === 64 ? 0n : 0 } };
          for (const b of f.bitfields) {
            const p = build(st);
            if (!p) return undefined;
            word = insertBitfield(word, p, st, b);
          }
          parts.push(word);
          continue;
        }
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
    const given = scalars.reduce((n, item) => n + (isNumeric(item.type) ? 1 : countScalars(item.type) ?? 1), 0);
    c.error(`initializer list has ${given} scalar components, but '${typeToString(t)}' needs ${countScalars(t) ?? '?'}`, init.loc);
    return undefined;
  }
  return result;
}

interface Item {
  expr: IrExpr;
  type: Type;
  loc: Loc;
}

function isAggregate(t: Type): boolean {
  return t.kind === 'struct' || (t.kind === 'array' && t.length !== null);
}

/** The member types an aggregate flattens to, in order; undefined for a struct with bitfields (packed members). */
function partsOf(t: Type): Type[] | undefined {
  if (t.kind === 'array' && t.length !== null) return Array.from({ length: t.length }, () => t.element);
  if (t.kind === 'struct' && !t.fields.some((f) => f.bitfields)) return t.fields.map((f) => f.type);
  return undefined;
}

function countScalars(t: Type): number | undefined {
  if (isNumeric(t)) return componentCount(t);
  if (t.kind === 'pointer') return 1;
  if (t.kind === 'array' && t.length !== null) return (countScalars(t.element) ?? NaN) * t.length;
  if (t.kind === 'struct') return t.fields.reduce((n, f) => n + (f.bitfields ? f.bitfields.length : countScalars(f.type) ?? NaN), 0);
  return undefined;
}
