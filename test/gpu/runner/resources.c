/* Per-job Vulkan objects: shader modules, layouts, descriptor sets, buffers,
 * images and their uploads/readbacks. Buffers live in host-visible coherent
 * memory so their contents are read back without staging; images go through
 * a staging buffer because optimal tiling is opaque. */
#include "runner.h"

#include <string.h>

static const VkDescriptorType DESCRIPTOR_TYPES[] = {
    [KIND_UNIFORM_BUFFER] = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
    [KIND_STORAGE_BUFFER] = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
    [KIND_STORAGE_IMAGE] = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
    [KIND_SAMPLED_IMAGE] = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
    [KIND_SAMPLER] = VK_DESCRIPTOR_TYPE_SAMPLER,
    [KIND_COMBINED_IMAGE_SAMPLER] = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
    [KIND_UNIFORM_TEXEL_BUFFER] = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
    [KIND_STORAGE_TEXEL_BUFFER] = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
    [KIND_ACCELERATION_STRUCTURE] = VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR,
};

static bool is_buffer_kind(uint32_t kind) {
  return kind == KIND_UNIFORM_BUFFER || kind == KIND_STORAGE_BUFFER || kind == KIND_UNIFORM_TEXEL_BUFFER ||
         kind == KIND_STORAGE_TEXEL_BUFFER;
}
static bool is_image_kind(uint32_t kind) {
  return kind == KIND_STORAGE_IMAGE || kind == KIND_SAMPLED_IMAGE || kind == KIND_COMBINED_IMAGE_SAMPLER;
}
static bool has_sampler(uint32_t kind) { return kind == KIND_SAMPLER || kind == KIND_COMBINED_IMAGE_SAMPLER; }

static bool find_memory_type(Context *ctx, uint32_t type_bits, VkMemoryPropertyFlags flags, uint32_t *index) {
  for (uint32_t i = 0; i < ctx->memory.memoryTypeCount; i++) {
    if ((type_bits & (1u << i)) && (ctx->memory.memoryTypes[i].propertyFlags & flags) == flags) {
      *index = i;
      return true;
    }
  }
  return fail(ctx, "no memory type with flags 0x%x", flags);
}

bool create_host_buffer(Context *ctx, VkDeviceSize size, VkBufferUsageFlags usage, const uint8_t *contents,
                        HostBuffer *out) {
  out->size = size;
  VkBufferCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size ? size : 4,
      .usage = address_usage(ctx, usage),
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
  };
  VK_TRY(ctx, vkCreateBuffer(ctx->device, &info, NULL, &out->buffer));
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(ctx->device, out->buffer, &req);
  VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                     .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
  VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size};
  if (address_usage(ctx, usage) != usage) alloc.pNext = &flags;
  if (!find_memory_type(ctx, req.memoryTypeBits,
                        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                        &alloc.memoryTypeIndex))
    return false;
  VK_TRY(ctx, vkAllocateMemory(ctx->device, &alloc, NULL, &out->memory));
  VK_TRY(ctx, vkBindBufferMemory(ctx->device, out->buffer, out->memory, 0));
  VK_TRY(ctx, vkMapMemory(ctx->device, out->memory, 0, VK_WHOLE_SIZE, 0, &out->mapped));
  if (contents && size) memcpy(out->mapped, contents, size);
  return true;
}

static bool create_image_with(Context *ctx, VkImageType type, VkFormat format, VkExtent3D extent, uint32_t layers,
                              VkSampleCountFlagBits samples, VkImageUsageFlags usage, VkImage *image,
                              VkDeviceMemory *memory) {
  VkImageCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = type,
      .format = format,
      .extent = extent,
      .mipLevels = 1,
      .arrayLayers = layers,
      .samples = samples,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
  };
  VK_TRY(ctx, vkCreateImage(ctx->device, &info, NULL, image));
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(ctx->device, *image, &req);
  VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size};
  if (!find_memory_type(ctx, req.memoryTypeBits, 0, &alloc.memoryTypeIndex)) return false;
  VK_TRY(ctx, vkAllocateMemory(ctx->device, &alloc, NULL, memory));
  VK_TRY(ctx, vkBindImageMemory(ctx->device, *image, *memory, 0));
  return true;
}

