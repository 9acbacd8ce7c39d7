// HLSL's flat conversion (DXC's CK_FlatConversion): a value of a struct, array, vector or matrix type
// converts to another such type by flattening it to its scalars in order (struct members and array
// elements in declaration order, matrices row by row, each bitfield one scalar) and rebuilding the
// target from the leading ones, each converted to the target's scalar type. An explicit cast may drop
// trailing scalars (`(float3)float4`); the implicit form (assigning a struct to another struct type)
// needs the same scalars, as DXC's cast.flat-conversion.struct-to-struct. A buffer pointer is a leaf
// of its own, taken whole (`Accessor<T>(ptr)` for a struct holding one pointer).
import type { IrExpr } from '../ir/ir.js';
import { componentCount, elementScalar, isNumeric, sameType, typeToString, type PointerType, type ScalarType, type Type } from '../types.js';
import { insertBitfield, readBitfield } from './bitfields.js';
import type { NumericType } from './conversions.js';
import type { ExpressionChecker } from './expressions.js';

/** Whether `t` takes part in flat conversion: numeric, or built of numeric types and buffer pointers (sized arrays, structs). */
function flattenable(t: Type): boolean {
  if (isNumeric(t) || t.kind === 'pointer') return true;
  if (t.kind === 'array') return t.length !== null && flattenable(t.element);
  if (t.kind === 'struct') return t.fields.length > 0 && t.fields.every((f) => flattenable(f.type));
  return false;
}

/**
 * The leaves a value of `t` flattens to, in order: scalars, and buffer pointers, which stay whole
 * (a pointer leaf takes a pointer of its own type, never a number: DXC's flat conversion).
 */
function leafTypes(t: Type): (ScalarType | PointerType)[] {
  if (isNumeric(t)) return Array.from({ length: componentCount(t) }, () => elementScalar(t)!);
  if (t.kind === 'pointer') return [t];
  if (t.kind === 'array') return Array.from({ length: t.length ?? 0 }, () => leafTypes(t.element)).flat();
  if (t.kind === 'struct') return t.fields.flatMap((f) => (f.bitfields ? f.bitfields.map(() => f.type as ScalarType) : leafTypes(f.type)));
  return [];
}

/** The scalars of `e` (already spilled where reused) in flattening order. */
function flatten(x: ExpressionChecker, e: IrExpr, t: Type): IrExpr[] {
  if (t.kind === 'scalar' || t.kind === 'pointer') return [e];
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
  if (t.kind === 'pointer') return scalars[at.next++]!;
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
  if ((isNumeric(from) || from.kind === 'pointer') && (isNumeric(to) || to.kind === 'pointer')) return undefined;
  const have = leafTypes(from);
  const need = leafTypes(to);
  if (have.length < need.length || (have.length > 1 && from.kind === 'scalar')) return undefined;
  // A pointer leaf only from a pointer of the same type; a numeric leaf only from a scalar.
  if (need.some((t, i) => (t.kind === 'pointer' || have[i]!.kind === 'pointer') && !sameType(t, have[i]!))) return undefined;
  // Implicitly only between types of the same leaves (structurally identical structs, as DXC's tests use).
  const key = (t: ScalarType | PointerType) => (t.kind === 'pointer' ? typeToString(t) : `${t.base}${t.width}`);
  if (!explicit && have.map(key).join() !== need.map(key).join()) return undefined;
  const scalars = flatten(x, e, from);
  return build(x, to, scalars, { next: 0 });
}
