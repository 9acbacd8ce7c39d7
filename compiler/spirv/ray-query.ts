// RayQuery methods in SPIR-V (the manual's RayQuery table, SPV_KHR_ray_query): each is one
// OpRayQuery*KHR on the query variable's pointer; Candidate*/Committed* getters pass the intersection
// (0 candidate, 1 committed). SPIR-V has only the 4x3 matrices: the 3x4 forms are their transposes,
// and CandidateProceduralPrimitiveNonOpaque is the negation of the AABB's opacity (as DXC).
import type { ResourceCall } from '../ir/ir.js';
import type { RayQueryMethod } from '../ir/ray-query.js';
import { matrix, FLOAT, type Type } from '../types.js';
import type { FunctionEmitter } from './function.js';
import { Capability, Op } from '../spirv-spec/spec.js';

interface Lowering {
  op: number;
  /** The RayQueryIntersection operand: 0 candidate, 1 committed. */
  intersection?: 0 | 1;
  /** The SPIR-V result is the HLSL result's transpose (3x4 forms). */
  transpose?: boolean;
  /** The SPIR-V result is the negation of the HLSL one. */
  not?: boolean;
}

const C = 0 as const;
const K = 1 as const;

const LOWERING: Record<RayQueryMethod, Lowering> = {
  TraceRayInline: { op: Op.RayQueryInitializeKHR },
  Proceed: { op: Op.RayQueryProceedKHR },
  Abort: { op: Op.RayQueryTerminateKHR },
  CommitNonOpaqueTriangleHit: { op: Op.RayQueryConfirmIntersectionKHR },
  CommitProceduralPrimitiveHit: { op: Op.RayQueryGenerateIntersectionKHR },
  RayFlags: { op: Op.RayQueryGetRayFlagsKHR },
  RayTMin: { op: Op.RayQueryGetRayTMinKHR },
  WorldRayOrigin: { op: Op.RayQueryGetWorldRayOriginKHR },
  WorldRayDirection: { op: Op.RayQueryGetWorldRayDirectionKHR },
  CandidateType: { op: Op.RayQueryGetIntersectionTypeKHR, intersection: C },
  CandidateProceduralPrimitiveNonOpaque: { op: Op.RayQueryGetIntersectionCandidateAABBOpaqueKHR, not: true },
  CandidateTriangleRayT: { op: Op.RayQueryGetIntersectionTKHR, intersection: C },
  CandidateInstanceIndex: { op: Op.RayQueryGetIntersectionInstanceIdKHR, intersection: C },
  CandidateInstanceID: { op: Op.RayQueryGetIntersectionInstanceCustomIndexKHR, intersection: C },
  CandidateInstanceContributionToHitGroupIndex: { op: Op.RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR, intersection: C },
  CandidateGeometryIndex: { op: Op.RayQueryGetIntersectionGeometryIndexKHR, intersection: C },
  CandidatePrimitiveIndex: { op: Op.RayQueryGetIntersectionPrimitiveIndexKHR, intersection: C },
  CandidateObjectRayOrigin: { op: Op.RayQueryGetIntersectionObjectRayOriginKHR, intersection: C },
  CandidateObjectRayDirection: { op: Op.RayQueryGetIntersectionObjectRayDirectionKHR, intersection: C },
  CandidateObjectToWorld3x4: { op: Op.RayQueryGetIntersectionObjectToWorldKHR, intersection: C, transpose: true },
  CandidateObjectToWorld4x3: { op: Op.RayQueryGetIntersectionObjectToWorldKHR, intersection: C },
  CandidateWorldToObject3x4: { op: Op.RayQueryGetIntersectionWorldToObjectKHR, intersection: C, transpose: true },
  CandidateWorldToObject4x3: { op: Op.RayQueryGetIntersectionWorldToObjectKHR, intersection: C },
  CandidateTriangleBarycentrics: { op: Op.RayQueryGetIntersectionBarycentricsKHR, intersection: C },
  CandidateTriangleFrontFace: { op: Op.RayQueryGetIntersectionFrontFaceKHR, intersection: C },
  CommittedStatus: { op: Op.RayQueryGetIntersectionTypeKHR, intersection: K },
  CommittedRayT: { op: Op.RayQueryGetIntersectionTKHR, intersection: K },
  CommittedInstanceIndex: { op: Op.RayQueryGetIntersectionInstanceIdKHR, intersection: K },
  CommittedInstanceID: { op: Op.RayQueryGetIntersectionInstanceCustomIndexKHR, intersection: K },
  CommittedInstanceContributionToHitGroupIndex: { op: Op.RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR, intersection: K },
  CommittedGeometryIndex: { op: Op.RayQueryGetIntersectionGeometryIndexKHR, intersection: K },
  CommittedPrimitiveIndex: { op: Op.RayQueryGetIntersectionPrimitiveIndexKHR, intersection: K },
  CommittedObjectRayOrigin: { op: Op.RayQueryGetIntersectionObjectRayOriginKHR, intersection: K },
  CommittedObjectRayDirection: { op: Op.RayQueryGetIntersectionObjectRayDirectionKHR, intersection: K },
  CommittedObjectToWorld3x4: { op: Op.RayQueryGetIntersectionObjectToWorldKHR, intersection: K, transpose: true },
  CommittedObjectToWorld4x3: { op: Op.RayQueryGetIntersectionObjectToWorldKHR, intersection: K },
  CommittedWorldToObject3x4: { op: Op.RayQueryGetIntersectionWorldToObjectKHR, intersection: K, transpose: true },
  CommittedWorldToObject4x3: { op: Op.RayQueryGetIntersectionWorldToObjectKHR, intersection: K },
  CommittedTriangleBarycentrics: { op: Op.RayQueryGetIntersectionBarycentricsKHR, intersection: K },
  CommittedTriangleFrontFace: { op: Op.RayQueryGetIntersectionFrontFaceKHR, intersection: K },
};

