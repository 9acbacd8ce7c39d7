// Type names as written: numeric names (16-bit ones only with -enable-16bit-types), vector<>/matrix<>,
// samplers, buffers and textures (rasterizer-ordered ones too), inline SPIR-V and buffer-pointer types,
// ray queries, stage templates (streams, patches), and user types, struct and alias templates.
import type * as ast from '../parse/ast.js';
import { matrix, sameType, scalar, vector, VOID, type ResourceKind, type Type } from '../types.js';
import { instantiateAlias } from './alias-templates.js';
import { bufferPointerType } from './buffer-pointers.js';
import {
  DEFAULT_FLOAT4_RESOURCES,
  NEEDS_16BIT,
  numericTypeByName,
  RESOURCE_KINDS,
  ROV_KINDS,
  SAMPLER_NAMES,
  scalarByName,
  STAGE_TEMPLATE_TYPES,
  VK_RESOURCE_KINDS,
} from './builtin-types.js';
import type { Checker } from './checker.js';
import { rayQueryType } from './ray-types.js';
import { isNodeObjectName, nodeObjectType } from './node-objects.js';
import type { Scope, SymbolEntry } from './scope.js';
import { INLINE_SPIRV_TYPE_NAMES, resolveInlineSpirvType } from './spirv-types.js';
import { stageTemplateType } from './stage-types.js';
import { instantiateStruct } from './struct-templates.js';
import { refuseIncomplete } from './forward-structs.js';

/** The type a written name (with its template arguments) names, before array dimensions and majorness. */
export function resolveTypeName(c: Checker, spec: ast.TypeSpec, scope: Scope): Type | undefined {
  if (spec.struct) return c.anonymousStruct(spec.struct, scope);
  const name = spec.name;
  const args = spec.templateArgs ?? [];
  if (NEEDS_16BIT.has(name.replace(/[1-4](x[1-4])?$/, '')) && !c.enable16) {
    c.error(`'${name}' requires -enable-16bit-types`, spec.loc, name.length);
    return undefined;
  }
  if (name === 'void' && args.length === 0) return VOID;
  const numeric = numericTypeByName(name, c.enable16);
  if (numeric && args.length === 0) return numeric;
  if (name === 'vector') return templateNumeric(c, spec, scope, 'vector');
  if (name === 'matrix') return templateNumeric(c, spec, scope, 'matrix');
  if (name in SAMPLER_NAMES) return { kind: 'sampler', comparison: SAMPLER_NAMES[name]! };
  if (RESOURCE_KINDS.has(name)) return resourceType(c, spec, scope, name as ResourceKind);
  if (VK_RESOURCE_KINDS[name]) return resourceType(c, spec, scope, VK_RESOURCE_KINDS[name]);
  if (INLINE_SPIRV_TYPE_NAMES.has(name)) return resolveInlineSpirvType(c, spec, scope);
  if (name === 'vk::BufferPointer') return bufferPointerType(c, name, args, scope, spec.loc);
  if (ROV_KINDS[name]) {
    const t = resourceType(c, spec, scope, ROV_KINDS[name]);
    return t?.kind === 'resource' ? { ...t, rasterizerOrdered: true } : t;
  }
  if (name === 'RayQuery') return rayQueryType(c, spec, scope);
  if (isNodeObjectName(name)) return nodeObjectType(c, spec, scope, name);
  if (STAGE_TEMPLATE_TYPES.has(name)) return stageTemplateType(c, spec, scope);
  const entry = scope.lookup(name);
  if (entry?.kind === 'template') return instantiateStruct(c, entry, spec, scope);
  if (entry?.kind === 'aliasTemplate') return instantiateAlias(c, entry, spec, scope);
  if (entry?.kind === 'type') {
    if (entry.type.kind === 'struct' && refuseIncomplete(c, entry.type, spec.loc, name.length)) return undefined;
    if (args.length === 0) return entry.type;
    // Inside a struct template its name alone is the instantiation; with arguments it is the template.
    const template = entry.type.kind === 'struct' ? enclosingTemplate(c, entry.type.id, name) : undefined;
    if (template) return instantiateStruct(c, template, spec, scope);
    c.error(`'${name}' is not a template`, spec.loc, name.length);
    return entry.type;
  }
  c.error(entry ? `'${name}' does not name a type` : `unknown type name '${name}'`, spec.loc, name.length);
  return undefined;
}

