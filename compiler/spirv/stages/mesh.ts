// Mesh and amplification (task) shaders: SPV_EXT_mesh_shader. Their slots in ir.ts StagePayloads
// and here are to be filled; until then the stage is a clear error, not a module without its modes.
import type { StageEmitters } from './index.js';

export const meshStages: Pick<StageEmitters, 'mesh' | 'amplification'> = {
  mesh: { model: { unsupported: 'the mesh stage is not supported yet' }, modes: () => {} },
  amplification: { model: { unsupported: 'the amplification stage is not supported yet' }, modes: () => {} },
};
