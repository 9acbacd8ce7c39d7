// Work-graph nodes (SM 6.8 `[Shader("node")]`, SPV_AMDX_shader_enqueue, as DXC): a GLCompute entry
// point whose node parameters live in node-objects.ts's redirect; its other parameters are system
// values read as a compute shader's. The launch, dispatch grid, recursion and shader index
// attributes are execution modes (their operands ids: OpExecutionModeId).
import type { BackendError } from '../../backend.js';
import type { IrEntryPoint } from '../../ir/ir.js';
import type { TargetEnv } from '../../options.js';
import { Capability, ExecutionMode, ExecutionModel, Op } from '../../spirv-spec/spec.js';
import { amdxString, NodeRedirect } from '../node-objects.js';
import { beginWrapper, declareStageVariables, endWrapper, flatten, loadLeaves, storeBuiltinCopies, type Leaf } from '../stage-io.js';
import type { StageEmitters } from './index.js';

/** SPV_AMDX_shader_enqueue is a Vulkan 1.3 extension (DXC asks for vulkan1.3): node entries need that target. */
export function nodeTargetErrors(entries: readonly IrEntryPoint[], targetEnv: TargetEnv): BackendError[] {
  if (targetEnv === 'vulkan1.3') return [];
  return entries
    .filter((ep) => ep.stage === 'node')
    .map((ep) => ({ message: `node shader '${ep.name}' needs SPV_AMDX_shader_enqueue, a Vulkan 1.3 extension: compile with -fspv-target-env=vulkan1.3`, loc: ep.loc, length: ep.name.length }));
}

export const nodeStages: Pick<StageEmitters, 'node'> = {
  node: {
    model: ExecutionModel.GLCompute,
    prepare(m, ep, errors) {
      m.b.capability(Capability.ShaderEnqueueAMDX);
      m.b.extension('SPV_AMDX_shader_enqueue');
      m.placeRedirects.set(ep.function, new NodeRedirect(m, ep.function, ep.nodeParams, errors));
    },
    wrapper({ m, fe, ep, srcId, errors, copies }) {
      const redirect = m.placeRedirects.get(ep.function);
      if (!(redirect instanceof NodeRedirect)) throw new Error('internal: node entry without its node objects');
      const system = ep.params.map((p) => p.var.type.kind !== 'node');
      const inputs: Leaf[][] = ep.params.map((p, i) => {
        const leaves: Leaf[] = [];
        if (system[i]) flatten(p.var.type, p.io, [], leaves, errors);
        return leaves;
      });
      const stageIds = declareStageVariables(fe, ep, inputs.flat(), [], errors);
      const id = beginWrapper(fe, ep, copies);
      const args = ep.params.flatMap((p, i) => {
        if (!system[i]) return [];
        const temp = fe.temp(p.var.type, `param.var.${p.var.name}`);
        fe.storePtr(temp, loadLeaves(fe, p.var.type, inputs[i]!), p.var.type);
        return [temp.id];
      });
      fe.f.emit(Op.FunctionCall, [fe.t.void(), fe.b.id(), srcId, ...args]);
      storeBuiltinCopies(fe, copies);
      endWrapper(fe);
      const { b, types } = m;
      const u = (n: number) => types.uintConst(n);
      // LocalSize first, then the AMDX modes, as DXC orders them.
      b.executionMode(id, ExecutionMode.LocalSize, ...ep.workgroupSize);
      if (ep.launch !== 'broadcasting') b.executionMode(id, ExecutionMode.CoalescingAMDX);
      b.executionModeId(id, ExecutionMode.ShaderIndexAMDX, u(ep.nodeIndex));
      if (ep.maxRecursion !== undefined) b.executionModeId(id, ExecutionMode.MaxNodeRecursionAMDX, u(ep.maxRecursion));
      if (ep.shareInputOf) b.executionModeId(id, ExecutionMode.SharesInputWithAMDX, amdxString(m, ep.shareInputOf.name), u(ep.shareInputOf.index));
      if (ep.dispatchGrid) b.executionModeId(id, ExecutionMode.StaticNumWorkgroupsAMDX, ...ep.dispatchGrid.map(u));
      else if (ep.maxDispatchGrid) b.executionModeId(id, ExecutionMode.MaxNumWorkgroupsAMDX, ...ep.maxDispatchGrid.map(u));
      return { id, interfaceIds: [...stageIds, ...redirect.interfaceIds] };
    },
    modes: () => {},
  },
};
