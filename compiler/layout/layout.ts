// The public shapes of the layout module: options in, laid-out types out.

import type { Majorness } from '../types.js';

/**
 * The manual's four rule sets (DXC flags): `relaxed` = vector-relaxed std140/std430 (the default),
 * `dx` = -fvk-use-dx-layout (fxc packing), `gl` = -fvk-use-gl-layout (strict std140/std430),
 * `scalar` = -fvk-use-scalar-layout (VK_EXT_scalar_block_layout).
 */
export type LayoutRule = 'relaxed' | 'dx' | 'gl' | 'scalar';

/**
 * Which family of rules a buffer uses within a rule set:
 * - `uniform`: cbuffer, ConstantBuffer, $Globals (std140 family);
 * - `storage`: StructuredBuffer (all kinds), ByteAddressBuffer, push constants (std430 family);
 * - `texture`: tbuffer, TextureBuffer. Storage buffers (std430 family) under every rule set except `dx`,
 *   where DXC packs them like cbuffers (its FxcCTBuffer rule covers cbuffers and tbuffers).
 */
export type BufferKind = 'uniform' | 'storage' | 'texture';

export interface LayoutOptions {
  rule: LayoutRule;
  buffer: BufferKind;
  /** Majorness of matrices declared without one: -Zpc column_major (HLSL's default) or -Zpr row_major. */
  defaultMajorness: Majorness;
}

export interface MemberLayout {
  name: string;
  offset: number;
  layout: Layout;
}

export interface Layout {
  /**
   * How the value is stored, which is not always its type's kind: Nx1 / 1xN matrices are vectors, 1x1
   * a scalar, and under the dx cbuffer packing a 1xN matrix with N stored vectors is an array of N
   * scalars 16 bytes apart (DXC emits it as such).
   */
  kind: 'scalar' | 'vector' | 'matrix' | 'array' | 'struct';
  /** Bytes the value occupies; what the next member's placement starts from. 0 for a runtime array. */
  size: number;
  /** Base alignment under the rule (before the vector-relaxed member adjustment). */
  alignment: number;
  /** Arrays: bytes between consecutive elements. */
  arrayStride?: number;
  /** Arrays: element count; null for a runtime (unsized) array. */
  length?: number | null;
  /** Arrays: the element's layout. */
  element?: Layout;
  /**
   * Matrices, in HLSL terms: `column_major` stores the matrix as `cols` column vectors of `rows`
   * elements, `row_major` as `rows` row vectors of `cols` elements; `matrixStride` is the distance in
   * bytes between those vectors. (SPIR-V's matrix is the transpose of HLSL's, so the back end decorates
   * an HLSL row_major matrix ColMajor and a column_major one RowMajor; the stride is the same.)
   */
  matrixStride?: number;
  majorness?: Majorness;
  /** Structs: members in declaration order. */
  members?: MemberLayout[];
  /**
   * Top level only: explicit offsets that overlap or are misaligned, and other layouts DXC accepts
   * but that are probably not what the author meant. Never fatal (the manual: "no error checking").
   */
  warnings?: string[];
}

/** A type that has no memory layout (a resource, sampler or void) was placed in a buffer. */
export class LayoutError extends Error {
  override name = 'LayoutError';
}
