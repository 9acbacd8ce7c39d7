// Profiling driver for the plugin bench's project (bench/plugin.mjs): Vite warmed up, then a cold
// build into a fresh disk cache, then warm builds over it (fresh plugin instances, as the bench's).
// Only the builds of the phase asked for are recorded (an in-process inspector session on the main
// thread), so the profile holds no Vite start-up or project generation.
//
//   node bench/profile-plugin.mjs warm|cold|replay [out.cpuprofile] [builds]
//
// `replay`: the bench's floor row, our warm build's modules replayed from memory (bundler only).
//
// Worker threads are not in that profile; for them run under `node --cpu-prof --cpu-prof-dir=DIR`
// (one file per thread). Summarise with bench/profile-summary.mjs. Needs `npm run build`.
import { Session } from 'node:inspector/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { capturePlugin, generateProject, LANGUAGES, replayPlugin, timedBuild, warmUpVite } from './plugin.mjs';

const phase = process.argv[2] ?? 'warm';
const out = process.argv[3] ?? `/tmp/plugin-${phase}.cpuprofile`;
const builds = Number(process.argv[4] ?? (phase === 'cold' ? 1 : 5));
const vite = await import('vite');
const hlsl = (await import(pathToFileURL(join(import.meta.dirname, '../dist/src/vite.js')).href)).default;
await warmUpVite(vite);
const dir = mkdtempSync(join(tmpdir(), 'hlsl-profile-'));
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
try {
  generateProject(dir, LANGUAGES.hlsl);
  const cache = join(dir, '.cache');
  const plugin = () => hlsl({ cache: { dir: cache } });
  const times = [];
  if (phase === 'cold') await session.post('Profiler.start');
  times.push(await timedBuild(vite, plugin, dir));
  if (phase === 'warm') {
    await session.post('Profiler.start');
    for (let i = 0; i < builds; i++) times.push(await timedBuild(vite, plugin, dir));
  }
  if (phase === 'replay') {
    const modules = new Map();
    await timedBuild(vite, () => [plugin(), capturePlugin(modules, '.hlsl')], dir);
    const runtime = join(import.meta.dirname, '../dist/src/runtime.js');
    await session.post('Profiler.start');
    for (let i = 0; i < builds; i++) times.push(await timedBuild(vite, () => replayPlugin(modules, runtime), dir));
  }
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(out, JSON.stringify(profile));
  console.log(times.map((t) => `${Math.round(t.wall)}/${Math.round(t.cpu)}`).join(' '), '(wall/cpu ms; first is the cold build) →', out);
} finally {
  session.disconnect();
  rmSync(dir, { recursive: true, force: true });
}
