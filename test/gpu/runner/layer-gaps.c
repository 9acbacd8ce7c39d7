/* Validation-layer messages that are the layer's gaps, not the module's faults. First, those
 * Debian 12's validation layer (1.3.239) gives for device extensions newer than itself that
 * Mesa 25's lavapipe has: it only says it does not know them (their feature struct, their name, their
 * SPIR-V extension, what its bundled SPIRV-Tools cannot decode or ties to an older extension). Those
 * messages, for these extensions only, are not failures; everything else the layer reports still is,
 * and the tests check such modules with spirv-val 2025.1 (test/compiler/helpers.ts) before they reach
 * the runner. */
#include "runner.h"

#include <stdio.h>
#include <string.h>

static const struct {
  const char *extension;
  const char *spirv_extension;     /* the OpExtension the layer calls "not supported by Vulkan" */
  const char *feature_struct_type; /* the VkStructureType number the layer calls unknown, if new */
  const char *spirv_val_message;   /* what the layer's SPIRV-Tools (2022) says of a valid module */
} NEWER_THAN_LAYER[] = {
    {VK_KHR_SHADER_MAXIMAL_RECONVERGENCE_EXTENSION_NAME, "SPV_KHR_maximal_reconvergence", "1000434000",
     "SPIR-V module not valid: Invalid execution mode operand: 6023"},
    /* Promoted from the NV extension: the NV feature struct, and capabilities with the NV numbers,
     * which the old SPIRV-Tools ties to the NV SPIR-V extension only. */
    {VK_KHR_COMPUTE_SHADER_DERIVATIVES_EXTENSION_NAME, "SPV_KHR_compute_shader_derivatives", NULL,
     "requires one of these extensions: SPV_NV_compute_shader_derivatives"},
};

static bool has(const char *message, const char *format, const char *value) {
  char text[256];
  snprintf(text, sizeof text, format, value);
  return strstr(message, text) != NULL;
}

/* The SPIRV-Tools inside validation layer 1.4.309 (the real-driver lane's) rejects the bool array
 * that VUID-CullPrimitiveEXT-07036 itself asks for (SPIRV-Tools issue 5980, fixed after it): that
 * message, for an Output array of bool, is the validator's mistake; any other still fails. */
static bool cull_primitive_false_positive(const char *id, const char *message) {
  return strcmp(id, "VUID-VkShaderModuleCreateInfo-pCode-08737") == 0 &&
         strstr(message, "[VUID-CullPrimitiveEXT-CullPrimitiveEXT-07036] According to the Vulkan spec BuiltIn "
                         "CullPrimitiveEXT variable needs to be a boolean value array.") != NULL &&
         strstr(message, " = OpVariable %_ptr_Output__arr_bool_") != NULL;
}

bool layer_gap(const char *id, const char *message) {
  if (!id || !message) return false;
  if (cull_primitive_false_positive(id, message)) return true;
  for (size_t i = 0; i < sizeof NEWER_THAN_LAYER / sizeof NEWER_THAN_LAYER[0]; i++) {
    const char *type = NEWER_THAN_LAYER[i].feature_struct_type;
    if (strcmp(id, "VUID-VkDeviceCreateInfo-pNext-pNext") == 0) {
      if (type && has(message, "includes a structure with unknown VkStructureType (%s);", type)) return true;
    } else if (strcmp(id, "VUID_Undefined") == 0) {
      if (has(message, "Device Extension %s is not supported by this layer.", NEWER_THAN_LAYER[i].extension)) return true;
    } else if (strcmp(id, "VUID-VkShaderModuleCreateInfo-pCode-04146") == 0) {
      if (has(message, "A SPIR-V Extension (%s) was declared that is not supported by Vulkan.", NEWER_THAN_LAYER[i].spirv_extension)) return true;
    } else if (strcmp(id, "UNASSIGNED-CoreValidation-Shader-InconsistentSpirv") == 0) {
      if (has(message, "%s", NEWER_THAN_LAYER[i].spirv_val_message)) return true;
    }
  }
  return false;
}
