// What an execution mode written with vk::ext_execution_mode / [[vk::spvexecutionmode]] needs
// declared (SPIR-V's execution-mode table), as DXC's capability visitor adds it: without it the
// module would be invalid. A mode not listed is emitted as written, with what the source declares.
import type { ModuleBuilder } from './builder.js';
import { requireExtension } from './extensions.js';

interface ModeNeeds {
  capability?: number;
  extension?: string;
}

/** Execution mode → its capability and extension. */
const MODE_NEEDS: Readonly<Record<number, ModeNeeds>> = {
  // SPV_KHR_post_depth_coverage: PostDepthCoverage → SampleMaskPostDepthCoverage.
  4446: { capability: 4447, extension: 'SPV_KHR_post_depth_coverage' },
  // SPV_KHR_float_controls (core in SPIR-V 1.4): DenormPreserve … RoundingModeRTZ.
  4459: { capability: 4464, extension: 'SPV_KHR_float_controls' },
  4460: { capability: 4465, extension: 'SPV_KHR_float_controls' },
  4461: { capability: 4466, extension: 'SPV_KHR_float_controls' },
  4462: { capability: 4467, extension: 'SPV_KHR_float_controls' },
  4463: { capability: 4468, extension: 'SPV_KHR_float_controls' },
  // SPV_EXT_shader_stencil_export: StencilRefReplacingEXT → StencilExportEXT.
  5027: { capability: 5013, extension: 'SPV_EXT_shader_stencil_export' },
  // SPV_KHR_maximal_reconvergence: MaximallyReconvergesKHR needs only the Shader capability.
  6023: { extension: 'SPV_KHR_maximal_reconvergence' },
};

/** Modes only kernels have: Vulkan modules cannot declare them. */
const KERNEL_ONLY: Readonly<Record<number, string>> = { 35: 'SubgroupSize', 36: 'SubgroupsPerWorkgroup', 37: 'SubgroupsPerWorkgroupId' };

/** Declares what `mode` needs; an error message for a mode Vulkan cannot have. */
export function requireExecutionMode(b: ModuleBuilder, mode: number): string | undefined {
  const kernel = KERNEL_ONLY[mode];
  if (kernel) return `execution mode ${kernel} (${mode}) needs the Kernel-only SubgroupDispatch capability, which Vulkan shaders cannot declare`;
  const needs = MODE_NEEDS[mode];
  if (!needs) return undefined;
  if (needs.capability !== undefined) b.capability(needs.capability);
  if (needs.extension) requireExtension(b, needs.extension);
  return undefined;
}
