// Summarises a V8 .cpuprofile: self time per function (top N) and per source file, as percentages.
//
//   node bench/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile [top]
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const top = Number(process.argv[3] ?? 30);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const deltas = profile.timeDeltas;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const node = byId.get(profile.samples[i]);
  const dt = deltas[i] ?? 0;
  total += dt;
  const f = node.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
}
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
for (const [key, us] of rows) console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
