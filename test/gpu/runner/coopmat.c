/* The cooperative matrix shapes and component types the driver supports
 * (vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR), so that a test picks one it offers. A query
 * of the physical device: the job names VK_KHR_cooperative_matrix, which the device was created with. */
#include "runner.h"

#include <stdlib.h>

bool run_coopmat_query(Context *ctx, ByteBuf *out) {
  PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR get =
      (PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)vkGetInstanceProcAddr(
          ctx->instance, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR");
  if (!get) return fail(ctx, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR is not available");
  uint32_t count = 0;
  VK_TRY(ctx, get(ctx->physical, &count, NULL));
  VkCooperativeMatrixPropertiesKHR *props = calloc(count ? count : 1, sizeof *props);
  if (!props) return fail(ctx, "out of memory");
  for (uint32_t i = 0; i < count; i++) props[i].sType = VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR;
  VkResult listed = get(ctx->physical, &count, props);
  if (listed != VK_SUCCESS) {
    free(props);
    return fail(ctx, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR failed: %s", vk_result_name(listed));
  }
  uint32_t *words = calloc(1 + 9 * (size_t)count, 4);
  if (!words) {
    free(props);
    return fail(ctx, "out of memory");
  }
  words[0] = count;
  for (uint32_t i = 0; i < count; i++) {
    const VkCooperativeMatrixPropertiesKHR *p = &props[i];
    uint32_t *w = &words[1 + 9 * i];
    w[0] = p->MSize, w[1] = p->NSize, w[2] = p->KSize;
    w[3] = p->AType, w[4] = p->BType, w[5] = p->CType, w[6] = p->ResultType;
    w[7] = p->saturatingAccumulation, w[8] = p->scope;
  }
  put_record(out, TAG_COOPMAT_OUT, words, 4 * (1 + 9 * (size_t)count), NULL, 0);
  free(words);
  free(props);
  return true;
}
