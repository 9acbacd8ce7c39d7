/* Acceleration-structure bindings (VK_KHR_acceleration_structure): a bottom-level structure of the
 * binding's triangles (or boxes) and a top-level one holding a single instance of it, built on the device in
 * a submission of their own that completes before the job's commands are recorded. Binding body (encode-job.ts):
 *   u32 instanceCustomIndex, u32 mask, u32 opaque, u32 triangleCount,
 *   f32 transform[12] (row-major 3x4), f32 positions[triangleCount * 9]. */
#include "runner.h"

#include <string.h>

#define HEADER_WORDS 16

typedef struct {
  PFN_vkGetAccelerationStructureBuildSizesKHR sizes;
  PFN_vkCreateAccelerationStructureKHR create;
  PFN_vkDestroyAccelerationStructureKHR destroy;
  PFN_vkCmdBuildAccelerationStructuresKHR build;
  PFN_vkGetAccelerationStructureDeviceAddressKHR address;
} AccelFns;

static bool load_fns(Context *ctx, AccelFns *f) {
  f->sizes = (PFN_vkGetAccelerationStructureBuildSizesKHR)vkGetDeviceProcAddr(ctx->device, "vkGetAccelerationStructureBuildSizesKHR");
  f->create = (PFN_vkCreateAccelerationStructureKHR)vkGetDeviceProcAddr(ctx->device, "vkCreateAccelerationStructureKHR");
  f->destroy = (PFN_vkDestroyAccelerationStructureKHR)vkGetDeviceProcAddr(ctx->device, "vkDestroyAccelerationStructureKHR");
  f->build = (PFN_vkCmdBuildAccelerationStructuresKHR)vkGetDeviceProcAddr(ctx->device, "vkCmdBuildAccelerationStructuresKHR");
  f->address = (PFN_vkGetAccelerationStructureDeviceAddressKHR)vkGetDeviceProcAddr(ctx->device, "vkGetAccelerationStructureDeviceAddressKHR");
  if (!f->sizes || !f->create || !f->destroy || !f->build || !f->address)
    return fail(ctx, "acceleration-structure binding: the job must name VK_KHR_acceleration_structure (and VK_KHR_deferred_host_operations)");
  return true;
}

static uint32_t memory_type(Context *ctx, uint32_t bits) {
  VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  for (uint32_t i = 0; i < ctx->memory.memoryTypeCount; i++)
    if ((bits & (1u << i)) && (ctx->memory.memoryTypes[i].propertyFlags & want) == want) return i;
  return UINT32_MAX;
}

/* A host-visible buffer whose device address the build reads or writes. */
bool create_address_buffer(Context *ctx, VkDeviceSize size, VkBufferUsageFlags usage, const void *contents,
                           HostBuffer *out, VkDeviceAddress *address) {
  out->size = size;
  VkBufferCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size ? size : 4,
      .usage = usage | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
  };
  VK_TRY(ctx, vkCreateBuffer(ctx->device, &info, NULL, &out->buffer));
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(ctx->device, out->buffer, &req);
  VkMemoryAllocateFlagsInfo flags = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
      .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
  };
  VkMemoryAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .pNext = &flags,
      .allocationSize = req.size,
      .memoryTypeIndex = memory_type(ctx, req.memoryTypeBits),
  };
  if (alloc.memoryTypeIndex == UINT32_MAX) return fail(ctx, "no host-visible memory for an address buffer");
  VK_TRY(ctx, vkAllocateMemory(ctx->device, &alloc, NULL, &out->memory));
  VK_TRY(ctx, vkBindBufferMemory(ctx->device, out->buffer, out->memory, 0));
  VK_TRY(ctx, vkMapMemory(ctx->device, out->memory, 0, VK_WHOLE_SIZE, 0, &out->mapped));
  if (contents && size) memcpy(out->mapped, contents, size);
  VkBufferDeviceAddressInfo at = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = out->buffer};
  *address = vkGetBufferDeviceAddress(ctx->device, &at);
  return true;
}

/* One structure of `type` from `geometry`: its storage buffer, the handle, and a scratch buffer;
 * the build is recorded into `cmd`. */
