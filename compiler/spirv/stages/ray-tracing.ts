// Ray-tracing stages (SPV_KHR_ray_tracing; the manual's ray-tracing section): each entry's wrapper
// reads its incoming payload (IncomingRayPayloadKHR), hit attributes (HitAttributeKHR) or callable
// data (IncomingCallableDataKHR) into the HLSL function's parameters, calls it, and writes the
// payload or callable data back. The interface lists those variables and every ray-tracing variable
// the entry's call tree touches (spirv/ray-tracing.ts; before SPIR-V 1.4, only the builtins). No
// execution modes. The NV form (SPV_NV_ray_tracing) shares these storage classes and models.
import type { ShaderStage } from '../../common/stage.js';
import type { IrEntryPoint } from '../../ir/ir.js';
import type { RayStage } from '../../ir/ray-tracing.js';
import { ExecutionModel, Op, StorageClass } from '../../spirv-spec/spec.js';
import { typeToString } from '../../types.js';
import { beginWrapper, endWrapper, storeBuiltinCopies } from '../stage-io.js';
import type { EntryEmit, StageEmitter, StageEmitters } from './index.js';

/** Storage class of each entry parameter, by stage (the manual's storage-class table). */
const PARAMETER_CLASSES: Record<RayStage, readonly number[]> = {
  raygeneration: [],
  intersection: [],
  anyhit: [StorageClass.IncomingRayPayloadKHR, StorageClass.HitAttributeKHR],
  closesthit: [StorageClass.IncomingRayPayloadKHR, StorageClass.HitAttributeKHR],
  miss: [StorageClass.IncomingRayPayloadKHR],
  callable: [StorageClass.IncomingCallableDataKHR],
};

const VARIABLE_NAMES: Record<number, string> = {
  [StorageClass.IncomingRayPayloadKHR]: 'incoming.payload',
  [StorageClass.HitAttributeKHR]: 'attributes',
  [StorageClass.IncomingCallableDataKHR]: 'incoming.callable',
};

function wrapper<S extends RayStage>(stage: S) {
  return ({ m, fe, ep, srcId, errors, copies, inline, copiesOf }: EntryEmit<S>): { id: number; interfaceIds: number[] } => {
    const classes = PARAMETER_CLASSES[stage];
    if (ep.params.length !== classes.length) errors.push(`internal: ${stage} entry '${ep.name}' has ${ep.params.length} parameters`);
    const variables = ep.params.map((p, i) => m.rayTracing.variable(undefined, classes[i]!, p.var.type, `${VARIABLE_NAMES[classes[i]!]}.${typeToString(p.var.type)}`));
    const id = beginWrapper(fe, ep as IrEntryPoint, copies);
    // Optimising, a parameter the body only reads is the loaded value, and one it writes an SSA value
    // local where it qualifies (no copy variable); the rest are copies, as unoptimised.
    const kinds = ep.params.map((p) =>
      !inline ? 'copy' : p.direction === 'in' && m.valueFacts.bindableParameter(ep.function, p.var) ? 'value' : m.valueFacts.inlinedValueLocals(ep.function).has(p.var) ? 'ssa' : 'copy',
    );
    const temps = ep.params.map((p, i) => (kinds[i] === 'copy' ? fe.temp(p.var.type, `param.var.${p.var.name}`) : undefined));
    const values: (number | undefined)[] = [];
    ep.params.forEach((p, i) => {
      if (p.direction === 'out') return;
      const value = fe.b.id();
      fe.f.emit(Op.Load, [fe.t.type(p.var.type), value, variables[i]!]);
      values[i] = value;
      if (temps[i]) fe.storePtr(temps[i]!, value, p.var.type);
    });
    const writeBack = () =>
      ep.params.forEach((p, i) => {
        // Attributes are read-only; the payload and callable data go back to the caller.
        if (p.direction === 'in' || classes[i] === StorageClass.HitAttributeKHR) return;
        fe.f.emit(Op.Store, [variables[i]!, temps[i] ? fe.loadPtr(temps[i]!) : fe.ssa.current.get(p.var)!]);
      });
    if (inline) {
      // Optimising: the entry function's body here; the variables it touches are this emitter's.
      m.rayTracing.emitters.set(ep.function, fe);
      const bind = (i: number) => (kinds[i] === 'value' ? { value: values[i]! } : kinds[i] === 'ssa' ? { ssa: values[i] } : { pointer: temps[i]!.id });
      fe.emitInlineBody(ep.function, new Map(ep.params.map((p, i) => [p.var, bind(i)] as const)), () => {
        writeBack();
        fe.f.terminate(Op.Return);
      });
      storeBuiltinCopies(fe, copiesOf?.() ?? []);
      fe.f.emit(Op.FunctionEnd, []);
    } else {
      fe.f.emit(Op.FunctionCall, [fe.t.void(), fe.b.id(), srcId, ...temps.map((x) => x!.id)]);
      writeBack();
      endWrapper(fe);
    }
    const reached = new Set([...variables, ...m.rayTracing.reachable(ep.function), ...(ep.staticInit ? m.rayTracing.reachable(ep.staticInit) : [])]);
    return { id, interfaceIds: m.rayTracing.entryInterface(reached) };
  };
}

function rayStage<S extends RayStage>(stage: S, model: number): StageEmitter<S> {
  return { model, wrapper: wrapper(stage), inlines: true, modes: () => {} };
}

export const rayTracingStages: Pick<StageEmitters, RayStage & ShaderStage> = {
  raygeneration: rayStage('raygeneration', ExecutionModel.RayGenerationKHR),
  intersection: rayStage('intersection', ExecutionModel.IntersectionKHR),
  anyhit: rayStage('anyhit', ExecutionModel.AnyHitKHR),
  closesthit: rayStage('closesthit', ExecutionModel.ClosestHitKHR),
  miss: rayStage('miss', ExecutionModel.MissKHR),
  callable: rayStage('callable', ExecutionModel.CallableKHR),
};
