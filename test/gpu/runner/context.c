/* Instance with the Khronos validation layer, and a device whose enabled
 * features are exactly the ones the job's SPIR-V needs (plus dynamic rendering
 * for draws). robustBufferAccess stays off so out-of-bounds bugs are not masked. */
#include "runner.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool fail(Context *ctx, const char *fmt, ...) {
  if (ctx->error.size == 0) {
    va_list ap;
    va_start(ap, fmt);
    char text[2048];
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    buf_append(&ctx->error, text, strlen(text));
  }
  return false;
}

const char *vk_result_name(VkResult r) {
  switch (r) {
#define NAME(x) case x: return #x;
    NAME(VK_SUCCESS) NAME(VK_NOT_READY) NAME(VK_TIMEOUT) NAME(VK_INCOMPLETE)
    NAME(VK_ERROR_OUT_OF_HOST_MEMORY) NAME(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    NAME(VK_ERROR_INITIALIZATION_FAILED) NAME(VK_ERROR_DEVICE_LOST)
    NAME(VK_ERROR_MEMORY_MAP_FAILED) NAME(VK_ERROR_LAYER_NOT_PRESENT)
    NAME(VK_ERROR_EXTENSION_NOT_PRESENT) NAME(VK_ERROR_FEATURE_NOT_PRESENT)
    NAME(VK_ERROR_INCOMPATIBLE_DRIVER) NAME(VK_ERROR_TOO_MANY_OBJECTS)
    NAME(VK_ERROR_FORMAT_NOT_SUPPORTED) NAME(VK_ERROR_UNKNOWN)
    NAME(VK_ERROR_INVALID_SHADER_NV) NAME(VK_ERROR_OUT_OF_POOL_MEMORY)
#undef NAME
    default: return "VK_ERROR_(other)";
  }
}

static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT types,
                                                 const VkDebugUtilsMessengerCallbackDataEXT *data,
                                                 void *user) {
  Context *ctx = user;
  /* Vulkan allows a stage to leave outputs of the one before (or vertex attributes) unconsumed; an
     optimised module (as DXC's) does not declare inputs it never reads, so only this performance
     hint, never a validation message, is let through (named as layer 1.3.239 and 1.4.309 name it). */
  if (types == VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT && data->pMessageIdName &&
      (strcmp(data->pMessageIdName, "UNASSIGNED-CoreValidation-Shader-OutputNotConsumed") == 0 ||
       strcmp(data->pMessageIdName, "WARNING-Shader-OutputNotConsumed") == 0))
    return VK_FALSE;
  if (layer_gap(data->pMessageIdName, data->pMessage)) return VK_FALSE;
  const char *level = severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? "error" : "warning";
  buf_printf(&ctx->messages, "%s[%s] %s\n", level, data->pMessageIdName ? data->pMessageIdName : "?",
             data->pMessage ? data->pMessage : "");
  ctx->message_count++;
  return VK_FALSE;
}

static VkDebugUtilsMessengerCreateInfoEXT messenger_info(Context *ctx) {
  return (VkDebugUtilsMessengerCreateInfoEXT){
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
      .pfnUserCallback = on_message,
      .pUserData = ctx,
  };
}

