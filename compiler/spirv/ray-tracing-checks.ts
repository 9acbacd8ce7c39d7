// Checks on ray-tracing code that need the entry point: each ray system value and call must be one
// its entry's stage has (the manual's ray-tracing tables; a helper function is checked once per
// entry that reaches it), and ray-tracing stages need SPIR-V 1.4 (DXC: "Vulkan 1.1 with SPIR-V 1.4
// is required for Raytracing"), which the Vulkan 1.2 target environment is the first to give here,
// unless -fspv-extension=SPV_NV_ray_tracing asks for the NV form, which SPIR-V 1.0 has.
import type { Loc } from '../locations.js';
import type { BackendError } from '../backend.js';
import type { IrEntryPoint, IrFunction, ResourceCall } from '../ir/ir.js';
import { CALL_STAGES, RAY_STAGES, SYSTEM_VALUE_STAGES, type RayStage } from '../ir/ray-tracing.js';
import { walkStmts } from '../ir/walk.js';
import type { TargetEnv } from '../options.js';

const BEFORE_SPIRV_1_4: ReadonlySet<TargetEnv> = new Set(['vulkan1.0', 'vulkan1.1']);

type RayCall = Extract<ResourceCall, { kind: 'raySystemValue' | 'traceRay' | 'reportHit' | 'callShader' | 'rayTerminate' }>;

function callName(c: RayCall): string {
  switch (c.kind) {
    case 'raySystemValue':
      return c.value;
    case 'traceRay':
      return 'TraceRay';
    case 'reportHit':
      return 'ReportHit';
    case 'callShader':
      return 'CallShader';
    case 'rayTerminate':
      return c.ignore ? 'IgnoreHit' : 'AcceptHitAndEndSearch';
  }
}

function rayCalls(root: IrFunction): RayCall[] {
  const out: RayCall[] = [];
  const seen = new Set<IrFunction>();
  const visit = (fn: IrFunction) => {
    if (seen.has(fn)) return;
    seen.add(fn);
    const callees: IrFunction[] = [];
    walkStmts(fn.body, {
      expr(e) {
        if (e.op === 'call') callees.push(e.callee);
        if (e.op !== 'resource') return;
        const c = e.call;
        if (c.kind === 'raySystemValue' || c.kind === 'traceRay' || c.kind === 'reportHit' || c.kind === 'callShader' || c.kind === 'rayTerminate') out.push(c);
      },
    });
    callees.forEach(visit);
  };
  visit(root);
  return out;
}

export function rayTracingErrors(entryPoints: readonly IrEntryPoint[], targetEnv: TargetEnv, nv: boolean): BackendError[] {
  const errors: BackendError[] = [];
  for (const ep of entryPoints) {
    const rayStage = RAY_STAGES.includes(ep.stage as RayStage);
    if (rayStage && !nv && BEFORE_SPIRV_1_4.has(targetEnv)) {
      errors.push({ message: `the ${ep.stage} stage of '${ep.name}' needs SPIR-V 1.4 (SPV_KHR_ray_tracing): target vulkan1.2 or later (-fspv-target-env=vulkan1.2, or the targetEnv option), or ask for SPV_NV_ray_tracing (-fspv-extension=SPV_NV_ray_tracing)`, loc: ep.loc, length: ep.name.length });
    }
    const reported = new Set<Loc>();
    for (const c of rayCalls(ep.function)) {
      const name = callName(c);
      // RayGeometryIndexKHR has no NV counterpart.
      if (nv && c.kind === 'raySystemValue' && c.value === 'GeometryIndex') {
        if (reported.has(c.loc)) continue;
        reported.add(c.loc);
        errors.push({ message: `'GeometryIndex' needs SPV_KHR_ray_tracing (BuiltIn RayGeometryIndexKHR), which SPV_NV_ray_tracing does not have`, loc: c.loc, length: name.length });
        continue;
      }
      const stages: readonly RayStage[] = c.kind === 'raySystemValue' ? SYSTEM_VALUE_STAGES[c.value] : CALL_STAGES[c.kind];
      if (stages.includes(ep.stage as RayStage)) continue;
      if (reported.has(c.loc)) continue;
      reported.add(c.loc);
      errors.push({ message: `'${name}' is not available in the ${ep.stage} stage (entry point '${ep.name}'); it is available in ${stages.join(', ')}`, loc: c.loc, length: name.length });
    }
  }
  return errors;
}
