// The worker script when the plugin runs from its TypeScript sources (tests, the playground, a
// linked checkout): Node 20 cannot run TypeScript in a worker, so compile-worker.ts is bundled
// with esbuild (a dev dependency, installed wherever the sources are) into one JavaScript file,
// as `npm run build` does. The bundle is kept in the temp directory with the content hash of each
// source it was built from; while none has changed it is reused, so only the first pool pays.
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashFile, sha256, writeFileAtomically } from './cache.js';

/** `compile-worker.ts` next to `pluginUrl`, bundled; undefined when the plugin is not running from source. */
export async function sourceWorkerScript(pluginUrl: string = import.meta.url): Promise<URL | undefined> {
  if (!pluginUrl.endsWith('.ts')) return undefined;
  const entry = fileURLToPath(new URL('./compile-worker.ts', pluginUrl));
  const root = resolve(dirname(entry), '..');
  const dir = join(tmpdir(), `unplugin-hlsl-worker-${sha256(root).slice(0, 16)}`);
  const bundle = join(dir, 'compile-worker.mjs');
  const manifest = join(dir, 'inputs.json');
  const inputs = await readFile(manifest, 'utf8')
    .then((text) => JSON.parse(text) as Record<string, string | null>)
    .catch(() => undefined);
  if (inputs && Object.entries(inputs).every(([file, hash]) => hashFile(join(root, file)) === hash)) return pathToFileURL(bundle);

  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    outfile: bundle,
    logLevel: 'silent',
  });
  const hashes = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [file, hashFile(join(root, file))]));
  await mkdir(dir, { recursive: true });
  // Each file whole (a concurrent build never starts half a bundle), the bundle before its manifest.
  await writeFileAtomically(bundle, result.outputFiles.find((f) => f.path.endsWith('.mjs'))!.contents);
  await writeFileAtomically(manifest, JSON.stringify(hashes));
  return pathToFileURL(bundle);
}
