// The layout of a buffer global of the IR, shared by the back ends so that they read the same bytes:
// which rule family each HLSL buffer form uses (the manual's buffer summary table) and the $Globals
// placement of register(cN) variables.
import type { IrGlobal } from '../ir/ir.js';
import type { Majorness, StructType } from '../types.js';
import { layoutGlobals } from './globals.js';
import type { BufferKind, Layout, LayoutOptions, LayoutRule } from './layout.js';
import { layoutOf } from './index.js';

/** Which rule family each buffer form uses (manual's buffer summary table). */
export const BUFFER_KIND: Record<NonNullable<IrGlobal['buffer']>, BufferKind> = {
  cbuffer: 'uniform',
  ConstantBuffer: 'uniform',
  Globals: 'uniform',
  tbuffer: 'texture',
  TextureBuffer: 'texture',
  StructuredBuffer: 'storage',
  RWStructuredBuffer: 'storage',
  AppendStructuredBuffer: 'storage',
  ConsumeStructuredBuffer: 'storage',
  ByteAddressBuffer: 'storage',
  RWByteAddressBuffer: 'storage',
  PushConstant: 'storage',
  ShaderRecord: 'storage',
  Counter: 'storage',
};

export function bufferLayoutOptions(g: IrGlobal, rule: LayoutRule, defaultMajorness: Majorness): LayoutOptions {
  return { rule, buffer: BUFFER_KIND[g.buffer ?? 'cbuffer'], defaultMajorness };
}

/** $Globals: register(cN) variables at N * 16, the rest after them. */
export function globalsLayout(g: IrGlobal, ctx: LayoutOptions): Layout {
  const struct = g.type as StructType;
  return layoutGlobals(
    struct.fields.map((f) => ({ name: f.name, type: f.type, ...(f.packOffset !== undefined ? { register: f.packOffset / 16 } : {}) })),
    { rule: ctx.rule, defaultMajorness: ctx.defaultMajorness },
  );
}

/** The layout of a (non-arrayed) buffer global's block. */
export function bufferLayout(g: IrGlobal, ctx: LayoutOptions): Layout {
  return g.buffer === 'Globals' ? globalsLayout(g, ctx) : layoutOf(g.type, ctx);
}
