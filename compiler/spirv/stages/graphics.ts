// Vertex and pixel (fragment) shaders: the plain wrapper; fragment shaders have an upper-left origin
// (Vulkan's only one) and `[earlydepthstencil]` runs the depth/stencil tests before the shader.
import { ExecutionMode, ExecutionModel } from '../../spirv-spec/spec.js';
import type { StageEmitters } from './index.js';

export const graphicsStages: Pick<StageEmitters, 'vertex' | 'pixel'> = {
  vertex: { model: ExecutionModel.Vertex, modes: () => {} },
  pixel: {
    model: ExecutionModel.Fragment,
    modes(b, id, ep) {
      b.executionMode(id, ExecutionMode.OriginUpperLeft);
      if (ep.earlyDepthStencil) b.executionMode(id, ExecutionMode.EarlyFragmentTests);
    },
  },
};
