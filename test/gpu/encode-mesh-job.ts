// Turns a MeshDrawJob into a runner frame (runner/mesh.c): the optional task module, the mesh and
// fragment modules, the task/mesh workgroup count and the colour target (no vertex input).
import { formatInfo } from './formats.js';
import { clearWords, encodeCommon, encodeStage, type JobFeatures } from './encode-job.js';
import { FrameWriter, JOB_KIND, TAG } from './protocol.js';
import type { MeshDrawJob } from './types.js';

export function encodeMeshJob(job: MeshDrawJob): Uint8Array {
  const frame = new FrameWriter().record(TAG.kind, [JOB_KIND.mesh]);
  const needs: JobFeatures = { features: new Set(), extensions: new Set() };
  if (job.amplificationSpirv) encodeStage(frame, needs, 'task', job.amplificationSpirv, job.amplificationEntry ?? 'main', job.extensions);
  encodeStage(frame, needs, 'mesh', job.meshSpirv, job.meshEntry ?? 'main', job.extensions);
  encodeStage(frame, needs, 'fragment', job.pixelSpirv ?? job.meshSpirv, job.pixelEntry ?? 'main', job.extensions);
  if (job.groups.some((g) => !Number.isInteger(g) || g < 1)) throw new Error(`groups must be positive integers (got ${job.groups.join(', ')})`);
  frame.record(TAG.groups, [...job.groups]);
  const format = job.format ?? 'rgba8unorm';
  const width = job.width ?? 64, height = job.height ?? 64;
  // Vertex and instance counts (words 4, 5) mean nothing to a mesh draw.
  frame.record(TAG.target, [width, height, formatInfo(format).vk, width * height * formatInfo(format).bytes, 0, 0, ...clearWords(format, job.clear ?? [0, 0, 0, 0])]);
  encodeCommon(frame, needs, job);
  return frame.finish();
}