bool context_create_instance(Context *ctx) {
  VkDebugUtilsMessengerCreateInfoEXT messenger = messenger_info(ctx);
  /* Synchronization validation also checks the runner's own barriers. */
  VkValidationFeatureEnableEXT enables[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
  VkValidationFeaturesEXT validation = {
      .sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
      .pNext = &messenger,
      .enabledValidationFeatureCount = 1,
      .pEnabledValidationFeatures = enables,
  };
  const char *layers[] = {"VK_LAYER_KHRONOS_validation"};
  const char *extensions[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME, VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME};
  VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "unplugin-hlsl gpu test runner",
      .apiVersion = VK_API_VERSION_1_3,
  };
  VkInstanceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pNext = &validation,
      .pApplicationInfo = &app,
      .enabledLayerCount = 1,
      .ppEnabledLayerNames = layers,
      .enabledExtensionCount = 2,
      .ppEnabledExtensionNames = extensions,
  };
  VkResult r = vkCreateInstance(&info, NULL, &ctx->instance);
  if (r == VK_ERROR_LAYER_NOT_PRESENT)
    return fail(ctx, "VK_LAYER_KHRONOS_validation not found: apt-get install vulkan-validationlayers");
  VK_TRY(ctx, r);

  PFN_vkCreateDebugUtilsMessengerEXT create_messenger =
      (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(ctx->instance, "vkCreateDebugUtilsMessengerEXT");
  if (!create_messenger) return fail(ctx, "vkCreateDebugUtilsMessengerEXT unavailable");
  VK_TRY(ctx, create_messenger(ctx->instance, &messenger, NULL, &ctx->messenger));

  uint32_t count = 0;
  VK_TRY(ctx, vkEnumeratePhysicalDevices(ctx->instance, &count, NULL));
  if (count == 0) return fail(ctx, "no Vulkan physical device (is the lavapipe ICD installed? apt-get install mesa-vulkan-drivers)");
  count = 1; /* the harness restricts the loader to the lavapipe ICD */
  VkResult listed = vkEnumeratePhysicalDevices(ctx->instance, &count, &ctx->physical);
  if (listed != VK_SUCCESS && listed != VK_INCOMPLETE) VK_TRY(ctx, listed);

  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(ctx->physical, &props);
  if (props.apiVersion < VK_API_VERSION_1_3)
    return fail(ctx, "device %s supports Vulkan %u.%u, the runner needs 1.3", props.deviceName,
                VK_API_VERSION_MAJOR(props.apiVersion), VK_API_VERSION_MINOR(props.apiVersion));
  vkGetPhysicalDeviceMemoryProperties(ctx->physical, &ctx->memory);

  uint32_t families = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical, &families, NULL);
  VkQueueFamilyProperties family_props[16];
  if (families > 16) families = 16;
  vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical, &families, family_props);
  for (uint32_t i = 0; i < families; i++) {
    VkQueueFlags need = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
    if ((family_props[i].queueFlags & need) == need) {
      ctx->queue_family = i;
      return true;
    }
  }
  return fail(ctx, "no queue family with graphics and compute");
}

/* Feature structs of Vulkan 1.0..1.3, and the shader-relevant booleans the
 * harness may enable by name (names as in the Vulkan spec). */
typedef enum { CORE10, CORE11, CORE12, CORE13 } FeatureStruct;
typedef struct {
  const char *name;
  FeatureStruct where;
  size_t offset;
} FeatureField;

