// Profiling driver for the front end on the frontend bench's corpus: runs one stage in a loop so a
// profiler sees it alone.
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-frontend.mjs [lex|pp|parse|all] [rounds]
//
// then read the .cpuprofile in Chrome DevTools, or summarise it with bench/profile-summary.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateInput, loadFrontEnd } from './frontend.mjs';

const stage = process.argv[2] ?? 'all';
const rounds = Number(process.argv[3] ?? 10);
const fe = await loadFrontEnd();
const dir = mkdtempSync(join(tmpdir(), 'hlsl-profile-'));
rmSync(dir, { recursive: true, force: true });
const { files, mainPath, bytes } = generateInput(dir, 3_000_000);
const host = fe.memoryHost(files);
const { tokens } = fe.preprocess(files[mainPath], mainPath, host, {}, new fe.DiagnosticSink());
// Fewest wall and CPU ms of one round: on a shared machine the minimum is the least disturbed.
let bestMs = Infinity;
let bestCpuMs = Infinity;
for (let i = 0; i < rounds; i++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  if (stage === 'lex') for (const [path, text] of Object.entries(files)) fe.tokenize(text, path, new fe.DiagnosticSink());
  else if (stage === 'pp') fe.preprocess(files[mainPath], mainPath, host, {}, new fe.DiagnosticSink());
  else if (stage === 'parse') fe.parse(tokens, new fe.DiagnosticSink());
  else {
    // As a compile runs it: the parser reads the preprocessor's stream.
    const sink = new fe.DiagnosticSink();
    const stream = fe.preprocessStream(files[mainPath], mainPath, host, {}, sink, true);
    fe.parse(stream, sink);
    stream.finish();
  }
  const used = process.cpuUsage(cpu);
  bestMs = Math.min(bestMs, performance.now() - started);
  bestCpuMs = Math.min(bestCpuMs, (used.user + used.system) / 1000);
}
const rate = (ms) => (bytes / 1e6 / (ms / 1000)).toFixed(2);
console.log(`${stage}: best ${bestMs.toFixed(1)} ms (${rate(bestMs)} MB/s), CPU ${bestCpuMs.toFixed(1)} ms (${rate(bestCpuMs)} MB/s)`);
