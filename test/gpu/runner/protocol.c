/* Job frames are a sequence of records: u32 tag, u32 byte length, payload
 * padded to 4 bytes. All integers little-endian. Mirrors test/gpu/protocol.ts. */
#include "runner.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void buf_append(ByteBuf *b, const void *data, size_t size) {
  if (b->size + size > b->capacity) {
    size_t cap = b->capacity ? b->capacity : 256;
    while (cap < b->size + size) cap *= 2;
    b->bytes = realloc(b->bytes, cap);
    if (!b->bytes) abort();
    b->capacity = cap;
  }
  if (size) memcpy(b->bytes + b->size, data, size);
  b->size += size;
}

void buf_printf(ByteBuf *b, const char *fmt, ...) {
  char text[4096];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  buf_append(b, text, (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

void buf_free(ByteBuf *b) {
  free(b->bytes);
  *b = (ByteBuf){0};
}

static uint32_t u32_at(const uint8_t *p, size_t index) {
  uint32_t v;
  memcpy(&v, p + index * 4, 4);
  return v;
}

static bool copy_string(Context *ctx, char *dst, size_t cap, const uint8_t *src, size_t len, const char *what) {
  if (len >= cap) return fail(ctx, "%s too long (%zu bytes)", what, len);
  memcpy(dst, src, len);
  dst[len] = 0;
  return true;
}

static bool need(Context *ctx, uint32_t tag, size_t have, size_t want) {
  if (have < want) return fail(ctx, "record %u: %zu bytes, expected at least %zu", tag, have, want);
  return true;
}

static bool parse_binding(Context *ctx, Job *job, const uint8_t *p, size_t len) {
  if (!need(ctx, TAG_BINDING, len, 44)) return false;
  if (job->binding_count == MAX_BINDINGS) return fail(ctx, "more than %d bindings", MAX_BINDINGS);
  BindingDesc *b = &job->bindings[job->binding_count++];
  b->set = u32_at(p, 0);
  b->binding = u32_at(p, 1);
  b->kind = u32_at(p, 2);
  b->format = u32_at(p, 3);
  b->width = u32_at(p, 4);
  b->height = u32_at(p, 5);
  b->depth_or_layers = u32_at(p, 6);
  b->view_type = u32_at(p, 7);
  b->filter = u32_at(p, 8);
  b->address_mode = u32_at(p, 9);
  b->byte_size = u32_at(p, 10);
  if (len - 44 < b->byte_size) return fail(ctx, "binding %u.%u: contents truncated", b->set, b->binding);
  if (b->set >= 8) return fail(ctx, "binding %u.%u: set index above 7", b->set, b->binding);
  b->data = p + 44;
  return true;
}

bool parse_job(Context *ctx, const uint8_t *frame, size_t size, Job *job) {
  memset(job, 0, sizeof *job);
  job->instance_count = 1;
  size_t at = 0;
  while (at + 8 <= size) {
    uint32_t tag = u32_at(frame + at, 0), len = u32_at(frame + at, 1);
    const uint8_t *p = frame + at + 8;
    if (at + 8 + len > size) return fail(ctx, "record %u overruns the frame", tag);
    switch (tag) {
      case TAG_KIND:
        if (!need(ctx, tag, len, 4)) return false;
        job->kind = u32_at(p, 0);
        break;
      case TAG_FEATURES:
        if (!copy_string(ctx, job->features, sizeof job->features, p, len, "feature list")) return false;
        break;
      case TAG_EXTENSIONS:
        if (!copy_string(ctx, job->extensions, sizeof job->extensions, p, len, "extension list")) return false;
        break;
      case TAG_STAGE: {
        if (!need(ctx, tag, len, 8)) return false;
        uint32_t stage = u32_at(p, 0), entry_len = u32_at(p, 1);
        size_t padded = (entry_len + 3) & ~3u;
        if (stage >= STAGE_COUNT) return fail(ctx, "unknown stage %u", stage);
        if (!need(ctx, tag, len, 8 + padded)) return false;
        if (!copy_string(ctx, job->entry[stage], sizeof job->entry[stage], p + 8, entry_len, "entry point"))
          return false;
        job->spirv[stage] = (const uint32_t *)(p + 8 + padded); /* frame buffer is 4-byte aligned */
        job->spirv_words[stage] = (uint32_t)((len - 8 - padded) / 4);
        break;
      }
      case TAG_RAY_STAGE: {
        if (!need(ctx, tag, len, 8)) return false;
        uint32_t stage = u32_at(p, 0), entry_len = u32_at(p, 1);
        size_t padded = (entry_len + 3) & ~3u;
        if (stage >= RAY_STAGE_COUNT) return fail(ctx, "unknown ray-tracing stage %u", stage);
        if (!need(ctx, tag, len, 8 + padded)) return false;
        if (!copy_string(ctx, job->ray_entry[stage], sizeof job->ray_entry[stage], p + 8, entry_len, "entry point"))
          return false;
        job->ray_spirv[stage] = (const uint32_t *)(p + 8 + padded);
        job->ray_spirv_words[stage] = (uint32_t)((len - 8 - padded) / 4);
        break;
      }
      case TAG_GROUPS:
        if (!need(ctx, tag, len, 12)) return false;
        for (int i = 0; i < 3; i++) job->groups[i] = u32_at(p, i);
        break;
      case TAG_PUSH:
        job->push = p;
        job->push_size = len;
        break;
      case TAG_BINDING:
        if (!parse_binding(ctx, job, p, len)) return false;
        break;
      case TAG_BINDING_ARRAY: {
        if (!need(ctx, tag, len, 12)) return false;
        if (job->binding_count == 0) return fail(ctx, "descriptor-array record before any binding");
        BindingDesc *b = &job->bindings[job->binding_count - 1];
        b->is_array = true;
        b->array_element = u32_at(p, 0);
        b->descriptor_count = u32_at(p, 1);
        b->array_flags = u32_at(p, 2);
        break;
      }
      case TAG_VERTEX_BUFFER: {
        if (!need(ctx, tag, len, 12)) return false;
        if (job->vertex_buffer_count == MAX_VERTEX_BUFFERS) return fail(ctx, "too many vertex buffers");
        VertexBufferDesc *v = &job->vertex_buffers[job->vertex_buffer_count++];
        v->binding = u32_at(p, 0);
        v->stride = u32_at(p, 1);
        v->input_rate = u32_at(p, 2);
        v->data = p + 12;
        v->size = len - 12;
        break;
      }
      case TAG_VERTEX_ATTRIBUTE: {
        if (!need(ctx, tag, len, 16)) return false;
        if (job->attribute_count == MAX_VERTEX_ATTRIBUTES) return fail(ctx, "too many vertex attributes");
        VertexAttributeDesc *a = &job->attributes[job->attribute_count++];
        a->location = u32_at(p, 0);
        a->binding = u32_at(p, 1);
        a->format = u32_at(p, 2);
        a->offset = u32_at(p, 3);
        break;
      }
      case TAG_TARGET:
        if (!need(ctx, tag, len, 40)) return false;
        job->target_width = u32_at(p, 0);
        job->target_height = u32_at(p, 1);
        job->target_format = u32_at(p, 2);
        job->target_size = u32_at(p, 3);
        job->vertex_count = u32_at(p, 4);
        if (!job->has_draw_range) job->instance_count = u32_at(p, 5);
        memcpy(job->clear, p + 24, 16);
        break;
      case TAG_SAMPLES:
        if (!need(ctx, tag, len, 4)) return false;
        job->samples = u32_at(p, 0);
        if (job->samples != 1 && job->samples != 2 && job->samples != 4 && job->samples != 8)
          return fail(ctx, "draw samples must be 1, 2, 4 or 8, not %u", job->samples);
        break;
      case TAG_PIPELINE:
        if (!need(ctx, tag, len, 8)) return false;
        job->topology_given = true;
        job->topology = u32_at(p, 0);
        job->patch_control_points = u32_at(p, 1);
        break;
      case TAG_ADDRESS:
        if (!parse_address_patch(ctx, job, p, len)) return false;
        break;
      case TAG_DRAW_RANGE:
        if (!need(ctx, tag, len, 12)) return false;
        job->has_draw_range = true;
        job->first_vertex = u32_at(p, 0);
        job->first_instance = u32_at(p, 1);
        job->instance_count = u32_at(p, 2);
        break;
      default:
        return fail(ctx, "unknown record tag %u", tag);
    }
    at += 8 + ((len + 3) & ~(size_t)3);
  }
  if (job->kind != JOB_COMPUTE && job->kind != JOB_DRAW && job->kind != JOB_MESH && job->kind != JOB_RAYTRACE &&
      job->kind != JOB_COOPMAT_QUERY)
    return fail(ctx, "job kind missing");
  return true;
}

void put_record(ByteBuf *out, uint32_t tag, const void *head, size_t head_size, const void *body,
                size_t body_size) {
  uint32_t header[2] = {tag, (uint32_t)(head_size + body_size)};
  buf_append(out, header, 8);
  buf_append(out, head, head_size);
  buf_append(out, body, body_size);
  static const uint8_t zeros[4] = {0};
  buf_append(out, zeros, (4 - (head_size + body_size) % 4) % 4);
}
