// Options of DXC's SPIR-V code generation that WGSL cannot honour: asked for with the WGSL target,
// each is an error rather than an output that silently lacks it. -fvk-invert-y is not among them:
// WebGPU's clip space already has DirectX's y-up orientation, which is what the option restores on Vulkan.
import type { BackendError } from '../backend.js';
import type { ResolvedOptions } from '../options.js';

const UNSUPPORTED: readonly [string, (o: ResolvedOptions) => boolean, string][] = [
  ['-fvk-support-nonzero-base-vertex', (o) => o.supportNonzeroBaseVertex, 'WGSL has no base-vertex builtin'],
  ['-fvk-support-nonzero-base-instance', (o) => o.supportNonzeroBaseInstance, 'WGSL has no base-instance builtin'],
  ['-fvk-use-dx-position-w', (o) => o.useDxPositionW, 'not implemented for the WGSL position builtin'],
  ['-denorm', (o) => o.denorm !== 'any', 'WGSL has no float-controls execution modes'],
  ['-Gis', (o) => o.ieeeStrict, 'WGSL cannot forbid contraction or ask for IEEE signed zeros, infinities and NaNs'],
  ['-fspv-use-vulkan-memory-model', (o) => o.vulkanMemoryModel, 'a SPIR-V memory model'],
  ['-fspv-enable-maximal-reconvergence', (o) => o.maximalReconvergence, 'WGSL gives no reconvergence guarantee to ask for'],
  ['-fspv-use-unknown-image-format', (o) => o.useUnknownImageFormat, 'WGSL storage textures always have a format'],
  ['-pack-optimized', (o) => o.packOptimized, 'a WGSL location has no components to share'],
];

export function spirvOnlyOptionErrors(options: ResolvedOptions): BackendError[] {
  return UNSUPPORTED.filter(([, used]) => used(options)).map(([flag, , why]) => ({
    message: `${flag} has no WGSL equivalent (${why}): compile for SPIR-V, or leave it off for the WGSL target`,
  }));
}
