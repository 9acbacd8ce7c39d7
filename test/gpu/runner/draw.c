/* One draw: vertex + fragment pipeline rendering a triangle list into an
 * offscreen colour image with dynamic rendering, then the image read back.
 * The target, pipeline state and render pass are shared with mesh.c. */
#include "runner.h"

#include <string.h>

bool draw_create_target(Context *ctx, const Job *job, JobObjects *objs) {
  VkExtent3D extent = {job->target_width, job->target_height, 1};
  if (!create_image(ctx, VK_IMAGE_TYPE_2D, job->target_format, extent, 1,
                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &objs->target,
                    &objs->target_memory))
    return false;
  VkImageViewCreateInfo view = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = objs->target,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = job->target_format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
  };
  VK_TRY(ctx, vkCreateImageView(ctx->device, &view, NULL, &objs->target_view));
  if (job->samples > 1) {
    if (!create_image_samples(ctx, job->target_format, extent, (VkSampleCountFlagBits)job->samples,
                              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &objs->msaa, &objs->msaa_memory))
      return false;
    view.image = objs->msaa;
    VK_TRY(ctx, vkCreateImageView(ctx->device, &view, NULL, &objs->msaa_view));
  }
  return create_host_buffer(ctx, job->target_size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, NULL, &objs->target_readback);
}

static bool create_vertex_buffers(Context *ctx, const Job *job, JobObjects *objs) {
  for (uint32_t i = 0; i < job->vertex_buffer_count; i++)
    if (!create_host_buffer(ctx, job->vertex_buffers[i].size, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                            job->vertex_buffers[i].data, &objs->vertex_buffers[i]))
      return false;
  return true;
}

static bool create_pipeline(Context *ctx, const Job *job, JobObjects *objs) {
  VkPipelineShaderStageCreateInfo stages[STAGE_COUNT];
  uint32_t stage_count = draw_stage_infos(job, objs, stages);
  VkPipelineTessellationStateCreateInfo tessellation;
  bool tessellated = draw_tessellation_state(job, &tessellation);
  VkVertexInputBindingDescription bindings[MAX_VERTEX_BUFFERS];
  for (uint32_t i = 0; i < job->vertex_buffer_count; i++)
    bindings[i] = (VkVertexInputBindingDescription){job->vertex_buffers[i].binding, job->vertex_buffers[i].stride,
                                                    job->vertex_buffers[i].input_rate};
  VkVertexInputAttributeDescription attributes[MAX_VERTEX_ATTRIBUTES];
  for (uint32_t i = 0; i < job->attribute_count; i++)
    attributes[i] = (VkVertexInputAttributeDescription){job->attributes[i].location, job->attributes[i].binding,
                                                        job->attributes[i].format, job->attributes[i].offset};
  VkPipelineVertexInputStateCreateInfo vertex_input = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = job->vertex_buffer_count,
      .pVertexBindingDescriptions = bindings,
      .vertexAttributeDescriptionCount = job->attribute_count,
      .pVertexAttributeDescriptions = attributes,
  };
  VkPipelineInputAssemblyStateCreateInfo assembly = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = draw_topology(job),
  };
  return draw_create_pipeline(ctx, job, objs, stages, stage_count, &vertex_input, &assembly,
                              tessellated ? &tessellation : NULL);
}

bool draw_create_pipeline(Context *ctx, const Job *job, JobObjects *objs, const VkPipelineShaderStageCreateInfo *stages,
                          uint32_t stage_count, const VkPipelineVertexInputStateCreateInfo *vertex_input,
                          const VkPipelineInputAssemblyStateCreateInfo *assembly,
                          const VkPipelineTessellationStateCreateInfo *tessellation) {
  VkViewport viewport = {0, 0, (float)job->target_width, (float)job->target_height, 0, 1};
  VkRect2D scissor = {{0, 0}, {job->target_width, job->target_height}};
  VkPipelineViewportStateCreateInfo viewport_state = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1, .pViewports = &viewport, .scissorCount = 1, .pScissors = &scissor,
  };
  VkPipelineRasterizationStateCreateInfo raster = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .lineWidth = 1.0f,
  };
  VkPipelineMultisampleStateCreateInfo multisample = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = job->samples > 1 ? (VkSampleCountFlagBits)job->samples : VK_SAMPLE_COUNT_1_BIT,
  };
  VkPipelineColorBlendAttachmentState blend_attachment = {.colorWriteMask = 0xF};
  VkPipelineColorBlendStateCreateInfo blend = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1, .pAttachments = &blend_attachment,
  };
  VkFormat format = job->target_format;
  VkPipelineRenderingCreateInfo rendering = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = 1, .pColorAttachmentFormats = &format,
  };
  VkGraphicsPipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &rendering,
      .stageCount = stage_count, .pStages = stages,
      .pVertexInputState = vertex_input,
      .pInputAssemblyState = assembly,
      .pTessellationState = tessellation,
      .pViewportState = &viewport_state,
      .pRasterizationState = &raster,
      .pMultisampleState = &multisample,
      .pColorBlendState = &blend,
      .layout = objs->pipeline_layout,
  };
  VK_TRY(ctx, vkCreateGraphicsPipelines(ctx->device, VK_NULL_HANDLE, 1, &info, NULL, &objs->pipeline));
  return true;
}

