// The layout rule sets as data: which of DXC's rule families a (rule set, buffer kind) pair uses, and
// how each family departs from std140. Mirrors DXC's SpirvLayoutRule values and the rule list in its
// AlignmentSizeCalculator (std140 rules 1-10, then the std430 / relaxed / fxc / scalar modifications).

import type { BufferKind, LayoutRule } from './layout.js';

export type RuleFamily =
  | 'relaxedStd140'
  | 'relaxedStd430'
  | 'std140'
  | 'std430'
  | 'fxcCTBuffer'
  | 'fxcSBuffer'
  | 'scalar';

/** DXC's option handling: -fvk-use-dx-layout gives cbuffers and tbuffers the fxc cbuffer packing. */
export const RULE_FAMILY: Record<LayoutRule, Record<BufferKind, RuleFamily>> = {
  relaxed: { uniform: 'relaxedStd140', storage: 'relaxedStd430', texture: 'relaxedStd430' },
  dx: { uniform: 'fxcCTBuffer', storage: 'fxcSBuffer', texture: 'fxcCTBuffer' },
  gl: { uniform: 'std140', storage: 'std430', texture: 'std430' },
  scalar: { uniform: 'scalar', storage: 'scalar', texture: 'scalar' },
};

export interface RuleSet {
  /** Vector base alignment: `std` = 2N/4N/4N for 2/3/4 components of N bytes; `element` = N. */
  vectorAlignment: 'std' | 'element';
  /**
   * Vector-relaxed member placement: a vector struct member (of elements of at most 4 bytes) aligns
   * to its element, then moves to the next 16-byte boundary if it would straddle one (or, when larger
   * than 16 bytes, if it does not start on one).
   */
  relaxedVectorMembers: boolean;
  /** std140's vec4 rule: arrays, structs and matrices align to at least 16 bytes. */
  aggregatesAlignTo16: boolean;
  /**
   * Matrix storage: `vectors` = an array of vectors at vector alignment (std140/std430);
   * `registers` = fxc cbuffer packing, each vector in its own 16-byte register, the last unpadded;
   * `packed` = tightly packed elements at element alignment (fxc structured buffers, scalar).
   */
  matrices: 'vectors' | 'registers' | 'packed';
  /** A struct's size is rounded up to its alignment (false: the next member may pack into its tail). */
  padStructEnd: boolean;
  /**
   * An array's size is its element count times its stride (false: the last element is not padded to
   * the stride, so the next member may pack into its tail).
   */
  padArrayEnd: boolean;
}

export const RULE_SETS: Record<RuleFamily, RuleSet> = {
  relaxedStd140: { vectorAlignment: 'std', relaxedVectorMembers: true, aggregatesAlignTo16: true, matrices: 'vectors', padStructEnd: true, padArrayEnd: true },
  relaxedStd430: { vectorAlignment: 'std', relaxedVectorMembers: true, aggregatesAlignTo16: false, matrices: 'vectors', padStructEnd: true, padArrayEnd: true },
  std140: { vectorAlignment: 'std', relaxedVectorMembers: false, aggregatesAlignTo16: true, matrices: 'vectors', padStructEnd: true, padArrayEnd: true },
  std430: { vectorAlignment: 'std', relaxedVectorMembers: false, aggregatesAlignTo16: false, matrices: 'vectors', padStructEnd: true, padArrayEnd: true },
  fxcCTBuffer: { vectorAlignment: 'element', relaxedVectorMembers: true, aggregatesAlignTo16: true, matrices: 'registers', padStructEnd: false, padArrayEnd: false },
  fxcSBuffer: { vectorAlignment: 'element', relaxedVectorMembers: false, aggregatesAlignTo16: false, matrices: 'packed', padStructEnd: true, padArrayEnd: false },
  scalar: { vectorAlignment: 'element', relaxedVectorMembers: false, aggregatesAlignTo16: false, matrices: 'packed', padStructEnd: false, padArrayEnd: false },
};

/** The 16-byte unit of std140's vec4 alignment and of a D3D constant register (cN). */
export const REGISTER_BYTES = 16;

export function roundUp(value: number, alignment: number): number {
  return alignment <= 1 ? value : Math.ceil(value / alignment) * alignment;
}