bool create_image(Context *ctx, VkImageType type, VkFormat format, VkExtent3D extent, uint32_t layers,
                  VkImageUsageFlags usage, VkImage *image, VkDeviceMemory *memory) {
  return create_image_with(ctx, type, format, extent, layers, VK_SAMPLE_COUNT_1_BIT, usage, image, memory);
}

bool create_image_samples(Context *ctx, VkFormat format, VkExtent3D extent, VkSampleCountFlagBits samples,
                          VkImageUsageFlags usage, VkImage *image, VkDeviceMemory *memory) {
  return create_image_with(ctx, VK_IMAGE_TYPE_2D, format, extent, 1, samples, usage, image, memory);
}

bool create_shader_modules(Context *ctx, const Job *job, JobObjects *objs) {
  for (int s = 0; s < STAGE_COUNT; s++) {
    if (!job->spirv[s]) continue;
    VkShaderModuleCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = job->spirv_words[s] * 4u,
        .pCode = job->spirv[s],
    };
    VK_TRY(ctx, vkCreateShaderModule(ctx->device, &info, NULL, &objs->modules[s]));
  }
  return true;
}

VkShaderStageFlags push_stages(const Job *job) {
  if (job->kind == JOB_MESH)
    return (job->spirv[STAGE_TASK] ? VK_SHADER_STAGE_TASK_BIT_EXT : 0) | VK_SHADER_STAGE_MESH_BIT_EXT |
           VK_SHADER_STAGE_FRAGMENT_BIT;
  return job->kind == JOB_COMPUTE ? VK_SHADER_STAGE_COMPUTE_BIT : draw_stage_flags(job);
}

static bool same_slot(const BindingDesc *a, const BindingDesc *b) { return a->set == b->set && a->binding == b->binding; }

/* One layout binding per (set, binding); the job's entries that share it are elements of one
 * descriptor array: its count is the largest given descriptor_count or highest element + 1. */
typedef struct {
  const BindingDesc *first;
  uint32_t count;
  VkDescriptorBindingFlags flags;
} Slot;

static bool describe_slot(Context *ctx, const Job *job, uint32_t i, Slot *slot) {
  const BindingDesc *b = &job->bindings[i];
  *slot = (Slot){.first = b, .count = 1, .flags = 0};
  for (uint32_t k = 0; k < job->binding_count; k++) {
    const BindingDesc *e = &job->bindings[k];
    if (!same_slot(b, e)) continue;
    if (e->kind != b->kind) return fail(ctx, "binding %u.%u: array elements of different kinds", b->set, b->binding);
    if (e->array_element + 1 > slot->count) slot->count = e->array_element + 1;
    if (e->descriptor_count > slot->count) slot->count = e->descriptor_count;
    if (e->array_flags & ARRAY_PARTIALLY_BOUND) slot->flags |= VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT;
    if (e->array_flags & ARRAY_VARIABLE_COUNT) slot->flags |= VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT;
  }
  return true;
}

static bool first_of_slot(const Job *job, uint32_t i) {
  for (uint32_t k = 0; k < i; k++)
    if (same_slot(&job->bindings[k], &job->bindings[i])) return false;
  return true;
}

