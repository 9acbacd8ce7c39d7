// Where a member goes: the rule's default offset after the previous member (with the vector-relaxed
// adjustment), and the checks on explicit offsets ([[vk::offset]], packoffset, register(cN)), which
// DXC honours as given; problems become warnings, never errors.

import { typeToString, type ScalarType, type Type } from '../types.js';
import type { Layout, MemberLayout } from './layout.js';
import { REGISTER_BYTES, roundUp, type RuleSet } from './rules.js';

/** The element of a type DXC treats as a vector (a vector, or an Nx1 / 1xN matrix); else undefined. */
function vectorElement(type: Type): ScalarType | undefined {
  if (type.kind === 'vector') return type.element;
  if (type.kind === 'matrix' && (type.rows === 1) !== (type.cols === 1)) return type.element;
  return undefined;
}

/** A vector at `offset` crosses a 16-byte boundary (one larger than 16 bytes must start on one). */
function straddles(offset: number, size: number): boolean {
  return size <= REGISTER_BYTES
    ? Math.floor(offset / REGISTER_BYTES) !== Math.floor((offset + size - 1) / REGISTER_BYTES)
    : offset % REGISTER_BYTES !== 0;
}

/** The offset the rule gives a member of `type` whose predecessor ends at `end`. */
export function defaultOffset(rules: RuleSet, end: number, type: Type, layout: Layout): number {
  const element = rules.relaxedVectorMembers ? vectorElement(type) : undefined;
  if (!element) return roundUp(end, layout.alignment);
  // Vector-relaxed: a vector of 32-bit-or-smaller elements aligns like its element, so a float3 can
  // follow a float; 64-bit vectors keep their alignment. Either moves on if it would straddle.
  const elementBytes = element.width / 8;
  const offset = roundUp(end, elementBytes <= 4 ? elementBytes : layout.alignment);
  return straddles(offset, layout.size) ? roundUp(offset, REGISTER_BYTES) : offset;
}

export interface ExplicitOffset {
  offset: number;
  /** How the source spelled it, for warnings: `[[vk::offset(8)]]`, `packoffset(c1.y)`, `register(c3)`. */
  spelling: string;
}

/** `packoffset(cN.c)` for a byte offset (component offsets are multiples of 4). */
export function packOffsetSpelling(offset: number): string {
  const register = Math.floor(offset / REGISTER_BYTES);
  const component = 'xyzw'[(offset % REGISTER_BYTES) / 4];
  return component ? `packoffset(c${register}.${component})` : `packoffset(byte ${offset})`;
}

/**
 * A warning if a member put at an explicit offset sits where the rule would not put it (DXC warns for
 * a misaligned [[vk::offset]]; fxc rejects a misaligned packoffset).
 */
export function checkExplicitOffset(
  rules: RuleSet,
  ruleName: string,
  member: string,
  type: Type,
  layout: Layout,
  explicit: ExplicitOffset,
): string[] {
  const valid = defaultOffset(rules, explicit.offset, type, layout);
  if (valid === explicit.offset) return [];
  return [
    `${member}: ${explicit.spelling} puts ${typeToString(type)} at byte ${explicit.offset}, which the ${ruleName} layout rule does not allow (next valid offset: ${valid})`,
  ];
}

/**
 * Warnings for members whose byte ranges overlap, which only explicit offsets can cause. (DXC only
 * compares a packoffset or register(cN) with the end of the member declared before it, so it rejects
 * harmless out-of-order offsets and misses some real overlaps.)
 */
export function findOverlaps(members: readonly MemberLayout[], owner: string): string[] {
  const byOffset = members.filter((m) => m.layout.size > 0).sort((a, b) => a.offset - b.offset);
  const warnings: string[] = [];
  let widest: MemberLayout | undefined;
  for (const member of byOffset) {
    if (widest && member.offset < widest.offset + widest.layout.size) {
      warnings.push(
        `${owner}: '${member.name}' (bytes ${range(member)}) overlaps '${widest.name}' (bytes ${range(widest)})`,
      );
    }
    if (!widest || member.offset + member.layout.size > widest.offset + widest.layout.size) widest = member;
  }
  return warnings;
}

const range = (m: MemberLayout): string => `${m.offset}-${m.offset + m.layout.size - 1}`;
