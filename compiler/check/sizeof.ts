// `sizeof(T)` / `sizeof expr` (HLSL 2021): the byte size of a type packed as DXC's sizeof packs it,
// C-like with each scalar aligned to its own size and no vec4 rounding — which is the scalar block
// layout of a storage buffer. The result is a `uint` constant; the operand is never evaluated.
import { layoutOf, LayoutError } from '../layout/index.js';
import type * as ast from '../parse/ast.js';
import { typeToString, UINT, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { Scope } from './scope.js';
import type { Value } from './value.js';

export function checkSizeof(c: Checker, e: ast.SizeofExpr, scope: Scope): Value | undefined {
  const element = operandType(c, e.operand, scope);
  const t = element && e.arrayDims ? c.arrayType(element, e.arrayDims, scope, false) : element;
  if (!t) return undefined;
  const size = byteSize(t);
  if (size === undefined) {
    c.error(`invalid application of 'sizeof' to type '${typeToString(t)}', which has no size in memory`, e.loc, 6);
    return undefined;
  }
  return { type: UINT, loc: e.loc, expr: { op: 'const', type: UINT, value: { kind: 'scalar', type: UINT, value: size } }, readonly: true };
}

function operandType(c: Checker, operand: ast.TypeSpec | ast.Expr, scope: Scope): Type | undefined {
  if (operand.kind === 'TypeSpec') return c.resolveType(operand, scope, operand.modifiers ?? []);
  // Unevaluated: side effects of the operand (increments, out arguments) are dropped.
  const saved = c.exprs.effects;
  c.exprs.effects = { before: [], after: [] };
  try {
    return c.exprs.check(operand, scope)?.type;
  } finally {
    c.exprs.effects = saved;
  }
}

function byteSize(t: Type): number | undefined {
  if (t.kind === 'void' || t.kind === 'resource' || t.kind === 'sampler') return undefined;
  if (t.kind === 'array' && t.length === null) return undefined;
  // Matrices pack their components tightly (DXC: sizeof(int2x2) is 16), integer and bool ones too,
  // which no SPIR-V block layout holds.
  if (t.kind === 'matrix') return t.rows * t.cols * (t.element.base === 'bool' ? 4 : t.element.width / 8);
  if (t.kind === 'array' && t.element.kind === 'matrix') return t.length! * byteSize(t.element)!;
  try {
    const layout = layoutOf(t, { rule: 'scalar', buffer: 'storage', defaultMajorness: 'column_major' });
    // A struct's size is padded to its alignment, as for array elements.
    return Math.ceil(layout.size / layout.alignment) * layout.alignment;
  } catch (err) {
    if (err instanceof LayoutError) return undefined;
    throw err;
  }
}

