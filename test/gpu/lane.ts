// The real-driver lane: run the GPU test suites' jobs on another machine's Vulkan driver (an NVIDIA
// GPU lent by the `device` tool has no Node) and judge its results with the tests' own assertions.
//   1. here, HLSL_GPU_RECORD=<dir>: every job frame a test sends is also saved as <dir>/<sha256>.job
//      (tests still run on lavapipe as usual);
//   2. there, scripts/gpu-lane/device.sh feeds the frames to the same C runner built here, on the
//      driver that VK_DRIVER_FILES names, and writes the result stream back;
//   3. here, scripts/gpu-lane/split.mjs files each result as <dir>/<sha256>.result, and
//      HLSL_GPU_REPLAY=<dir> makes the harness answer each job with that result instead of running it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRecords, type ResultRecord } from './protocol.js';

export const RECORD_VARIABLE = 'HLSL_GPU_RECORD';
export const REPLAY_VARIABLE = 'HLSL_GPU_REPLAY';

export function jobHash(frame: Uint8Array): string {
  return createHash('sha256').update(frame).digest('hex');
}

/** Saves a job frame (length-prefixed, as sent to the runner) when recording. */
export function recordJob(frame: Uint8Array): void {
  const dir = process.env[RECORD_VARIABLE];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${jobHash(frame)}.job`);
  if (!existsSync(path)) writeFileSync(path, frame);
}

export function replayDirectory(): string | undefined {
  return process.env[REPLAY_VARIABLE] || undefined;
}

/** The result another driver gave for this job frame. */
export function replayedResult(dir: string, frame: Uint8Array): ResultRecord[] {
  const path = join(dir, `${jobHash(frame)}.result`);
  if (!existsSync(path)) {
    throw new Error(`no result from the device for this job (${path}): record the suites again (${RECORD_VARIABLE}) and rerun the device lane`);
  }
  const bytes = readFileSync(path);
  return readRecords(new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
}
