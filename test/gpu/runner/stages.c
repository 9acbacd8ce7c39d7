/* A draw's optional stages: geometry and tessellation shaders next to the vertex and fragment
 * ones, the primitive topology (a patch list for tessellation) and the patch size. */
#include "runner.h"

typedef struct {
  StageIndex index;
  VkShaderStageFlagBits stage;
  VkPipelineStageFlags pipeline;
} DrawStage;

/* In pipeline order. */
static const DrawStage DRAW_STAGES[] = {
    {STAGE_VERTEX, VK_SHADER_STAGE_VERTEX_BIT, VK_PIPELINE_STAGE_VERTEX_SHADER_BIT},
    {STAGE_TESS_CONTROL, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, VK_PIPELINE_STAGE_TESSELLATION_CONTROL_SHADER_BIT},
    {STAGE_TESS_EVAL, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, VK_PIPELINE_STAGE_TESSELLATION_EVALUATION_SHADER_BIT},
    {STAGE_GEOMETRY, VK_SHADER_STAGE_GEOMETRY_BIT, VK_PIPELINE_STAGE_GEOMETRY_SHADER_BIT},
    {STAGE_FRAGMENT, VK_SHADER_STAGE_FRAGMENT_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT},
};
#define DRAW_STAGE_COUNT (sizeof DRAW_STAGES / sizeof DRAW_STAGES[0])

uint32_t draw_stage_infos(const Job *job, const JobObjects *objs, VkPipelineShaderStageCreateInfo out[STAGE_COUNT]) {
  uint32_t n = 0;
  for (size_t i = 0; i < DRAW_STAGE_COUNT; i++) {
    const DrawStage *s = &DRAW_STAGES[i];
    if (!job->spirv[s->index]) continue;
    out[n++] = (VkPipelineShaderStageCreateInfo){
        .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = s->stage,
        .module = objs->modules[s->index],
        .pName = job->entry[s->index],
    };
  }
  return n;
}

/* Stages that see descriptors and push constants: every stage the draw has. */
VkShaderStageFlags draw_stage_flags(const Job *job) {
  VkShaderStageFlags flags = 0;
  for (size_t i = 0; i < DRAW_STAGE_COUNT; i++)
    if (job->spirv[DRAW_STAGES[i].index]) flags |= DRAW_STAGES[i].stage;
  return flags;
}

/* Pipeline stages whose shaders may read uploads and write readbacks. */
VkPipelineStageFlags draw_pipeline_stages(const Job *job) {
  VkPipelineStageFlags flags = 0;
  for (size_t i = 0; i < DRAW_STAGE_COUNT; i++)
    if (job->spirv[DRAW_STAGES[i].index]) flags |= DRAW_STAGES[i].pipeline;
  return flags;
}

VkPrimitiveTopology draw_topology(const Job *job) {
  return job->topology_given ? (VkPrimitiveTopology)job->topology : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
}

bool draw_tessellation_state(const Job *job, VkPipelineTessellationStateCreateInfo *out) {
  if (!job->spirv[STAGE_TESS_CONTROL] && !job->spirv[STAGE_TESS_EVAL]) return false;
  *out = (VkPipelineTessellationStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
      .patchControlPoints = job->patch_control_points,
  };
  return true;
}
