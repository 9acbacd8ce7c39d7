// SM 6.6's packed 8-bit vectors (`int8_t4_packed`, `uint8_t4_packed`: four bytes in a uint, as DXC
// represents them) and their intrinsics. pack_u8/pack_s8 keep each component's low byte;
// pack_clamp_u8/pack_clamp_s8 take signed components, clamp them to the byte's range first (SClamp,
// as DXC); unpack_* sign- (s8) or zero-extend (u8) each byte to 16 or 32 bits.
import type { Loc } from '../diagnostics.js';
import type { IrExpr } from '../ir/ir.js';
import { elementScalar, scalar, typeToString, UINT, vector, type ScalarType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { NumericType } from './conversions.js';
import { type ExpressionChecker } from './expressions.js';
import { constExpr } from './ir-constants.js';
import type { Value } from './value.js';

type NumericValue = Value & { type: NumericType };
type Expander = (c: Checker, x: ExpressionChecker, args: NumericValue[], loc: Loc) => Value | undefined;

/** Clamp ranges of the pack_clamp forms. */
const CLAMP: Record<string, [number, number]> = { pack_clamp_s8: [-128, 127], pack_clamp_u8: [0, 255] };

/** The unpack forms: whether bytes are sign-extended, and the result's component width. */
const UNPACK: Record<string, { signed: boolean; width: 16 | 32 }> = {
  unpack_s8s16: { signed: true, width: 16 },
  unpack_s8s32: { signed: true, width: 32 },
  unpack_u8u16: { signed: false, width: 16 },
  unpack_u8u32: { signed: false, width: 32 },
};

function noOverload(c: Checker, name: string, a: Value): undefined {
  c.error(`no matching overload of '${name}' for argument of type '${typeToString(a.type)}'`, a.loc);
  return undefined;
}

/** pack_u8/pack_s8 (any integer 4-vector of 16 or 32 bits) and pack_clamp_* (signed ones only). */
function pack(name: string): Expander {
  return (c, x, [v], loc) => {
    const t = v!.type;
    const el = elementScalar(t)!;
    const clamp = CLAMP[name];
    const integer = el.base === 'int' || (el.base === 'uint' && !clamp);
    if (t.kind !== 'vector' || t.size !== 4 || !integer || el.width === 64) return noOverload(c, name, v!);
    let arg: IrExpr = x.coerce(v!, t);
    if (clamp) {
      const bound = (n: number): IrExpr => ({ op: 'splat', type: t, arg: constExpr(el, n) });
      arg = { op: 'intrinsic', type: t, name: 'clamp', args: [arg, bound(clamp[0]), bound(clamp[1])] };
    }
    return { type: UINT, loc, expr: { op: 'intrinsic', type: UINT, name: 'pack8', args: [arg] }, readonly: true };
  };
}

function unpack(name: string): Expander {
  const form = UNPACK[name]!;
  return (c, x, [p], loc) => {
    const el = elementScalar(p!.type)!;
    if (p!.type.kind !== 'scalar' || el.base === 'float' || el.base === 'bool' || el.width !== 32) return noOverload(c, name, p!);
    if (form.width === 16 && !c.enable16) {
      c.error(`'${name}' returns 16-bit integers: it needs -enable-16bit-types`, loc, name.length);
      return undefined;
    }
    const component: ScalarType = scalar(form.signed ? 'int' : 'uint', form.width);
    const type: Type = vector(component, 4);
    const expr: IrExpr = { op: 'intrinsic', type, name: form.signed ? 'unpack8s' : 'unpack8u', args: [x.coerce(p!, UINT)] };
    return { type, loc, expr, readonly: true };
  };
}

/** dot4add_u8packed(a, b, acc) / dot4add_i8packed(a, b, acc): acc + the dot product of a's and b's bytes (SM 6.4). */
function dot4add(signed: boolean): Expander {
  return (c, x, [a, b, acc], loc) => {
    const name = signed ? 'dot4add_i8packed' : 'dot4add_u8packed';
    for (const v of [a!, b!, acc!]) if (v.type.kind !== 'scalar' || elementScalar(v.type)!.base === 'float' || elementScalar(v.type)!.width !== 32) return noOverload(c, name, v);
    const type = signed ? scalar('int') : UINT;
    const dot: IrExpr = { op: 'intrinsic', type, name: signed ? 'dot4i8packed' : 'dot4u8packed', args: [x.coerce(a!, UINT), x.coerce(b!, UINT)] };
    return { type, loc, expr: { op: 'binary', type, operator: 'add', left: dot, right: x.coerce(acc!, type) }, readonly: true };
  };
}

/** Name → [arity, expander], merged into the checker's expanded intrinsics. */
export const PACKED_8BIT_INTRINSICS: Record<string, [number[], Expander]> = {
  pack_u8: [[1], pack('pack_u8')],
  pack_s8: [[1], pack('pack_s8')],
  pack_clamp_u8: [[1], pack('pack_clamp_u8')],
  pack_clamp_s8: [[1], pack('pack_clamp_s8')],
  ...Object.fromEntries(Object.keys(UNPACK).map((name) => [name, [[1], unpack(name)]])),
  dot4add_u8packed: [[3], dot4add(false)],
  dot4add_i8packed: [[3], dot4add(true)],
};
