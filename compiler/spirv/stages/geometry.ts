// Geometry shaders (manual, "Geometry shaders"): not emitted yet.
import type { StageEmitter } from './index.js';

export const geometryStage: StageEmitter<'geometry'> = { model: { unsupported: 'the geometry stage is not supported yet' }, modes: () => {} };