bool create_layouts(Context *ctx, const Job *job, VkShaderStageFlags stages, JobObjects *objs) {
  for (uint32_t i = 0; i < job->binding_count; i++)
    if (job->bindings[i].set + 1 > objs->set_count) objs->set_count = job->bindings[i].set + 1;

  VkDescriptorPoolSize pool_sizes[MAX_BINDINGS];
  uint32_t pool_size_count = 0;
  uint32_t variable_counts[8] = {0};
  bool any_variable = false;
  for (uint32_t set = 0; set < objs->set_count; set++) {
    VkDescriptorSetLayoutBinding entries[MAX_BINDINGS];
    VkDescriptorBindingFlags flags[MAX_BINDINGS];
    bool any_flags = false;
    uint32_t n = 0;
    for (uint32_t i = 0; i < job->binding_count; i++) {
      const BindingDesc *b = &job->bindings[i];
      if (b->set != set || !first_of_slot(job, i)) continue;
      Slot slot;
      if (!describe_slot(ctx, job, i, &slot)) return false;
      entries[n] = (VkDescriptorSetLayoutBinding){
          .binding = b->binding,
          .descriptorType = DESCRIPTOR_TYPES[b->kind],
          .descriptorCount = slot.count,
          .stageFlags = stages,
      };
      flags[n] = slot.flags;
      any_flags |= slot.flags != 0;
      if (slot.flags & VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT) {
        variable_counts[set] = slot.count;
        any_variable = true;
      }
      pool_sizes[pool_size_count++] = (VkDescriptorPoolSize){.type = DESCRIPTOR_TYPES[b->kind], .descriptorCount = slot.count};
      n++;
    }
    VkDescriptorSetLayoutBindingFlagsCreateInfo binding_flags = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
        .bindingCount = n,
        .pBindingFlags = flags,
    };
    VkDescriptorSetLayoutCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .pNext = any_flags ? &binding_flags : NULL,
        .bindingCount = n,
        .pBindings = entries,
    };
    VK_TRY(ctx, vkCreateDescriptorSetLayout(ctx->device, &info, NULL, &objs->set_layouts[set]));
  }

  VkPushConstantRange range = {.stageFlags = stages, .offset = 0, .size = job->push_size};
  VkPipelineLayoutCreateInfo layout = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = objs->set_count,
      .pSetLayouts = objs->set_layouts,
      .pushConstantRangeCount = job->push_size ? 1 : 0,
      .pPushConstantRanges = &range,
  };
  VK_TRY(ctx, vkCreatePipelineLayout(ctx->device, &layout, NULL, &objs->pipeline_layout));

  if (objs->set_count == 0) return true;
  VkDescriptorPoolCreateInfo pool = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = objs->set_count,
      .poolSizeCount = pool_size_count,
      .pPoolSizes = pool_sizes,
  };
  if (job->binding_count == 0) return true;
  VK_TRY(ctx, vkCreateDescriptorPool(ctx->device, &pool, NULL, &objs->pool));
  /* A variable-count binding is allocated at its layout count. */
  VkDescriptorSetVariableDescriptorCountAllocateInfo variable = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO,
      .descriptorSetCount = objs->set_count,
      .pDescriptorCounts = variable_counts,
  };
  VkDescriptorSetAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .pNext = any_variable ? &variable : NULL,
      .descriptorPool = objs->pool,
      .descriptorSetCount = objs->set_count,
      .pSetLayouts = objs->set_layouts,
  };
  VK_TRY(ctx, vkAllocateDescriptorSets(ctx->device, &alloc, objs->sets));
  return true;
}

static VkImageType image_type_of(VkImageViewType view) {
  switch (view) {
    case VK_IMAGE_VIEW_TYPE_1D:
    case VK_IMAGE_VIEW_TYPE_1D_ARRAY: return VK_IMAGE_TYPE_1D;
    case VK_IMAGE_VIEW_TYPE_3D: return VK_IMAGE_TYPE_3D;
    default: return VK_IMAGE_TYPE_2D;
  }
}

static VkExtent3D image_extent(const BindingDesc *b) {
  VkImageType type = image_type_of(b->view_type);
  return (VkExtent3D){b->width, type == VK_IMAGE_TYPE_1D ? 1 : b->height,
                      type == VK_IMAGE_TYPE_3D ? b->depth_or_layers : 1};
}

static uint32_t image_layers(const BindingDesc *b) {
  return image_type_of(b->view_type) == VK_IMAGE_TYPE_3D ? 1 : b->depth_or_layers;
}

