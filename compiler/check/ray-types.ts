// The DXR vocabulary every stage sees (ray queries in any stage, SM 6.5; ray-tracing stages): the
// predeclared structs `RayDesc` and `BuiltInTriangleIntersectionAttributes`, the RAY_FLAG_*,
// COMMITTED_*, CANDIDATE_* and HIT_KIND_* constants, and `RayQuery<flags>`.
import { HLSL_BUILTIN, type Loc } from '../locations.js';
import type { IrGlobal } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { FLOAT, vector, type RayQueryType, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { Scope, SymbolEntry } from './scope.js';
import { uintConstant } from './scope.js';

/** DXR's RAY_FLAG enumeration (D3D12 raytracing spec; DXC's hlsl intrinsics header). */
export const RAY_FLAGS: Record<string, number> = {
  RAY_FLAG_NONE: 0x0,
  RAY_FLAG_FORCE_OPAQUE: 0x1,
  RAY_FLAG_FORCE_NON_OPAQUE: 0x2,
  RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH: 0x4,
  RAY_FLAG_SKIP_CLOSEST_HIT_SHADER: 0x8,
  RAY_FLAG_CULL_BACK_FACING_TRIANGLES: 0x10,
  RAY_FLAG_CULL_FRONT_FACING_TRIANGLES: 0x20,
  RAY_FLAG_CULL_OPAQUE: 0x40,
  RAY_FLAG_CULL_NON_OPAQUE: 0x80,
  RAY_FLAG_SKIP_TRIANGLES: 0x100,
  RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES: 0x200,
};

/** The flags whose use needs SPIR-V's RayTraversalPrimitiveCullingKHR capability. */
export const PRIMITIVE_CULLING_FLAGS = RAY_FLAGS.RAY_FLAG_SKIP_TRIANGLES! | RAY_FLAGS.RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES!;

/** Values the query methods and HitKind() return. */
const STATUS_CONSTANTS: Record<string, number> = {
  COMMITTED_NOTHING: 0,
  COMMITTED_TRIANGLE_HIT: 1,
  COMMITTED_PROCEDURAL_PRIMITIVE_HIT: 2,
  CANDIDATE_NON_OPAQUE_TRIANGLE: 0,
  CANDIDATE_PROCEDURAL_PRIMITIVE: 1,
  HIT_KIND_TRIANGLE_FRONT_FACE: 0xfe,
  HIT_KIND_TRIANGLE_BACK_FACE: 0xff,
};

const LOC: Loc = HLSL_BUILTIN;

/**
 * `RayDesc { float3 Origin; float TMin; float3 Direction; float TMax; }` in DXR's member order (which
 * OpRayQueryInitializeKHR/OpTraceRayKHR read as origin, tmin, direction, tmax).
 */
function rayDescStruct(id: number): StructType {
  const f3 = vector(FLOAT, 3);
  return {
    kind: 'struct',
    name: 'RayDesc',
    id,
    fields: [
      { name: 'Origin', type: f3 },
      { name: 'TMin', type: FLOAT },
      { name: 'Direction', type: f3 },
      { name: 'TMax', type: FLOAT },
    ],
  };
}

/** The predeclared structs and constants of the global scope (predeclared.ts freezes and defines them). */
export function rayTypeEntries(newId: () => number): SymbolEntry[] {
  const entries: SymbolEntry[] = [{ kind: 'type', name: 'RayDesc', type: rayDescStruct(newId()), loc: LOC }];
  const attributes: StructType = {
    kind: 'struct',
    name: 'BuiltInTriangleIntersectionAttributes',
    id: newId(),
    fields: [{ name: 'barycentrics', type: vector(FLOAT, 2) }],
  };
  entries.push({ kind: 'type', name: attributes.name, type: attributes, loc: LOC });
  for (const [name, value] of [...Object.entries(RAY_FLAGS), ...Object.entries(STATUS_CONSTANTS)]) entries.push(uintConstant(name, value, newId(), LOC));
  return entries;
}

/** `RayQuery<flags>`: one constant unsigned template argument. */
export function rayQueryType(c: Checker, spec: ast.TypeSpec, scope: Scope): Type | undefined {
  const args = spec.templateArgs ?? [];
  const arg = args[0];
  if (args.length !== 1 || !arg || arg.kind === 'TypeSpec') {
    c.error(`'RayQuery' takes one constant ray-flags template argument, as in RayQuery<RAY_FLAG_NONE>`, spec.loc, spec.name.length);
    return undefined;
  }
  const flags = c.constantInt(arg, scope);
  if (flags === undefined) return undefined;
  const t: RayQueryType = { kind: 'rayQuery', flags: flags >>> 0 };
  return t;
}

/**
 * `[[vk::shader_record_ext]] ConstantBuffer<S> record;`: the shader binding table record of the
 * ray-tracing stages (ShaderRecordBufferKHR, no descriptor binding). `vk::shader_record_nv` is the
 * same storage class (ShaderRecordBufferNV has its value). False after an error.
 */
export function shaderRecord(c: Checker, global: IrGlobal, attributes: readonly ast.Attribute[], d: ast.Declarator): boolean {
  const attr = attributes.find((a) => a.name === 'vk::shader_record_ext' || a.name === 'vk::shader_record_nv');
  if (!attr) return true;
  if (global.space !== 'uniform' || global.buffer !== 'ConstantBuffer') {
    c.error(`'${attr.name}' applies to a ConstantBuffer<T> variable, not '${d.name}'`, attr.loc);
    return false;
  }
  global.space = 'shader-record';
  global.buffer = 'ShaderRecord';
  return true;
}

/** A RayQuery, or an array of them: copying one would split a query's state in two. */
export function holdsRayQuery(t: Type): boolean {
  return t.kind === 'rayQuery' || (t.kind === 'array' && holdsRayQuery(t.element));
}

/** A struct member holding a RayQuery is refused (true): copying the struct would copy the query. */
export function rayQueryMember(c: Checker, t: Type, loc: Loc): boolean {
  if (!holdsRayQuery(t)) return false;
  c.error(`a RayQuery cannot be a struct member: copying the struct would copy the query`, loc);
  return true;
}
