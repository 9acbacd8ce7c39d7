/* One compute dispatch: pipeline from the job's compute module, every binding
 * uploaded, then all buffers and storage images read back. */
#include "runner.h"

bool run_compute(Context *ctx, const Job *job, JobObjects *objs, ByteBuf *out) {
  if (!job->spirv[STAGE_COMPUTE]) return fail(ctx, "compute job without a compute module");
  if (!create_shader_modules(ctx, job, objs) || has_messages(ctx)) return false;
  if (!create_layouts(ctx, job, VK_SHADER_STAGE_COMPUTE_BIT, objs) || has_messages(ctx)) return false;
  VkComputePipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {
          .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
          .stage = VK_SHADER_STAGE_COMPUTE_BIT,
          .module = objs->modules[STAGE_COMPUTE],
          .pName = job->entry[STAGE_COMPUTE],
      },
      .layout = objs->pipeline_layout,
  };
  VK_TRY(ctx, vkCreateComputePipelines(ctx->device, VK_NULL_HANDLE, 1, &info, NULL, &objs->pipeline));
  if (has_messages(ctx)) return false;
  if (!create_resources(ctx, job, objs) || !write_descriptors(ctx, job, objs) || has_messages(ctx)) return false;

  if (!begin_commands(ctx, objs)) return false;
  record_uploads(job, objs, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
  vkCmdBindPipeline(objs->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, objs->pipeline);
  if (objs->set_count)
    vkCmdBindDescriptorSets(objs->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, objs->pipeline_layout, 0, objs->set_count,
                            objs->sets, 0, NULL);
  if (job->push_size) {
    uint8_t push[256];
    const uint8_t *push_bytes = patched_push(ctx, job, objs, push, sizeof push);
    if (!push_bytes) return false;
    vkCmdPushConstants(objs->cmd, objs->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, job->push_size, push_bytes);
  }
  vkCmdDispatch(objs->cmd, job->groups[0], job->groups[1], job->groups[2]);
  record_readbacks(job, objs, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
  if (!submit_and_wait(ctx, objs)) return false;
  collect_outputs(job, objs, out);
  return true;
}
