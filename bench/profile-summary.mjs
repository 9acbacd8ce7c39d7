// Summarises a V8 .cpuprofile: self time per function (top N) and per source file, as percentages.
// With a third argument, also inclusive time (ms, the function and everything it called, each
// sample counted once per function on its stack) of the functions whose URL contains that text.
//
//   node bench/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile [top] [url-part, e.g. /dist/plugin/]
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const top = Number(process.argv[3] ?? 30);
const inclusiveOf = process.argv[4];
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const keyOf = (f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
const self = new Map();
const inclusive = new Map();
const deltas = profile.timeDeltas;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const node = byId.get(profile.samples[i]);
  const dt = deltas[i] ?? 0;
  total += dt;
  self.set(keyOf(node.callFrame), (self.get(keyOf(node.callFrame)) ?? 0) + dt);
  if (inclusiveOf === undefined) continue;
  const seen = new Set();
  for (let id = node.id; id !== undefined; id = parent.get(id)) {
    const f = byId.get(id).callFrame;
    if (!f.url.includes(inclusiveOf)) continue;
    const key = keyOf(f);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
  }
}
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
for (const [key, us] of rows) console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
if (inclusiveOf !== undefined) {
  console.log(`\ninclusive ms of ${inclusiveOf} functions (of ${(total / 1000).toFixed(1)} ms sampled):`);
  for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(us / 1000).toFixed(1).padStart(8)}  ${key}`);
}
