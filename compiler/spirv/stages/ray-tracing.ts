// Ray-tracing stages: SPV_KHR_ray_tracing. Their slots in ir.ts StagePayloads and here are to be
// filled; until then each is a clear error.
import type { ShaderStage } from '../../common/stage.js';
import type { StageEmitter, StageEmitters } from './index.js';

type RayStage = 'raygeneration' | 'intersection' | 'anyhit' | 'closesthit' | 'miss' | 'callable';

function notYet<S extends ShaderStage>(stage: S): StageEmitter<S> {
  return { model: { unsupported: `the ${stage} stage is not supported yet` }, modes: () => {} };
}

export const rayTracingStages: Pick<StageEmitters, RayStage> = {
  raygeneration: notYet('raygeneration'),
  intersection: notYet('intersection'),
  anyhit: notYet('anyhit'),
  closesthit: notYet('closesthit'),
  miss: notYet('miss'),
  callable: notYet('callable'),
};
