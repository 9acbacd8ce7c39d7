// SPIR-V extensions that later SPIR-V versions took into core: a module declares one only when its
// own version does not have it (nothing declared that the module does not need).
import type { ModuleBuilder } from './builder.js';

/** Extension → the SPIR-V 1.x minor version that made it core. */
const CORE_SINCE: Record<string, number> = {
  SPV_KHR_16bit_storage: 3,
  SPV_KHR_multiview: 3,
  SPV_KHR_shader_draw_parameters: 3,
  SPV_KHR_device_group: 3,
  SPV_KHR_float_controls: 4,
  SPV_EXT_descriptor_indexing: 5,
  SPV_KHR_physical_storage_buffer: 5,
  SPV_KHR_integer_dot_product: 6,
  SPV_KHR_vulkan_memory_model: 5,
};

/** Declares an extension unless the module's SPIR-V version has it in core. */
export function requireExtension(b: ModuleBuilder, name: string): void {
  const core = CORE_SINCE[name];
  if (core !== undefined && Number(b.version.split('.')[1]) >= core) return;
  b.extension(name);
}
