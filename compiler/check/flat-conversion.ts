// HLSL's flat conversion (DXC's CK_FlatConversion): a value of a struct, array, vector or matrix type
// converts to another such type by flattening it to its scalars in order (struct members and array
// elements in declaration order, matrices row by row, each bitfield one scalar) and rebuilding the
// target from the leading ones, each converted to the target's scalar type. An explicit cast may drop
// trailing scalars (`(float3)float4`); the implicit form (assigning a struct to another struct type)
// needs the same scalars, as DXC's cast.flat-conversion.struct-to-struct.
import type { IrExpr } from '../ir/ir.js';
import { componentCount, elementScalar, isNumeric, sameType, type ScalarType, type Type } from '../types.js';
import { insertBitfield, readBitfield } from './bitfields.js';
import type { NumericType } from './conversions.js';
import type { ExpressionChecker } from './expressions.js';

/** Whether `t` takes part in flat conversion: numeric, or built of numeric types (sized arrays, structs). */
function flattenable(t: Type): boolean {
  if (isNumeric(t)) return true;
  if (t.kind === 'array') return t.length !== null && flattenable(t.element);
  if (t.kind === 'struct') return t.fields.length > 0 && t.fields.every((f) => flattenable(f.type));
  return false;
}

/** Scalars a value of `t` flattens to. */
function scalarCount(t: Type): number {
  if (isNumeric(t)) return componentCount(t);
  if (t.kind === 'array') return (t.length ?? 0) * scalarCount(t.element);
  if (t.kind === 'struct') return t.fields.reduce((n, f) => n + (f.bitfields ? f.bitfields.length : scalarCount(f.type)), 0);
  return 0;
}

/** The scalar types a value of `t` flattens to, in order. */
function scalarTypes(t: Type): ScalarType[] {
  if (isNumeric(t)) return Array.from({ length: componentCount(t) }, () => elementScalar(t)!);
  if (t.kind === 'array') return Array.from({ length: t.length ?? 0 }, () => scalarTypes(t.element)).flat();
  if (t.kind === 'struct') return t.fields.flatMap((f) => (f.bitfields ? f.bitfields.map(() => f.type as ScalarType) : scalarTypes(f.type)));
  return [];
}

/** The scalars of `e` (already spilled where reused) in flattening order. */
function flatten(x: ExpressionChecker, e: IrExpr, t: Type): IrExpr[] {
  if (t.kind === 'scalar') return [e];
  const v = x.spill(e, t);
  if (isNumeric(t)) return x.components(v, t);
  if (t.kind === 'array') return Array.from({ length: t.length! }, (_, i) => flatten(x, { op: 'extract', type: t.element, arg: v, index: i }, t.element)).flat();
  if (t.kind !== 'struct') return [];
  return t.fields.flatMap((f, i) => {
    const member: IrExpr = { op: 'extract', type: f.type, arg: v, index: i };
    if (!f.bitfields) return flatten(x, member, f.type);
    const word = x.spill(member, f.type);
    return f.bitfields.map((b) => readBitfield(word, f.type as ScalarType, b));
  });
}

/** Builds a `t` from scalars taken in order from `at`. */
function build(x: ExpressionChecker, t: Type, scalars: IrExpr[], at: { next: number }): IrExpr {
  if (isNumeric(t)) {
    const el = elementScalar(t)!;
    const parts = Array.from({ length: componentCount(t) }, () => x.convertExpr(scalars[at.next++]!, el));
    return x.assemble(parts, t as NumericType);
  }
  if (t.kind === 'array') return { op: 'construct', type: t, parts: Array.from({ length: t.length! }, () => build(x, t.element, scalars, at)) };
  if (t.kind !== 'struct') throw new Error('internal: flat conversion to a non-aggregate');
  const parts = t.fields.map((f) => {
    if (!f.bitfields) return build(x, f.type, scalars, at);
    const st = f.type as ScalarType;
    let word: IrExpr = { op: 'const', type: st, value: { kind: 'scalar', type: st, value: st.width === 64 ? 0n : 0 } };
    for (const b of f.bitfields) word = insertBitfield(word, x.convertExpr(scalars[at.next++]!, st), st, b);
    return word;
  });
  return { op: 'construct', type: t, parts };
}

/**
 * `e` of type `from` flat-converted to `to`, or undefined where HLSL has no flat conversion between
 * them: either is not built of numeric types, neither is an aggregate (numeric casts are elsewhere),
 * or `from` has fewer scalars than `to` (or, implicitly, a different count).
 */
export function flatConvert(x: ExpressionChecker, e: IrExpr, from: Type, to: Type, explicit: boolean): IrExpr | undefined {
  if (sameType(from, to) || !flattenable(from) || !flattenable(to)) return undefined;
  if (isNumeric(from) && isNumeric(to)) return undefined;
  const have = scalarCount(from);
  const need = scalarCount(to);
  if (have < need || (have > 1 && from.kind === 'scalar')) return undefined;
  // Implicitly only between types of the same scalars (structurally identical structs, as DXC's tests use).
  if (!explicit && scalarTypes(from).map((s) => `${s.base}${s.width}`).join() !== scalarTypes(to).map((s) => `${s.base}${s.width}`).join()) return undefined;
  const scalars = flatten(x, e, from);
  return build(x, to, scalars, { next: 0 });
}
