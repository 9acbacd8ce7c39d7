// Scaling: compile CPU time of generated shaders (bench/shaders.mjs) of about 1k, 10k and 100k lines,
// with the cost per line at each size. Linear growth shows as a flat per-line cost. Two shapes: lit
// pixel shaders (many helper functions, inlined) and straight-line branches (one long function whose
// dominator tree is as deep as it is long, an accumulator merged at every branch).
// glslang's compile time (process minus an empty shader's, as in the compile bench) is printed
// beside ours for the sizes where it finishes in reasonable time.
//
//   node bench/scaling.mjs        (or import { runScalingBench } and call it)

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCompiler, timeGlslang } from './compile.mjs';
import { branchShader, litShader } from './shaders.mjs';

/** glslang grows faster than linearly on these shaders: past this size it would take minutes. */
const GLSLANG_MAX_LINES = 10_000;

const FAMILIES = [
  { name: 'lit pixel shaders', make: litShader, entry: { name: 'main', stage: 'pixel' }, file: 'lit' },
  { name: 'straight-line branches (compute)', make: branchShader, entry: { name: 'main', stage: 'compute' }, file: 'branches' },
];

export async function runScalingBench({ sizes = [1_000, 10_000, 100_000], log = console.log } = {}) {
  const { compile } = await loadCompiler();
  const tmp = mkdtempSync(join(tmpdir(), 'bench-scaling-'));
  const all = [];
  try {
    for (const family of FAMILIES) {
      const { entry } = family;
      const rows = [];
      // Warm the JIT on a mid-size shader so the smallest size is not charged for compiling our compiler.
      const warm = family.make(2_000);
      for (let i = 0; i < 3; i++) compile(warm, { filename: 'warm.hlsl', entryPoints: [entry] });
      for (const size of sizes) {
        const source = family.make(size);
        const lines = source.split('\n').length;
        const file = join(tmp, `${family.file}-${size}.hlsl`);
        writeFileSync(file, source);
        const options = { filename: file, entryPoints: [entry], targetEnv: 'vulkan1.1' };
        const runs = size >= 100_000 ? 2 : size >= 10_000 ? 3 : 9;
        const samples = [];
        let result;
        for (let i = 0; i < runs; i++) {
          const start = process.cpuUsage();
          result = compile(source, options);
          const used = process.cpuUsage(start);
          samples.push((used.user + used.system) / 1000);
        }
        if (!result.success) throw new Error(`${family.file}-${size}: ${result.diagnostics.find((d) => d.severity === 'error')?.message}`);
        const ours = Math.min(...samples);
        const glslang = lines <= GLSLANG_MAX_LINES * 1.1 ? timeGlslang(file, entry, lines > 5_000 ? 1 : 4, tmp).compile : undefined;
        rows.push({ family: family.name, size, lines, ours, glslang });
      }
      log(`CPU time to compile generated ${family.name} (ours: best of several in-process runs; glslang: process minus empty shader, as in the compile bench)`);
      log(`${'lines'.padStart(7)} ${'ours ms'.padStart(9)} ${'ours µs/line'.padStart(12)} ${'glslang ms'.padStart(11)} ${'glslang µs/line'.padStart(15)}`);
      for (const r of rows) {
        const g = r.glslang === undefined ? `${'skipped'.padStart(11)} ${'(superlinear)'.padStart(15)}` : `${r.glslang.toFixed(1).padStart(11)} ${((1000 * r.glslang) / r.lines).toFixed(1).padStart(15)}`;
        log(`${String(r.lines).padStart(7)} ${r.ours.toFixed(1).padStart(9)} ${((1000 * r.ours) / r.lines).toFixed(1).padStart(12)} ${g}`);
      }
      const perLine = rows.map((r) => r.ours / r.lines);
      log(`per-line cost, largest / smallest size: ${(perLine[perLine.length - 1] / perLine[0]).toFixed(2)} (1.00 = linear)`);
      all.push(...rows);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return all;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runScalingBench();
}
