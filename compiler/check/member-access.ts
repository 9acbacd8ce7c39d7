// Member access, swizzles and indexing of checked values: struct fields (through bases, static data
// members, bit-fields, resources held in structs), vector/scalar swizzles that stay assignable where
// they select distinct components of memory, matrix members, texture members, and `[]` on arrays,
// vectors, matrices, resources, descriptor heaps, flattened resource arrays and `operator[]`.
import type { IrExpr, IrPlace } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { elementScalar, INT, isNumeric, typeToString, UINT, vector, type ScalarType, type StructType, type Type } from '../types.js';
import { readBitfield } from './bitfields.js';
import type { Checker } from './checker.js';
import type { HeapRef } from './descriptor-heaps.js';
import { type ExpressionChecker } from './expressions.js';
import { constExpr, rowType } from './ir-constants.js';
import { flattenedElement } from './flatten-arrays.js';
import { matrixMember } from './matrix-members.js';
import { resourceIndex } from './methods.js';
import { nodeIndex } from './node-objects.js';
import { operatorCall } from './operator-overloads.js';
import { heldValue, originKey, type Held } from './resource-aliases.js';
import type { Scope } from './scope.js';
import { accessorIndex, textureMember } from './texture-methods.js';
import type { Value } from './value.js';

const SWIZZLE_SETS = ['xyzw', 'rgba'];

function constantIndex(e: IrExpr): number | undefined {
  return e.op === 'const' && e.value.kind === 'scalar' && typeof e.value.value !== 'boolean' ? Number(e.value.value) : undefined;
}

export function member(c: Checker, x: ExpressionChecker, e: ast.MemberExpr, scope: Scope): Value | undefined {
  const obj = x.check(e.object, scope);
  if (!obj) return undefined;
  if (obj.heap) return c.heaps.untyped(obj as Value & { heap: HeapRef });
  const t = obj.type;
  if (t.kind === 'struct') {
    // Fields of a base struct are reached through the unnamed member 0 of each derived struct.
    const found = c.fieldPath(t, e.member);
    // `t.M` of a static data member: the member itself (the object is not evaluated).
    const staticMember = found ? undefined : c.structMembers.get(t.id)?.lookupMember(e.member);
    if (staticMember?.kind === 'variable') return x.name({ kind: 'Name', loc: e.memberLoc, name: e.member }, c.structMembers.get(t.id)!);
    if (!found) {
      c.error(`no member named '${e.member}' in '${typeToString(t)}'`, e.memberLoc, e.member.length);
      return undefined;
    }
    if (obj.held?.kind === 'struct') {
      let h: Held = obj.held;
      for (const index of found.path) h = (h as Held & { kind: 'struct' }).fields[index]!;
      return heldValue(c, h, e.loc, obj.readonly);
    }
    let v: Value = obj;
    let vt: Type = t;
    for (const index of found.path) {
      const ft: Type = (vt as StructType).fields[index]!.type;
      v = v.place
        ? { type: ft, loc: e.loc, place: { kind: 'member', base: v.place, index, type: ft }, readonly: obj.readonly }
        : { type: ft, loc: e.loc, expr: { op: 'extract', type: ft, arg: x.rvalue(v), index }, readonly: true };
      vt = ft;
    }
    if (found.bitfield) {
      const what = `bit-field '${e.member}'`;
      if (v.place) return { type: v.type, loc: e.loc, bitfield: { place: v.place, field: found.bitfield }, readonly: v.readonly, what };
      return { type: v.type, loc: e.loc, expr: readBitfield(x.rvalue(v), v.type as ScalarType, found.bitfield), readonly: true, what };
    }
    return v;
  }
  if (t.kind === 'scalar' || t.kind === 'vector') return swizzle(c, x, obj, t.kind === 'scalar' ? 1 : t.size, e);
  if (t.kind === 'matrix') return matrixMember(c, x, obj, t, e);
  if (t.kind === 'resource') return textureMember(c, obj, t, e.member, e.loc, e.memberLoc);
  c.error(`member reference base type '${typeToString(t)}' is not a structure`, e.memberLoc, e.member.length);
  return undefined;
}

function swizzle(c: Checker, x: ExpressionChecker, obj: Value, size: number, e: ast.MemberExpr): Value | undefined {
  const name = e.member;
  const set = SWIZZLE_SETS.find((s) => [...name].every((ch) => s.includes(ch)));
  const comps = set ? [...name].map((ch) => set.indexOf(ch)) : [];
  if (!set || name.length > 4 || comps.some((c) => c >= size)) {
    c.error(`invalid swizzle '${name}' on '${typeToString(obj.type)}'`, e.memberLoc, name.length);
    return undefined;
  }
  const el = elementScalar(obj.type)!;
  const t = vector(el, comps.length);
  const writable = !obj.readonly && new Set(comps).size === comps.length;
  if (obj.type.kind === 'scalar') {
    // `s.x` of a scalar in memory is that memory (`v.w.x = 1` assigns v.w).
    if (comps.length === 1 && (obj.place || obj.bitfield)) return { ...obj, loc: e.loc };
    const v = x.rvalue(obj);
    return { type: t, loc: e.loc, expr: comps.length === 1 ? v : x.splat(v, t), readonly: true };
  }
  if (obj.swizzle) {
    // A swizzle of a swizzle of a vector in memory selects from the same vector: still assignable.
    const base = obj.swizzle;
    const through = comps.map((k) => base.components[k]!);
    if (through.length === 1) {
      const elPlace: IrPlace = { kind: 'element', base: base.place, index: constExpr(INT, through[0]!), type: el };
      return { type: el, loc: e.loc, place: elPlace, readonly: obj.readonly };
    }
    return { type: t, loc: e.loc, swizzle: { place: base.place, components: through }, readonly: obj.readonly || new Set(through).size !== through.length };
  }
  if (obj.place && comps.length === 1) {
    return { type: el, loc: e.loc, place: { kind: 'element', base: obj.place, index: constExpr(INT, comps[0]!), type: el }, readonly: obj.readonly };
  }
  if (obj.place) return { type: t, loc: e.loc, swizzle: { place: obj.place, components: comps }, readonly: !writable };
  const arg = x.rvalue(obj);
  if (comps.length === 1) return { type: el, loc: e.loc, expr: { op: 'extract', type: el, arg, index: comps[0]! }, readonly: true };
  return { type: t, loc: e.loc, expr: { op: 'swizzle', type: t, arg, components: comps }, readonly: true };
}

