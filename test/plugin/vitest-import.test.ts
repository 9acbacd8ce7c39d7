// Vitest itself, run programmatically on fixtures/projects/vitest-app, whose test imports a shader.
import { expect, it } from 'vitest';
import { startVitest } from 'vitest/node';
import { project } from './helpers/bundlers.js';

it('a Vitest test importing a .hlsl file gets SPIR-V bytes and layouts', async () => {
  const root = project('vitest-app');
  const vitest = await startVitest('test', [], { root, config: `${root}/vitest.config.ts`, watch: false, reporters: [] });
  try {
    const modules = vitest.state.getTestModules();
    const failures = vitest.state.getFiles().flatMap((f) => f.result?.errors ?? []).map((e) => e.message);
    expect(failures).toEqual([]);
    expect(modules.map((m) => [m.moduleId.slice(root.length), m.state()])).toEqual([['/shader.test.ts', 'passed']]);
    const tests = [...modules[0]!.children.allTests()].map((t) => [t.name, t.result().state]);
    expect(tests).toEqual([['imports SPIR-V words and buffer layouts in Node', 'passed']]);
  } finally {
    await vitest.close();
  }
});
