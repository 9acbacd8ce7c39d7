// A struct's fields from one data-member declaration (`float3 n : NORMAL, t[2];`): types with array
// dimensions, semantics, interpolation modifiers, vk:: attributes, packoffset, bitfields.
import type * as ast from '../parse/ast.js';
import type { StructField, StructType } from '../types.js';
import type { Checker } from './checker.js';
import { addBitfield } from './bitfields.js';
import { refuseNodeVariable } from './node-objects.js';
import { rayQueryMember } from './ray-types.js';
import type { Scope } from './scope.js';
import { spirvAttributes } from './spirv-decorations.js';
import { refuseStreamVariable } from './stage-types.js';

export function addDataMembers(c: Checker, struct: StructType, member: ast.VarDecl, inner: Scope): void {
  const base = c.resolveType(member.type, inner, member.modifiers);
  if (!base) return;
  if (rayQueryMember(c, base, member.loc)) return;
  if (refuseNodeVariable(c, base, member.declarators[0]?.name ?? '', member.loc, false)) return;
  for (const d of member.declarators) {
    if (d.bitfieldWidth) {
      if (struct.fields.some((f) => f.name === d.name || f.bitfields?.some((b) => b.name === d.name))) c.error(`duplicate member '${d.name}'`, d.loc, d.name.length);
      else addBitfield(c, struct, d, base, inner);
      continue;
    }
    const t = c.arrayType(base, d.arrayDims, inner, false);
    if (!t || refuseStreamVariable(c, t, d.name, d.loc)) continue;
    const field: StructField = { name: d.name, type: t, ...c.halfFlag(member.type, inner) };
    if (d.semantic) field.semantic = d.semantic.name;
    const interp = member.modifiers.filter((m): m is 'linear' | 'centroid' | 'nointerpolation' | 'noperspective' | 'sample' =>
      ['linear', 'centroid', 'nointerpolation', 'noperspective', 'sample'].includes(m),
    );
    if (interp.length) field.interpolation = interp;
    for (const attr of member.attributes) {
      if (attr.name === 'vk::offset') field.vkOffset = c.attrInt(attr, 0, inner);
      else if (attr.name === 'vk::location') field.location = c.attrInt(attr, 0, inner);
      else if (attr.name === 'vk::index') field.index = c.attrInt(attr, 0, inner);
      else if (attr.name === 'vk::builtin') {
        const arg = attr.args[0];
        if (arg?.kind === 'StringLiteral') field.builtin = arg.value;
        else c.error(`vk::builtin needs a string argument, e.g. [[vk::builtin("PointSize")]]`, attr.loc);
      }
    }
    if (d.packOffset) field.packOffset = packOffsetBytes(d.packOffset);
    Object.assign(field, spirvAttributes(c, member.attributes, inner, true));
    if (struct.fields.some((f) => f.name === d.name || f.bitfields?.some((b) => b.name === d.name))) c.error(`duplicate member '${d.name}'`, d.loc, d.name.length);
    struct.fields.push(field);
  }
}

/** `packoffset(c2.y)` in bytes from the buffer's start. */
export function packOffsetBytes(p: ast.PackOffsetAnnotation): number {
  const reg = Number(p.register.replace(/^c/i, ''));
  const component = p.component ? 'xyzw'.indexOf(p.component[0]!.toLowerCase()) : 0;
  return reg * 16 + Math.max(0, component) * 4;
}
