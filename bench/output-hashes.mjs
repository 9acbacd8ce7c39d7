// Output hashes for refactors that must not change behaviour: one hash per compile (SPIR-V bytes,
// WGSL text, entry points, preprocessed text and every diagnostic with its file:line:col, length
// and notes), so a before/after comparison of two runs says exactly which compiles changed.
//
//   node bench/output-hashes.mjs [--out hashes.txt] [--jobs N] [--no-dxc] [--diff before.txt]
//
// Compiles: every .hlsl under fixtures/ (each `// entry:` of its header on its own, else the
// compiler's default entry) at -O0 and -O3 to SPIR-V and once to WGSL, plus its -P output; and
// every positive `%dxc` RUN line of DXC's CodeGenSPIRV tests (as bench/conformance.mjs runs them).
// For every one of those files also the preprocessed token stream (kind, spelling, location,
// spacing, macro origin) and the AST with its locations, default options.
// Each line of the output is `<hash> <name>`; --diff prints the names whose hash differs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { bundleSources } from './bundle-sources.mjs';
import { runWorkers, workerLoop } from './compile-outcomes.mjs';
import { headerEntries } from './shaders.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DXC_DIR = '/work/dxc/tools/clang/test/CodeGenSPIRV';

function hlslFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...hlslFiles(path));
    else if (/\.hlsl$/.test(name)) files.push(path);
  }
  return files;
}


/** Positive `%dxc` RUN lines (the part before any pipe), split like a shell (quotes only). */
function dxcRunLines(file, source) {
  if (/-verify\b|expected-error/.test(source)) return [];
  const lines = [];
  for (const m of source.matchAll(/^\s*\/\/\s*RUN:(.*)$/gm)) {
    const body = m[1];
    const at = body.indexOf('%dxc');
    if (at < 0 || /\bnot\s+%dxc/.test(body)) continue;
    const command = body.slice(at + 4).split(/\s*\|\s|\s*\|$|\s2>&1|\s>\s/)[0];
    const words = [];
    const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
    for (let w; (w = re.exec(command)); ) words.push((w[1] ?? w[2] ?? w[3]).replace(/%s/g, file));
    const argv = [];
    for (let i = 0; i < words.length; i++) {
      if (/^-F[oce]$/.test(words[i])) i++;
      else if (!/^-F[oce]./.test(words[i])) argv.push(words[i]);
    }
    lines.push(argv);
  }
  return lines;
}

function collectJobs(withDxc) {
  const jobs = [];
  for (const file of hlslFiles(join(ROOT, 'fixtures'))) {
    const rel = relative(ROOT, file);
    const source = readFileSync(file, 'utf8');
    jobs.push({ name: `${rel} -P`, kind: 'pp', file });
    jobs.push({ name: `${rel} tokens+ast`, kind: 'front', file });
    for (const entry of headerEntries(source) ?? [undefined]) {
      const what = entry ? `${entry.name}:${entry.stage}` : 'default';
      for (const level of [0, 3]) jobs.push({ name: `${rel} ${what} spirv -O${level}`, kind: 'fixture', file, entry, level, target: 'spirv' });
      jobs.push({ name: `${rel} ${what} wgsl`, kind: 'fixture', file, entry, level: 0, target: 'wgsl' });
    }
  }
  if (withDxc) {
    for (const file of hlslFiles(DXC_DIR)) {
      jobs.push({ name: `dxc:${relative(DXC_DIR, file)} tokens+ast`, kind: 'front', file });
      dxcRunLines(file, readFileSync(file, 'utf8')).forEach((argv, i) => {
        jobs.push({ name: `dxc:${relative(DXC_DIR, file)}#${i}`, kind: 'dxc', argv, dir: DXC_DIR });
      });
    }
  }
  return jobs.map((job, id) => ({ ...job, id }));
}

/** Everything a compile result says that a refactor of the front end must keep. */
function digest(result) {
  const h = createHash('sha256');
  h.update(JSON.stringify({ success: result.success, diagnostics: result.diagnostics, text: result.text, files: result.files }));
  if (result.spirv) h.update(new Uint8Array(result.spirv.buffer, result.spirv.byteOffset, result.spirv.byteLength));
  if (result.wgsl) h.update(JSON.stringify(result.wgsl.code ?? result.wgsl));
  if (result.entryPoints) h.update(JSON.stringify(result.entryPoints));
  return h.digest('hex').slice(0, 16);
}

/**
 * A location as text: only its place, so that the hash does not depend on how the AST holds a
 * location (a token, a location object, or a number of the compile's location table: the syntax
 * tree's `loc`, `nameLoc`, `templateLoc`, `endLoc` and `memberLoc` fields).
 */
