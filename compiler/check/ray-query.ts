// `RayQuery<flags>` methods (the manual's RayQuery table, SM 6.5 inline ray tracing): argument and
// result types, and TraceRayInline's flags (the template's OR-ed with the call's, as DXC does).
import type { IrExpr, IrPlace } from '../ir/ir.js';
import type { RayQueryMethod } from '../ir/ray-query.js';
import { BOOL, FLOAT, matrix, typeToString, UINT, vector, VOID, type RayQueryType, type Type } from '../types.js';
import { evaluateConstant } from './constant-eval.js';
import { PRIMITIVE_CULLING_FLAGS } from './ray-types.js';
import { arity, argAs, resourceValue, type MethodSite } from './texture-methods.js';
import type { Value } from './value.js';

const F3 = vector(FLOAT, 3);
const F2 = vector(FLOAT, 2);
const F3X4 = matrix(FLOAT, 3, 4);
const F4X3 = matrix(FLOAT, 4, 3);

/** Result type of each method; TraceRayInline and CommitProceduralPrimitiveHit take arguments. */
const RESULTS: Record<RayQueryMethod, Type> = {
  TraceRayInline: VOID,
  Proceed: BOOL,
  Abort: VOID,
  CommitNonOpaqueTriangleHit: VOID,
  CommitProceduralPrimitiveHit: VOID,
  RayFlags: UINT,
  RayTMin: FLOAT,
  WorldRayOrigin: F3,
  WorldRayDirection: F3,
  CandidateType: UINT,
  CandidateProceduralPrimitiveNonOpaque: BOOL,
  CandidateTriangleRayT: FLOAT,
  CandidateInstanceIndex: UINT,
  CandidateInstanceID: UINT,
  CandidateInstanceContributionToHitGroupIndex: UINT,
  CandidateGeometryIndex: UINT,
  CandidatePrimitiveIndex: UINT,
  CandidateObjectRayOrigin: F3,
  CandidateObjectRayDirection: F3,
  CandidateObjectToWorld3x4: F3X4,
  CandidateObjectToWorld4x3: F4X3,
  CandidateWorldToObject3x4: F3X4,
  CandidateWorldToObject4x3: F4X3,
  CandidateTriangleBarycentrics: F2,
  CandidateTriangleFrontFace: BOOL,
  CommittedStatus: UINT,
  CommittedRayT: FLOAT,
  CommittedInstanceIndex: UINT,
  CommittedInstanceID: UINT,
  CommittedInstanceContributionToHitGroupIndex: UINT,
  CommittedGeometryIndex: UINT,
  CommittedPrimitiveIndex: UINT,
  CommittedObjectRayOrigin: F3,
  CommittedObjectRayDirection: F3,
  CommittedObjectToWorld3x4: F3X4,
  CommittedObjectToWorld4x3: F4X3,
  CommittedWorldToObject3x4: F3X4,
  CommittedWorldToObject4x3: F4X3,
  CommittedTriangleBarycentrics: F2,
  CommittedTriangleFrontFace: BOOL,
};

function isMethod(name: string): name is RayQueryMethod {
  return Object.prototype.hasOwnProperty.call(RESULTS, name);
}

/** `q.Method(args)` on a RayQuery variable. */
export function checkRayQueryMethod(s: MethodSite, t: RayQueryType): Value | undefined {
  const method = s.method;
  if (!isMethod(method)) {
    s.c.error(`no member named '${method}' in '${typeToString(t)}'`, s.loc, method.length);
    return undefined;
  }
  const query = s.obj.place;
  if (!query) {
    s.c.error(`'${method}' needs a RayQuery variable, not a temporary`, s.obj.loc);
    return undefined;
  }
  const type = RESULTS[method];
  if (method === 'TraceRayInline') return traceRayInline(s, t, query);
  if (method === 'CommitProceduralPrimitiveHit') {
    if (!arity(s, 1, 1)) return undefined;
    const hitT = argAs(s, 0, FLOAT);
    return hitT && resourceValue(type, { kind: 'rayQuery', method, query, args: [hitT], loc: s.loc }, s.loc);
  }
  if (!arity(s, 0, 0)) return undefined;
  return resourceValue(type, { kind: 'rayQuery', method, query, args: [], loc: s.loc }, s.loc);
}

/** `TraceRayInline(accel, rayFlags, instanceInclusionMask, ray)`. */
function traceRayInline(s: MethodSite, t: RayQueryType, query: IrPlace): Value | undefined {
  if (!arity(s, 4, 4)) return undefined;
  const accelArg = s.args[0]!;
  const accelType = accelArg.type;
  if (accelType.kind !== 'resource' || accelType.resource !== 'RaytracingAccelerationStructure' || !accelArg.place) {
    s.c.error(`argument 1 of 'TraceRayInline' must be a RaytracingAccelerationStructure, not '${typeToString(accelType)}'`, accelArg.loc);
    return undefined;
  }
  const flags = argAs(s, 1, UINT);
  const mask = argAs(s, 2, UINT);
  const rayArg = s.args[3]!;
  if (rayArg.type.kind !== 'struct' || rayArg.type.name !== 'RayDesc' || !isRayDesc(rayArg.type)) {
    s.c.error(`argument 4 of 'TraceRayInline' must be a RayDesc, not '${typeToString(rayArg.type)}'`, rayArg.loc);
    return undefined;
  }
  const ray = s.x.rvalue(rayArg);
  if (!flags || !mask || !ray) return undefined;
  const constant = evaluateConstant(flags);
  const known = constant?.kind === 'scalar' ? Number(constant.value) >>> 0 : undefined;
  const combined: IrExpr =
    known !== undefined
      ? { op: 'const', type: UINT, value: { kind: 'scalar', type: UINT, value: (known | t.flags) >>> 0 } }
      : t.flags === 0
        ? flags
        : { op: 'binary', type: UINT, operator: 'bitor', left: { op: 'const', type: UINT, value: { kind: 'scalar', type: UINT, value: t.flags } }, right: flags };
  const culling = ((known ?? 0) | t.flags) & PRIMITIVE_CULLING_FLAGS;
  return resourceValue(
    VOID,
    { kind: 'rayQuery', method: 'TraceRayInline', query, accel: accelArg.place, args: [combined, mask, ray], ...(culling ? { primitiveCulling: true } : {}), loc: s.loc },
    s.loc,
  );
}

/** The predeclared RayDesc (a user struct of that name would have other members). */
function isRayDesc(t: Type): boolean {
  return t.kind === 'struct' && t.fields.map((f) => f.name).join(',') === 'Origin,TMin,Direction,TMax';
}
