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
//   [--target-env ENV]
//   --every N  compile only every Nth job (a quick look at a large permutation set; counts say so)
//   --target-env ENV  -fspv-target-env=ENV for every compile whose build names none (a code base built
//              only for D3D12 has no Vulkan target; DXC's default, vulkan1.0, has no ray tracing or wave ops)

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { bundleSources } from '../bundle-sources.mjs';
import { failureOf, printCauses, printTable, runWorkers, tally, validate, workerLoop } from '../compile-outcomes.mjs';
import { windowsPath } from './windows-path.mjs';

const OUTCOMES = ['valid', 'invalid', 'internal', 'rejected', 'option'];

/** The flags every script shares; `rest` keeps the script's own (its directory first). */
export function parseCommonCli(argv) {
  const o = { jobs: 2, list: [], json: undefined, only: undefined, every: 1, targetEnv: undefined, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--jobs') o.jobs = Number(argv[++i]);
    else if (a === '--list') o.list.push(argv[++i]);
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--only') o.only = argv[++i];
    else if (a === '--every') o.every = Number(argv[++i]);
    else if (a === '--target-env') o.targetEnv = argv[++i];
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
  const failure = failureOf(result);
  if (failure) return failure;
  const problem = validate(result.spirv, args.options.targetEnv ?? 'vulkan1.0', args.options.layoutRule, scratch);
  return problem ? { outcome: 'invalid', message: problem } : { outcome: 'valid' };
}

/**
 * Runs `jobs` ({ file, argv, cwd, group, label }: argv is hlslc's, the input included) and prints
 * the tables. `root` is the code base's directory (labels are relative to it).
 */
export async function runJobs(title, root, allJobs, cli) {
  const started = performance.now();
  const selected = allJobs.filter((j) => !cli.only || `${j.group} ${j.label}`.includes(cli.only));
  const withEnv = (argv) => (cli.targetEnv && !argv.some((a) => a.startsWith('-fspv-target-env')) ? [`-fspv-target-env=${cli.targetEnv}`, ...argv] : argv);
  const jobs = selected.filter((_, i) => i % cli.every === 0).map((j, id) => ({ ...j, argv: withEnv(j.argv), id }));
  const lib = await bundleSources('engines-lib', [
    "export { compile } from './compiler/index.ts';",
    "export { parseArgs } from './src/bin/args.ts';",
    "export { nodeHost } from './plugin/node-host.ts';",
  ]);
  const workers = Math.max(1, Math.min(cli.jobs, jobs.length));
  const done = await runWorkers(fileURLToPath(import.meta.url), lib, jobs, workers);
  const results = jobs.map((job) => ({ label: job.label, group: job.group, argv: job.argv, ...(done[job.id] ?? { outcome: 'internal', message: 'worker died' }) }));
  const { groups, totals } = tally(results, (r) => r.group);
  const width = Math.max(12, ...groups.map(([g]) => g.length + 2));
  console.log(`${title}: ${root}${cli.targetEnv ? ` (-fspv-target-env=${cli.targetEnv} where the build names none)` : ''}`);
  printTable('Compiles by group', groups, OUTCOMES, 'group', width);
  printTable(`Total${cli.every > 1 ? ` (every ${cli.every}th of ${selected.length} jobs)` : ''}`, [['all', totals]], OUTCOMES, 'group', width);
  const example = (r) => r.label;
  printCauses('Silently invalid (success, spirv-val rejects) by cause', results, 'invalid', 40, example);
  printCauses('Internal errors by cause', results, 'internal', 40, example);
  printCauses('Rejected with a diagnostic, by first error', results, 'rejected', 40, example);
  printCauses('Command lines hlslc rejects', results, 'option', 15, example);
  for (const outcome of cli.list) {
    console.log(`\n${outcome}:`);
    for (const r of results.filter((x) => x.outcome === outcome)) {
      console.log(`  ${r.label}: ${r.argv.map((a) => (a.startsWith(root) ? relative(root, a) || "." : a)).join(' ')}\n      ${(r.message ?? '').split('\n').slice(0, 2).join(' | ')}${r.at ? `\n      at ${relative(root, r.at)}` : ''}`);
    }
  }
  if (cli.json) writeFileSync(cli.json, JSON.stringify(results, null, 1));
  console.log(`\n${results.length} compiles in ${((performance.now() - started) / 1000).toFixed(1)} s on ${workers} workers`);
}

if (!isMainThread) await workerLoop(runOne);
