// Compute shaders: the plain wrapper and the workgroup size of `[numthreads]`.
import { ExecutionMode, ExecutionModel } from '../../spirv-spec/spec.js';
import type { StageEmitters } from './index.js';

export const computeStages: Pick<StageEmitters, 'compute'> = {
  compute: { model: ExecutionModel.GLCompute, modes: (b, id, ep) => b.executionMode(id, ExecutionMode.LocalSize, ...ep.workgroupSize) },
};