static bool build_one(Context *ctx, const AccelFns *f, VkCommandBuffer cmd, VkAccelerationStructureTypeKHR type,
                      const VkAccelerationStructureGeometryKHR *geometry, uint32_t primitives, HostBuffer *storage,
                      HostBuffer *scratch, VkAccelerationStructureKHR *out) {
  VkAccelerationStructureBuildGeometryInfoKHR build = {
      .sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_BUILD_GEOMETRY_INFO_KHR,
      .type = type,
      .flags = VK_BUILD_ACCELERATION_STRUCTURE_PREFER_FAST_TRACE_BIT_KHR,
      .mode = VK_BUILD_ACCELERATION_STRUCTURE_MODE_BUILD_KHR,
      .geometryCount = 1,
      .pGeometries = geometry,
  };
  VkAccelerationStructureBuildSizesInfoKHR sizes = {.sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_BUILD_SIZES_INFO_KHR};
  f->sizes(ctx->device, VK_ACCELERATION_STRUCTURE_BUILD_TYPE_DEVICE_KHR, &build, &primitives, &sizes);
  VkDeviceAddress unused, scratch_address;
  if (!create_address_buffer(ctx, sizes.accelerationStructureSize, VK_BUFFER_USAGE_ACCELERATION_STRUCTURE_STORAGE_BIT_KHR, NULL,
                             storage, &unused))
    return false;
  if (!create_address_buffer(ctx, sizes.buildScratchSize, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, NULL, scratch, &scratch_address))
    return false;
  VkAccelerationStructureCreateInfoKHR info = {
      .sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_CREATE_INFO_KHR,
      .buffer = storage->buffer,
      .size = sizes.accelerationStructureSize,
      .type = type,
  };
  VK_TRY(ctx, f->create(ctx->device, &info, NULL, out));
  build.dstAccelerationStructure = *out;
  build.scratchData.deviceAddress = scratch_address;
  VkAccelerationStructureBuildRangeInfoKHR range = {.primitiveCount = primitives};
  const VkAccelerationStructureBuildRangeInfoKHR *ranges = &range;
  f->build(cmd, 1, &build, &ranges);
  return true;
}

static void build_barrier(VkCommandBuffer cmd, VkPipelineStageFlags to, VkAccessFlags access) {
  VkMemoryBarrier barrier = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_ACCELERATION_STRUCTURE_WRITE_BIT_KHR,
      .dstAccessMask = access,
  };
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ACCELERATION_STRUCTURE_BUILD_BIT_KHR, to, 0, 1, &barrier, 0, NULL, 0, NULL);
}

static bool record_builds(Context *ctx, const BindingDesc *b, BoundResource *r, VkCommandBuffer cmd);

bool accel_create(Context *ctx, const BindingDesc *b, BoundResource *r) {
  VkCommandBufferAllocateInfo alloc = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = ctx->command_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
  };
  VkCommandBuffer cmd;
  VK_TRY(ctx, vkAllocateCommandBuffers(ctx->device, &alloc, &cmd));
  VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
  bool ok = vkBeginCommandBuffer(cmd, &begin) == VK_SUCCESS && record_builds(ctx, b, r, cmd) && vkEndCommandBuffer(cmd) == VK_SUCCESS;
  /* Never hand the driver a command buffer the layer has objected to. */
  if (ok && !has_messages(ctx)) {
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence = VK_NULL_HANDLE;
    ok = vkCreateFence(ctx->device, &fence_info, NULL, &fence) == VK_SUCCESS;
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    if (ok) ok = vkQueueSubmit(ctx->queue, 1, &submit, fence) == VK_SUCCESS &&
                 vkWaitForFences(ctx->device, 1, &fence, VK_TRUE, 20ull * 1000 * 1000 * 1000) == VK_SUCCESS;
    if (fence) vkDestroyFence(ctx->device, fence, NULL);
    if (!ok) fail(ctx, "acceleration-structure build did not complete");
  }
  vkFreeCommandBuffers(ctx->device, ctx->command_pool, 1, &cmd);
  return ok;
}

