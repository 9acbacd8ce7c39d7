// The $Globals cbuffer: loose global variables, optionally placed with register(cN). The manual (and
// DXC): a register(cN) variable is at N * 16; the others follow, in declaration order, after the
// variable with the highest register. [[vk::offset]] and packoffset do not apply to globals.

import type { Type } from '../types.js';
import type { Layout, LayoutOptions, MemberLayout } from './layout.js';
import { checkExplicitOffset, defaultOffset, findOverlaps } from './placement.js';
import { REGISTER_BYTES } from './rules.js';
import { createContext, finishStruct, layoutType, ruleName } from './type-layout.js';

export interface GlobalField {
  name: string;
  type: Type;
  /** N of `register(cN)`. */
  register?: number;
}

/** $Globals is always a uniform buffer, so the buffer kind is fixed. */
export type GlobalsOptions = Omit<LayoutOptions, 'buffer'> & { buffer?: 'uniform' };

export function layoutGlobals(fields: readonly GlobalField[], options: GlobalsOptions): Layout {
  const ctx = createContext({ ...options, buffer: 'uniform' });
  // DXC lays out the register(cN) variables first, by register, then the rest in declaration order.
  const order = fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => (a.field.register ?? Infinity) - (b.field.register ?? Infinity) || a.index - b.index);

  const placed: MemberLayout[] = new Array(fields.length);
  let end = 0;
  let maxAlignment = 1;
  for (const { field, index } of order) {
    const where = `global '${field.name}'`;
    const layout = layoutType(ctx, field.type, where);
    let offset = defaultOffset(ctx.rules, end, field.type, layout);
    if (field.register !== undefined) {
      const explicit = { offset: field.register * REGISTER_BYTES, spelling: `register(c${field.register})` };
      ctx.warnings.push(...checkExplicitOffset(ctx.rules, ruleName(ctx), where, field.type, layout, explicit));
      offset = explicit.offset;
    }
    placed[index] = { name: field.name, offset, layout };
    maxAlignment = Math.max(maxAlignment, layout.alignment);
    end = offset + layout.size;
  }
  ctx.warnings.push(...findOverlaps(placed, '$Globals'));
  const result = finishStruct(ctx, placed, maxAlignment);
  return ctx.warnings.length ? { ...result, warnings: [...new Set(ctx.warnings)] } : result;
}