#define F10(n) {#n, CORE10, offsetof(VkPhysicalDeviceFeatures, n)}
#define F11(n) {#n, CORE11, offsetof(VkPhysicalDeviceVulkan11Features, n)}
#define F12(n) {#n, CORE12, offsetof(VkPhysicalDeviceVulkan12Features, n)}
#define F13(n) {#n, CORE13, offsetof(VkPhysicalDeviceVulkan13Features, n)}
static const FeatureField FEATURE_FIELDS[] = {
    F10(imageCubeArray), F10(geometryShader), F10(tessellationShader), F10(sampleRateShading),
    F10(fragmentStoresAndAtomics), F10(vertexPipelineStoresAndAtomics),
    F10(shaderImageGatherExtended), F10(shaderStorageImageExtendedFormats),
    F10(shaderStorageImageMultisample), F10(shaderStorageImageReadWithoutFormat),
    F10(shaderStorageImageWriteWithoutFormat), F10(shaderUniformBufferArrayDynamicIndexing),
    F10(shaderSampledImageArrayDynamicIndexing), F10(shaderStorageBufferArrayDynamicIndexing),
    F10(shaderStorageImageArrayDynamicIndexing), F10(shaderClipDistance), F10(shaderCullDistance),
    F10(shaderFloat64), F10(shaderInt64), F10(shaderInt16), F10(shaderResourceResidency),
    F10(shaderResourceMinLod), F10(multiViewport), F10(independentBlend),
    F10(shaderTessellationAndGeometryPointSize),
    F11(storageBuffer16BitAccess), F11(uniformAndStorageBuffer16BitAccess), F11(storagePushConstant16),
    F11(storageInputOutput16), F11(multiview), F11(variablePointersStorageBuffer), F11(variablePointers),
    F11(shaderDrawParameters),
    F12(storageBuffer8BitAccess), F12(uniformAndStorageBuffer8BitAccess), F12(storagePushConstant8),
    F12(shaderBufferInt64Atomics), F12(shaderSharedInt64Atomics), F12(shaderFloat16), F12(shaderInt8),
    F12(descriptorIndexing), F12(shaderInputAttachmentArrayDynamicIndexing),
    F12(shaderUniformTexelBufferArrayDynamicIndexing), F12(shaderStorageTexelBufferArrayDynamicIndexing),
    F12(shaderUniformBufferArrayNonUniformIndexing), F12(shaderSampledImageArrayNonUniformIndexing),
    F12(shaderStorageBufferArrayNonUniformIndexing), F12(shaderStorageImageArrayNonUniformIndexing),
    F12(shaderUniformTexelBufferArrayNonUniformIndexing), F12(shaderStorageTexelBufferArrayNonUniformIndexing),
    F12(shaderInputAttachmentArrayNonUniformIndexing),
    F12(runtimeDescriptorArray), F12(descriptorBindingPartiallyBound), F12(descriptorBindingVariableDescriptorCount),
    F12(scalarBlockLayout), F12(uniformBufferStandardLayout),
    F12(shaderSubgroupExtendedTypes), F12(bufferDeviceAddress), F12(vulkanMemoryModel),
    F12(vulkanMemoryModelDeviceScope), F12(shaderOutputViewportIndex), F12(shaderOutputLayer),
    F13(shaderDemoteToHelperInvocation), F13(shaderTerminateInvocation), F13(shaderIntegerDotProduct),
    F13(subgroupSizeControl), F13(computeFullSubgroups), F13(dynamicRendering),
    F13(shaderZeroInitializeWorkgroupMemory), F13(maintenance4),
};

typedef struct {
  VkPhysicalDeviceFeatures2 f10;
  VkPhysicalDeviceVulkan11Features f11;
  VkPhysicalDeviceVulkan12Features f12;
  VkPhysicalDeviceVulkan13Features f13;
  ExtensionFeatures ext;
} FeatureChain;

static void chain_init(FeatureChain *c, const char *extensions) {
  memset(c, 0, sizeof *c);
  c->f10.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  c->f11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  c->f12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  c->f13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
  c->f10.pNext = &c->f11;
  c->f11.pNext = &c->f12;
  c->f12.pNext = &c->f13;
  c->f13.pNext = extension_features_chain(&c->ext, extensions, NULL);
}

static VkBool32 *feature_slot(FeatureChain *c, const FeatureField *f) {
  uint8_t *base = f->where == CORE10   ? (uint8_t *)&c->f10.features
                  : f->where == CORE11 ? (uint8_t *)&c->f11
                  : f->where == CORE12 ? (uint8_t *)&c->f12
                                       : (uint8_t *)&c->f13;
  return (VkBool32 *)(base + f->offset);
}

static bool enable_extension_feature(Context *ctx, FeatureChain *supported, FeatureChain *enabled,
                                     const char *extensions, const char *name) {
  VkBool32 *has = NULL, *want = NULL;
  const char *extension = NULL;
  switch (extension_feature(&supported->ext, extensions, name, &has, &extension)) {
    case EXT_FEATURE_UNKNOWN:
      return fail(ctx, "unknown device feature name '%s' (see FEATURE_FIELDS in context.c, EXT_FIELDS in extension-features.c)", name);
    case EXT_FEATURE_EXTENSION_NOT_NAMED:
      return fail(ctx, "device feature %s belongs to %s, which the job does not name", name, extension);
    case EXT_FEATURE_FOUND:
      break;
  }
  extension_feature(&enabled->ext, extensions, name, &want, &extension);
  if (!*has) return fail(ctx, "device feature %s (%s) is not supported by this driver", name, extension);
  *want = VK_TRUE;
  return true;
}