static bool create_bound_image(Context *ctx, const BindingDesc *b, BoundResource *r) {
  VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                            (b->kind == KIND_STORAGE_IMAGE ? VK_IMAGE_USAGE_STORAGE_BIT : VK_IMAGE_USAGE_SAMPLED_BIT);
  if (!create_image(ctx, image_type_of(b->view_type), b->format, image_extent(b), image_layers(b), usage,
                    &r->image, &r->image_memory))
    return false;
  VkImageViewCreateInfo view = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = r->image,
      .viewType = b->view_type,
      .format = b->format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, image_layers(b)},
  };
  VK_TRY(ctx, vkCreateImageView(ctx->device, &view, NULL, &r->view));
  return create_host_buffer(ctx, b->byte_size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                            b->data, &r->buffer);
}

static bool create_sampler(Context *ctx, const BindingDesc *b, BoundResource *r) {
  VkSamplerCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = b->filter,
      .minFilter = b->filter,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
      .addressModeU = b->address_mode,
      .addressModeV = b->address_mode,
      .addressModeW = b->address_mode,
      .maxLod = 0.0f,
      .borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK,
  };
  VK_TRY(ctx, vkCreateSampler(ctx->device, &info, NULL, &r->sampler));
  return true;
}

static const VkBufferUsageFlags BUFFER_USAGE[] = {
    [KIND_UNIFORM_BUFFER] = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
    [KIND_STORAGE_BUFFER] = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
    [KIND_UNIFORM_TEXEL_BUFFER] = VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
    [KIND_STORAGE_TEXEL_BUFFER] = VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT,
};

bool create_resources(Context *ctx, const Job *job, JobObjects *objs) {
  for (uint32_t i = 0; i < job->binding_count; i++) {
    const BindingDesc *b = &job->bindings[i];
    BoundResource *r = &objs->resources[i];
    r->desc = b;
    if (is_buffer_kind(b->kind)) {
      if (!create_host_buffer(ctx, b->byte_size, BUFFER_USAGE[b->kind], b->data, &r->buffer)) return false;
      if (b->kind == KIND_UNIFORM_TEXEL_BUFFER || b->kind == KIND_STORAGE_TEXEL_BUFFER) {
        VkBufferViewCreateInfo view = {
            .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
            .buffer = r->buffer.buffer,
            .format = b->format,
            .range = b->byte_size,
        };
        VK_TRY(ctx, vkCreateBufferView(ctx->device, &view, NULL, &r->texel_view));
      }
    }
    if (is_image_kind(b->kind) && !create_bound_image(ctx, b, r)) return false;
    if (has_sampler(b->kind) && !create_sampler(ctx, b, r)) return false;
    if (b->kind == KIND_ACCELERATION_STRUCTURE && !accel_create(ctx, b, r)) return false;
  }
  return true;
}

bool write_descriptors(Context *ctx, const Job *job, JobObjects *objs) {
  VkWriteDescriptorSet writes[MAX_BINDINGS];
  VkDescriptorBufferInfo buffers[MAX_BINDINGS];
  VkDescriptorImageInfo images[MAX_BINDINGS];
  VkWriteDescriptorSetAccelerationStructureKHR accels[MAX_BINDINGS];
  for (uint32_t i = 0; i < job->binding_count; i++) {
    const BindingDesc *b = &job->bindings[i];
    const BoundResource *r = &objs->resources[i];
    writes[i] = (VkWriteDescriptorSet){
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = objs->sets[b->set],
        .dstBinding = b->binding,
        .dstArrayElement = b->array_element,
        .descriptorCount = 1,
        .descriptorType = DESCRIPTOR_TYPES[b->kind],
    };
    buffers[i] = (VkDescriptorBufferInfo){r->buffer.buffer, 0, b->byte_size};
    images[i] = (VkDescriptorImageInfo){
        .sampler = r->sampler,
        .imageView = r->view,
        .imageLayout = b->kind == KIND_STORAGE_IMAGE ? VK_IMAGE_LAYOUT_GENERAL
                       : b->kind == KIND_SAMPLER     ? VK_IMAGE_LAYOUT_UNDEFINED
                                                     : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
    };
    if (b->kind == KIND_ACCELERATION_STRUCTURE) writes[i].pNext = accel_descriptor(r, &accels[i]);
    else if (b->kind == KIND_UNIFORM_BUFFER || b->kind == KIND_STORAGE_BUFFER) writes[i].pBufferInfo = &buffers[i];
    else if (r->texel_view) writes[i].pTexelBufferView = &r->texel_view;
    else writes[i].pImageInfo = &images[i];
  }
  vkUpdateDescriptorSets(ctx->device, job->binding_count, writes, 0, NULL);
  return true;
}

