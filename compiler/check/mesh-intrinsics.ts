// SetMeshOutputCounts(numVertices, numPrimitives) and DispatchMesh(x, y, z, payload) (SM 6.5). Which
// stage may call them is checked per entry point (mesh-stage.ts): helper functions are shared.
import type { Loc } from '../diagnostics.js';
import { typeToString, UINT, VOID } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import { toExpr, type Value } from './value.js';

export const MESH_INTRINSICS: ReadonlySet<string> = new Set(['SetMeshOutputCounts', 'DispatchMesh']);

function isIntegerScalar(v: Value): boolean {
  return v.type.kind === 'scalar' && (v.type.base === 'int' || v.type.base === 'uint');
}

export function checkMeshIntrinsic(c: Checker, x: ExpressionChecker, name: string, args: Value[], loc: Loc): Value | undefined {
  const counts = name === 'SetMeshOutputCounts' ? 2 : 3;
  const arity = counts + (name === 'DispatchMesh' ? 1 : 0);
  if (args.length !== arity) {
    c.error(`'${name}' takes ${arity} arguments, but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`, loc, name.length);
    return undefined;
  }
  const numbers = args.slice(0, counts);
  for (const a of numbers) {
    if (!isIntegerScalar(a) && !a.literal) {
      c.error(`no matching overload of '${name}' for argument of type '${typeToString(a.type)}'`, a.loc);
      return undefined;
    }
  }
  const operands = numbers.map((a) => x.coerce(a, UINT));
  if (name === 'DispatchMesh') {
    const payload = args[3]!;
    const global = payload.place?.kind === 'global' ? payload.place.global : undefined;
    if (!global || global.space !== 'workgroup') {
      c.error(`expected groupshared object as argument to DispatchMesh()`, payload.loc);
      return undefined;
    }
    // The payload is the groupshared variable itself (TaskPayloadWorkgroupEXT), not a copy of it.
    global.taskPayload = true;
    operands.push(toExpr(payload));
  }
  c.stageIntrinsicsLowered = true;
  return { type: VOID, loc, expr: { op: 'intrinsic', type: VOID, name: name as 'SetMeshOutputCounts' | 'DispatchMesh', args: operands }, readonly: true };
}
