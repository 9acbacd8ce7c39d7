/* One ray-tracing dispatch (VK_KHR_ray_tracing_pipeline): a pipeline of shader groups (ray
 * generation, miss, a hit group with a closest-hit and optionally an any-hit shader — triangles, or
 * boxes with an intersection shader — and optionally one callable shader), a shader binding table of one record per group, vkCmdTraceRaysKHR over the job's launch size (TAG_GROUPS), then every buffer
 * and storage image read back. Acceleration structures come from accel.c bindings. */
#include "runner.h"

#include <string.h>

static const VkShaderStageFlagBits RAY_STAGE_BITS[RAY_STAGE_COUNT] = {
    [RAY_STAGE_RAYGEN] = VK_SHADER_STAGE_RAYGEN_BIT_KHR,
    [RAY_STAGE_MISS] = VK_SHADER_STAGE_MISS_BIT_KHR,
    [RAY_STAGE_CLOSEST_HIT] = VK_SHADER_STAGE_CLOSEST_HIT_BIT_KHR,
    [RAY_STAGE_ANY_HIT] = VK_SHADER_STAGE_ANY_HIT_BIT_KHR,
    [RAY_STAGE_CALLABLE] = VK_SHADER_STAGE_CALLABLE_BIT_KHR,
    [RAY_STAGE_INTERSECTION] = VK_SHADER_STAGE_INTERSECTION_BIT_KHR,
};

static bool optional_stage(int s) { return s == RAY_STAGE_ANY_HIT || s == RAY_STAGE_CALLABLE || s == RAY_STAGE_INTERSECTION; }

static VkDeviceSize align_up(VkDeviceSize value, VkDeviceSize alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

static bool create_ray_modules(Context *ctx, const Job *job, JobObjects *objs) {
  for (int s = 0; s < RAY_STAGE_COUNT; s++) {
    if (!job->ray_spirv[s] && optional_stage(s)) continue;
    if (!job->ray_spirv[s]) return fail(ctx, "ray-tracing job without its %s module", s == 0 ? "raygen" : s == 1 ? "miss" : "closest-hit");
    VkShaderModuleCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = job->ray_spirv_words[s] * 4u,
        .pCode = job->ray_spirv[s],
    };
    VK_TRY(ctx, vkCreateShaderModule(ctx->device, &info, NULL, &objs->ray_modules[s]));
  }
  return true;
}

/* Pipeline stage index of each job stage present (stages are packed: absent ones take no slot). */
static uint32_t stage_slots(const Job *job, uint32_t slot[RAY_STAGE_COUNT]) {
  uint32_t n = 0;
  for (int s = 0; s < RAY_STAGE_COUNT; s++) slot[s] = job->ray_spirv[s] ? n++ : VK_SHADER_UNUSED_KHR;
  return n;
}

/* Groups: raygen, miss, the hit group (procedural with an intersection shader), then the callable group when there is one. */
static uint32_t group_count(const Job *job) { return job->ray_spirv[RAY_STAGE_CALLABLE] ? 4 : 3; }

static bool create_pipeline(Context *ctx, const Job *job, JobObjects *objs, PFN_vkCreateRayTracingPipelinesKHR create) {
  VkPipelineShaderStageCreateInfo stages[RAY_STAGE_COUNT];
  uint32_t slot[RAY_STAGE_COUNT];
  uint32_t stage_count = stage_slots(job, slot);
  for (int s = 0; s < RAY_STAGE_COUNT; s++) {
    if (slot[s] == VK_SHADER_UNUSED_KHR) continue;
    stages[slot[s]] = (VkPipelineShaderStageCreateInfo){
        .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = RAY_STAGE_BITS[s],
        .module = objs->ray_modules[s],
        .pName = job->ray_entry[s],
    };
  }
  VkRayTracingShaderGroupCreateInfoKHR groups[4];
  for (int g = 0; g < 4; g++) {
    groups[g] = (VkRayTracingShaderGroupCreateInfoKHR){
        .sType = VK_STRUCTURE_TYPE_RAY_TRACING_SHADER_GROUP_CREATE_INFO_KHR,
        .type = VK_RAY_TRACING_SHADER_GROUP_TYPE_GENERAL_KHR,
        .generalShader = VK_SHADER_UNUSED_KHR,
        .closestHitShader = VK_SHADER_UNUSED_KHR,
        .anyHitShader = VK_SHADER_UNUSED_KHR,
        .intersectionShader = VK_SHADER_UNUSED_KHR,
    };
  }
  groups[0].generalShader = slot[RAY_STAGE_RAYGEN];
  groups[1].generalShader = slot[RAY_STAGE_MISS];
  groups[2].type = job->ray_spirv[RAY_STAGE_INTERSECTION] ? VK_RAY_TRACING_SHADER_GROUP_TYPE_PROCEDURAL_HIT_GROUP_KHR
                                                         : VK_RAY_TRACING_SHADER_GROUP_TYPE_TRIANGLES_HIT_GROUP_KHR;
  groups[2].closestHitShader = slot[RAY_STAGE_CLOSEST_HIT];
  groups[2].anyHitShader = slot[RAY_STAGE_ANY_HIT];
  groups[2].intersectionShader = slot[RAY_STAGE_INTERSECTION];
  groups[3].generalShader = slot[RAY_STAGE_CALLABLE];
  VkRayTracingPipelineCreateInfoKHR info = {
      .sType = VK_STRUCTURE_TYPE_RAY_TRACING_PIPELINE_CREATE_INFO_KHR,
      .stageCount = stage_count,
      .pStages = stages,
      .groupCount = group_count(job),
      .pGroups = groups,
      .maxPipelineRayRecursionDepth = 1,
      .layout = objs->pipeline_layout,
  };
  VK_TRY(ctx, create(ctx->device, VK_NULL_HANDLE, VK_NULL_HANDLE, 1, &info, NULL, &objs->pipeline));
  return true;
}