static VkImageSubresourceLayers subresource_layers(const BindingDesc *b) {
  return (VkImageSubresourceLayers){VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, image_layers(b)};
}

static void image_barrier(VkCommandBuffer cmd, VkImage image, uint32_t layers, VkImageLayout from, VkImageLayout to,
                          VkPipelineStageFlags src_stage, VkAccessFlags src_access, VkPipelineStageFlags dst_stage,
                          VkAccessFlags dst_access) {
  VkImageMemoryBarrier barrier = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = src_access,
      .dstAccessMask = dst_access,
      .oldLayout = from,
      .newLayout = to,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers},
  };
  vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &barrier);
}

void record_uploads(const Job *job, JobObjects *objs, VkPipelineStageFlags consumer) {
  for (uint32_t i = 0; i < job->binding_count; i++) {
    const BindingDesc *b = &job->bindings[i];
    BoundResource *r = &objs->resources[i];
    if (!r->image) continue;
    image_barrier(objs->cmd, r->image, image_layers(b), VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0,
                  VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
    VkBufferImageCopy region = {.imageSubresource = subresource_layers(b), .imageExtent = image_extent(b)};
    vkCmdCopyBufferToImage(objs->cmd, r->buffer.buffer, r->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    bool storage = b->kind == KIND_STORAGE_IMAGE;
    image_barrier(objs->cmd, r->image, image_layers(b), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  storage ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                  VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, consumer,
                  VK_ACCESS_SHADER_READ_BIT | (storage ? VK_ACCESS_SHADER_WRITE_BIT : 0));
  }
}

void record_readbacks(const Job *job, JobObjects *objs, VkPipelineStageFlags producer) {
  for (uint32_t i = 0; i < job->binding_count; i++) {
    const BindingDesc *b = &job->bindings[i];
    BoundResource *r = &objs->resources[i];
    if (b->kind != KIND_STORAGE_IMAGE) continue;
    image_barrier(objs->cmd, r->image, image_layers(b), VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                  producer, VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    VkBufferImageCopy region = {.imageSubresource = subresource_layers(b), .imageExtent = image_extent(b)};
    vkCmdCopyImageToBuffer(objs->cmd, r->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r->buffer.buffer, 1, &region);
  }
  /* Shader writes to buffers and transfer writes to staging become host-visible. */
  VkMemoryBarrier to_host = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
  };
  vkCmdPipelineBarrier(objs->cmd, producer | VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                       &to_host, 0, NULL, 0, NULL);
}

bool begin_commands(Context *ctx, JobObjects *objs) {
  VkCommandBufferAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = ctx->command_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
  };
  VK_TRY(ctx, vkAllocateCommandBuffers(ctx->device, &alloc, &objs->cmd));
  VkCommandBufferBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
  };
  VK_TRY(ctx, vkBeginCommandBuffer(objs->cmd, &begin));
  return true;
}

bool submit_and_wait(Context *ctx, JobObjects *objs) {
  VK_TRY(ctx, vkEndCommandBuffer(objs->cmd));
  /* Never hand the driver a command buffer the layer has objected to. */
  if (has_messages(ctx)) return false;
  VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VK_TRY(ctx, vkCreateFence(ctx->device, &fence, NULL, &objs->fence));
  VkSubmitInfo submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &objs->cmd,
  };
  VK_TRY(ctx, vkQueueSubmit(ctx->queue, 1, &submit, objs->fence));
  VkResult waited = vkWaitForFences(ctx->device, 1, &objs->fence, VK_TRUE, 20ull * 1000 * 1000 * 1000);
  if (waited == VK_TIMEOUT) return fail(ctx, "GPU work did not finish within 20 s");
  VK_TRY(ctx, waited);
  return true;
}

