// Real-driver lane, step 3 (here): split the device's result stream into one <sha256>.result per
// job, next to the recorded .job files, for HLSL_GPU_REPLAY (test/gpu/lane.ts).
//   node scripts/gpu-lane/split.mjs <results.stream>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lane = new URL('../../test/gpu/.lane/', import.meta.url).pathname;
const stream = readFileSync(process.argv[2] ?? join(lane, 'results.stream'));
const jobs = readFileSync(join(lane, 'index.txt'), 'utf8').split('\n').filter(Boolean);
const frames = [];
for (let at = 0; at + 4 <= stream.length; ) {
  const length = stream.readUInt32LE(at);
  frames.push(stream.subarray(at + 4, at + 4 + length));
  at += 4 + length;
}
// The first frame is the runner's startup status; then one result per job, in index order.
const [startup, ...results] = frames;
if (!startup) throw new Error('empty result stream');
const status = startup.readUInt32LE(8);
if (status !== 0) throw new Error(`the runner did not start on the device: ${startup.subarray(12).toString()}`);
results.forEach((frame, i) => writeFileSync(join(lane, 'jobs', jobs[i].replace(/\.job$/, '.result')), frame));
console.log(`${results.length} of ${jobs.length} jobs have a device result${results.length < jobs.length ? ' (the runner stopped early: see runner-stderr.txt)' : ''}`);
