// Benchmarks run the compiler's TypeScript sources, bundled once per run with esbuild into bench/.out/
// (no `npm run build` needed): `exports` are `export … from './path.ts'` lines relative to the root.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'bench/.out');

/**
 * Bundles the re-exports in `lines` to bench/.out/<name>.mjs; returns the file's path. `root`: the
 * tree the lines' paths are relative to (another checkout, for A/B benches); default this one.
 */
export async function bundleSources(name, lines, root = ROOT) {
  mkdirSync(OUT, { recursive: true });
  const outfile = join(OUT, `${name}.mjs`);
  await build({
    stdin: { contents: lines.join('\n'), resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** Imports a fresh bundle (a query defeats the module cache when the same run bundles again). */
export async function importBundle(name, lines, root = ROOT) {
  return import(`${pathToFileURL(await bundleSources(name, lines, root)).href}?t=${Date.now()}`);
}