/** Emits one RayQuery method; returns its result id (0 for the void ones). */
export function emitRayQueryCall(fe: FunctionEmitter, call: Extract<ResourceCall, { kind: 'rayQuery' }>, type: Type): number {
  const lowering = LOWERING[call.method];
  const query = fe.place(call.query).id;
  if (call.method === 'TraceRayInline') {
    if (call.primitiveCulling) fe.b.capability(Capability.RayTraversalPrimitiveCullingKHR);
    const accel = fe.loadPtr(fe.place(call.accel!));
    const [flags, mask, ray] = call.args.map((a) => fe.expr(a)) as [number, number, number];
    const f32 = fe.t.type(FLOAT);
    const v3 = fe.t.vector({ kind: 'scalar', base: 'float', width: 32 }, 3);
    // RayDesc is { Origin, TMin, Direction, TMax }; the instruction takes them in that order.
    const parts = [[v3, 0], [f32, 1], [v3, 2], [f32, 3]].map(([t, i]) => {
      const id = fe.b.id();
      fe.f.emit(Op.CompositeExtract, [t!, id, ray, i!]);
      return id;
    });
    fe.f.emit(lowering.op, [query, accel, flags, mask, ...parts]);
    return 0;
  }
  const args = call.args.map((a) => fe.expr(a));
  const operands = [query, ...(lowering.intersection !== undefined ? [fe.t.uintConst(lowering.intersection)] : []), ...args];
  if (type.kind === 'void') {
    fe.f.emit(lowering.op, operands);
    return 0;
  }
  const spirvType = lowering.transpose && type.kind === 'matrix' ? matrix(FLOAT, type.cols, type.rows) : type;
  let id = fe.b.id();
  fe.f.emit(lowering.op, [fe.t.type(spirvType), id, ...operands]);
  if (lowering.transpose) {
    const t = fe.b.id();
    fe.f.emit(Op.Transpose, [fe.t.type(type), t, id]);
    id = t;
  }
  if (lowering.not) {
    const n = fe.b.id();
    fe.f.emit(Op.LogicalNot, [fe.t.type(type), n, id]);
    id = n;
  }
  return id;
}
