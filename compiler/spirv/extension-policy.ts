// -fspv-extension=: the SPIR-V extensions a module may declare (DXC's FeatureManager). Without the
// option every extension the code needs is allowed; with it, a needed one that is not listed is an error.

/** The extension names DXC knows (FeatureManager::getExtensionSymbol); `KHR` stands for every SPV_KHR_* one. */
const KNOWN_EXTENSIONS: ReadonlySet<string> = new Set([
  'SPV_KHR_16bit_storage', 'SPV_KHR_device_group', 'SPV_KHR_multiview', 'SPV_KHR_non_semantic_info',
  'SPV_KHR_shader_draw_parameters', 'SPV_KHR_ray_tracing', 'SPV_EXT_demote_to_helper_invocation',
  'SPV_EXT_descriptor_indexing', 'SPV_EXT_fragment_fully_covered', 'SPV_EXT_fragment_invocation_density',
  'SPV_EXT_fragment_shader_interlock', 'SPV_EXT_mesh_shader', 'SPV_EXT_shader_stencil_export',
  'SPV_EXT_shader_viewport_index_layer', 'SPV_AMD_shader_early_and_late_fragment_tests',
  'SPV_GOOGLE_hlsl_functionality1', 'SPV_GOOGLE_user_type', 'SPV_KHR_post_depth_coverage', 'SPV_KHR_shader_clock',
  'SPV_NV_ray_tracing', 'SPV_NV_mesh_shader', 'SPV_KHR_ray_query', 'SPV_KHR_fragment_shading_rate',
  'SPV_EXT_shader_image_int64', 'SPV_KHR_physical_storage_buffer', 'SPV_AMDX_shader_enqueue',
  'SPV_KHR_vulkan_memory_model', 'SPV_KHR_compute_shader_derivatives', 'SPV_NV_compute_shader_derivatives',
  'SPV_KHR_fragment_shader_barycentric', 'SPV_KHR_maximal_reconvergence', 'SPV_KHR_float_controls',
  'SPV_NV_shader_subgroup_partitioned', 'SPV_KHR_quad_control', 'SPV_EXT_descriptor_heap', 'SPV_KHR_untyped_pointers',
  // Declared by -fspv-reflect before SPIR-V 1.4 (OpDecorateString); DXC allows it with hlsl_functionality1.
  'SPV_GOOGLE_decorate_string',
]);

/** Names given to -fspv-extension= that DXC would reject, each with DXC's message. */
export function unknownExtensionErrors(allowed: readonly string[]): string[] {
  return allowed.filter((name) => name !== 'KHR' && !KNOWN_EXTENSIONS.has(name)).map((name) => `unknown SPIR-V extension '${name}'`);
}

/**
 * The declared extensions the list does not allow, each as an error naming the option that would.
 * The Vulkan memory model option allows its own extension, as in DXC.
 */
export function disallowedExtensionErrors(declared: readonly string[], allowed: readonly string[] | undefined, vulkanMemoryModel: boolean): string[] {
  if (allowed === undefined) return [];
  const permits = (name: string) =>
    allowed.includes(name) ||
    (allowed.includes('KHR') && name.toLowerCase().startsWith('spv_khr_')) ||
    (name === 'SPV_GOOGLE_decorate_string' && allowed.includes('SPV_GOOGLE_hlsl_functionality1')) ||
    (vulkanMemoryModel && name === 'SPV_KHR_vulkan_memory_model');
  return declared
    .filter((name) => !permits(name))
    .map((name) => `SPIR-V extension '${name}' is required by this module but not permitted by -fspv-extension (add -fspv-extension=${name})`);
}
