/* Long-lived runner: one Vulkan instance, then a loop of
 *   stdin:  u32 length + job frame      stdout: u32 length + result frame
 * The first result frame (a status record) reports whether startup worked.
 * fd 1 is redirected to stderr so that driver or layer chatter cannot corrupt
 * the protocol; results go to a private duplicate of the original stdout. */
#include "runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool read_exact(int fd, void *dst, size_t size) {
  uint8_t *p = dst;
  while (size) {
    ssize_t n = read(fd, p, size);
    if (n <= 0) return false;
    p += n;
    size -= (size_t)n;
  }
  return true;
}

static bool write_frame(int fd, const ByteBuf *frame) {
  uint32_t length = (uint32_t)frame->size;
  const uint8_t *parts[2] = {(const uint8_t *)&length, frame->bytes};
  size_t sizes[2] = {4, frame->size};
  for (int i = 0; i < 2; i++) {
    while (sizes[i]) {
      ssize_t n = write(fd, parts[i], sizes[i]);
      if (n <= 0) return false;
      parts[i] += n;
      sizes[i] -= (size_t)n;
    }
  }
  return true;
}

static void put_status(ByteBuf *out, Status status, const ByteBuf *message) {
  uint32_t code = status;
  put_record(out, TAG_STATUS, &code, 4, message ? message->bytes : NULL, message ? message->size : 0);
}

/* Runs one job and builds its result frame: status first, then outputs. */
static void execute(Context *ctx, const uint8_t *frame, size_t size, ByteBuf *result) {
  ByteBuf outputs = {0};
  Job job;
  JobObjects objs = {0};
  bool ok = parse_job(ctx, frame, size, &job) && context_ensure_device(ctx, job.features, job.extensions);
  if (ok && !has_messages(ctx))
    ok = job.kind == JOB_COOPMAT_QUERY ? run_coopmat_query(ctx, &outputs)
         : job.kind == JOB_COMPUTE    ? run_compute(ctx, &job, &objs, &outputs)
         : job.kind == JOB_MESH     ? run_mesh_draw(ctx, &job, &objs, &outputs)
         : job.kind == JOB_RAYTRACE ? run_raytrace(ctx, &job, &objs, &outputs)
                                    : run_draw(ctx, &job, &objs, &outputs);
  destroy_job_objects(ctx, &objs);

  if (has_messages(ctx)) {
    if (ctx->error.size) buf_printf(&ctx->messages, "(then: %.*s)\n", (int)ctx->error.size, ctx->error.bytes);
    put_status(result, STATUS_VALIDATION, &ctx->messages);
  } else if (!ok) {
    put_status(result, STATUS_ERROR, &ctx->error);
  } else {
    put_status(result, STATUS_OK, NULL);
    buf_append(result, outputs.bytes, outputs.size);
  }
  buf_free(&outputs);
  ctx->messages.size = 0;
  ctx->message_count = 0;
  ctx->error.size = 0;
}

int main(void) {
  int out_fd = dup(STDOUT_FILENO);
  dup2(STDERR_FILENO, STDOUT_FILENO);

  Context *ctx = calloc(1, sizeof *ctx);
  ByteBuf frame = {0};
  bool started = context_create_instance(ctx) && !has_messages(ctx);
  if (!started) {
    put_status(&frame, has_messages(ctx) ? STATUS_VALIDATION : STATUS_ERROR,
               has_messages(ctx) ? &ctx->messages : &ctx->error);
    write_frame(out_fd, &frame);
    context_destroy(ctx);
    return 1;
  }
  put_status(&frame, STATUS_OK, NULL);
  if (!write_frame(out_fd, &frame)) return 1;

  uint8_t *input = NULL;
  uint32_t length;
  while (read_exact(STDIN_FILENO, &length, 4)) {
    input = realloc(input, length ? length : 4);
    if (!input || !read_exact(STDIN_FILENO, input, length)) break;
    frame.size = 0;
    execute(ctx, input, length, &frame);
    if (!write_frame(out_fd, &frame)) break;
  }
  free(input);
  buf_free(&frame);
  context_destroy(ctx);
  buf_free(&ctx->messages);
  buf_free(&ctx->error);
  free(ctx);
  return 0;
}
