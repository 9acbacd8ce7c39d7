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

/**
 * Why `vk::ext_execution_mode_id(mode, …)` cannot be declared here, if it cannot: OpExecutionModeId is
 * SPIR-V 1.2; of its modes, only LocalSizeId (a compute workgroup size from constant ids) is a Vulkan mode
 * we emit, and only in compute entry points (GLCompute; mesh and task stages keep [numthreads]).
 */
export function executionModeIdError(mode: number, stage: string, version: string): string | undefined {
  if (mode === 37 || mode === 39) return `execution mode ${mode === 37 ? 'SubgroupsPerWorkgroupId' : 'LocalSizeHintId'} (${mode}) is Kernel-only: Vulkan shaders cannot declare it`;
  if (mode !== 38) return `vk::ext_execution_mode_id supports LocalSizeId (38) only, not execution mode ${mode}`;
  if (stage !== 'compute') return `LocalSizeId (vk::ext_execution_mode_id) sets a compute workgroup size: it is not an execution mode of the ${stage} stage`;
  // Vulkan allows LocalSizeId from maintenance4 on (core in Vulkan 1.3, SPIR-V 1.6), as spirv-val's environments do.
  if (Number(version.split('.')[1]) < 6) return `LocalSizeId (vk::ext_execution_mode_id) needs Vulkan 1.3 (maintenance4; SPIR-V 1.6), but the module is SPIR-V ${version}: use -fspv-target-env=vulkan1.3`;
  return undefined;
}
