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

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { bundleSources } from './bundle-sources.mjs';
import { failureOf, printCauses, printTable, runWorkers, tally, validate, workerLoop } from './compile-outcomes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'bench/.out');
const DEFAULT_DIR = '/work/dxc/tools/clang/test/CodeGenSPIRV';

// DXC's -fspv-target-env spellings → spirv-val's --target-env spellings.

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

function bundleCompiler() {
  return bundleSources('conformance-lib', [
    "export { compile, preprocessSource } from './compiler/index.ts';",
    "export { parseArgs } from './src/bin/args.ts';",
    "export { nodeHost } from './plugin/node-host.ts';",
  ]);
}

// ---------------------------------------------------------------- worker: one RUN line at a time

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
  const failure = failureOf(result);
  if (failure) return failure;
  if (args.preprocessOutput !== undefined) return { outcome: 'valid' };
  const targetEnv = args.options.targetEnv ?? 'vulkan1.0';
  const problem = validate(result.spirv, targetEnv, args.options.layoutRule, scratch);
  return problem ? { outcome: 'invalid', message: problem, targetEnv } : { outcome: 'valid' };
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
  const done = await runWorkers(fileURLToPath(import.meta.url), lib, jobs, workers);
  for (const job of jobs) {
    const r = done[job.id] ?? { outcome: 'internal', message: 'worker died before reporting' };
    results.push({ file: job.file, family: job.family, index: job.index, raw: job.raw, ...r });
  }

  const { groups, totals } = tally(results, (r) => r.family);
  printTable('RUN lines by test family (file-name prefix)', groups, OUTCOMES, 'family', 28);
  printTable('Total', [['all', totals]], OUTCOMES, 'family', 28);
  const example = (r) => basename(r.file);
  printCauses('Silently invalid (success, spirv-val rejects) by cause', results, 'invalid', 40, example);
  printCauses('Internal errors by cause', results, 'internal', 40, example);
  printCauses('Rejected with a diagnostic, by message', results, 'rejected', 30, example);
  printCauses('Command lines hlslc rejects', results, 'option', 15, example);
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
else await workerLoop(runOne);