static const VkImageMemoryBarrier TO_ATTACHMENT = {
    .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
    .dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
    .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    .newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
    .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
    .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
};

/* Clears the target and begins rendering with the pipeline, descriptor sets and push constants bound. */
void draw_begin(const Job *job, JobObjects *objs) {
  VkCommandBuffer cmd = objs->cmd;
  VkImageMemoryBarrier to_attachment[2] = {TO_ATTACHMENT, TO_ATTACHMENT};
  to_attachment[0].image = objs->target;
  to_attachment[1].image = objs->msaa;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, 0, 0,
                       NULL, 0, NULL, objs->msaa ? 2 : 1, to_attachment);
  VkRenderingAttachmentInfo colour = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = objs->target_view,
      .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
  };
  if (objs->msaa) {
    /* Multisampled: render into the samples, resolve their average into the target (float formats). */
    colour.imageView = objs->msaa_view;
    colour.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    colour.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
    colour.resolveImageView = objs->target_view;
    colour.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  }
  /* The clear value is raw 32-bit words, so float, sint and uint targets all work. */
  memcpy(&colour.clearValue.color, job->clear, 16);
  VkRenderingInfo rendering = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = {{0, 0}, {job->target_width, job->target_height}},
      .layerCount = 1,
      .colorAttachmentCount = 1, .pColorAttachments = &colour,
  };
  vkCmdBeginRendering(cmd, &rendering);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, objs->pipeline);
  if (objs->set_count)
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, objs->pipeline_layout, 0, objs->set_count,
                            objs->sets, 0, NULL);
  if (job->push_size) vkCmdPushConstants(cmd, objs->pipeline_layout, push_stages(job), 0, job->push_size, job->push);
}

/* Ends rendering and copies the target into its readback buffer. */
void draw_end(const Job *job, JobObjects *objs) {
  VkCommandBuffer cmd = objs->cmd;
  vkCmdEndRendering(cmd);
  VkImageMemoryBarrier to_transfer = TO_ATTACHMENT;
  to_transfer.image = objs->target;
  to_transfer.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  to_transfer.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  to_transfer.oldLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  to_transfer.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL,
                       0, NULL, 1, &to_transfer);
  VkBufferImageCopy region = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .imageExtent = {job->target_width, job->target_height, 1},
  };
  vkCmdCopyImageToBuffer(cmd, objs->target, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, objs->target_readback.buffer, 1,
                         &region);
}

static void record_draw(const Job *job, JobObjects *objs) {
  draw_begin(job, objs);
  for (uint32_t i = 0; i < job->vertex_buffer_count; i++) {
    VkDeviceSize offset = 0;
    vkCmdBindVertexBuffers(objs->cmd, job->vertex_buffers[i].binding, 1, &objs->vertex_buffers[i].buffer, &offset);
  }
  vkCmdDraw(objs->cmd, job->vertex_count, job->instance_count, job->first_vertex, job->first_instance);
  draw_end(job, objs);
}

bool run_draw(Context *ctx, const Job *job, JobObjects *objs, ByteBuf *out) {
  if (!job->spirv[STAGE_VERTEX] || !job->spirv[STAGE_FRAGMENT])
    return fail(ctx, "draw job needs a vertex and a fragment module");
  VkShaderStageFlags stages = push_stages(job);
  if (!create_shader_modules(ctx, job, objs) || has_messages(ctx)) return false;
  if (!create_layouts(ctx, job, stages, objs) || has_messages(ctx)) return false;
  if (!create_pipeline(ctx, job, objs) || has_messages(ctx)) return false;
  if (!draw_create_target(ctx, job, objs) || !create_vertex_buffers(ctx, job, objs)) return false;
  if (!create_resources(ctx, job, objs) || !write_descriptors(ctx, job, objs) || has_messages(ctx)) return false;

  if (!begin_commands(ctx, objs)) return false;
  record_uploads(job, objs, draw_pipeline_stages(job));
  record_draw(job, objs);
  record_readbacks(job, objs, draw_pipeline_stages(job));
  if (!submit_and_wait(ctx, objs)) return false;
  collect_outputs(job, objs, out);
  put_record(out, TAG_TARGET_OUT, NULL, 0, objs->target_readback.mapped, job->target_size);
  return true;
}