/** `vector<T, N>` and `matrix<T, R, C>` (and their defaults, float4 and float4x4). */
function templateNumeric(c: Checker, spec: ast.TypeSpec, scope: Scope, which: 'vector' | 'matrix'): Type | undefined {
  const args = spec.templateArgs ?? [];
  if (args.length === 0) return which === 'vector' ? numericTypeByName('float4', false) : numericTypeByName('float4x4', false);
  const expected = which === 'vector' ? 2 : 3;
  if (args.length !== expected) {
    c.error(`'${which}' takes ${expected} template arguments`, spec.loc);
    return undefined;
  }
  const elSpec = args[0]!;
  // The element may be a typedef or a template parameter bound to a scalar.
  const elType = elSpec.kind === 'TypeSpec' ? scalarByName(elSpec.name, c.enable16) ?? c.resolveType(elSpec, scope, []) : undefined;
  const el = elType?.kind === 'scalar' ? elType : undefined;
  if (!el) {
    c.error(`'${which}' element type must be a scalar type`, elSpec.loc);
    return undefined;
  }
  const dims = args.slice(1).map((a) => (a.kind === 'TypeSpec' ? undefined : c.constantInt(a, scope)));
  if (dims.some((d) => d === undefined || d < 1 || d > 4)) {
    c.error(`'${which}' dimensions must be constant integers from 1 to 4`, spec.loc);
    return undefined;
  }
  return which === 'vector' ? vector(el, dims[0]!) : matrix(el, dims[0]!, dims[1]!);
}

/** A buffer or texture type with its element type (float4 where the manual lets it default) and sample count. */
function resourceType(c: Checker, spec: ast.TypeSpec, scope: Scope, kind: ResourceKind): Type | undefined {
  const args = spec.templateArgs ?? [];
  if (kind === 'ByteAddressBuffer' || kind === 'RWByteAddressBuffer') {
    return { kind: 'resource', resource: kind, element: scalar('uint') };
  }
  if (kind === 'RaytracingAccelerationStructure') {
    if (args.length) c.error(`'${kind}' is not a template`, spec.loc, kind.length);
    return { kind: 'resource', resource: kind, element: VOID };
  }
  let element: Type | undefined;
  if (args.length === 0) {
    if (!DEFAULT_FLOAT4_RESOURCES.has(kind)) {
      c.error(`'${kind}' requires a template argument`, spec.loc, kind.length);
      return undefined;
    }
    element = numericTypeByName('float4', false);
  } else {
    const a = args[0]!;
    if (a.kind !== 'TypeSpec') {
      c.error(`template argument of '${kind}' must be a type`, a.loc);
      return undefined;
    }
    element = c.resolveType(a, scope, a.modifiers ?? []);
  }
  if (!element) return undefined;
  const samples = args[1] && args[1].kind !== 'TypeSpec' ? c.constantInt(args[1], scope) : undefined;
  return samples !== undefined ? { kind: 'resource', resource: kind, element, samples } : { kind: 'resource', resource: kind, element };
}

/** The struct template `name` whose instantiation the struct `id` is, found outward from its members. */
function enclosingTemplate(c: Checker, id: number, name: string): Extract<SymbolEntry, { kind: 'template' }> | undefined {
  for (let s: Scope | undefined = c.structMembers.get(id); s; s = s.parent) {
    const e = s.own(name);
    if (e?.kind === 'template') return e;
  }
  return undefined;
}

/** A typedef or alias of a struct names its members too (`using M = Box<int>; M::make()`). */
export function aliasMembers(c: Checker, t: Type, written: ast.TypeSpec, scope: Scope): { members?: Scope } {
  const members = t.kind === 'struct' ? c.structMembers.get(t.id) : undefined;
  if (members) return { members };
  // An enum's enumerators live in the scope entry of its name, not in its type.
  if (written.kind !== 'TypeSpec' || written.templateArgs?.length || !written.name) return {};
  const target = scope.lookup(written.name);
  return target?.kind === 'type' && target.members && sameType(target.type, t) ? { members: target.members } : {};
}
