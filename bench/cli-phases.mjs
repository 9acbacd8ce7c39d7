// Where one `hlslc` run's time goes after Node's bootstrap: copies launch.cjs and hlslc-main.cjs of
// each built tree given (its dist/src/bin) to instrumented twins (launch-phases.cjs,
// hlslc-phases.cjs beside them) with performance.now() marks, runs them alternately on pbr.hlsl
// with a primed code cache in a folder of their own, and prints the median of each phase. The
// marks are found by text in the built launcher (plugin/code-cache.ts's statements): a phase
// whose statement is not found is left out of that tree's row. Needs `npm run build`.
//
//   node bench/cli-phases.mjs [runs] [name=path/to/tree ...]     (default: this tree, 20 runs)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 20);
const trees = (process.argv.length > 3 ? process.argv.slice(3) : [`this=${ROOT}`]).map((arg) => arg.split('='));

/** [pattern, phase that ends there]: a mark is inserted before the first match. */
const LAUNCHER_MARKS = [
  [/\n\s*(?:let cachedData|const require\d* = \(0, import_node_module\d*\.createRequire\)\(bundle\d*\);\n\s*const crc32)/, 'read the bundle'],
  [/\n\s*const script = new/, 'read the code cache'],
  [/\n\s*const wrapper = script\.runInThisContext\(\);/, 'new vm.Script'],
  [/\n\s*let stale = /, 'run the bundle'],
];

function instrument(bin) {
  let launcher = readFileSync(join(bin, 'launch.cjs'), 'utf8');
  const strict = launcher.indexOf('"use strict";') + '"use strict";'.length;
  launcher =
    launcher.slice(0, strict) +
    'const __marks=[["load launch.cjs",performance.now()]];globalThis.__mark=(n)=>__marks.push([n,performance.now()]);' +
    'process.on("exit",()=>{__mark("write output, exit");process.stderr.write("\\n"+JSON.stringify({boot:performance.nodeTiming.bootstrapComplete,marks:__marks})+"\\n")});' +
    launcher.slice(strict);
  for (const [pattern, phase] of LAUNCHER_MARKS) launcher = launcher.replace(pattern, (m) => `\n__mark(${JSON.stringify(phase)});${m}`);
  writeFileSync(join(bin, 'launch-phases.cjs'), launcher.replaceAll('hlslc-main.cjs', 'hlslc-phases.cjs'));
  let bundle = readFileSync(join(bin, 'hlslc-main.cjs'), 'utf8');
  const at = bundle.indexOf('"use strict";') + '"use strict";'.length;
  bundle = bundle.slice(0, at) + 'globalThis.__mark("wrapper call");' + bundle.slice(at);
  const main = bundle.lastIndexOf('main()');
  bundle = bundle.slice(0, main) + 'globalThis.__mark("evaluate the bundle"),' + bundle.slice(main);
  writeFileSync(join(bin, 'hlslc-phases.cjs'), bundle);
}

const cache = mkdtempSync(join(tmpdir(), 'cli-phases-'));
const phases = Object.fromEntries(trees.map(([name]) => [name, new Map()]));
try {
  for (const [, tree] of trees) instrument(join(tree, 'dist/src/bin'));
  const argv = ['-T', 'ps_6_0', '-E', 'ps_main', join(ROOT, 'fixtures/compiler/pbr.hlsl'), '-Fo', join(cache, 'out.spv')];
  for (let i = 0; i < runs + 2; i++) {
    for (const [name, tree] of trees) {
      const env = { ...process.env, XDG_CACHE_HOME: join(cache, name), NODE_COMPILE_CACHE: join(cache, name) };
      const r = spawnSync(process.execPath, [join(tree, 'dist/src/bin/launch-phases.cjs'), ...argv], { encoding: 'utf8', env });
      if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
      if (i < 2) continue; // the first runs write the cache
      const { boot, marks } = JSON.parse(r.stderr.trim().split('\n').pop());
      let previous = boot;
      // "the compile" is what running the bundle took after its evaluation (main() runs synchronously).
      for (const [phase, t] of marks) {
        const key = phase === 'run the bundle' ? 'the compile (main)' : phase;
        if (!phases[name].has(key)) phases[name].set(key, []);
        phases[name].get(key).push(t - previous);
        previous = t;
      }
      if (!phases[name].has('total')) phases[name].set('total', []);
      phases[name].get('total').push(marks.at(-1)[1] - boot);
    }
  }
} finally {
  rmSync(cache, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const names = [...new Set(trees.flatMap(([name]) => [...phases[name].keys()]))];
console.log(`ms after Node's bootstrap, median of ${runs} alternating primed runs of hlslc on pbr.hlsl`);
console.table(Object.fromEntries(names.map((phase) => [phase, Object.fromEntries(trees.map(([name]) => [name, phases[name].has(phase) ? Number(median(phases[name].get(phase)).toFixed(1)) : '']))])));
