// Types for shader imports with a query: the `dts` option scans the project's sources at start-up,
// compiles each query import as the bundler will, and writes `hlsl-imports.d.ts`; TypeScript then
// types `import … from './slice.hlsl?entry=main&stage=compute'` exactly (checked with tsc itself).
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ShaderCore } from '../../plugin/core.js';
import { resolveOptions } from '../../plugin/options.js';
import { declarationPattern, QueryImportDeclarations, queryImportSpecifiers } from '../../plugin/query-imports.js';
import { tempCopy, type TempDir } from './helpers/temp-project.js';

const RUNTIME = fileURLToPath(new URL('../../src/runtime.ts', import.meta.url));
const CLIENT = fileURLToPath(new URL('../../client.d.ts', import.meta.url));
const temps: TempDir[] = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

/** tsc (strict) over the project's `main.ts` and whatever declaration files `include` names. */
function typecheck(project: TempDir, include: string[]): { line: number; code: number; message: string }[] {
  const main = project.path('src/main.ts');
  const program = ts.createProgram([main, ...include.map((f) => project.path(f))], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    paths: { 'unplugin-hlsl/runtime': [RUNTIME] },
    skipLibCheck: false,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    line: d.file?.fileName === main && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : -1,
    code: d.code,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}

describe('query import declarations', () => {
  it('turns relative specifiers into patterns TypeScript accepts in an ambient declaration', () => {
    expect(declarationPattern('./blur.hlsl?stage=pixel')).toBe('.*/blur.hlsl?stage=pixel');
    expect(declarationPattern('../../shaders/blur.hlsl?stage=pixel')).toBe('.*/shaders/blur.hlsl?stage=pixel');
    expect(declarationPattern('@shaders/blur.hlsl?wgsl&stage=pixel')).toBe('@shaders/blur.hlsl?wgsl&stage=pixel');
  });

  it('finds query imports in source text, not template strings', () => {
    const text = [
      "import a from './a.hlsl?entry=main&stage=pixel';",
      'const b = await import("../b.hlsl?define=Q=2");',
      "import c from './c.hlsl?spirv';",
      "import d from './d.hlsl';",
      'const e = import(`./${name}.hlsl?stage=pixel`);',
      "import f from './f.frag?stage=pixel';",
    ].join('\n');
    expect(queryImportSpecifiers(text, ['.hlsl'])).toEqual(['./a.hlsl?entry=main&stage=pixel', '../b.hlsl?define=Q=2', './c.hlsl?spirv']);
    expect(queryImportSpecifiers(text, ['.hlsl', '.frag'])).toContain('./f.frag?stage=pixel');
  });

  it('leaves out a pattern two different shaders share, saying which', () => {
    const declarations = new QueryImportDeclarations();
    declarations.add('./x.hlsl?stage=pixel', '/p/a/x.hlsl?stage=pixel');
    declarations.add('./x.hlsl?stage=pixel', '/p/b/x.hlsl?stage=pixel');
    declarations.setDeclaration('/p/a/x.hlsl?stage=pixel', 'export declare const a: 1;\n');
    declarations.setDeclaration('/p/b/x.hlsl?stage=pixel', 'export declare const b: 2;\n');
    const text = declarations.render();
    expect(text).not.toMatch(/^declare module/m);
    expect(text).toContain("'.*/x.hlsl?stage=pixel' names different shaders (/p/a/x.hlsl?stage=pixel, /p/b/x.hlsl?stage=pixel)");
  });

  it('types a query import exactly at start-up, before any bundler ran', async () => {
    const project = tempCopy();
    temps.push(project);
    mkdirSync(project.path('src'));
    writeFileSync(
      project.path('src/main.ts'),
      [
        "import shader, { Params, entryPoints } from '../slice.hlsl?entry=main&stage=compute&define=UNUSED=1';",
        'const words: Uint32Array = shader.spirv;',
        "const stage: 'compute' = entryPoints.main.stage;",
        'Params.create({ time: 1, tint: [1, 2, 3] });',
        "Params.create({ tim: 1 });", // line 5: misspelt field
        "import { Params as P2 } from '../slice.hlsl?layout';", // the client types' `*.hlsl?layout` has no Params
        'P2.create({ time: 2 });',
        'export { words, stage };',
      ].join('\n'),
    );
    // Without the declarations tsc cannot resolve the specifier at all.
    expect(typecheck(project, []).map((d) => d.code)).toContain(2307);

    const core = new ShaderCore(resolveOptions({ cache: false, dts: true }, project.dir));
    await core.writeProjectDts();
    await core.close();
    const dts = readFileSync(project.path('hlsl-imports.d.ts'), 'utf8');
    expect(dts).toContain('declare module ".*/slice.hlsl?entry=main&stage=compute&define=UNUSED=1" {');
    expect(typecheck(project, ['hlsl-imports.d.ts'])).toEqual([expect.objectContaining({ line: 5, code: 2561 })]);
    // With the loose client types in the program too, in either order, the exact declarations win.
    writeFileSync(project.path('client.d.ts'), readFileSync(CLIENT, 'utf8'));
    expect(typecheck(project, ['client.d.ts', 'hlsl-imports.d.ts'])).toEqual([expect.objectContaining({ line: 5, code: 2561 })]);
    expect(typecheck(project, ['hlsl-imports.d.ts', 'client.d.ts'])).toEqual([expect.objectContaining({ line: 5, code: 2561 })]);
  });

  it('writes nothing when the project has no query imports', async () => {
    const project = tempCopy();
    temps.push(project);
    const core = new ShaderCore(resolveOptions({ cache: false, dts: true }, project.dir));
    await core.writeProjectDts();
    await core.close();
    expect(existsSync(project.path('hlsl-imports.d.ts'))).toBe(false);
  });

  it('adds an import the bundler resolves later and keeps its declaration in sync with the shader', async () => {
    const project = tempCopy();
    temps.push(project);
    const core = new ShaderCore(resolveOptions({ cache: false, dts: { dir: project.path('types') } }, project.dir));
    await core.writeProjectDts();
    const id = `${project.path('slice.hlsl')}?stage=compute`;
    core.noteImport('./slice.hlsl?stage=compute', id);
    await core.load(id);
    const path = project.path('types/hlsl-imports.d.ts');
    expect(readFileSync(path, 'utf8')).toMatch(/declare module "\.\*\/slice\.hlsl\?stage=compute" \{[^]*time\?: number/);
    writeFileSync(project.path('slice.hlsl'), readFileSync(project.path('slice.hlsl'), 'utf8').replace('float time;', 'float seconds;').replace('= time *', '= seconds *'));
    await core.load(id);
    await core.close();
    expect(readFileSync(path, 'utf8')).toMatch(/seconds\?: number/);
  });
});