bool run_raytrace(Context *ctx, const Job *job, JobObjects *objs, ByteBuf *out) {
  PFN_vkCreateRayTracingPipelinesKHR create = (PFN_vkCreateRayTracingPipelinesKHR)vkGetDeviceProcAddr(ctx->device, "vkCreateRayTracingPipelinesKHR");
  PFN_vkGetRayTracingShaderGroupHandlesKHR handles = (PFN_vkGetRayTracingShaderGroupHandlesKHR)vkGetDeviceProcAddr(ctx->device, "vkGetRayTracingShaderGroupHandlesKHR");
  PFN_vkCmdTraceRaysKHR trace = (PFN_vkCmdTraceRaysKHR)vkGetDeviceProcAddr(ctx->device, "vkCmdTraceRaysKHR");
  if (!create || !handles || !trace) return fail(ctx, "ray-tracing job: the job must name VK_KHR_ray_tracing_pipeline");
  if (!create_ray_modules(ctx, job, objs) || has_messages(ctx)) return false;
  VkShaderStageFlags stages = 0;
  for (int s = 0; s < RAY_STAGE_COUNT; s++)
    if (job->ray_spirv[s]) stages |= RAY_STAGE_BITS[s];
  if (!create_layouts(ctx, job, stages, objs) || has_messages(ctx)) return false;
  if (!create_pipeline(ctx, job, objs, create) || has_messages(ctx)) return false;

  /* The shader binding table: one record (a group handle) per group, each region base-aligned. */
  VkPhysicalDeviceRayTracingPipelinePropertiesKHR props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_RAY_TRACING_PIPELINE_PROPERTIES_KHR};
  VkPhysicalDeviceProperties2 props2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &props};
  vkGetPhysicalDeviceProperties2(ctx->physical, &props2);
  uint32_t handle_size = props.shaderGroupHandleSize;
  VkDeviceSize stride = align_up(handle_size, props.shaderGroupHandleAlignment);
  VkDeviceSize region = align_up(stride, props.shaderGroupBaseAlignment);
  uint32_t groups = group_count(job);
  uint8_t group_handles[4 * 64];
  if (handle_size > 64) return fail(ctx, "shader group handles of %u bytes", handle_size);
  VK_TRY(ctx, handles(ctx->device, objs->pipeline, 0, groups, groups * handle_size, group_handles));
  VkDeviceAddress sbt_address;
  if (!create_address_buffer(ctx, groups * region + props.shaderGroupBaseAlignment, VK_BUFFER_USAGE_SHADER_BINDING_TABLE_BIT_KHR, NULL, &objs->sbt,
                             &sbt_address))
    return false;
  VkDeviceSize base = align_up(sbt_address, props.shaderGroupBaseAlignment) - sbt_address;
  for (uint32_t g = 0; g < groups; g++) memcpy((uint8_t *)objs->sbt.mapped + base + g * region, group_handles + g * handle_size, handle_size);
  VkStridedDeviceAddressRegionKHR raygen = {sbt_address + base, stride, stride};
  VkStridedDeviceAddressRegionKHR miss = {sbt_address + base + region, stride, stride};
  VkStridedDeviceAddressRegionKHR hit = {sbt_address + base + 2 * region, stride, stride};
  VkStridedDeviceAddressRegionKHR callable = {0, 0, 0};
  if (groups == 4) callable = (VkStridedDeviceAddressRegionKHR){sbt_address + base + 3 * region, stride, stride};

  if (!create_resources(ctx, job, objs) || !write_descriptors(ctx, job, objs) || has_messages(ctx)) return false;
  if (!begin_commands(ctx, objs)) return false;
  record_uploads(job, objs, VK_PIPELINE_STAGE_RAY_TRACING_SHADER_BIT_KHR);
  vkCmdBindPipeline(objs->cmd, VK_PIPELINE_BIND_POINT_RAY_TRACING_KHR, objs->pipeline);
  if (objs->set_count)
    vkCmdBindDescriptorSets(objs->cmd, VK_PIPELINE_BIND_POINT_RAY_TRACING_KHR, objs->pipeline_layout, 0, objs->set_count, objs->sets, 0, NULL);
  if (job->push_size) vkCmdPushConstants(objs->cmd, objs->pipeline_layout, stages, 0, job->push_size, job->push);
  trace(objs->cmd, &raygen, &miss, &hit, &callable, job->groups[0], job->groups[1], job->groups[2]);
  record_readbacks(job, objs, VK_PIPELINE_STAGE_RAY_TRACING_SHADER_BIT_KHR);
  if (!submit_and_wait(ctx, objs)) return false;
  collect_outputs(job, objs, out);
  return true;
}

void raytrace_destroy(Context *ctx, JobObjects *objs) {
  for (int s = 0; s < RAY_STAGE_COUNT; s++)
    if (objs->ray_modules[s]) vkDestroyShaderModule(ctx->device, objs->ray_modules[s], NULL);
  if (objs->sbt.buffer) vkDestroyBuffer(ctx->device, objs->sbt.buffer, NULL);
  if (objs->sbt.memory) vkFreeMemory(ctx->device, objs->sbt.memory, NULL);
}
