// Shared driver of the real-code conformance scripts (bench/engines/<code base>.mjs): each script reads
// its code base's build files and hands over one job per shader compile — the hlslc argument list that
// project's own DXC invocation maps to — and this runs them in-process with hlslc's option mapping
// (src/bin/args.ts), sends every module the compiler calls a success through `spirv-val` under the
// module's target environment and layout flag (as bench/conformance.mjs does), and prints counts by
// group and by failure cause (the first error message, normalised).
//
// Outcomes: valid; invalid (success, spirv-val rejects it); internal (exception or "internal" error);
// rejected (an error diagnostic); option (hlslc refuses the command line).
//
// Common flags of every script: [--jobs N] [--list CAUSE] [--json out.json] [--only SUBSTRING] [--every N]
//   --every N  compile only every Nth job (a quick look at a large permutation set; counts say so)

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { bundleSources } from '../bundle-sources.mjs';

const SPIRV_VAL_ENV = { 'vulkan1.1spirv1.4': 'vulkan1.1spv1.4' };
const OUTCOMES = ['valid', 'invalid', 'internal', 'rejected', 'option'];

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

/** The flags every script shares; `rest` keeps the script's own (its directory first). */
export function parseCommonCli(argv) {
  const o = { jobs: 2, list: [], json: undefined, only: undefined, every: 1, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--jobs') o.jobs = Number(argv[++i]);
    else if (a === '--list') o.list.push(argv[++i]);
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--only') o.only = argv[++i];
    else if (a === '--every') o.every = Number(argv[++i]);
    else o.rest.push(a);
  }
  return o;
}

/** Splits a command line like a shell would (double and single quotes only). */
export function splitWords(text) {
  const words = [];
  const re = /(?:"([^"]*)"|'([^']*)'|[^\s"']+)+/g;
  for (const m of text.matchAll(re)) words.push(m[0].replace(/"([^"]*)"|'([^']*)'/g, (_, a, b) => a ?? b));
  return words;
}

/** DXC options that change what is compiled; output, debug-info and banner options are dropped. */
const KEEP_WITH_VALUE = new Set(['-T', '-E', '-D', '-I', '-HV', '-fspv-target-env', '/T', '/E', '/D', '/I']);
const KEEP_FLAG = /^[-/](Zpr|Zpc|enable-16bit-types|spirv|O[0-3d]|Gis|Ges|WX|fvk-.*|fspv-.*|Wno-.*|HV\d+)$/;
const KEEP_JOINED = /^[-/](T|E|D|I)\S+$/;
const DROP_WITH_VALUE = new Set(['-Fo', '-Fh', '-Fd', '-Vn', '-Fe', '-Fc', '/Fo', '/Fh', '/Fd', '/Vn']);

/** `/Zi`, `/E` (DXC's Windows spelling of options), not an absolute path. */
function isSwitch(w) {
  return /^\/[A-Za-z][\w-]*$/.test(w) && !existsSync(w);
}

/** The compile-relevant part of a DXC argument list, in hlslc's spelling (`/X` → `-X`); inputs kept. */
export function dxcArgs(words) {
  const out = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const dash = isSwitch(w) ? `-${w.slice(1)}` : w;
    if (KEEP_WITH_VALUE.has(w) || KEEP_WITH_VALUE.has(dash)) out.push(dash, words[++i]);
    else if (DROP_WITH_VALUE.has(w)) i++;
    else if (KEEP_FLAG.test(w)) out.push(dash);
    else if (KEEP_JOINED.test(dash)) out.push(dash);
    else if (!w.startsWith('-') && !isSwitch(w)) out.push(w);
  }
  return out;
}

function validate(spirv, targetEnv, layoutRule, scratch) {
  const path = join(scratch, 'module.spv');
  writeFileSync(path, new Uint8Array(spirv.buffer, spirv.byteOffset, spirv.byteLength));
  const env = SPIRV_VAL_ENV[targetEnv] ?? targetEnv;
  const layoutFlag = layoutRule === 'dx' || layoutRule === 'scalar' ? ['--scalar-block-layout'] : layoutRule === 'gl' ? [] : ['--relax-block-layout'];
  const r = spawnSync('spirv-val', ['--target-env', env, ...layoutFlag, path], { encoding: 'utf8' });
  if (r.error) throw r.error;
  return r.status === 0 ? undefined : (r.stdout + r.stderr).trim();
}

/**
 * The code bases are built on Windows, whose file names ignore case (`#include "RaytracingHlslCompat.h"`
 * for RayTracingHlslCompat.h): a missing path is looked up again one component at a time, ignoring case.
 */
function windowsPath(path) {
  if (existsSync(path)) return path;
  const parent = dirname(path);
  if (parent === path) return path;
  const dir = windowsPath(parent);
  const name = path.slice(parent.length + (parent.endsWith(sep) ? 0 : 1));
  if (!existsSync(dir)) return path;
  const match = readdirSync(dir).find((n) => n.toLowerCase() === name.toLowerCase());
  return match ? join(dir, match) : path;
}

function caseInsensitiveHost(host) {
  return { ...host, resolveInclude: host.resolveInclude, readFile: (path) => host.readFile(path) ?? host.readFile(windowsPath(path)) };
}

