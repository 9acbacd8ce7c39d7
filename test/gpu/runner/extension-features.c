/* Device features that live in an extension's feature struct (mesh shaders, ray tracing, ray
 * queries, shader clock, fragment interlock, fragment barycentrics, cooperative matrices, maximal reconvergence,
 * compute-shader derivatives, float atomics). A struct joins the feature chain only when the job names its extension, so a feature
 * is enabled only together with the extension the test asked for, and drivers without the
 * extension (Mesa 22.3) never see its struct. */
#include "runner.h"

#include <stddef.h>
#include <string.h>

typedef enum { EXT_MESH, EXT_RAY_QUERY, EXT_RAY_PIPELINE, EXT_ACCELERATION, EXT_CLOCK, EXT_INTERLOCK, EXT_BARYCENTRIC, EXT_COOPMAT, EXT_RECONVERGENCE, EXT_DERIVATIVES_NV, EXT_DERIVATIVES_KHR, EXT_ATOMIC_FLOAT } ExtStruct;

static const struct {
  const char *extension;
  VkStructureType type;
  size_t offset; /* of the struct inside ExtensionFeatures */
} EXT_STRUCTS[] = {
    [EXT_MESH] = {VK_EXT_MESH_SHADER_EXTENSION_NAME, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_FEATURES_EXT,
                  offsetof(ExtensionFeatures, mesh)},
    [EXT_RAY_QUERY] = {VK_KHR_RAY_QUERY_EXTENSION_NAME, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_RAY_QUERY_FEATURES_KHR,
                       offsetof(ExtensionFeatures, ray_query)},
    [EXT_RAY_PIPELINE] = {VK_KHR_RAY_TRACING_PIPELINE_EXTENSION_NAME,
                          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_RAY_TRACING_PIPELINE_FEATURES_KHR,
                          offsetof(ExtensionFeatures, ray_pipeline)},
    [EXT_ACCELERATION] = {VK_KHR_ACCELERATION_STRUCTURE_EXTENSION_NAME,
                          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ACCELERATION_STRUCTURE_FEATURES_KHR,
                          offsetof(ExtensionFeatures, acceleration)},
    [EXT_CLOCK] = {VK_KHR_SHADER_CLOCK_EXTENSION_NAME, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CLOCK_FEATURES_KHR,
                   offsetof(ExtensionFeatures, clock)},
    [EXT_INTERLOCK] = {VK_EXT_FRAGMENT_SHADER_INTERLOCK_EXTENSION_NAME,
                       VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FRAGMENT_SHADER_INTERLOCK_FEATURES_EXT,
                       offsetof(ExtensionFeatures, interlock)},
    [EXT_BARYCENTRIC] = {VK_KHR_FRAGMENT_SHADER_BARYCENTRIC_EXTENSION_NAME,
                         VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FRAGMENT_SHADER_BARYCENTRIC_FEATURES_KHR,
                         offsetof(ExtensionFeatures, barycentric)},
    [EXT_COOPMAT] = {VK_KHR_COOPERATIVE_MATRIX_EXTENSION_NAME, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR,
                     offsetof(ExtensionFeatures, cooperative_matrix)},
    [EXT_RECONVERGENCE] = {VK_KHR_SHADER_MAXIMAL_RECONVERGENCE_EXTENSION_NAME,
                           VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_MAXIMAL_RECONVERGENCE_FEATURES_KHR,
                           offsetof(ExtensionFeatures, reconvergence)},
    [EXT_DERIVATIVES_NV] = {VK_NV_COMPUTE_SHADER_DERIVATIVES_EXTENSION_NAME,
                            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COMPUTE_SHADER_DERIVATIVES_FEATURES_NV,
                            offsetof(ExtensionFeatures, derivatives_nv)},
    [EXT_DERIVATIVES_KHR] = {VK_KHR_COMPUTE_SHADER_DERIVATIVES_EXTENSION_NAME,
                             VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COMPUTE_SHADER_DERIVATIVES_FEATURES_NV,
                             offsetof(ExtensionFeatures, derivatives_khr)},
    [EXT_ATOMIC_FLOAT] = {VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT,
                          offsetof(ExtensionFeatures, atomic_float)},
};
#define EXT_STRUCT_COUNT (sizeof EXT_STRUCTS / sizeof EXT_STRUCTS[0])

