/* Messages Debian 12's validation layer (1.3.239) gives for device extensions newer than itself that
 * Mesa 25's lavapipe has: it only says it does not know them (their feature struct, their name, their SPIR-V
 * extension, the execution mode its bundled SPIRV-Tools cannot decode). Those messages, for these extensions only, are
 * not failures; everything else the layer reports still is, and the tests check such modules with
 * spirv-val 2025.1 (test/compiler/helpers.ts) before they reach the runner. */
#include "runner.h"

#include <stdio.h>
#include <string.h>

static const struct {
  const char *extension;
  const char *spirv_extension;     /* the OpExtension the layer calls "not supported by Vulkan" */
  const char *feature_struct_type; /* the VkStructureType number the layer calls unknown */
  const char *execution_mode;      /* the mode's number, which the layer's own SPIRV-Tools cannot decode */
} NEWER_THAN_LAYER[] = {
    {VK_KHR_SHADER_MAXIMAL_RECONVERGENCE_EXTENSION_NAME, "SPV_KHR_maximal_reconvergence", "1000434000", "6023"},
};

bool layer_gap(const char *id, const char *message) {
  if (!id || !message) return false;
  for (size_t i = 0; i < sizeof NEWER_THAN_LAYER / sizeof NEWER_THAN_LAYER[0]; i++) {
    char text[256];
    if (strcmp(id, "VUID-VkDeviceCreateInfo-pNext-pNext") == 0) {
      snprintf(text, sizeof text, "includes a structure with unknown VkStructureType (%s);", NEWER_THAN_LAYER[i].feature_struct_type);
      if (strstr(message, text)) return true;
    } else if (strcmp(id, "VUID_Undefined") == 0) {
      snprintf(text, sizeof text, "Device Extension %s is not supported by this layer.", NEWER_THAN_LAYER[i].extension);
      if (strstr(message, text)) return true;
    } else if (strcmp(id, "VUID-VkShaderModuleCreateInfo-pCode-04146") == 0) {
      snprintf(text, sizeof text, "A SPIR-V Extension (%s) was declared that is not supported by Vulkan.", NEWER_THAN_LAYER[i].spirv_extension);
      if (strstr(message, text)) return true;
    } else if (strcmp(id, "UNASSIGNED-CoreValidation-Shader-InconsistentSpirv") == 0) {
      snprintf(text, sizeof text, "SPIR-V module not valid: Invalid execution mode operand: %s", NEWER_THAN_LAYER[i].execution_mode);
      const char *at = strstr(message, text);
      if (at && (at[strlen(text)] == 0 || at[strlen(text)] == '\n')) return true;
    }
  }
  return false;
}
