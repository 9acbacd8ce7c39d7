// Texture2DMS(Array).GetSamplePosition(index): SPIR-V has no instruction for it, so the manual
// translates it to lookups in the standard sample patterns (D3D's 2/4/8/16-sample positions, in
// 1/16 pixel units) chosen by the texture's sample count; other counts give (0, 0).
import type { IrConst, IrExpr } from '../ir/ir.js';
import { arrayOf, BOOL, FLOAT, INT, UINT, vector } from '../types.js';

/** The manual's pos2/pos4/pos8/pos16 tables, in sixteenths of a pixel. */
export const STANDARD_SAMPLE_POSITIONS: Readonly<Record<2 | 4 | 8 | 16, readonly (readonly [number, number])[]>> = {
  2: [[4, 4], [-4, -4]],
  4: [[-2, -6], [6, -2], [-6, 2], [2, 6]],
  8: [[1, -3], [-1, 3], [5, 1], [-3, -5], [-5, 5], [-7, -1], [3, 7], [7, -7]],
  16: [
    [1, 1], [-1, -3], [-3, 2], [4, -1], [-5, -2], [2, 5], [5, 3], [3, -5],
    [-2, 6], [0, -7], [-4, -6], [-6, 4], [-8, 0], [7, -4], [6, 7], [-7, -8],
  ],
};

const FLOAT2 = vector(FLOAT, 2);

function float2(x: number, y: number): IrConst {
  return { kind: 'composite', type: FLOAT2, parts: [x, y].map((v) => ({ kind: 'scalar', type: FLOAT, value: v })) };
}

const intConst = (value: number): IrExpr => ({ op: 'const', type: INT, value: { kind: 'scalar', type: INT, value } });
const uintConst = (value: number): IrExpr => ({ op: 'const', type: UINT, value: { kind: 'scalar', type: UINT, value } });

/**
 * `count == 2 ? pos2[index] : count == 4 ? pos4[index] : … : (0, 0)` over side-effect-free operands.
 * Every table is indexed by `index & (n - 1)`: the same element for a valid index, and no
 * out-of-bounds read in the arms a select evaluates but does not choose.
 */
export function samplePosition(count: IrExpr, index: IrExpr): IrExpr {
  let result: IrExpr = { op: 'const', type: FLOAT2, value: float2(0, 0) };
  for (const n of [16, 8, 4, 2] as const) {
    const table = STANDARD_SAMPLE_POSITIONS[n];
    const type = arrayOf(FLOAT2, n);
    const values: IrExpr = { op: 'const', type, value: { kind: 'composite', type, parts: table.map(([x, y]) => float2(x / 16, y / 16)) } };
    const masked: IrExpr = { op: 'binary', type: INT, operator: 'bitand', left: index, right: intConst(n - 1) };
    const position: IrExpr = { op: 'dynamicExtract', type: FLOAT2, arg: values, index: masked };
    const cond: IrExpr = { op: 'binary', type: BOOL, operator: 'eq', left: count, right: uintConst(n) };
    result = { op: 'select', type: FLOAT2, cond: { op: 'splat', type: vector(BOOL, 2), arg: cond }, then: position, else: result };
  }
  return result;
}
