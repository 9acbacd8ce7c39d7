// Conformance measurement on DXC-style lit tests: every positive `// RUN: %dxc …` line of every
// .hlsl file under a directory is compiled in-process with the same option mapping as hlslc
// (src/bin/args.ts), and each module the compiler calls a success goes through `spirv-val` under the
// module's own target environment with the block-layout flag DXC's own validator uses for its layout
// option (SpirvEmitter::spirvToolsValidate: dx/scalar → --scalar-block-layout, gl → strict, else
// --relax-block-layout). A measuring tool, not a CI step: DXC's tests are not in this repository.
//
//   node bench/conformance.mjs [dir] [--jobs N] [--list CAUSE] [--json out.json] [--only PREFIX]
//
//   dir       default /work/dxc/tools/clang/test/CodeGenSPIRV (DXC's tools/clang/test/CodeGenSPIRV)
//   --list    print every test whose outcome is CAUSE (valid, invalid, internal, rejected, option, negative)
//   --only    run only files whose family (file-name prefix) starts with PREFIX
//
// Outcomes per RUN line: valid; invalid (we said success, spirv-val rejects it: "silently invalid");
// internal (an exception, or a diagnostic starting "internal"); rejected (an error diagnostic);
// option (hlslc rejects the command line, e.g. an option not supported yet); negative (a `not %dxc`
// line or a file with expected-error checks: skipped, counted apart). A `-P` line only preprocesses,
// as hlslc does: it is valid when preprocessing succeeds.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { bundleSources } from './bundle-sources.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'bench/.out');
const DEFAULT_DIR = '/work/dxc/tools/clang/test/CodeGenSPIRV';

// DXC's -fspv-target-env spellings → spirv-val's --target-env spellings.
const SPIRV_VAL_ENV = { 'vulkan1.1spirv1.4': 'vulkan1.1spv1.4', 'universal1.5': 'spv1.5' };

/** A RUN line's command after `%dxc`, split like a shell would (quotes only; no expansions but %s). */
function splitCommand(text, file) {
  const words = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m; (m = re.exec(text)); ) words.push((m[1] ?? m[2] ?? m[3]).replace(/%s/g, file));
  return words;
}

/** Every RUN line of a test file that invokes %dxc: { argv, negative }. */
function runLinesOf(file, source) {
  const fileNegative = /-verify\b/.test(source);
  const hasExpectedError = /expected-error/.test(source);
  const lines = [];
  for (const m of source.matchAll(/^\s*\/\/\s*RUN:(.*)$/gm)) {
    const body = m[1];
    const at = body.indexOf('%dxc');
    if (at < 0) continue;
    const negative = /\bnot\s+%dxc/.test(body) || fileNegative || hasExpectedError;
    // The compiler's part ends at the first pipe or redirection.
    const command = body.slice(at + 4).split(/\s*\|\s|\s*\|$|\s2>&1|\s>\s/)[0];
    const argv = splitCommand(command, file).filter((w) => w !== '%dxc');
    lines.push({ argv: dropOutputs(argv), negative, raw: body.trim() });
  }
  return lines;
}

/** Output-file options of a RUN line: the script keeps the module in memory. */
function dropOutputs(argv) {
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (/^-F[oce]$/.test(a)) { i++; continue; }
    if (/^-F[oce]./.test(a)) continue;
    out.push(a);
  }
  return out;
}

function testFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...testFiles(path));
    else if (/\.hlsl$/.test(name)) files.push(path);
  }
  return files;
}

/** Test family: the file name up to its first '.' (e.g. `intrinsics.countbits.hlsl` → `intrinsics`), subfolder first. */
function familyOf(dir, file) {
  const rel = relative(dir, file);
  const parts = rel.split('/');
  const name = parts.pop();
  const prefix = name.split('.')[0];
  return parts.length > 0 ? `${parts.join('/')}/` : prefix;
}

/** A message stripped of ids, numbers and names so the same cause groups together. */
function causeKey(message) {
  return message
    .split('\n')[0]
    .replace(/^.*?error: /, '')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\b\d+(\[%[\w.]+\])?/g, 'N')
    .replace(/%[\w.]+/g, '%id')
    .slice(0, 140);
}

function bundleCompiler() {
  return bundleSources('conformance-lib', [
    "export { compile, preprocessSource } from './compiler/index.ts';",
    "export { parseArgs } from './src/bin/args.ts';",
    "export { nodeHost } from './plugin/node-host.ts';",
  ]);
}

// ---------------------------------------------------------------- worker: one RUN line at a time

function validate(spirv, targetEnv, layoutRule, scratch) {
  const path = join(scratch, 'module.spv');
  writeFileSync(path, new Uint8Array(spirv.buffer, spirv.byteOffset, spirv.byteLength));
  const env = SPIRV_VAL_ENV[targetEnv] ?? targetEnv;
  const layoutFlag = layoutRule === 'dx' || layoutRule === 'scalar' ? ['--scalar-block-layout'] : layoutRule === 'gl' ? [] : ['--relax-block-layout'];
  const r = spawnSync('spirv-val', ['--target-env', env, ...layoutFlag, path], { encoding: 'utf8' });
  if (r.error) throw r.error;
  return r.status === 0 ? undefined : (r.stdout + r.stderr).trim();
}