#define FIELD(s, member, n) {#n, s, offsetof(ExtensionFeatures, member) + offsetof(__typeof__(((ExtensionFeatures *)0)->member), n)}
static const struct {
  const char *name;
  ExtStruct where;
  size_t offset; /* of the VkBool32 inside ExtensionFeatures */
} EXT_FIELDS[] = {
    FIELD(EXT_MESH, mesh, taskShader),
    FIELD(EXT_MESH, mesh, meshShader),
    FIELD(EXT_MESH, mesh, multiviewMeshShader),
    FIELD(EXT_MESH, mesh, meshShaderQueries),
    FIELD(EXT_RAY_QUERY, ray_query, rayQuery),
    FIELD(EXT_RAY_PIPELINE, ray_pipeline, rayTracingPipeline),
    FIELD(EXT_RAY_PIPELINE, ray_pipeline, rayTraversalPrimitiveCulling),
    FIELD(EXT_ACCELERATION, acceleration, accelerationStructure),
    FIELD(EXT_CLOCK, clock, shaderSubgroupClock),
    FIELD(EXT_CLOCK, clock, shaderDeviceClock),
    FIELD(EXT_INTERLOCK, interlock, fragmentShaderSampleInterlock),
    FIELD(EXT_INTERLOCK, interlock, fragmentShaderPixelInterlock),
    FIELD(EXT_INTERLOCK, interlock, fragmentShaderShadingRateInterlock),
    FIELD(EXT_BARYCENTRIC, barycentric, fragmentShaderBarycentric),
    FIELD(EXT_COOPMAT, cooperative_matrix, cooperativeMatrix),
    FIELD(EXT_RECONVERGENCE, reconvergence, shaderMaximalReconvergence),
    /* One feature name, two extensions: the one the job names is enabled. */
    FIELD(EXT_DERIVATIVES_NV, derivatives_nv, computeDerivativeGroupQuads),
    FIELD(EXT_DERIVATIVES_NV, derivatives_nv, computeDerivativeGroupLinear),
    FIELD(EXT_DERIVATIVES_KHR, derivatives_khr, computeDerivativeGroupQuads),
    FIELD(EXT_DERIVATIVES_KHR, derivatives_khr, computeDerivativeGroupLinear),
    FIELD(EXT_ATOMIC_FLOAT, atomic_float, shaderBufferFloat32Atomics),
    FIELD(EXT_ATOMIC_FLOAT, atomic_float, shaderSharedFloat32Atomics),
    FIELD(EXT_ATOMIC_FLOAT, atomic_float, shaderImageFloat32Atomics),
};
#undef FIELD

static bool named(const char *extensions, const char *name) {
  size_t length = strlen(name);
  for (const char *at = extensions; (at = strstr(at, name)) != NULL; at += length) {
    bool starts = at == extensions || at[-1] == ' ';
    bool ends = at[length] == 0 || at[length] == ' ';
    if (starts && ends) return true;
  }
  return false;
}

void *extension_features_chain(ExtensionFeatures *features, const char *extensions, void *next) {
  memset(features, 0, sizeof *features);
  void *head = next;
  for (size_t i = 0; i < EXT_STRUCT_COUNT; i++) {
    if (!named(extensions, EXT_STRUCTS[i].extension)) continue;
    VkBaseOutStructure *s = (VkBaseOutStructure *)((uint8_t *)features + EXT_STRUCTS[i].offset);
    s->sType = EXT_STRUCTS[i].type;
    s->pNext = head;
    head = s;
  }
  return head;
}

ExtensionFeatureLookup extension_feature(ExtensionFeatures *features, const char *extensions, const char *name,
                                         VkBool32 **slot, const char **extension) {
  ExtensionFeatureLookup result = EXT_FEATURE_UNKNOWN;
  for (size_t i = 0; i < sizeof EXT_FIELDS / sizeof EXT_FIELDS[0]; i++) {
    if (strcmp(EXT_FIELDS[i].name, name) != 0) continue;
    const char *owner = EXT_STRUCTS[EXT_FIELDS[i].where].extension;
    if (!named(extensions, owner)) {
      if (result == EXT_FEATURE_UNKNOWN) *extension = owner;
      result = EXT_FEATURE_EXTENSION_NOT_NAMED;
      continue;
    }
    *extension = owner;
    *slot = (VkBool32 *)((uint8_t *)features + EXT_FIELDS[i].offset);
    return EXT_FEATURE_FOUND;
  }
  return result;
}
