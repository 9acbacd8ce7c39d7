import { afterEach, describe, expect, it } from 'vitest';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ShaderCore } from '../../plugin/core.js';
import { inProcessBackend } from '../../plugin/backend.js';
import { resolveOptions } from '../../plugin/options.js';
import { fakeCompiler } from './helpers/fake-compiler.js';
import { tempCopy, type TempDir } from './helpers/temp-project.js';

const temps: TempDir[] = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

const SHADERS = ['slice.hlsl', 'uses-include.hlsl', 'standalone.hlsl'];

function project() {
  const p = tempCopy();
  temps.push(p);
  return p;
}

/** A fresh core (as a new build process would have) over the project's disk cache. */
function build(dir: string, cacheDir = join(dir, '.cache')) {
  const fake = fakeCompiler();
  const core = new ShaderCore(resolveOptions({ cache: { dir: cacheDir } }, dir), {
    backend: inProcessBackend('fake', (source, options) => fake.compile(source, options)),
  });
  const loadAll = () => Promise.all(SHADERS.map((s) => core.load(join(dir, s))));
  return { core, fake, loadAll };
}

describe('shader cache', () => {
  it('compiles everything cold and nothing warm, from memory and from disk', async () => {
    const p = project();
    const cold = build(p.dir);
    const first = await cold.loadAll();
    expect(cold.fake.calls).toBe(3);
    await cold.loadAll();
    expect(cold.fake.calls).toBe(3);
    expect(cold.core.modules.stats.memoryHits).toBe(3);

    // A warm build reads each generated module; the compiled shaders behind them are not read.
    const warm = build(p.dir);
    const second = await warm.loadAll();
    expect(warm.fake.calls).toBe(0);
    expect(warm.core.modules.stats.diskHits).toBe(3);
    expect(warm.core.cache.stats).toMatchObject({ memoryHits: 0, diskHits: 0, misses: 0 });
    expect(second.map((m) => m.code)).toEqual(first.map((m) => m.code));
    expect(second.map((m) => m.watchFiles)).toEqual(first.map((m) => m.watchFiles));
  });

  it('recompiles a corrupt or foreign entry and rewrites it', async () => {
    const p = project();
    await build(p.dir).loadAll();
    const dir = p.path('.cache');
    rmSync(join(dir, 'modules'), { recursive: true }); // so the compiled shaders are read
    const entries = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(entries).toHaveLength(3);
    // One entry with a flipped byte in its body, one truncated, one holding another key's entry.
    const texts = entries.map((f) => readFileSync(join(dir, f), 'utf8'));
    writeFileSync(join(dir, entries[0]!), texts[0]!.replace('"spirv', '"spirw'));
    writeFileSync(join(dir, entries[1]!), texts[1]!.slice(0, texts[1]!.length / 2));
    writeFileSync(join(dir, entries[2]!), texts[0]!);

    const repaired = build(p.dir);
    await repaired.loadAll();
    expect(repaired.fake.calls).toBe(3);
    expect(repaired.core.cache.stats.corrupt).toBe(3);

    const after = build(p.dir);
    await after.loadAll();
    expect(after.fake.calls).toBe(0);
    expect(after.core.cache.stats.corrupt).toBe(0);
  });

  it('regenerates a corrupt or foreign module entry from the compiled shader, and rewrites it', async () => {
    const p = project();
    const first = await build(p.dir).loadAll();
    const dir = p.path('.cache/modules');
    const entries = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(entries).toHaveLength(3);
    const texts = entries.map((f) => readFileSync(join(dir, f), 'utf8'));
    writeFileSync(join(dir, entries[0]!), texts[0]!.replace('export', 'exporT'));
    writeFileSync(join(dir, entries[1]!), texts[1]!.slice(0, texts[1]!.length / 2));
    writeFileSync(join(dir, entries[2]!), texts[0]!);

    const repaired = build(p.dir);
    const again = await repaired.loadAll();
    expect(repaired.fake.calls).toBe(0);
    expect(repaired.core.modules.stats.corrupt).toBe(3);
    expect(repaired.core.cache.stats.diskHits).toBe(3);
    expect(again.map((m) => m.code)).toEqual(first.map((m) => m.code));

    const after = build(p.dir);
    await after.loadAll();
    expect(after.core.modules.stats).toMatchObject({ diskHits: 3, corrupt: 0 });
  });

  it('an edited include regenerates the modules that include it, from memory and from disk', async () => {
    const p = project();
    const before = await build(p.dir).loadAll();
    // What a build without any cache makes of the project as it is now.
    const uncached = async () => (await build(p.dir, p.path(`.fresh-${Math.random()}`)).loadAll()).map((m) => m.code);
    writeFileSync(p.path('common.hlsli'), 'float scale(float x) { return x * 3.0; }\n');
    const next = build(p.dir);
    const after = await next.loadAll();
    expect(next.core.modules.stats).toMatchObject({ diskHits: 2, misses: 1 });
    expect(after.map((m, i) => m.code === before[i]!.code)).toEqual([true, false, true]);
    expect(after.map((m) => m.code)).toEqual(await uncached());

    writeFileSync(p.path('common.hlsli'), 'float scale(float x) { return x * 4.0; }\n');
    const latest = await next.loadAll();
    expect(next.fake.calls).toBe(2);
    expect(next.core.modules.stats.memoryHits).toBe(2);
    expect(latest[1]!.code).not.toBe(after[1]!.code);
    expect(latest.map((m) => m.code)).toEqual(await uncached());
  });

  it('emits a cached module\'s SPIR-V asset into each build and puts that build\'s URL in its code', async () => {
    const p = project();
    const emitted: string[] = [];
    const context = { emitAsset: (fileName: string, bytes: Uint8Array, hash: string) => (emitted.push(`${fileName}:${bytes.byteLength}:${hash}`), `"build${emitted.length}/${fileName}"`) };
    const load = (dir: string) => {
      const core = new ShaderCore(resolveOptions({ cache: { dir: join(dir, '.cache') }, inlineLimit: 0 }, dir), {
        backend: inProcessBackend('fake', (source, options) => fakeCompiler().compile(source, options)),
      });
      return { core, loaded: core.load(join(dir, 'slice.hlsl'), context) };
    };
    const cold = load(p.dir);
    const first = await cold.loaded;
    const warm = load(p.dir);
    const second = await warm.loaded;
    expect(warm.core.modules.stats.diskHits).toBe(1);
    expect(emitted).toHaveLength(2);
    expect(emitted[1]).toBe(emitted[0]);
    expect(first.code).toContain('"build1/slice.spv"');
    expect(second.code).toContain('"build2/slice.spv"');
    expect(second.code).not.toContain('\u0000');
    // Inlined where nothing can be emitted: another entry, not the asset one.
    const inline = await warm.core.load(join(p.dir, 'slice.hlsl'));
    expect(inline.code).toContain('spirvFromBase64');
    expect(warm.core.modules.stats.misses).toBe(1);
  });

  it('survives two concurrent builds on one cache directory', async () => {
    const p = project();
    const a = build(p.dir);
    const b = build(p.dir);
    await Promise.all([a.loadAll(), b.loadAll(), a.loadAll(), b.loadAll()]);
    expect(readdirSync(p.path('.cache')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const c = build(p.dir);
    await c.loadAll();
    expect(c.fake.calls).toBe(0);
    expect(c.core.cache.stats.corrupt).toBe(0);
  });

  it('invalidates exactly the shaders whose included file changed', async () => {
    const p = project();
    await build(p.dir).loadAll();
    writeFileSync(p.path('common.hlsli'), 'float scale(float x) { return x * 3.0; }\n');
    const next = build(p.dir);
    const compiled = await next.loadAll();
    expect(next.fake.calls).toBe(1);
    expect(compiled.map((m) => m.compiled)).toEqual([false, true, false]);

    // The same in one long-lived process (watch mode): the memory entry is re-validated too.
    writeFileSync(p.path('common.hlsli'), 'float scale(float x) { return x * 4.0; }\n');
    await next.loadAll();
    expect(next.fake.calls).toBe(2);
  });

  it('starts compile workers ahead of a build only when the module cache holds nothing on disk', async () => {
    const p = project();
    let prestarts = 0;
    const core = (cache: { dir: string } | false) => {
      const fake = fakeCompiler();
      const backend = { ...inProcessBackend('fake', (source, options) => fake.compile(source, options)), prestart: () => void prestarts++ };
      return new ShaderCore(resolveOptions({ cache }, p.dir), { backend });
    };
    const cold = core({ dir: join(p.dir, '.cache') });
    cold.prestartCompiles();
    expect(prestarts).toBe(1);
    await cold.load(p.path('slice.hlsl'));
    // Warm: entries on disk, nothing starts (a miss starts the workers when it compiles).
    core({ dir: join(p.dir, '.cache') }).prestartCompiles();
    expect(prestarts).toBe(1);
    // No disk cache: every build compiles.
    core(false).prestartCompiles();
    expect(prestarts).toBe(2);
  });

  it('reads each file once a build: an include edited during a build is the next build\'s', async () => {
    const p = project();
    const ids = [1, 2, 3].map((n) => p.path(`includer${n}.hlsl`));
    for (const id of ids) copyFileSync(p.path('uses-include.hlsl'), id);
    await Promise.all(ids.map((id) => build(p.dir).core.load(id)));
    const b = build(p.dir);
    b.core.beginBuild();
    expect((await b.core.load(ids[0]!)).compiled).toBe(false);
    writeFileSync(p.path('common.hlsli'), 'float scale(float x) { return x * 3.0; }\n');
    // This build hashed common.hlsli for the first shader and does not read it again.
    expect((await Promise.all(ids.slice(1).map((id) => b.core.load(id)))).map((m) => m.compiled)).toEqual([false, false]);
    b.core.endBuild();
    // The watcher's rebuild: a new build, which sees the edit everywhere.
    b.core.beginBuild();
    expect((await Promise.all(ids.map((id) => b.core.load(id)))).map((m) => m.compiled)).toEqual([true, true, true]);
    b.core.endBuild();
    // Outside a build (a dev server, the API), every load reads the files again.
    writeFileSync(p.path('common.hlsli'), 'float scale(float x) { return x * 4.0; }\n');
    expect((await b.core.load(ids[0]!)).compiled).toBe(true);
  });

  it('keys on options: a different define is a different entry', async () => {
    const p = project();
    const b = build(p.dir);
    await b.core.load(`${p.path('slice.hlsl')}?define=A=1`);
    await b.core.load(`${p.path('slice.hlsl')}?define=A=2`);
    await b.core.load(`${p.path('slice.hlsl')}?define=A=1&import`);
    expect(b.fake.calls).toBe(2);
  });
});
