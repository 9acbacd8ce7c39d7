// msad4(reference, source, accum) (SM 5): for each byte alignment i of the 8-byte source, the sum of
// absolute differences between the reference's 4 bytes and the source's bytes i…i+3, skipping the
// reference bytes that are 0 ("masked"), added to accum[i]. SPIR-V and WGSL have no such instruction:
// plain integer IR, as DXC emulates it (shifts, byte extraction, compares; no saturation).
import type { Loc } from '../diagnostics.js';
import type { IrExpr } from '../ir/ir.js';
import { BOOL, typeToString, UINT, vector } from '../types.js';
import type { Checker } from './checker.js';
import { type ExpressionChecker } from './expressions.js';
import { constExpr } from './ir-constants.js';
import type { Value } from './value.js';

const UINT2 = vector(UINT, 2);
const UINT4 = vector(UINT, 4);

const u = (v: number): IrExpr => constExpr(UINT, v);
const bin = (operator: 'shl' | 'shr' | 'bitand' | 'bitor' | 'add' | 'sub', left: IrExpr, right: IrExpr): IrExpr => ({ op: 'binary', type: UINT, operator, left, right });
const cmp = (operator: 'gt' | 'ne', left: IrExpr, right: IrExpr): IrExpr => ({ op: 'binary', type: BOOL, operator, left, right });

export function msad4(c: Checker, x: ExpressionChecker, args: Value[], loc: Loc): Value | undefined {
  const [ref, source, accum] = args as [Value, Value, Value];
  const shapes: [Value, typeof UINT | typeof UINT2 | typeof UINT4][] = [[ref, UINT], [source, UINT2], [accum, UINT4]];
  for (const [v, t] of shapes) {
    const vt = v.type;
    const size = vt.kind === 'vector' ? vt.size : vt.kind === 'scalar' ? 1 : 0;
    if (size !== (t.kind === 'vector' ? t.size : 1) || (vt.kind !== 'scalar' && vt.kind !== 'vector') || (vt.kind === 'vector' ? vt.element : vt).base === 'bool') {
      c.error(`no matching overload of 'msad4' for arguments of type '${typeToString(ref.type)}', '${typeToString(source.type)}', '${typeToString(accum.type)}' (expected uint, uint2, uint4)`, loc, 5);
      return undefined;
    }
  }
  const r = x.spill(x.coerce(ref, UINT), UINT);
  const s = x.spill(x.coerce(source, UINT2), UINT2);
  const a = x.spill(x.coerce(accum, UINT4), UINT4);
  const lo = x.spill({ op: 'extract', type: UINT, arg: s, index: 0 }, UINT);
  const hi = x.spill({ op: 'extract', type: UINT, arg: s, index: 1 }, UINT);
  const byte = (word: IrExpr, j: number): IrExpr => bin('bitand', j ? bin('shr', word, u(8 * j)) : word, u(0xff));
  const refBytes = [0, 1, 2, 3].map((j) => x.spill(byte(r, j), UINT));
  const sums = [0, 1, 2, 3].map((i) => {
    // The source's bytes i…i+3: the low word shifted down, the high word's low bytes above it.
    const aligned = x.spill(i === 0 ? lo : bin('bitor', bin('shr', lo, u(8 * i)), bin('shl', hi, u(32 - 8 * i))), UINT);
    let sum: IrExpr = { op: 'extract', type: UINT, arg: a, index: i };
    refBytes.forEach((rb, j) => {
      const sb = x.spill(byte(aligned, j), UINT);
      const diff: IrExpr = { op: 'select', type: UINT, cond: cmp('gt', rb, sb), then: bin('sub', rb, sb), else: bin('sub', sb, rb) };
      sum = bin('add', sum, { op: 'select', type: UINT, cond: cmp('ne', rb, u(0)), then: diff, else: u(0) });
    });
    return sum;
  });
  return { type: UINT4, loc, expr: { op: 'construct', type: UINT4, parts: sums }, readonly: true };
}
