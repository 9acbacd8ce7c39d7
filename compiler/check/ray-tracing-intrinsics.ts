// Ray-tracing intrinsics (the manual's ray-tracing tables): the system values (DispatchRaysIndex,
// WorldRayOrigin, ObjectToWorld3x4, HitKind, …) and TraceRay, ReportHit, CallShader, IgnoreHit and
// AcceptHitAndEndSearch. Which stage may use which is checked per entry point by the back end, since
// a helper function may serve several stages.
import type { Loc } from '../diagnostics.js';
import type { RaySystemValue } from '../ir/ray-tracing.js';
import { BOOL, FLOAT, matrix, typeToString, UINT, vector, VOID, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Value } from './value.js';

const U3 = vector(UINT, 3);
const F3 = vector(FLOAT, 3);

/** Result type of each system-value intrinsic. */
const SYSTEM_VALUES: Record<RaySystemValue, Type> = {
  DispatchRaysIndex: U3,
  DispatchRaysDimensions: U3,
  WorldRayOrigin: F3,
  WorldRayDirection: F3,
  RayTMin: FLOAT,
  RayTCurrent: FLOAT,
  RayFlags: UINT,
  InstanceIndex: UINT,
  InstanceID: UINT,
  GeometryIndex: UINT,
  PrimitiveIndex: UINT,
  ObjectRayOrigin: F3,
  ObjectRayDirection: F3,
  ObjectToWorld3x4: matrix(FLOAT, 3, 4),
  ObjectToWorld4x3: matrix(FLOAT, 4, 3),
  WorldToObject3x4: matrix(FLOAT, 3, 4),
  WorldToObject4x3: matrix(FLOAT, 4, 3),
  HitKind: UINT,
};

const CALLS = new Set(['TraceRay', 'ReportHit', 'CallShader', 'IgnoreHit', 'AcceptHitAndEndSearch']);

export function isRayTracingIntrinsic(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(SYSTEM_VALUES, name) || CALLS.has(name);
}

function arity(c: Checker, name: string, args: Value[], n: number, loc: Loc): boolean {
  if (args.length === n) return true;
  c.error(`'${name}' takes ${n} argument${n === 1 ? '' : 's'}, but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`, loc, name.length);
  return false;
}

function value(type: Type, call: import('../ir/ir.js').ResourceCall, loc: Loc): Value {
  return { type, loc, expr: { op: 'resource', type, call }, readonly: true };
}

/** A user struct passed as payload, attributes or callable data (the manual: user-defined structure types). */
function structPlace(c: Checker, name: string, arg: Value, what: string): import('../ir/ir.js').IrPlace | undefined {
  if (arg.type.kind !== 'struct') {
    c.error(`the ${what} of '${name}' must be a user-defined struct, not '${typeToString(arg.type)}'`, arg.loc);
    return undefined;
  }
  if (!arg.place || arg.readonly) {
    c.error(`the ${what} of '${name}' must be a writable variable`, arg.loc);
    return undefined;
  }
  return arg.place;
}

export function checkRayTracingIntrinsic(c: Checker, x: ExpressionChecker, name: string, args: Value[], loc: Loc): Value | undefined {
  const systemValue = SYSTEM_VALUES[name as RaySystemValue];
  if (systemValue) {
    if (!arity(c, name, args, 0, loc)) return undefined;
    return value(systemValue, { kind: 'raySystemValue', value: name as RaySystemValue, loc }, loc);
  }
  switch (name) {
    case 'TraceRay': {
      // TraceRay(accel, RayFlags, InstanceInclusionMask, RayContributionToHitGroupIndex,
      //          MultiplierForGeometryContributionToHitGroupIndex, MissShaderIndex, Ray, inout Payload)
      if (!arity(c, name, args, 8, loc)) return undefined;
      const accel = args[0]!;
      if (accel.type.kind !== 'resource' || accel.type.resource !== 'RaytracingAccelerationStructure' || !accel.place) {
        c.error(`argument 1 of 'TraceRay' must be a RaytracingAccelerationStructure, not '${typeToString(accel.type)}'`, accel.loc);
        return undefined;
      }
      const numbers = args.slice(1, 6).map((a, i) => x.convert(a, UINT, a.loc, `argument ${i + 2} of 'TraceRay'`));
      const ray = args[6]!;
      if (ray.type.kind !== 'struct' || ray.type.name !== 'RayDesc') {
        c.error(`argument 7 of 'TraceRay' must be a RayDesc, not '${typeToString(ray.type)}'`, ray.loc);
        return undefined;
      }
      const payload = structPlace(c, name, args[7]!, 'payload');
      if (!payload || numbers.some((n) => !n)) return undefined;
      return value(VOID, { kind: 'traceRay', accel: accel.place, args: [...(numbers as import('../ir/ir.js').IrExpr[]), x.rvalue(ray)], payload, loc }, loc);
    }
    case 'ReportHit': {
      if (!arity(c, name, args, 3, loc)) return undefined;
      const t = x.convert(args[0]!, FLOAT, args[0]!.loc, `argument 1 of 'ReportHit'`);
      const kind = x.convert(args[1]!, UINT, args[1]!.loc, `argument 2 of 'ReportHit'`);
      const attributes = args[2]!;
      if (attributes.type.kind !== 'struct') {
        c.error(`the attributes of 'ReportHit' must be a user-defined struct, not '${typeToString(attributes.type)}'`, attributes.loc);
        return undefined;
      }
      if (!t || !kind) return undefined;
      return value(BOOL, { kind: 'reportHit', args: [t, kind, x.rvalue(attributes)], loc }, loc);
    }
    case 'CallShader': {
      if (!arity(c, name, args, 2, loc)) return undefined;
      const index = x.convert(args[0]!, UINT, args[0]!.loc, `argument 1 of 'CallShader'`);
      const data = structPlace(c, name, args[1]!, 'callable data');
      if (!index || !data) return undefined;
      return value(VOID, { kind: 'callShader', index, data, loc }, loc);
    }
    default: {
      if (!arity(c, name, args, 0, loc)) return undefined;
      return value(VOID, { kind: 'rayTerminate', ignore: name === 'IgnoreHit', loc }, loc);
    }
  }
}
