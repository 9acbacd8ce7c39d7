// Ray-tracing vocabulary of the IR: the system values an IR `raySystemValue` call names, and which
// stages may use each system value and call (the manual's ray-tracing tables). Back ends map the
// values with a Record<RaySystemValue, …>, so `tsc` says when one is missing.
import type { ShaderStage } from '../common/stage.js';

export const RAY_SYSTEM_VALUES = [
  'DispatchRaysIndex', 'DispatchRaysDimensions', 'WorldRayOrigin', 'WorldRayDirection', 'RayTMin', 'RayTCurrent',
  'RayFlags', 'InstanceIndex', 'InstanceID', 'GeometryIndex', 'PrimitiveIndex', 'ObjectRayOrigin', 'ObjectRayDirection',
  'ObjectToWorld3x4', 'ObjectToWorld4x3', 'WorldToObject3x4', 'WorldToObject4x3', 'HitKind',
] as const;

export type RaySystemValue = (typeof RAY_SYSTEM_VALUES)[number];

export type RayStage = Extract<ShaderStage, 'raygeneration' | 'intersection' | 'anyhit' | 'closesthit' | 'miss' | 'callable'>;
export const RAY_STAGES: readonly RayStage[] = ['raygeneration', 'intersection', 'anyhit', 'closesthit', 'miss', 'callable'];

const ALL = RAY_STAGES;
const TRAVERSAL: readonly RayStage[] = ['intersection', 'anyhit', 'closesthit', 'miss'];
const HIT: readonly RayStage[] = ['intersection', 'anyhit', 'closesthit'];

/** The stages each system value is available in. */
export const SYSTEM_VALUE_STAGES: Record<RaySystemValue, readonly RayStage[]> = {
  DispatchRaysIndex: ALL,
  DispatchRaysDimensions: ALL,
  WorldRayOrigin: TRAVERSAL,
  WorldRayDirection: TRAVERSAL,
  RayTMin: TRAVERSAL,
  RayTCurrent: TRAVERSAL,
  RayFlags: TRAVERSAL,
  InstanceIndex: HIT,
  InstanceID: HIT,
  GeometryIndex: HIT,
  PrimitiveIndex: HIT,
  ObjectRayOrigin: HIT,
  ObjectRayDirection: HIT,
  ObjectToWorld3x4: HIT,
  ObjectToWorld4x3: HIT,
  WorldToObject3x4: HIT,
  WorldToObject4x3: HIT,
  HitKind: ['anyhit', 'closesthit'],
};

/** The stages each ray-tracing call is available in. */
export const CALL_STAGES = {
  traceRay: ['raygeneration', 'closesthit', 'miss'],
  reportHit: ['intersection'],
  callShader: ['raygeneration', 'closesthit', 'miss', 'callable'],
  rayTerminate: ['anyhit'],
} as const satisfies Record<string, readonly RayStage[]>;