static bool record_builds(Context *ctx, const BindingDesc *b, BoundResource *r, VkCommandBuffer cmd) {
  AccelFns f;
  if (!load_fns(ctx, &f)) return false;
  if (b->byte_size < HEADER_WORDS * 4) return fail(ctx, "acceleration-structure binding without its header");
  uint32_t header[4];
  float transform[12];
  memcpy(header, b->data, sizeof header);
  memcpy(transform, b->data + 16, sizeof transform);
  uint32_t count = header[3];
  bool boxes = (header[2] & 2) != 0;
  uint32_t bytes = count * (boxes ? 24 : 36);
  if (b->byte_size != HEADER_WORDS * 4 + bytes) return fail(ctx, "acceleration-structure binding: %u primitives need %u bytes", count, HEADER_WORDS * 4 + bytes);
  RayTracingObjects *rt = &r->accel;
  rt->fns = f.destroy;

  VkDeviceAddress data;
  if (!create_address_buffer(ctx, bytes, VK_BUFFER_USAGE_ACCELERATION_STRUCTURE_BUILD_INPUT_READ_ONLY_BIT_KHR,
                             b->data + HEADER_WORDS * 4, &rt->vertices, &data))
    return false;
  VkAccelerationStructureGeometryKHR geometry = {
      .sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_GEOMETRY_KHR,
      .flags = (header[2] & 1) ? VK_GEOMETRY_OPAQUE_BIT_KHR : 0,
  };
  if (boxes) {
    geometry.geometryType = VK_GEOMETRY_TYPE_AABBS_KHR;
    geometry.geometry.aabbs = (VkAccelerationStructureGeometryAabbsDataKHR){
        .sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_GEOMETRY_AABBS_DATA_KHR,
        .data.deviceAddress = data,
        .stride = 24,
    };
  } else {
    geometry.geometryType = VK_GEOMETRY_TYPE_TRIANGLES_KHR;
    geometry.geometry.triangles = (VkAccelerationStructureGeometryTrianglesDataKHR){
        .sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_GEOMETRY_TRIANGLES_DATA_KHR,
        .vertexFormat = VK_FORMAT_R32G32B32_SFLOAT,
        .vertexData.deviceAddress = data,
        .vertexStride = 12,
        .maxVertex = count * 3 - 1,
        .indexType = VK_INDEX_TYPE_NONE_KHR,
    };
  }
  if (!build_one(ctx, &f, cmd, VK_ACCELERATION_STRUCTURE_TYPE_BOTTOM_LEVEL_KHR, &geometry, count,
                 &rt->blas_storage, &rt->blas_scratch, &rt->blas))
    return false;
  build_barrier(cmd, VK_PIPELINE_STAGE_ACCELERATION_STRUCTURE_BUILD_BIT_KHR, VK_ACCESS_ACCELERATION_STRUCTURE_READ_BIT_KHR);

  VkAccelerationStructureDeviceAddressInfoKHR blas_at = {
      .sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_DEVICE_ADDRESS_INFO_KHR,
      .accelerationStructure = rt->blas,
  };
  VkAccelerationStructureInstanceKHR instance = {
      .instanceCustomIndex = header[0] & 0xffffff,
      .mask = header[1] & 0xff,
      .instanceShaderBindingTableRecordOffset = 0,
      .flags = 0,
      .accelerationStructureReference = f.address(ctx->device, &blas_at),
  };
  memcpy(instance.transform.matrix, transform, sizeof transform);
  VkDeviceAddress instances;
  if (!create_address_buffer(ctx, sizeof instance, VK_BUFFER_USAGE_ACCELERATION_STRUCTURE_BUILD_INPUT_READ_ONLY_BIT_KHR,
                             &instance, &rt->instances, &instances))
    return false;
  VkAccelerationStructureGeometryKHR instance_geometry = {
      .sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_GEOMETRY_KHR,
      .geometryType = VK_GEOMETRY_TYPE_INSTANCES_KHR,
      .geometry.instances = {
          .sType = VK_STRUCTURE_TYPE_ACCELERATION_STRUCTURE_GEOMETRY_INSTANCES_DATA_KHR,
          .data.deviceAddress = instances,
      },
  };
  if (!build_one(ctx, &f, cmd, VK_ACCELERATION_STRUCTURE_TYPE_TOP_LEVEL_KHR, &instance_geometry, 1, &rt->tlas_storage,
                 &rt->tlas_scratch, &rt->tlas))
    return false;
  return true;
}

const void *accel_descriptor(const BoundResource *r, VkWriteDescriptorSetAccelerationStructureKHR *write) {
  *write = (VkWriteDescriptorSetAccelerationStructureKHR){
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_ACCELERATION_STRUCTURE_KHR,
      .accelerationStructureCount = 1,
      .pAccelerationStructures = &r->accel.tlas,
  };
  return write;
}

static void destroy_buffer(Context *ctx, HostBuffer *b) {
  if (b->buffer) vkDestroyBuffer(ctx->device, b->buffer, NULL);
  if (b->memory) vkFreeMemory(ctx->device, b->memory, NULL);
}

void accel_destroy(Context *ctx, BoundResource *r) {
  RayTracingObjects *rt = &r->accel;
  if (rt->tlas) rt->fns(ctx->device, rt->tlas, NULL);
  if (rt->blas) rt->fns(ctx->device, rt->blas, NULL);
  HostBuffer *buffers[] = {&rt->vertices, &rt->instances, &rt->blas_storage, &rt->blas_scratch, &rt->tlas_storage, &rt->tlas_scratch};
  for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; i++) destroy_buffer(ctx, buffers[i]);
}
