// NonUniform decorations (SPV_EXT_descriptor_indexing). NonUniformResourceIndex(i) is an OpCopyObject of
// i; as DXC's NonUniformVisitor, the mark then spreads to what is computed from it: unary and binary
// results, access chains through it, loads through those, sampled images, texel pointers and atomics.
import type { Type } from '../types.js';
import type { ModuleBuilder } from './builder.js';
import { requireExtension } from './extensions.js';
import { Capability, Decoration } from '../spirv-spec/spec.js';

/** The *ArrayNonUniformIndexing capability of a resource type (DXC: image-backed types only; buffers add none). */
function indexingCapability(t: Type | undefined): number | undefined {
  while (t?.kind === 'array') t = t.element;
  if (t?.kind === 'sampler') return Capability.SampledImageArrayNonUniformIndexing;
  if (t?.kind !== 'resource') return undefined;
  const r = t.resource;
  if (r === 'Buffer') return Capability.UniformTexelBufferArrayNonUniformIndexing;
  if (r === 'RWBuffer') return Capability.StorageTexelBufferArrayNonUniformIndexing;
  if (r.startsWith('Subpass')) return Capability.InputAttachmentArrayNonUniformIndexing;
  if (r.startsWith('RWTexture')) return Capability.StorageImageArrayNonUniformIndexing;
  if (r.startsWith('Texture')) return Capability.SampledImageArrayNonUniformIndexing;
  return undefined;
}

/** The ids of one function that carry NonUniform. */
export class NonUniformIds {
  private readonly ids = new Set<number>();

  constructor(private readonly b: ModuleBuilder) {}

  has(id: number): boolean {
    return this.ids.has(id);
  }

  /** Decorates `id` NonUniform; `type` (the IR type of the value or of the pointee) picks the indexing capability. */
  mark(id: number, type?: Type): void {
    if (!id || this.ids.has(id)) return;
    this.ids.add(id);
    this.b.decorate(id, Decoration.NonUniform);
    this.b.capability(Capability.ShaderNonUniform);
    requireExtension(this.b, 'SPV_EXT_descriptor_indexing');
    const capability = indexingCapability(type);
    if (capability !== undefined) this.b.capability(capability);
  }

  /** Marks `result` when any operand is marked. */
  spread(result: number, operands: readonly number[], type?: Type): number {
    if (operands.some((o) => this.ids.has(o))) this.mark(result, type);
    return result;
  }
}