function runOne(lib, job, scratch) {
  const args = lib.parseArgs(job.argv, job.cwd);
  if (args.errors.length > 0) return { outcome: 'option', message: args.errors[0] };
  if (!args.input) return { outcome: 'option', message: 'no input' };
  let result;
  try {
    const source = readFileSync(args.input, 'utf8');
    result = lib.compile(source, { ...args.options, filename: args.input, host: caseInsensitiveHost(lib.nodeHost()) });
  } catch (error) {
    return { outcome: 'internal', message: `crash: ${String(error?.message ?? error).split('\n')[0]}` };
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (!result.success || errors.length > 0) {
    const first = errors[0]?.message ?? 'failed without a diagnostic';
    const internal = errors.find((d) => /^internal\b/i.test(d.message));
    if (internal || errors.length === 0) return { outcome: 'internal', message: internal?.message ?? first };
    const at = errors[0]?.file ? `${errors[0].file}:${errors[0].line}:${errors[0].column}` : undefined;
    return { outcome: 'rejected', message: first, ...(at ? { at } : {}) };
  }
  const problem = validate(result.spirv, args.options.targetEnv ?? 'vulkan1.0', args.options.layoutRule, scratch);
  return problem ? { outcome: 'invalid', message: problem } : { outcome: 'valid' };
}

async function workerMain() {
  const lib = await import(pathToFileURL(workerData.lib).href);
  const scratch = mkdtempSync(join(tmpdir(), 'engines-'));
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

function printTable(title, rows, width) {
  console.log(`\n${title}`);
  console.log(`${'group'.padEnd(width)}${OUTCOMES.map((o) => pad(o, 10)).join('')}${pad('total', 8)}`);
  for (const [name, counts] of rows) {
    const total = OUTCOMES.reduce((s, o) => s + (counts[o] ?? 0), 0);
    console.log(`${name.padEnd(width)}${OUTCOMES.map((o) => pad(counts[o] ?? 0, 10)).join('')}${pad(total, 8)}`);
  }
}

function printCauses(title, results, outcome, limit = 40) {
  const byCause = new Map();
  for (const r of results) {
    if (r.outcome !== outcome) continue;
    const key = causeKey(r.message);
    const entry = byCause.get(key) ?? { count: 0, example: r.label };
    entry.count++;
    byCause.set(key, entry);
  }
  if (byCause.size === 0) return;
  console.log(`\n${title}`);
  const sorted = [...byCause].sort((a, b) => b[1].count - a[1].count);
  for (const [key, { count, example }] of sorted.slice(0, limit)) console.log(`${pad(count, 5)}  ${key}   [e.g. ${example}]`);
  if (sorted.length > limit) console.log(`  … ${sorted.length - limit} more causes`);
}

/**
 * Runs `jobs` ({ file, argv, cwd, group, label }: argv is hlslc's, the input included) and prints
 * the tables. `root` is the code base's directory (labels are relative to it).
 */
export async function runJobs(title, root, allJobs, cli) {
  const started = performance.now();
  const selected = allJobs.filter((j) => !cli.only || `${j.group} ${j.label}`.includes(cli.only));
  const jobs = selected.filter((_, i) => i % cli.every === 0).map((j, id) => ({ ...j, id }));
  const lib = await bundleSources('engines-lib', [
    "export { compile } from './compiler/index.ts';",
    "export { parseArgs } from './src/bin/args.ts';",
    "export { nodeHost } from './plugin/node-host.ts';",
  ]);
  const workers = Math.max(1, Math.min(cli.jobs, jobs.length));
  const done = new Array(jobs.length);
  await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const mine = jobs.filter((_, i) => i % workers === w);
      return new Promise((resolve, reject) => {
        const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { lib, jobs: mine } });
        worker.on('message', (m) => (done[m.id] = m));
        worker.on('error', reject);
        worker.on('exit', resolve);
      });
    }),
  );
  const results = jobs.map((job) => ({ label: job.label, group: job.group, argv: job.argv, ...(done[job.id] ?? { outcome: 'internal', message: 'worker died' }) }));
  const groups = new Map();
  const totals = {};
  for (const r of results) {
    const counts = groups.get(r.group) ?? {};
    counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
    groups.set(r.group, counts);
    totals[r.outcome] = (totals[r.outcome] ?? 0) + 1;
  }
  const width = Math.max(12, ...[...groups.keys()].map((g) => g.length + 2));
  console.log(`${title}: ${root}`);
  printTable('Compiles by group', [...groups].sort((a, b) => a[0].localeCompare(b[0])), width);
  printTable(`Total${cli.every > 1 ? ` (every ${cli.every}th of ${selected.length} jobs)` : ''}`, [['all', totals]], width);
  printCauses('Silently invalid (success, spirv-val rejects) by cause', results, 'invalid');
  printCauses('Internal errors by cause', results, 'internal');
  printCauses('Rejected with a diagnostic, by first error', results, 'rejected', 40);
  printCauses('Command lines hlslc rejects', results, 'option', 15);
  for (const outcome of cli.list) {
    console.log(`\n${outcome}:`);
    for (const r of results.filter((x) => x.outcome === outcome)) {
      console.log(`  ${r.label}: ${r.argv.map((a) => (a.startsWith(root) ? relative(root, a) || "." : a)).join(' ')}\n      ${(r.message ?? '').split('\n').slice(0, 2).join(' | ')}${r.at ? `\n      at ${relative(root, r.at)}` : ''}`);
    }
  }
  if (cli.json) writeFileSync(cli.json, JSON.stringify(results, null, 1));
  console.log(`\n${results.length} compiles in ${((performance.now() - started) / 1000).toFixed(1)} s on ${workers} workers`);
}

if (!isMainThread) await workerMain();
