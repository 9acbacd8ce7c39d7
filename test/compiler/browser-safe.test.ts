// The compiler runs in browsers and workers: bundled for the browser platform it must need no Node
// built-in, and the bundle must compile the foundation slice with no host at all.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('bundles for the browser without Node built-ins and compiles the slice from the bundle', async () => {
  const result = await build({
    entryPoints: [new URL('../../compiler/index.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  expect(result.errors).toEqual([]);
  const code = result.outputFiles[0]!.text;
  expect(code).not.toMatch(/\bfrom\s*["']node:|require\(["'](fs|path|os|node:)/);
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  const { compile } = (await import(/* @vite-ignore */ url)) as typeof import('../../compiler/index.js');
  const source = readFileSync(new URL('../../fixtures/shaders/slice.hlsl', import.meta.url), 'utf8');
  const compiled = compile(source, { filename: '/slice.hlsl' });
  expect(compiled.success).toBe(true);
  expect(compiled.reflection!.bindings.map((b) => b.name)).toEqual(['Params', 'output']);
});
