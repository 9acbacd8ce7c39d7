// The worker pool runs the built compiler (dist/, from `npm run build`), or, running from source,
// compile-worker.ts bundled by source-worker.ts (Node 20 cannot run TypeScript in a worker).
// Results must equal an in-process compile, spread over threads.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { compile } from '../../compiler/index.js';
import { compileWithNodeHost, createBackend } from '../../plugin/backend.js';
import { resolveOptions } from '../../plugin/options.js';
import { sourceWorkerScript } from '../../plugin/source-worker.js';
import { WorkerPool, workerExecArgv } from '../../plugin/worker-pool.js';
import { SHADERS } from './helpers/temp-project.js';

const script = new URL('../../dist/plugin/compile-worker.js', import.meta.url);
const built = existsSync(fileURLToPath(script));
const pools: WorkerPool[] = [];
afterAll(() => Promise.all(pools.map((p) => p.close())));

describe.skipIf(!built)('WorkerPool (needs dist/: run `npm run build`)', () => {
  it('compiles on several threads with the same result as the main thread', async () => {
    const pool = new WorkerPool(script, 2);
    pools.push(pool);
    const files = ['slice.hlsl', 'uses-include.hlsl', 'standalone.hlsl'].map((f) => `${SHADERS}/${f}`);
    const requests = [...files, ...files].map((file) => ({ file, source: readFileSync(file, 'utf8'), options: {} }));
    const results = await Promise.all(requests.map((r) => pool.run(r)));
    expect(pool.threadsUsed.size).toBe(2);
    for (const [i, output] of results.entries()) {
      const local = await compileWithNodeHost(compile, requests[i]!);
      expect(output.result.diagnostics).toEqual(local.result.diagnostics);
      expect(output.result.success).toBe(true);
      expect(Array.from(output.result.spirv!)).toEqual(Array.from(local.result.spirv!));
      expect(output.fileHashes).toEqual(local.fileHashes);
    }
  });

  it('keeps a V8 code cache in the directory it is given: written after the first compile, read by the next worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hlsl-code-cache-'));
    try {
      const request = { file: `${SHADERS}/standalone.hlsl`, source: readFileSync(`${SHADERS}/standalone.hlsl`, 'utf8'), options: {} };
      const first = new WorkerPool(script, 1, { codeCacheDir: dir });
      pools.push(first);
      const before = await first.run(request);
      // The cache is written after the answer is posted: a second request is answered after it.
      await first.run(request);
      await first.close();
      const caches = readdirSync(dir).filter((f) => f.startsWith('compile-worker-') && f.endsWith('.code-cache'));
      expect(caches).toHaveLength(1);
      const written = statSync(join(dir, caches[0]!)).mtimeMs;
      const second = new WorkerPool(script, 1, { codeCacheDir: dir });
      pools.push(second);
      const after = await second.run(request);
      await second.close();
      expect(Array.from(after.result.spirv!)).toEqual(Array.from(before.result.spirv!));
      expect(after.result.diagnostics).toEqual(before.result.diagnostics);
      // Accepted, so not written again.
      expect(statSync(join(dir, caches[0]!)).mtimeMs).toBe(written);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prestart() starts one worker, once, and the first task runs on it', async () => {
    const pool = new WorkerPool(script, 2);
    pools.push(pool);
    pool.prestart();
    pool.prestart();
    expect(pool.started).toBe(1);
    const request = { file: `${SHADERS}/standalone.hlsl`, source: readFileSync(`${SHADERS}/standalone.hlsl`, 'utf8'), options: {} };
    expect((await pool.run(request)).result.success).toBe(true);
    expect(pool.started).toBe(1);
    expect(pool.threadsUsed.size).toBe(1);
    await pool.close();
    expect(pool.started).toBe(0);
  });

  it('starts new workers on demand after close()', async () => {
    const pool = new WorkerPool(script, 1);
    pools.push(pool);
    const request = { file: `${SHADERS}/standalone.hlsl`, source: readFileSync(`${SHADERS}/standalone.hlsl`, 'utf8'), options: {} };
    await pool.close(); // a closed pool starts new workers on demand
    const output = await pool.run(request);
    expect(output.result.success).toBe(true);
  });
});

describe('the built-in backend running from source', () => {
  it('bundles the worker from the TypeScript sources and compiles on worker threads, as from dist', async () => {
    const script = await sourceWorkerScript();
    expect(script?.href).toMatch(/compile-worker\.mjs$/);
    // While no source changed, the bundle is reused, not rebuilt.
    const mtime = statSync(script!).mtimeMs;
    expect((await sourceWorkerScript())?.href).toBe(script!.href);
    expect(statSync(script!).mtimeMs).toBe(mtime);

    const backend = createBackend(resolveOptions({ workers: 2 }, SHADERS));
    const files = ['slice.hlsl', 'uses-include.hlsl', 'standalone.hlsl'].map((f) => `${SHADERS}/${f}`);
    const requests = [...files, ...files].map((file) => ({ file, source: readFileSync(file, 'utf8'), options: {} }));
    try {
      const results = await Promise.all(requests.map((r) => backend.compile(r)));
      expect(backend.threadsUsed?.().size).toBe(2);
      for (const [i, output] of results.entries()) {
        const local = await compileWithNodeHost(compile, requests[i]!);
        expect(output.result.success).toBe(true);
        expect(Array.from(output.result.spirv!)).toEqual(Array.from(local.result.spirv!));
        expect(output.fileHashes).toEqual(local.fileHashes);
      }
    } finally {
      await backend.close();
    }
  });
});

describe('workers of a process started with --input-type (node --input-type=module -e "…")', () => {
  it('do not inherit it: Node refuses a module worker file under it', async () => {
    expect(workerExecArgv(['--input-type=module', '--enable-source-maps'])).toEqual(['--enable-source-maps']);
    expect(workerExecArgv(['--input-type', 'module', '--conditions', 'dev'])).toEqual(['--conditions', 'dev']);
    // The pool as a build script run with `node --input-type=module -e` would load it (bundled here).
    const dir = mkdtempSync(join(tmpdir(), 'hlsl-input-type-'));
    try {
      const pool = join(dir, 'pool.mjs');
      await build({ entryPoints: [fileURLToPath(new URL('../../plugin/worker-pool.ts', import.meta.url))], bundle: true, platform: 'node', format: 'esm', outfile: pool, logLevel: 'error' });
      const file = `${SHADERS}/standalone.hlsl`;
      const code = [
        `import { WorkerPool } from ${JSON.stringify(pathToFileURL(pool).href)};`,
        `const pool = new WorkerPool(new URL(${JSON.stringify((await sourceWorkerScript())!.href)}), 1);`,
        `const out = await pool.run({ file: ${JSON.stringify(file)}, source: ${JSON.stringify(readFileSync(file, 'utf8'))}, options: {} });`,
        'console.log(out.result.success);',
        'await pool.close();',
      ].join('\n');
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.stdout.trim()).toBe('true');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
