// Output hashes for speed work on the checker, IR, passes and back ends: every fixture under
// fixtures/ (each `// entry:` of its header at -O0 and -O3; a file without one compiled as is) and
// every positive `%dxc` RUN line of DXC's CodeGenSPIRV tests, compiled in-process; one SHA-256 per
// compile over its SPIR-V words, WGSL text, reflection and diagnostics. A change that must not alter
// output keeps every hash: run before, run after, compare.
//
//   node bench/backend-hashes.mjs out.json [--dxc DIR]     then   node bench/backend-hashes.mjs --diff a.json b.json

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBundle } from './bundle-sources.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (/\.hlsl$/.test(name)) out.push(path);
  }
  return out;
}

function hashOf(result) {
  const h = createHash('sha256');
  if (result.spirv) h.update(new Uint8Array(result.spirv.buffer, result.spirv.byteOffset, result.spirv.byteLength));
  h.update('\0wgsl\0' + (result.wgsl?.code ?? ''));
  h.update('\0refl\0' + JSON.stringify(result.reflection ?? null));
  h.update('\0diag\0' + JSON.stringify(result.diagnostics ?? []));
  h.update('\0text\0' + (result.text ?? ''));
  return h.digest('hex').slice(0, 24);
}

function safely(run) {
  try {
    return hashOf(run());
  } catch (e) {
    return `crash: ${String(e?.message ?? e).split('\n')[0]}`;
  }
}

function fixtureJobs(lib) {
  const jobs = [];
  for (const file of filesUnder(join(ROOT, 'fixtures'))) {
    const source = readFileSync(file, 'utf8');
    const rel = relative(ROOT, file);
    const header = /^\/\/ entry: (.*)$/m.exec(source);
    const targets = /^\/\/ targets: (.*)$/m.exec(source)?.[1].trim().split(/\s+/) ?? ['vulkan1.1'];
    const host = lib.nodeHost();
    if (!header) {
      jobs.push([rel, () => lib.compile(source, { filename: file, host })]);
      continue;
    }
    for (const part of header[1].split(',')) {
      const [name, stage] = part.trim().split(/\s+/);
      for (const targetEnv of targets) {
        for (const optimizationLevel of [0, 3]) {
          const options = { filename: file, host, entryPoints: [{ name, stage }], targetEnv, optimizationLevel };
          jobs.push([`${rel}:${name}:${targetEnv}:O${optimizationLevel}`, () => lib.compile(source, options)]);
        }
      }
    }
  }
  return jobs;
}

function splitCommand(text, file) {
  const words = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m; (m = re.exec(text)); ) words.push((m[1] ?? m[2] ?? m[3]).replace(/%s/g, file));
  return words;
}

/** Positive %dxc RUN lines as bench/conformance.mjs reads them (output options dropped). */
function dxcJobs(lib, dir) {
  const jobs = [];
  for (const file of filesUnder(dir)) {
    const source = readFileSync(file, 'utf8');
    if (/-verify\b/.test(source) || /expected-error/.test(source)) continue;
    let index = 0;
    for (const m of source.matchAll(/^\s*\/\/\s*RUN:(.*)$/gm)) {
      const body = m[1];
      const at = body.indexOf('%dxc');
      if (at < 0 || /\bnot\s+%dxc/.test(body)) continue;
      const command = body.slice(at + 4).split(/\s*\|\s|\s*\|$|\s2>&1|\s>\s/)[0];
      const argv = [];
      const words = splitCommand(command, file).filter((w) => w !== '%dxc');
      for (let i = 0; i < words.length; i++) {
        if (/^-F[oce]$/.test(words[i])) i++;
        else if (!/^-F[oce]./.test(words[i])) argv.push(words[i]);
      }
      const key = `${relative(dir, file)}#${index++}`;
      jobs.push([key, () => {
        const args = lib.parseArgs(argv, dir);
        if (args.errors.length > 0 || !args.input) return { diagnostics: [{ option: args.errors[0] ?? 'no input' }] };
        const run = args.preprocessOutput !== undefined ? lib.preprocessSource : lib.compile;
        return run(readFileSync(args.input, 'utf8'), { ...args.options, filename: args.input, host: lib.nodeHost() });
      }]);
    }
  }
  return jobs;
}

async function main(argv) {
  if (argv[0] === '--diff') {
    const [a, b] = argv.slice(1).map((p) => JSON.parse(readFileSync(p, 'utf8')));
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    let same = 0;
    const differ = [];
    for (const k of keys) (a[k] === b[k] ? same++ : differ.push(k));
    console.log(`${same} identical, ${differ.length} differ`);
    for (const k of differ.slice(0, 40)) console.log(`  ${k}: ${a[k]} → ${b[k]}`);
    process.exit(differ.length ? 1 : 0);
  }
  const out = argv[0];
  const dxcAt = argv.indexOf('--dxc');
  const dxcDir = dxcAt >= 0 ? argv[dxcAt + 1] : '/work/dxc/tools/clang/test/CodeGenSPIRV';
  const lib = await importBundle('backend-hashes-lib', [
    "export { compile, preprocessSource } from './compiler/index.ts';",
    "export { parseArgs } from './src/bin/args.ts';",
    "export { nodeHost } from './plugin/node-host.ts';",
  ]);
  const started = performance.now();
  const hashes = {};
  for (const [key, run] of [...fixtureJobs(lib), ...dxcJobs(lib, dxcDir)]) hashes[key] = safely(run);
  writeFileSync(out, JSON.stringify(hashes, null, 1));
  console.log(`${Object.keys(hashes).length} hashes in ${((performance.now() - started) / 1000).toFixed(1)} s → ${out}`);
}

await main(process.argv.slice(2));
