/* Buffer device addresses in push constants: a job may ask the runner to write the
 * VkDeviceAddress of one of its buffer bindings into its push-constant bytes at an offset
 * (what an application does for vk::RawBufferLoad / vk::BufferPointer). Buffers get
 * SHADER_DEVICE_ADDRESS usage only on a device created with bufferDeviceAddress. */
#include <string.h>

#include "runner.h"

bool parse_address_patch(Context *ctx, Job *job, const uint8_t *p, size_t len) {
  if (len < 12) return fail(ctx, "address record: %zu bytes, expected 12", len);
  if (job->address_patch_count == MAX_BINDINGS) return fail(ctx, "too many address patches");
  AddressPatch *a = &job->address_patches[job->address_patch_count++];
  memcpy(&a->set, p, 4);
  memcpy(&a->binding, p + 4, 4);
  memcpy(&a->push_offset, p + 8, 4);
  return true;
}

VkBufferUsageFlags address_usage(const Context *ctx, VkBufferUsageFlags usage) {
  const VkBufferUsageFlags buffers = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;
  return ctx->device_addresses && (usage & buffers) ? usage | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : usage;
}

const uint8_t *patched_push(Context *ctx, const Job *job, const JobObjects *objs, uint8_t *scratch, size_t scratch_size) {
  if (job->address_patch_count == 0) return job->push;
  if (job->push_size > scratch_size) {
    fail(ctx, "%u push bytes with device addresses: at most %zu", job->push_size, scratch_size);
    return NULL;
  }
  if (!ctx->device_addresses) {
    fail(ctx, "address patches need a device with bufferDeviceAddress (the module declares no PhysicalStorageBufferAddresses)");
    return NULL;
  }
  memcpy(scratch, job->push, job->push_size);
  for (uint32_t i = 0; i < job->address_patch_count; i++) {
    const AddressPatch *a = &job->address_patches[i];
    if ((size_t)a->push_offset + 8 > job->push_size) {
      fail(ctx, "address of binding %u:%u at push offset %u does not fit in %u push bytes", a->set, a->binding,
           a->push_offset, job->push_size);
      return NULL;
    }
    const BoundResource *found = NULL;
    for (uint32_t r = 0; r < job->binding_count && !found; r++) {
      const BindingDesc *d = objs->resources[r].desc;
      if (d && d->set == a->set && d->binding == a->binding && objs->resources[r].buffer.buffer) found = &objs->resources[r];
    }
    if (!found) {
      fail(ctx, "address patch names binding %u:%u, which is not a buffer of the job", a->set, a->binding);
      return NULL;
    }
    VkBufferDeviceAddressInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = found->buffer.buffer};
    VkDeviceAddress address = vkGetBufferDeviceAddress(ctx->device, &info);
    memcpy(scratch + a->push_offset, &address, 8);
  }
  return scratch;
}
