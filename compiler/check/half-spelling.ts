// `half` spellings while half is float (no -enable-16bit-types): DXC keeps `half` a type of its own
// (HalfFloat) for overload resolution only, so a value remembers whether its type was spelled half
// (a variable, field, cast or constructor spelled so, or operations on such values; see
// Checker.halfFlag for declarations) and calls.ts prefers the overload spelled the same way.
import type * as ast from '../parse/ast.js';
import { elementScalar, type StructField, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { Scope } from './scope.js';
import type { Value } from './value.js';

/**
 * Does the value have a `half` spelling (half is float here, but DXC's overload resolution tells
 * them apart): a variable, field, cast or constructor spelled half, or operations on such values.
 */
export function halfValue(c: Checker, checked: ReadonlyMap<ast.Expr, Value>, e: ast.Expr, v: Value, scope: Scope): boolean {
  const el = elementScalar(v.type);
  if (!el || el.base !== 'float' || el.width !== 32 || el.relaxed) return false;
  // No closures: this runs for every float expression the checker meets.
  switch (e.kind) {
    case 'Name': {
      const entry = scope.lookup(e.name);
      return entry?.kind === 'variable' && !!entry.half;
    }
    case 'Member': {
      const obj = checked.get(e.object);
      if (obj?.type.kind !== 'struct') return !!obj?.half;
      const found = c.fieldPath(obj.type, e.member);
      let t: Type = obj.type;
      let half = false;
      for (const index of found?.path ?? []) {
        const f: StructField = (t as StructType).fields[index]!;
        half = !!f.half;
        t = f.type;
      }
      return half;
    }
    case 'Index':
      return !!checked.get(e.object)?.half;
    case 'Unary':
    case 'Postfix':
      return !!checked.get(e.operand)?.half;
    case 'Assign':
      return !!checked.get(e.target)?.half;
    case 'Binary': {
      const l = checked.get(e.left);
      const r = checked.get(e.right);
      return halfOrLiteral(l) && halfOrLiteral(r) && (!!l!.half || !!r!.half);
    }
    case 'Conditional':
      return !!checked.get(e.then)?.half && !!checked.get(e.else)?.half;
    case 'Cast':
    case 'Construct':
      return !!c.halfFlag(e.type, scope).half;
    default:
      return false;
  }
}

function halfOrLiteral(x: Value | undefined): boolean {
  return !!x && (!!x.half || !!x.literal);
}

/**
 * `{ half: true }` for a type spelled with `half` (`half3`, `vector<half, 2>`, a typedef of one) when
 * half is float (no -enable-16bit-types): DXC keeps such a type apart from float (HalfFloat), which
 * only overload resolution can tell; everywhere else it is float.
 */
export function halfFlag(c: Checker, spec: ast.TypeSpec, scope: Scope): { half?: true } {
  if (c.enable16) return {};
  if (/^half([1-4](x[1-4])?)?$/.test(spec.name)) return { half: true };
  const el = spec.templateArgs?.[0];
  if ((spec.name === 'vector' || spec.name === 'matrix') && el?.kind === 'TypeSpec') return halfFlag(c, el, scope);
  const entry = spec.templateArgs ? undefined : scope.lookup(spec.name);
  return entry?.kind === 'type' && entry.half ? { half: true } : {};
}
