// Hull and domain shaders (manual, "Hull shaders" / "Domain shaders"): not emitted yet.
import type { StageEmitters } from './index.js';

export const tessellationStages: Pick<StageEmitters, 'hull' | 'domain'> = {
  hull: { model: { unsupported: 'the hull stage is not supported yet' }, modes: () => {} },
  domain: { model: { unsupported: 'the domain stage is not supported yet' }, modes: () => {} },
};
