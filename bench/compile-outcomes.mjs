// What the conformance measurements share (bench/conformance.mjs over DXC's lit tests, bench/engines/
// over real code bases): spirv-val under a module's target environment with DXC's layout flag, the
// outcome of one compile, workers that run jobs in-process, and tables of counts and causes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, parentPort, workerData } from 'node:worker_threads';

/**
 * The tests' spirv-val: SPIRV-Tools 2025.1 from scripts/spirv-tools.sh first on the PATH (as vitest.config.ts
 * puts it), so modules Debian 12's 2023.1 cannot decode (maximal reconvergence, …) are judged here the same.
 */
const SPIRV_TOOLS_BIN = join(process.env.HLSL_SPIRV_TOOLS_DIR || fileURLToPath(new URL('../.cache/spirv-tools', import.meta.url)), 'bin');
const VALIDATOR_ENV = { ...process.env, PATH: `${SPIRV_TOOLS_BIN}:${process.env.PATH ?? ''}` };

/** hlslc's target environments by spirv-val's names where they differ. */
const SPIRV_VAL_ENV = { 'vulkan1.1spirv1.4': 'vulkan1.1spv1.4', 'universal1.5': 'spv1.5' };

/**
 * spirv-val's complaint about a module, or undefined when valid: under the module's environment and the
 * block-layout flag DXC's own validator uses for its layout option (dx/scalar → scalar, gl → strict, else relaxed).
 */
export function validate(spirv, targetEnv, layoutRule, scratch) {
  const path = join(scratch, 'module.spv');
  writeFileSync(path, new Uint8Array(spirv.buffer, spirv.byteOffset, spirv.byteLength));
  const env = SPIRV_VAL_ENV[targetEnv] ?? targetEnv;
  const layoutFlag = layoutRule === 'dx' || layoutRule === 'scalar' ? ['--scalar-block-layout'] : layoutRule === 'gl' ? [] : ['--relax-block-layout'];
  const r = spawnSync('spirv-val', ['--target-env', env, ...layoutFlag, path], { encoding: 'utf8', env: VALIDATOR_ENV });
  if (r.error) throw r.error;
  return r.status === 0 ? undefined : (r.stdout + r.stderr).trim();
}

/** A failed compile's outcome ('internal' or 'rejected', with the first error), or undefined after a success. */
export function failureOf(result) {
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (result.success && errors.length === 0) return undefined;
  const first = errors[0]?.message ?? 'failed without a diagnostic';
  const internal = errors.find((d) => /^internal\b/i.test(d.message));
  if (internal || errors.length === 0) return { outcome: 'internal', message: internal?.message ?? first };
  const at = errors[0]?.file ? `${errors[0].file}:${errors[0].line}:${errors[0].column}` : undefined;
  return { outcome: 'rejected', message: first, ...(at ? { at } : {}) };
}

/** A message stripped of ids, numbers and names so the same cause groups together. */
export function causeKey(message) {
  return message
    .split('\n')[0]
    .replace(/^.*?error: /, '')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\b\d+(\[%[\w.]+\])?/g, 'N')
    .replace(/%[\w.]+/g, '%id')
    .slice(0, 140);
}

/**
 * Runs `jobs` ({ id, … }) on `count` workers started from `script` (which calls workerLoop when it is
 * not the main thread), the compiler bundle `lib` loaded in each; returns the reports by job id.
 */
export async function runWorkers(script, lib, jobs, count) {
  const done = new Array(jobs.length);
  await Promise.all(
    Array.from({ length: count }, (_, w) => {
      const mine = jobs.filter((_, i) => i % count === w);
      return new Promise((resolve, reject) => {
        const worker = new Worker(script, { workerData: { lib, jobs: mine } });
        worker.on('message', (m) => (done[m.id] = m));
        worker.on('error', reject);
        worker.on('exit', resolve);
      });
    }),
  );
  return done;
}

/** A worker's body: `runOne(lib, job, scratch)` for each job, a crash reported as an internal error. */
export async function workerLoop(runOne) {
  const lib = await import(pathToFileURL(workerData.lib).href);
  const scratch = mkdtempSync(join(tmpdir(), 'compile-outcomes-'));
  try {
    for (const job of workerData.jobs) {
      let r;
      try {
        r = runOne(lib, job, scratch);
      } catch (error) {
        r = { outcome: 'internal', message: `crash: ${String(error?.message ?? error).split('\n')[0]}` };
      }
      parentPort.postMessage({ id: job.id, ...r });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function pad(s, n) {
  return String(s).padStart(n);
}

/** Rows of counts per outcome, `heading` over the name column of `width`. */
export function printTable(title, rows, outcomes, heading, width) {
  console.log(`\n${title}`);
  console.log(`${heading.padEnd(width)}${outcomes.map((o) => pad(o, 10)).join('')}${pad('total', 8)}`);
  for (const [name, counts] of rows) {
    const total = outcomes.reduce((s, o) => s + (counts[o] ?? 0), 0);
    console.log(`${name.padEnd(width)}${outcomes.map((o) => pad(counts[o] ?? 0, 10)).join('')}${pad(total, 8)}`);
  }
}

/** The results of one outcome grouped by cause, most frequent first, each with an example (`exampleOf(result)`). */
export function printCauses(title, results, outcome, limit, exampleOf) {
  const byCause = new Map();
  for (const r of results) {
    if (r.outcome !== outcome) continue;
    const key = causeKey(r.message);
    const entry = byCause.get(key) ?? { count: 0, example: exampleOf(r) };
    entry.count++;
    byCause.set(key, entry);
  }
  if (byCause.size === 0) return;
  console.log(`\n${title}`);
  const sorted = [...byCause].sort((a, b) => b[1].count - a[1].count);
  for (const [key, { count, example }] of sorted.slice(0, limit)) console.log(`${pad(count, 5)}  ${key}   [e.g. ${example}]`);
  if (sorted.length > limit) console.log(`  … ${sorted.length - limit} more causes`);
}

/** Counts per group and in total, for printTable. */
export function tally(results, groupOf) {
  const groups = new Map();
  const totals = {};
  for (const r of results) {
    const counts = groups.get(groupOf(r)) ?? {};
    counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
    groups.set(groupOf(r), counts);
    totals[r.outcome] = (totals[r.outcome] ?? 0) + 1;
  }
  return { groups: [...groups].sort((a, b) => a[0].localeCompare(b[0])), totals };
}