void collect_outputs(const Job *job, const JobObjects *objs, ByteBuf *out) {
  for (uint32_t i = 0; i < job->binding_count; i++) {
    const BindingDesc *b = &job->bindings[i];
    const BoundResource *r = &objs->resources[i];
    uint32_t head[3] = {b->set, b->binding, b->array_element};
    size_t head_size = b->is_array ? 12 : 8;
    if (is_buffer_kind(b->kind))
      put_record(out, b->is_array ? TAG_BUFFER_ELEMENT_OUT : TAG_BUFFER_OUT, head, head_size, r->buffer.mapped, b->byte_size);
    else if (b->kind == KIND_STORAGE_IMAGE)
      put_record(out, b->is_array ? TAG_IMAGE_ELEMENT_OUT : TAG_IMAGE_OUT, head, head_size, r->buffer.mapped, b->byte_size);
  }
}

static void destroy_host_buffer(Context *ctx, HostBuffer *b) {
  if (b->buffer) vkDestroyBuffer(ctx->device, b->buffer, NULL);
  if (b->memory) vkFreeMemory(ctx->device, b->memory, NULL); /* implicitly unmaps */
}

void destroy_job_objects(Context *ctx, JobObjects *objs) {
  VkDevice d = ctx->device;
  if (!d) return;
  if (objs->fence) vkWaitForFences(d, 1, &objs->fence, VK_TRUE, UINT64_MAX);
  else vkDeviceWaitIdle(d);
  if (objs->fence) vkDestroyFence(d, objs->fence, NULL);
  if (objs->cmd) vkFreeCommandBuffers(d, ctx->command_pool, 1, &objs->cmd);
  for (int i = 0; i < MAX_BINDINGS; i++) {
    BoundResource *r = &objs->resources[i];
    if (r->sampler) vkDestroySampler(d, r->sampler, NULL);
    if (r->view) vkDestroyImageView(d, r->view, NULL);
    if (r->image) vkDestroyImage(d, r->image, NULL);
    if (r->image_memory) vkFreeMemory(d, r->image_memory, NULL);
    if (r->texel_view) vkDestroyBufferView(d, r->texel_view, NULL);
    accel_destroy(ctx, r);
    destroy_host_buffer(ctx, &r->buffer);
  }
  for (int i = 0; i < MAX_VERTEX_BUFFERS; i++) destroy_host_buffer(ctx, &objs->vertex_buffers[i]);
  raytrace_destroy(ctx, objs);
  if (objs->msaa_view) vkDestroyImageView(d, objs->msaa_view, NULL);
  if (objs->msaa) vkDestroyImage(d, objs->msaa, NULL);
  if (objs->msaa_memory) vkFreeMemory(d, objs->msaa_memory, NULL);
  if (objs->target_view) vkDestroyImageView(d, objs->target_view, NULL);
  if (objs->target) vkDestroyImage(d, objs->target, NULL);
  if (objs->target_memory) vkFreeMemory(d, objs->target_memory, NULL);
  destroy_host_buffer(ctx, &objs->target_readback);
  if (objs->pool) vkDestroyDescriptorPool(d, objs->pool, NULL);
  if (objs->pipeline) vkDestroyPipeline(d, objs->pipeline, NULL);
  if (objs->pipeline_layout) vkDestroyPipelineLayout(d, objs->pipeline_layout, NULL);
  for (int i = 0; i < 8; i++)
    if (objs->set_layouts[i]) vkDestroyDescriptorSetLayout(d, objs->set_layouts[i], NULL);
  for (int s = 0; s < STAGE_COUNT; s++)
    if (objs->modules[s]) vkDestroyShaderModule(d, objs->modules[s], NULL);
  memset(objs, 0, sizeof *objs);
}
