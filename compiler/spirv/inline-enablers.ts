// Extensions that SPIR-V's grammar (spirv.core.grammar.json) names as enabling a capability or
// decoration the source declares through inline SPIR-V. DXC's capability visitor adds these for the
// capabilities it knows; a source writing `[[vk::ext_capability(N)]]` without the extension would
// otherwise give a module no Vulkan environment accepts. Only the enumerants seen in inline-SPIR-V
// code are listed; others are emitted as written, for spirv-val to judge.
import type { ModuleBuilder } from './builder.js';
import { requireExtension } from './extensions.js';

const CAPABILITY_EXTENSION: Readonly<Record<number, string>> = {
  4423: 'SPV_KHR_subgroup_vote', // SubgroupVoteKHR
  4428: 'SPV_KHR_workgroup_memory_explicit_layout', // WorkgroupMemoryExplicitLayoutKHR
  4447: 'SPV_KHR_post_depth_coverage', // SampleMaskPostDepthCoverage
  4472: 'SPV_KHR_ray_query', // RayQueryKHR
  5347: 'SPV_KHR_physical_storage_buffer', // PhysicalStorageBufferAddresses
  6022: 'SPV_KHR_cooperative_matrix', // CooperativeMatrixKHR
  5055: 'SPV_KHR_shader_clock', // ShaderClockKHR
};

const DECORATION_EXTENSION: Readonly<Record<number, string>> = {
  5634: 'SPV_GOOGLE_hlsl_functionality1', // CounterBuffer
  5635: 'SPV_GOOGLE_hlsl_functionality1', // UserSemantic
  5636: 'SPV_GOOGLE_user_type', // UserTypeGOOGLE
  4999: 'SPV_AMD_shader_explicit_vertex_parameter', // ExplicitInterpAMD
};

export function declareInlineCapability(b: ModuleBuilder, capability: number): void {
  b.capability(capability);
  const ext = CAPABILITY_EXTENSION[capability];
  if (ext) requireExtension(b, ext);
}

export function declareDecorationExtension(b: ModuleBuilder, decoration: number): void {
  const ext = DECORATION_EXTENSION[decoration];
  if (ext) requireExtension(b, ext);
}

/** Extensions a source may declare (or a capability above imply) that exist only from a SPIR-V 1.x minor version on. */
const EXTENSION_MIN_VERSION: Readonly<Record<string, number>> = {
  SPV_KHR_workgroup_memory_explicit_layout: 4,
  SPV_KHR_cooperative_matrix: 0,
};

/** Extensions the module declares that its SPIR-V version cannot have. */
export function extensionVersionErrors(b: ModuleBuilder): string[] {
  const minor = Number(b.version.split('.')[1]);
  return b
    .declaredExtensions()
    .filter((e) => (EXTENSION_MIN_VERSION[e] ?? 0) > minor)
    .map((e) => `${e} requires SPIR-V 1.${EXTENSION_MIN_VERSION[e]} or later, but the module is SPIR-V ${b.version}: choose a later -fspv-target-env`);
}