function locationText(locations) {
  const text = (l) => `${l.file}:${l.line}:${l.column}@${l.offset}`;
  return (key, value) => {
    if (typeof value === 'number' && locations && (key === 'loc' || key.endsWith('Loc'))) return text(locations.resolve(value));
    if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.file === 'string' && typeof value.offset === 'number') return text(value);
    return typeof value === 'bigint' ? `${value}n` : value;
  };
}

/** The preprocessed token stream (every field the parser reads) and the AST, locations included. */
function frontEndDigest(lib, file) {
  const source = readFileSync(file, 'utf8');
  const sink = new lib.DiagnosticSink();
  const { tokens, files } = lib.preprocess(source, file, lib.nodeHost(), {}, sink);
  const h = createHash('sha256');
  // A location: an object (before compiler/locations.ts) or a number of the sink's table.
  const at = (loc) => (typeof loc === 'number' ? sink.locations.resolve(loc) : loc);
  for (const t of tokens) {
    const origin = t.expandedFrom && at(t.expandedFrom.loc);
    const from = origin ? `${t.expandedFrom.macro}@${origin.file}:${origin.line}:${origin.column}` : '';
    const loc = at(t.loc);
    h.update(`${t.kind} ${t.text} ${loc.file}:${loc.line}:${loc.column}@${loc.offset} ${t.spaceBefore ? 's' : ''}${t.lineStart ? 'l' : ''} ${from}\n`);
  }
  const program = lib.parse(tokens, sink);
  h.update(JSON.stringify(program, locationText(sink.locations)));
  h.update(JSON.stringify({ diagnostics: sink.items, files }));
  return h.digest('hex').slice(0, 16);
}

function runOne(lib, job) {
  if (job.kind === 'front') {
    try {
      return { hash: frontEndDigest(lib, job.file) };
    } catch (error) {
      return { hash: `crash:${String(error?.message ?? error).split('\n')[0]}` };
    }
  }
  let result;
  try {
    if (job.kind === 'dxc') {
      const args = lib.parseArgs(job.argv, job.dir);
      if (args.errors.length > 0 || !args.input) return { hash: `option:${args.errors[0] ?? 'no input'}` };
      const source = readFileSync(args.input, 'utf8');
      const run = args.preprocessOutput !== undefined ? lib.preprocessSource : lib.compile;
      result = run(source, { ...args.options, filename: args.input, host: lib.nodeHost() });
    } else {
      const source = readFileSync(job.file, 'utf8');
      const options = { filename: job.file, host: lib.nodeHost() };
      if (job.kind === 'pp') result = lib.preprocessSource(source, options);
      else {
        if (job.entry) options.entryPoints = [job.entry];
        result = lib.compile(source, { ...options, optimizationLevel: job.level, target: job.target });
      }
    }
  } catch (error) {
    return { hash: `crash:${String(error?.message ?? error).split('\n')[0]}` };
  }
  return { hash: digest(result) };
}

async function main() {
  const argv = process.argv.slice(2);
  const flag = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const jobs = collectJobs(!argv.includes('--no-dxc'));
  const lib = await bundleSources('output-hashes-lib', [
    "export { compile, preprocessSource } from './compiler/index.ts';",
    "export { parseArgs } from './src/bin/args.ts';",
    "export { nodeHost } from './plugin/node-host.ts';",
    "export { DiagnosticSink } from './compiler/diagnostics.ts';",
    "export { preprocess } from './compiler/preprocess/index.ts';",
    "export { parse } from './compiler/parse/index.ts';",
  ]);
  const started = performance.now();
  const done = await runWorkers(fileURLToPath(import.meta.url), lib, jobs, Number(flag('--jobs') ?? 2));
  const lines = jobs.map((job) => `${done[job.id]?.hash ?? 'worker-died'} ${job.name}`);
  const text = `${lines.join('\n')}\n`;
  const out = flag('--out');
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
  console.error(`${jobs.length} compiles hashed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const before = flag('--diff');
  if (before) {
    const old = new Map(readFileSync(before, 'utf8').trim().split('\n').map((l) => [l.slice(l.indexOf(' ') + 1), l.slice(0, l.indexOf(' '))]));
    const changed = lines.filter((l) => old.get(l.slice(l.indexOf(' ') + 1)) !== l.slice(0, l.indexOf(' ')));
    for (const l of changed) console.error(`changed: ${l.slice(l.indexOf(' ') + 1)}`);
    console.error(`${lines.length - changed.length} identical, ${changed.length} changed`);
    if (changed.length > 0) process.exitCode = 1;
  }
}

if (isMainThread) await main();
else await workerLoop((lib, job) => runOne(lib, job));
