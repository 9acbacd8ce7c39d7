/* One mesh draw: [task +] mesh + fragment pipeline (VK_EXT_mesh_shader) rendering into the same
 * offscreen colour target as draw.c, with vkCmdDrawMeshTasksEXT(groups). The job names the
 * extension (and the meshShader/taskShader features come from the modules), as an application must. */
#include "runner.h"

static PFN_vkCmdDrawMeshTasksEXT draw_mesh_tasks(Context *ctx) {
  return (PFN_vkCmdDrawMeshTasksEXT)vkGetDeviceProcAddr(ctx->device, "vkCmdDrawMeshTasksEXT");
}

bool run_mesh_draw(Context *ctx, const Job *job, JobObjects *objs, ByteBuf *out) {
  if (!job->spirv[STAGE_MESH] || !job->spirv[STAGE_FRAGMENT])
    return fail(ctx, "mesh draw job needs a mesh and a fragment module");
  PFN_vkCmdDrawMeshTasksEXT draw = draw_mesh_tasks(ctx);
  if (!draw) return fail(ctx, "vkCmdDrawMeshTasksEXT unavailable: the job must name VK_EXT_mesh_shader");
  VkShaderStageFlags stages = push_stages(job);
  if (!create_shader_modules(ctx, job, objs) || has_messages(ctx)) return false;
  if (!create_layouts(ctx, job, stages, objs) || has_messages(ctx)) return false;

  VkPipelineShaderStageCreateInfo infos[3];
  uint32_t count = 0;
  static const struct { StageIndex index; VkShaderStageFlagBits bit; } ORDER[] = {
      {STAGE_TASK, VK_SHADER_STAGE_TASK_BIT_EXT},
      {STAGE_MESH, VK_SHADER_STAGE_MESH_BIT_EXT},
      {STAGE_FRAGMENT, VK_SHADER_STAGE_FRAGMENT_BIT},
  };
  for (uint32_t i = 0; i < 3; i++) {
    if (!job->spirv[ORDER[i].index]) continue;
    infos[count++] = (VkPipelineShaderStageCreateInfo){
        .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = ORDER[i].bit,
        .module = objs->modules[ORDER[i].index],
        .pName = job->entry[ORDER[i].index],
    };
  }
  /* Mesh pipelines have no vertex input or input assembly state. */
  if (!draw_create_pipeline(ctx, job, objs, infos, count, NULL, NULL, NULL) || has_messages(ctx)) return false;
  if (!draw_create_target(ctx, job, objs)) return false;
  if (!create_resources(ctx, job, objs) || !write_descriptors(ctx, job, objs) || has_messages(ctx)) return false;

  VkPipelineStageFlags shaders = VK_PIPELINE_STAGE_MESH_SHADER_BIT_EXT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT |
                                 (job->spirv[STAGE_TASK] ? VK_PIPELINE_STAGE_TASK_SHADER_BIT_EXT : 0);
  if (!begin_commands(ctx, objs)) return false;
  record_uploads(job, objs, shaders);
  draw_begin(job, objs);
  draw(objs->cmd, job->groups[0], job->groups[1], job->groups[2]);
  draw_end(job, objs);
  record_readbacks(job, objs, shaders);
  if (!submit_and_wait(ctx, objs)) return false;
  collect_outputs(job, objs, out);
  put_record(out, TAG_TARGET_OUT, NULL, 0, objs->target_readback.mapped, job->target_size);
  return true;
}