export function index(c: Checker, x: ExpressionChecker, e: ast.IndexExpr, scope: Scope): Value | undefined {
  const obj = x.check(e.object, scope);
  const idx = x.check(e.index, scope);
  if (!obj || !idx) return undefined;
  if (obj.heap) return c.heaps.index(x, obj as Value & { heap: HeapRef }, idx, e.loc);
  if (obj.type.kind === 'struct') return operatorCall(c, x, '[]', obj, idx, e.loc, scope);
  if (obj.accessor) return accessorIndex(c, x, obj, idx, e.loc);
  // Textures take vector coordinates; resourceIndex checks the index of every resource kind.
  if (obj.type.kind === 'resource') return resourceIndex(c, x, obj, obj.type, idx, e.loc);
  if (obj.type.kind === 'node') return nodeIndex(c, x, obj, obj.type, idx, e.loc);
  if (!isNumeric(idx.type) || idx.type.kind !== 'scalar' || idx.type.base === 'float') {
    if (!(isNumeric(idx.type) && idx.type.kind === 'scalar')) {
      c.error(`array subscript must be an integer, not '${typeToString(idx.type)}'`, idx.loc);
      return undefined;
    }
  }
  const t = obj.type;
  if (t.kind === 'scalar') {
    // A one-component vector (a row of an Nx1 matrix): the manual ignores the index, the only element is returned.
    const k = constantIndex(x.coerce(idx, INT));
    if (k !== undefined && k !== 0) {
      c.error(`index ${k} is out of bounds for '${typeToString(t)}1'`, e.index.loc);
      return undefined;
    }
    return obj;
  }
  let elementType: Type;
  if (t.kind === 'array') elementType = t.element;
  else if (t.kind === 'vector') elementType = t.element;
  else if (t.kind === 'matrix') elementType = rowType(t);
  else {
    c.error(`subscripted value of type '${typeToString(t)}' is not an array, vector or matrix`, e.loc);
    return undefined;
  }
  const index = x.coerce(idx, idx.type.kind === 'scalar' && idx.type.base === 'uint' ? UINT : INT);
  const known = constantIndex(index);
  const bound = t.kind === 'array' ? t.length : t.kind === 'vector' ? t.size : t.kind === 'matrix' ? t.rows : null;
  if (known !== undefined && bound !== null && (known < 0 || known >= bound)) {
    // DXC only warns for arrays; the access would be outside the object, which has no defined value.
    const why = t.kind === 'array' ? ': it would access memory outside the array (DXC only warns)' : '';
    c.error(`index ${known} is out of bounds for '${typeToString(t)}'${why}`, e.index.loc);
    return undefined;
  }
  if (obj.held?.kind === 'array') {
    // Each element's resources are their own variables (resource-aliases.ts): a constant index picks them;
    // a run-time index only when element k holds element k of one global array (after `ts = globalArray`).
    const whole = known === undefined ? wholeArray(obj.held) : undefined;
    if (whole) return { type: elementType, loc: e.loc, place: { kind: 'element', base: whole, index, type: elementType }, readonly: true };
    if (known === undefined) {
      const what = t.kind === 'array' && t.element.kind === 'struct' ? 'an array of structs holding resources' : 'an array of resources given element by element';
      c.error(`${what} ('${typeToString(t)}') can only be indexed with a constant: each element's resources are their own variables`, e.index.loc);
      return undefined;
    }
    return heldValue(c, obj.held.elements[known]!, e.loc, obj.readonly);
  }
  const root = obj.place?.kind === 'global' ? obj.place.global : undefined;
  const flat = root && c.flattened.get(root);
  if (root && flat) {
    const place = flattenedElement(c, root, flat, index, elementType, e.index.loc);
    return place && { type: elementType, loc: e.loc, place, readonly: obj.readonly };
  }
  if (obj.place) return { type: elementType, loc: e.loc, place: { kind: 'element', base: obj.place, index, type: elementType }, readonly: obj.readonly };
  const arg = x.rvalue(obj);
  if (known !== undefined) return { type: elementType, loc: e.loc, expr: { op: 'extract', type: elementType, arg, index: known }, readonly: true };
  return { type: elementType, loc: e.loc, expr: { op: 'dynamicExtract', type: elementType, arg, index }, readonly: true };
}

/** The global array whose element k every element k of a held array aliases, if there is one. */
function wholeArray(h: Held & { kind: 'array' }): IrPlace | undefined {
  let base: IrPlace | undefined;
  for (const [k, e] of h.elements.entries()) {
    if (e.kind !== 'resource' || e.origin.kind !== 'place' || e.origin.place.kind !== 'element') return undefined;
    const { base: b, index } = e.origin.place;
    if (index.op !== 'const' || index.value.kind !== 'scalar' || Number(index.value.value) !== k) return undefined;
    if (base && originKey(base) !== originKey(b)) return undefined;
    if (originKey(b) === undefined) return undefined;
    base = b;
  }
  return base;
}
