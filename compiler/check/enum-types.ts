// DXC's rules for enumeration values (its SemaHLSL: enums.hlsl). An enum's values are scalars of its
// underlying type tagged with the enum (types.ts EnumTag). Implicitly, an unscoped enum converts to any
// numeric type and nothing converts to an enum but the same enum; an `enum class` converts to nothing
// and takes only == and != with its own values. Explicit casts convert either way. ++/-- are refused on
// every enum; arithmetic on an unscoped enum works on its underlying type.
import { typeToString, type EnumTag, type ScalarType, type Type } from '../types.js';

export function enumOf(t: Type): EnumTag | undefined {
  return t.kind === 'scalar' ? t.enumeration : undefined;
}

/** The type with its enum tag removed (the underlying type); other types as they are. */
export function withoutEnum(t: Type): Type {
  if (t.kind !== 'scalar' || !t.enumeration) return t;
  const { enumeration: _, ...rest } = t;
  return rest as ScalarType;
}

/**
 * Why a value of type `from` does not convert implicitly to `to` by the enum rules, or undefined
 * when they allow it (or no enum is involved): the caller then applies the ordinary rules.
 */
export function implicitEnumRefusal(from: Type, to: Type): string | undefined {
  const f = enumOf(from);
  const t = enumOf(to);
  if (!f && !t) return undefined;
  if (f && t && f.id === t.id) return undefined;
  if (t) return `cannot implicitly convert from '${typeToString(from)}' to enum '${t.name}': use an explicit cast`;
  if (f!.scoped) return `cannot implicitly convert from enum class '${f!.name}' to '${typeToString(to)}': use an explicit cast`;
  return undefined;
}

/** Why a binary operator does not apply to these operands by the enum rules, or undefined. */
export function binaryEnumRefusal(op: string, l: Type, r: Type): string | undefined {
  const a = enumOf(l);
  const b = enumOf(r);
  if (!a?.scoped && !b?.scoped) return undefined;
  if ((op === '==' || op === '!=') && a && b && a.id === b.id) return undefined;
  if (op === '==' || op === '!=') return `cannot compare '${typeToString(l)}' with '${typeToString(r)}': the operands of '${op}' must be values of the same enum class`;
  const scoped = a?.scoped ? a : b!;
  return `invalid operand of enum class type '${scoped.name}' to operator '${op}': cast it to an integer type first`;
}

/** Why a unary operator does not apply to a value of type `t` by the enum rules, or undefined. */
export function unaryEnumRefusal(op: string, t: Type): string | undefined {
  const e = enumOf(t);
  if (!e) return undefined;
  if (op === '++' || op === '--') return `cannot ${op === '++' ? 'increment' : 'decrement'} a value of enum type '${e.name}'`;
  if (e.scoped) return `invalid operand of enum class type '${e.name}' to operator '${op}': cast it to an integer type first`;
  return undefined;
}

/**
 * The enum type an arithmetic, bitwise or shift operator keeps, as DXC combines element kinds: two
 * unscoped enum operands give the left one's type (`A | B`), and so does a shift of an unscoped enum;
 * anything else (`A + 1`) gives the underlying arithmetic's type.
 */
export function enumResult(op: string, l: Type, r: Type): ScalarType | undefined {
  const a = enumOf(l);
  if (!a || a.scoped || l.kind !== 'scalar' || COMPARISONS.has(op)) return undefined;
  const b = enumOf(r);
  return (b && !b.scoped) || op === 'shl' || op === 'shr' ? l : undefined;
}

const COMPARISONS = new Set(['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'logand', 'logor']);