static bool enable_feature(Context *ctx, FeatureChain *supported, FeatureChain *enabled, const char *extensions,
                           const char *name) {
  for (size_t i = 0; i < sizeof FEATURE_FIELDS / sizeof FEATURE_FIELDS[0]; i++) {
    const FeatureField *f = &FEATURE_FIELDS[i];
    if (strcmp(f->name, name) != 0) continue;
    if (!*feature_slot(supported, f))
      return fail(ctx, "device feature %s is not supported by this driver", name);
    *feature_slot(enabled, f) = VK_TRUE;
    return true;
  }
  return enable_extension_feature(ctx, supported, enabled, extensions, name);
}

static bool extension_supported(Context *ctx, const char *name) {
  uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(ctx->physical, NULL, &count, NULL);
  VkExtensionProperties *props = calloc(count, sizeof *props);
  vkEnumerateDeviceExtensionProperties(ctx->physical, NULL, &count, props);
  bool found = false;
  for (uint32_t i = 0; i < count && !found; i++) found = strcmp(props[i].extensionName, name) == 0;
  free(props);
  return found;
}

static void destroy_device(Context *ctx) {
  if (!ctx->device) return;
  vkDeviceWaitIdle(ctx->device);
  if (ctx->command_pool) vkDestroyCommandPool(ctx->device, ctx->command_pool, NULL);
  vkDestroyDevice(ctx->device, NULL);
  ctx->device = VK_NULL_HANDLE;
  ctx->command_pool = VK_NULL_HANDLE;
  ctx->device_key[0] = 0;
}

/* Splits a space-separated list in place into at most max tokens. */
static uint32_t split_words(char *text, const char **out, uint32_t max) {
  uint32_t n = 0;
  for (char *tok = strtok(text, " "); tok && n < max; tok = strtok(NULL, " ")) out[n++] = tok;
  return n;
}

bool context_ensure_device(Context *ctx, const char *features, const char *extensions) {
  char key[2048];
  snprintf(key, sizeof key, "%s|%s", features, extensions);
  if (ctx->device && strcmp(key, ctx->device_key) == 0) return true;
  destroy_device(ctx);

  char feature_words[1024], extension_words[1024];
  snprintf(feature_words, sizeof feature_words, "%s dynamicRendering", features);
  snprintf(extension_words, sizeof extension_words, "%s", extensions);
  const char *ext_names[32];
  uint32_t ext_count = split_words(extension_words, ext_names, 32);
  for (uint32_t i = 0; i < ext_count; i++)
    if (!extension_supported(ctx, ext_names[i]))
      return fail(ctx, "device extension %s is not supported by this driver", ext_names[i]);

  FeatureChain supported, enabled;
  chain_init(&supported, extensions);
  chain_init(&enabled, extensions);
  vkGetPhysicalDeviceFeatures2(ctx->physical, &supported.f10);

  const char *names[96];
  uint32_t n = split_words(feature_words, names, 96);
  for (uint32_t i = 0; i < n; i++)
    if (!enable_feature(ctx, &supported, &enabled, extensions, names[i])) return false;

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queue = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = ctx->queue_family,
      .queueCount = 1,
      .pQueuePriorities = &priority,
  };
  VkDeviceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = &enabled.f10,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &queue,
      .enabledExtensionCount = ext_count,
      .ppEnabledExtensionNames = ext_names,
  };
  VK_TRY(ctx, vkCreateDevice(ctx->physical, &info, NULL, &ctx->device));
  vkGetDeviceQueue(ctx->device, ctx->queue_family, 0, &ctx->queue);
  VkCommandPoolCreateInfo pool = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
      .queueFamilyIndex = ctx->queue_family,
  };
  VK_TRY(ctx, vkCreateCommandPool(ctx->device, &pool, NULL, &ctx->command_pool));
  snprintf(ctx->device_key, sizeof ctx->device_key, "%s", key);
  ctx->device_addresses = strstr(features, "bufferDeviceAddress") != NULL;
  return true;
}

void context_destroy(Context *ctx) {
  destroy_device(ctx);
  if (ctx->messenger) {
    PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger =
        (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(ctx->instance, "vkDestroyDebugUtilsMessengerEXT");
    if (destroy_messenger) destroy_messenger(ctx->instance, ctx->messenger, NULL);
  }
  if (ctx->instance) vkDestroyInstance(ctx->instance, NULL);
}
