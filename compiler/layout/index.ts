// Buffer memory layout: offsets, sizes and strides of HLSL types under DXC's four rule sets
// (vector-relaxed std140/std430, fxc "dx", strict std140/std430 "gl", scalar), byte-exact with DXC's
// SPIR-V back end and the manual's tables.

import type { Type } from '../types.js';
import type { Layout, LayoutOptions } from './layout.js';
import { createContext, layoutType } from './type-layout.js';

export type { BufferKind, Layout, LayoutOptions, LayoutRule, MemberLayout } from './layout.js';
export { LayoutError } from './layout.js';
export { layoutGlobals, type GlobalField, type GlobalsOptions } from './globals.js';

/**
 * Layout of `type` in a buffer. For a struct, members honour `vkOffset`, then `packOffset`; explicit
 * offsets that overlap or are misaligned are reported in `warnings`. Throws a LayoutError for a
 * resource, sampler or void anywhere in the type.
 */
export function layoutOf(type: Type, options: LayoutOptions): Layout {
  const ctx = createContext(options);
  const layout = layoutType(ctx, type, type.kind === 'struct' ? `struct '${type.name}'` : 'the buffer element');
  return ctx.warnings.length ? { ...layout, warnings: [...new Set(ctx.warnings)] } : layout;
}
