// The methods of `RayQuery<flags>` an IR `rayQuery` call can name (the manual's RayQuery table). A
// back end maps them with a Record<RayQueryMethod, …>, so `tsc` says when one is missing.

export const RAY_QUERY_METHODS = [
  'TraceRayInline', 'Proceed', 'Abort', 'CommitNonOpaqueTriangleHit', 'CommitProceduralPrimitiveHit',
  'RayFlags', 'RayTMin', 'WorldRayOrigin', 'WorldRayDirection',
  'CandidateType', 'CandidateProceduralPrimitiveNonOpaque', 'CandidateTriangleRayT',
  'CandidateInstanceIndex', 'CandidateInstanceID', 'CandidateInstanceContributionToHitGroupIndex',
  'CandidateGeometryIndex', 'CandidatePrimitiveIndex', 'CandidateObjectRayOrigin', 'CandidateObjectRayDirection',
  'CandidateObjectToWorld3x4', 'CandidateObjectToWorld4x3', 'CandidateWorldToObject3x4', 'CandidateWorldToObject4x3',
  'CandidateTriangleBarycentrics', 'CandidateTriangleFrontFace',
  'CommittedStatus', 'CommittedRayT',
  'CommittedInstanceIndex', 'CommittedInstanceID', 'CommittedInstanceContributionToHitGroupIndex',
  'CommittedGeometryIndex', 'CommittedPrimitiveIndex', 'CommittedObjectRayOrigin', 'CommittedObjectRayDirection',
  'CommittedObjectToWorld3x4', 'CommittedObjectToWorld4x3', 'CommittedWorldToObject3x4', 'CommittedWorldToObject4x3',
  'CommittedTriangleBarycentrics', 'CommittedTriangleFrontFace',
] as const;

export type RayQueryMethod = (typeof RAY_QUERY_METHODS)[number];
