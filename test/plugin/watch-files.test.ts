// Watch files in Rollup: a build that does not watch adds none (they would go unused), a watching
// build adds every file a shader read, and editing an include there rebuilds with the new text.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { tempCopy, type TempDir } from './helpers/temp-project.js';

let project: TempDir | undefined;
afterEach(() => project?.remove());

function entryProject(): TempDir {
  const copy = tempCopy();
  writeFileSync(copy.path('main.js'), "export * from './uses-include.hlsl';\n");
  return copy;
}

describe('Rollup watch files', () => {
  it('adds no watch file in a build that does not watch', async () => {
    project = entryProject();
    const { rollup } = await import('rollup');
    const hlsl = (await import('../../src/rollup.js')).default;
    const bundle = await rollup({ input: project.path('main.js'), plugins: [hlsl({ cache: false })] });
    await bundle.close();
    // What plugins added with addWatchFile is in Rollup's list (the watching build below has it there).
    expect(bundle.watchFiles).not.toContain(project.path('common.hlsli'));
  });

  it('watches the include in watch mode and rebuilds with its edit', async () => {
    project = entryProject();
    const { watch } = await import('rollup');
    const hlsl = (await import('../../src/rollup.js')).default;
    const out = project.path('out/main.js');
    const watcher = watch({ input: project.path('main.js'), plugins: [hlsl({ cache: false })], output: { file: out, format: 'es' }, watch: { buildDelay: 10 } });
    const builds: string[] = [];
    const watchFiles: string[][] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        watcher.on('event', (event) => {
          if (event.code === 'ERROR') reject(event.error);
          if (event.code === 'BUNDLE_END') {
            watchFiles.push(event.result.watchFiles);
            void event.result.close();
          }
          if (event.code !== 'END') return;
          builds.push(readFileSync(out, 'utf8'));
          if (builds.length === 1) setTimeout(() => writeFileSync(project!.path('common.hlsli'), 'float scale(float x) { return x * 3.0; }\n'), 200);
          else resolve();
        });
      });
    } finally {
      await watcher.close();
    }
    expect(watchFiles[0]).toContain(project.path('common.hlsli'));
    const spirv = (code: string) => /const spirvBase64 = "([^"]*)"/.exec(code)?.[1];
    expect(spirv(builds[0]!)).toBeDefined();
    expect(spirv(builds[1]!)).toBeDefined();
    expect(spirv(builds[1]!)).not.toBe(spirv(builds[0]!));
  }, 30_000);
});
