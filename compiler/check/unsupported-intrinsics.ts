// Intrinsics the manual lists as having no Vulkan equivalent, and one DXC leaves unimplemented for
// SPIR-V: calling one is an error that says why.
import type { Loc } from '../diagnostics.js';
import type { Checker } from './checker.js';

const NO_VULKAN_EQUIVALENT = 'has no Vulkan equivalent';

/** Name → why it is rejected (the manual's "unsupported HLSL features" list). */
const UNSUPPORTED: Record<string, string> = {
  abort: NO_VULKAN_EQUIVALENT,
  GetRenderTargetSampleCount: `${NO_VULKAN_EQUIVALENT} (gl_NumSamples is not available to Vulkan shaders)`,
  GetRenderTargetSamplePosition: `${NO_VULKAN_EQUIVALENT} (gl_SamplePosition is only for the sample being processed)`,
  // DXC maps the other WaveMultiPrefix* intrinsics to partitioned group operations, but not this one.
  WaveMultiPrefixCountBits: 'is unimplemented for SPIR-V (as in DXC)',
  ...Object.fromEntries(
    ['1D', '2D', '3D', 'CUBE'].flatMap((dim) =>
      ['', 'bias', 'grad', 'lod', 'proj'].map((suffix) => [`tex${dim}${suffix}`, 'is deprecated and not supported: use a texture object method such as Sample()']),
    ),
  ),
};

export function isUnsupportedIntrinsic(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(UNSUPPORTED, name);
}

export function rejectUnsupportedIntrinsic(c: Checker, name: string, loc: Loc): undefined {
  c.error(`intrinsic '${name}' ${UNSUPPORTED[name]}`, loc, name.length);
  return undefined;
}
