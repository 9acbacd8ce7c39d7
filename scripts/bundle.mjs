// `npm run build`, after tsc: bundles the two process entry points into one file each, so that
// starting them loads one module instead of ~100 (most of hlslc's start-up was module loading):
//   dist/src/bin/launch.cjs        the `hlslc` executable (src/bin/launch.ts): CommonJS, because Node
//                                  starts a CommonJS main module a few ms sooner than an ES module
//   dist/src/bin/hlslc-main.cjs    the CLI (src/bin/hlslc.ts), loaded by dist/src/bin/launch.cjs
//   dist/plugin/compile-worker.js  the worker thread entry (replaces tsc's output at the path
//                                  plugin/worker-pool.ts starts it from): compile-worker-launch.ts,
//                                  which runs dist/plugin/compile-worker-main.cjs (compile-serve.ts)
//                                  with a V8 code cache
// npm packages stay external (they are the package's dependencies, installed with it), and so do
// the optional ones imported lazily (spirv-tools for disassembly).
// The CommonJS bundles that run through plugin/code-cache.ts are minified (whitespace and syntax,
// not names, so stack traces still name functions): a quarter smaller to read, and without
// comments they are ASCII (esbuild escapes non-ASCII in strings), which code-cache.ts decodes as
// Latin-1 into a one-byte string, ~3 ms sooner than UTF-8 for hlslc's 1 MB.
import { readFileSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

/** Fails the build on a warning, e.g. import.meta.url in a CommonJS bundle (esbuild leaves it empty). */
function noWarnings(result) {
  if (result.warnings.length > 0) throw new Error(`esbuild warnings (see above) in a bundle that must have none`);
}

/** For bundles run through plugin/code-cache.ts. */
const minified = { minifyWhitespace: true, minifySyntax: true };

await Promise.all([
  // CommonJS, so src/bin/launch.ts can run it through vm.Script with a code cache on Node < 22.
  // import.meta.filename and .dirname are CommonJS's own; import.meta.url is not defined (a URL
  // built at every start-up): esbuild warns where it is used, and that fails the build below.
  build({
    ...common,
    ...minified,
    format: 'cjs',
    entryPoints: ['src/bin/hlslc.ts'],
    outfile: 'dist/src/bin/hlslc-main.cjs',
    define: { 'import.meta.filename': '__filename', 'import.meta.dirname': '__dirname' },
  }).then(noWarnings),
  build({
    ...common,
    format: 'cjs',
    entryPoints: ['src/bin/launch.ts'],
    outfile: 'dist/src/bin/launch.cjs',
    define: { 'import.meta.filename': '__filename', 'import.meta.dirname': '__dirname' },
  }).then(noWarnings),
  // The worker: a small ES module (compile-worker-launch.ts) that runs the CommonJS bundle of the
  // compiler (compile-serve.ts) through vm.Script with a code cache (plugin/code-cache.ts).
  build({ ...common, entryPoints: ['plugin/compile-worker-launch.ts'], outfile: 'dist/plugin/compile-worker.js' }),
  build({
    ...common,
    ...minified,
    format: 'cjs',
    entryPoints: ['plugin/compile-serve.ts'],
    outfile: 'dist/plugin/compile-worker-main.cjs',
    define: { 'import.meta.url': '__workerBundleUrl' },
    banner: { js: "const __workerBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  }),
]);

// Not an error to code-cache.ts (it decodes a non-ASCII bundle as UTF-8), but the slower path.
for (const file of ['dist/src/bin/hlslc-main.cjs', 'dist/plugin/compile-worker-main.cjs']) {
  if (!isAscii(readFileSync(new URL(`../${file}`, import.meta.url)))) throw new Error(`${file} is not ASCII: plugin/code-cache.ts reads it as UTF-8, the slower way`);
}
