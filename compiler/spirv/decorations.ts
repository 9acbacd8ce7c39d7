// Decorations the source asked for ([[vk::ext_decorate]], ext_decorate_string, ext_decorate_id):
// OpDecorate / OpDecorateString / OpDecorateId on an id, or the OpMember* forms on a struct member.
import type { SpirvDecoration } from '../types.js';
import { encodeString, type ModuleBuilder } from './builder.js';
import { scalarWords } from './constants.js';
import type { TypeEmitter } from './types.js';
import type { StageValue } from '../ir/ir.js';
import { Decoration, Op } from '../spirv-spec/spec.js';
import { declareDecorationExtension } from './inline-enablers.js';

export function applyDecorations(b: ModuleBuilder, types: TypeEmitter, id: number, decorations: readonly SpirvDecoration[] | undefined, member?: number): void {
  for (const d of decorations ?? []) {
    declareDecorationExtension(b, d.decoration);
    if (d.kind === 'literal') {
      if (member === undefined) b.decorate(id, d.decoration, ...d.operands);
      else b.memberDecorate(id, member, d.decoration, ...d.operands);
    } else if (d.kind === 'string') {
      const words = d.strings.flatMap(encodeString);
      if (member === undefined) b.annotation(Op.DecorateString, [id, d.decoration, ...words]);
      else b.annotation(Op.MemberDecorateString, [id, member, d.decoration, ...words]);
    } else {
      if (member !== undefined) throw new Error('internal: vk::ext_decorate_id on a struct member');
      const ids = d.constants.map((c) => {
        const typeId = types.type(c.type);
        if (c.type.base === 'bool') return b.intern(`cb:${c.value ? 1 : 0}`, c.value ? Op.ConstantTrue : Op.ConstantFalse, [typeId], 1);
        const w = scalarWords(c.type, c.value);
        return b.intern(`c:${typeId}:${w.join(',')}`, Op.Constant, [typeId, ...w], 1);
      });
      b.decorateId(id, d.decoration, ...ids);
    }
  }
}

/**
 * A stage value whose `[[vk::ext_decorate(Location, N)]]` gives its location: the same as
 * `[[vk::location(N)]]` (DXC then assigns it no location of its own).
 */
export function withWrittenLocation(io: StageValue): StageValue {
  const d = io.decorations?.find((x) => x.kind === 'literal' && x.decoration === Decoration.Location && x.operands.length === 1);
  if (!d || d.kind !== 'literal' || io.location !== undefined) return io;
  const rest = io.decorations!.filter((x) => x !== d);
  const { decorations: _, ...others } = io;
  return { ...others, location: d.operands[0]!, ...(rest.length ? { decorations: rest } : {}) };
}

/** A written BuiltIn or Location the stage variable already has one of (DXC then skips its own): not supported yet. */
export function replacedStageDecoration(io: StageValue): string | undefined {
  const d = io.decorations?.find((x) => x.decoration === Decoration.Location || x.decoration === Decoration.BuiltIn);
  if (!d) return undefined;
  return `vk::ext_decorate(${d.decoration === Decoration.Location ? 'Location' : 'BuiltIn'}) on the stage variable of '${io.semantic ?? 'a result'}' is not supported yet: use vk::location or vk::builtin`;
}