function runOne(lib, job, scratch) {
  const args = lib.parseArgs(job.argv, job.dir);
  if (args.errors.length > 0) return { outcome: 'option', message: args.errors[0] };
  if (!args.input) return { outcome: 'option', message: 'no input' };
  let result;
  try {
    const source = readFileSync(args.input, 'utf8');
    // -P: preprocessing only, as hlslc does; success counts as valid (there is no module to validate).
    const run = args.preprocessOutput !== undefined ? lib.preprocessSource : lib.compile;
    result = run(source, { ...args.options, filename: args.input, host: lib.nodeHost() });
  } catch (error) {
    return { outcome: 'internal', message: `crash: ${String(error?.message ?? error).split('\n')[0]}`, stack: String(error?.stack ?? '') };
  }
  // -WX / -Wno-… are part of args.options.warnings: compile() applied them.
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (!result.success || errors.length > 0) {
    const first = errors[0]?.message ?? 'failed without a diagnostic';
    const internal = errors.find((d) => /^internal\b/i.test(d.message));
    if (internal || errors.length === 0) return { outcome: 'internal', message: internal?.message ?? first };
    return { outcome: 'rejected', message: first };
  }
  if (args.preprocessOutput !== undefined) return { outcome: 'valid' };
  const targetEnv = args.options.targetEnv ?? 'vulkan1.0';
  const problem = validate(result.spirv, targetEnv, args.options.layoutRule, scratch);
  return problem ? { outcome: 'invalid', message: problem, targetEnv } : { outcome: 'valid' };
}

async function workerMain() {
  const lib = await import(pathToFileURL(workerData.lib).href);
  const scratch = mkdtempSync(join(tmpdir(), 'conformance-'));
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

// ---------------------------------------------------------------- main: collect, fan out, tabulate

const OUTCOMES = ['valid', 'invalid', 'internal', 'rejected', 'option', 'negative'];

function parseCli(argv) {
  const o = { dir: DEFAULT_DIR, jobs: 2, list: [], json: undefined, only: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--jobs') o.jobs = Number(argv[++i]);
    else if (a === '--list') o.list.push(argv[++i]);
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--only') o.only = argv[++i];
    else o.dir = a;
  }
  return o;
}

function pad(s, n) {
  return String(s).padStart(n);
}

function printTable(title, rows) {
  console.log(`\n${title}`);
  console.log(`${'family'.padEnd(28)}${OUTCOMES.map((o) => pad(o, 10)).join('')}${pad('total', 8)}`);
  for (const [name, counts] of rows) {
    const total = OUTCOMES.reduce((s, o) => s + (counts[o] ?? 0), 0);
    console.log(`${name.padEnd(28)}${OUTCOMES.map((o) => pad(counts[o] ?? 0, 10)).join('')}${pad(total, 8)}`);
  }
}

function printCauses(title, results, outcome, limit = 40) {
  const byCause = new Map();
  for (const r of results) {
    if (r.outcome !== outcome) continue;
    const key = causeKey(r.message);
    const entry = byCause.get(key) ?? { count: 0, example: r.file };
    entry.count++;
    byCause.set(key, entry);
  }
  if (byCause.size === 0) return;
  console.log(`\n${title}`);
  const sorted = [...byCause].sort((a, b) => b[1].count - a[1].count);
  for (const [key, { count, example }] of sorted.slice(0, limit)) console.log(`${pad(count, 5)}  ${key}   [e.g. ${basename(example)}]`);
  if (sorted.length > limit) console.log(`  … ${sorted.length - limit} more causes`);
}

async function main() {
  const cli = parseCli(process.argv.slice(2));
  const started = performance.now();
  const jobs = [];
  const results = [];
  for (const file of testFiles(cli.dir)) {
    const family = familyOf(cli.dir, file);
    if (cli.only && !family.startsWith(cli.only) && !basename(file).startsWith(cli.only)) continue;
    const source = readFileSync(file, 'utf8');
    runLinesOf(file, source).forEach((line, index) => {
      const base = { file, family, index, raw: line.raw };
      if (line.negative) results.push({ ...base, outcome: 'negative', message: '' });
      else jobs.push({ ...base, id: jobs.length, argv: line.argv, dir: cli.dir });
    });
  }
  const lib = await bundleCompiler();
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
  for (const job of jobs) {
    const r = done[job.id] ?? { outcome: 'internal', message: 'worker died before reporting' };
    results.push({ file: job.file, family: job.family, index: job.index, raw: job.raw, ...r });
  }

  const families = new Map();
  const totals = {};
  for (const r of results) {
    const counts = families.get(r.family) ?? {};
    counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
    families.set(r.family, counts);
    totals[r.outcome] = (totals[r.outcome] ?? 0) + 1;
  }
  printTable('RUN lines by test family (file-name prefix)', [...families].sort((a, b) => a[0].localeCompare(b[0])));
  printTable('Total', [['all', totals]]);
  printCauses('Silently invalid (success, spirv-val rejects) by cause', results, 'invalid');
  printCauses('Internal errors by cause', results, 'internal');
  printCauses('Rejected with a diagnostic, by message', results, 'rejected', 30);
  printCauses('Command lines hlslc rejects', results, 'option', 15);
  for (const outcome of cli.list) {
    console.log(`\n${outcome}:`);
    for (const r of results.filter((x) => x.outcome === outcome)) {
      console.log(`  ${relative(cli.dir, r.file)}#${r.index}: ${r.raw}\n      ${(r.message ?? '').split('\n').slice(0, 2).join(' | ')}`);
    }
  }
  if (cli.json) writeFileSync(cli.json, JSON.stringify(results, null, 1));
  console.log(`\n${results.length} RUN lines, ${jobs.length} compiled in ${((performance.now() - started) / 1000).toFixed(1)} s on ${workers} workers`);
}

if (isMainThread) await main();
else await workerMain();
