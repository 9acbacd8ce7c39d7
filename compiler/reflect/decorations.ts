// Decorations on ids and on struct members, including those applied through decoration groups.
import { Op } from '../spirv-spec/spec.js';
import type { Instruction } from './binary.js';

/** One decoration: its literal/id operand words, or its strings for OpDecorateString. */
export interface DecorationValue {
  operands: number[];
  strings: string[];
  /** The instruction that applied it, for error messages. */
  source: Instruction;
}

type DecorationSet = Map<number, DecorationValue>;

export class DecorationTable {
  private readonly onIds = new Map<number, DecorationSet>();
  private readonly onMembers = new Map<number, Map<number, DecorationSet>>();

  /** Records OpDecorate / OpDecorateId / OpDecorateString / OpMemberDecorate(String) / group forms. */
  add(inst: Instruction): void {
    switch (inst.opcode) {
      case Op.Decorate:
      case Op.DecorateId:
        this.setOn(this.idSet(inst.word(1)), inst.word(2), { operands: inst.wordsFrom(3), strings: [], source: inst });
        return;
      case Op.DecorateString:
        this.setOn(this.idSet(inst.word(1)), inst.word(2), { operands: [], strings: stringsFrom(inst, 3), source: inst });
        return;
      case Op.MemberDecorate:
        this.setOn(this.memberSet(inst.word(1), inst.word(2)), inst.word(3), {
          operands: inst.wordsFrom(4),
          strings: [],
          source: inst,
        });
        return;
      case Op.MemberDecorateString:
        this.setOn(this.memberSet(inst.word(1), inst.word(2)), inst.word(3), {
          operands: [],
          strings: stringsFrom(inst, 4),
          source: inst,
        });
        return;
      case Op.GroupDecorate: {
        const group = this.onIds.get(inst.word(1));
        for (const target of inst.wordsFrom(2)) {
          const set = this.idSet(target);
          for (const [decoration, value] of group ?? []) this.setOn(set, decoration, value);
        }
        return;
      }
      case Op.GroupMemberDecorate: {
        const group = this.onIds.get(inst.word(1));
        const pairs = inst.wordsFrom(2);
        if (pairs.length % 2 !== 0) inst.fail('expects (struct, member) pairs');
        for (let i = 0; i < pairs.length; i += 2) {
          const set = this.memberSet(pairs[i]!, pairs[i + 1]!);
          for (const [decoration, value] of group ?? []) this.setOn(set, decoration, value);
        }
        return;
      }
    }
  }

  get(id: number, decoration: number): DecorationValue | undefined {
    return this.onIds.get(id)?.get(decoration);
  }

  has(id: number, decoration: number): boolean {
    return this.get(id, decoration) !== undefined;
  }

  /** The first operand of a single-literal decoration (Binding, Location, ArrayStride...). */
  literal(id: number, decoration: number): number | undefined {
    const value = this.get(id, decoration);
    if (value === undefined) return undefined;
    if (value.operands.length < 1) value.source.fail(`decoration ${decoration} needs a literal operand`);
    return value.operands[0];
  }

  member(structId: number, member: number, decoration: number): DecorationValue | undefined {
    return this.onMembers.get(structId)?.get(member)?.get(decoration);
  }

  memberLiteral(structId: number, member: number, decoration: number): number | undefined {
    const value = this.member(structId, member, decoration);
    if (value === undefined) return undefined;
    if (value.operands.length < 1) value.source.fail(`member decoration ${decoration} needs a literal operand`);
    return value.operands[0];
  }

  /** Every decorated id with an instruction that decorates it (to check the targets exist). */
  *targets(): Generator<[number, Instruction]> {
    for (const [id, set] of this.onIds) {
      const value = first(set);
      if (value !== undefined) yield [id, value.source];
    }
  }

  /** Every decorated struct member as (struct id, member index, decorating instruction). */
  *memberTargets(): Generator<[number, number, Instruction]> {
    for (const [id, members] of this.onMembers) {
      for (const [index, set] of members) {
        const value = first(set);
        if (value !== undefined) yield [id, index, value.source];
      }
    }
  }

  private idSet(id: number): DecorationSet {
    let set = this.onIds.get(id);
    if (set === undefined) this.onIds.set(id, (set = new Map()));
    return set;
  }

  private memberSet(id: number, member: number): DecorationSet {
    let members = this.onMembers.get(id);
    if (members === undefined) this.onMembers.set(id, (members = new Map()));
    let set = members.get(member);
    if (set === undefined) members.set(member, (set = new Map()));
    return set;
  }

  private setOn(set: DecorationSet, decoration: number, value: DecorationValue): void {
    // A repeated decoration (legal for e.g. UserSemantic on different members) keeps the first.
    if (!set.has(decoration)) set.set(decoration, value);
  }
}

function first(set: DecorationSet): DecorationValue | undefined {
  return set.values().next().value;
}

function stringsFrom(inst: Instruction, index: number): string[] {
  const strings: string[] = [];
  for (let i = index; i < inst.wordCount; ) {
    const { value, next } = inst.string(i);
    strings.push(value);
    i = next;
  }
  if (strings.length === 0) inst.fail('needs a string operand');
  return strings;
}
