import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ShaderCore } from '../../plugin/core.js';
import { inProcessBackend } from '../../plugin/backend.js';
import { ShaderCompileError } from '../../plugin/errors.js';
import { resolveOptions, type HlslPluginOptions, type ShaderCompileOptions } from '../../plugin/options.js';
import { fakeCompiler } from './helpers/fake-compiler.js';
import { tempCopy, type TempDir } from './helpers/temp-project.js';

const temps: TempDir[] = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

function setup(options: HlslPluginOptions = {}) {
  const project = tempCopy();
  temps.push(project);
  const fake = fakeCompiler();
  const calls: { source: string; options: Parameters<typeof fake.compile>[1] }[] = [];
  const core = new ShaderCore(resolveOptions({ cache: false, ...options }, project.dir), {
    backend: inProcessBackend('fake', (source, o) => (calls.push({ source, options: o }), fake.compile(source, o))),
  });
  return { project, fake, core, calls };
}

describe('ShaderCore', () => {
  it('generates a module with the reflection tables and watches the included files', async () => {
    const { project, core } = setup();
    const loaded = await core.load(project.path('uses-include.hlsl'));
    expect(loaded.compiled).toBe(true);
    expect(loaded.watchFiles).toEqual([project.path('uses-include.hlsl'), project.path('common.hlsli')]);
    // Inline under 4 KiB, as base64 of the little-endian words: "AwIjBw" is 0x07230203, the magic number.
    expect(loaded.code).toMatch(/const spirvBase64 = "AwIjBw[A-Za-z0-9+\/=]+";\nexport const spirv = \/\* @__PURE__ \*\/ spirvFromBase64\(spirvBase64\);/);
    expect(loaded.code).toContain('from "unplugin-hlsl/runtime"');
    expect(core.includes.modulesReading(project.path('common.hlsli'))).toEqual([project.path('uses-include.hlsl')]);
  });

  it('passes query defines, entry points and overrides on to the compiler', async () => {
    const { project, core, calls } = setup({ compilerOptions: { defines: { A: '1' } } });
    await core.load(`${project.path('slice.hlsl')}?entry=main&stage=compute&define=QUALITY=2&layoutRule=scalar&targetEnv=vulkan1.2`);
    expect(calls).toHaveLength(1);
    const o = calls[0]!.options;
    expect(o.defines).toEqual({ A: '1', QUALITY: '2' });
    expect(o.entryPoints).toEqual([{ name: 'main', stage: 'compute' }]);
    expect(o.layoutRule).toBe('scalar');
    expect(o.targetEnv).toBe('vulkan1.2');
    expect(o.filename).toBe(project.path('slice.hlsl'));
  });

  it('passes the SPIR-V options of compilerOptions on, and the new target environments from the query', async () => {
    const options: ShaderCompileOptions = { invertY: true, denorm: 'ftz', ieeeStrict: true, allowedExtensions: ['KHR'], stageIoOrder: 'alpha' };
    const { project, core, calls } = setup({ compilerOptions: options });
    await core.load(`${project.path('slice.hlsl')}?entry=main&stage=compute&targetEnv=vulkan1.1spirv1.4`);
    expect(calls[0]!.options).toMatchObject({ ...options, targetEnv: 'vulkan1.1spirv1.4' });
  });

  it('names the file relative to the project root when debug information is asked for', async () => {
    const { project, core, calls } = setup({ compilerOptions: { debugInfo: true } });
    await core.load(project.path('slice.hlsl'));
    expect(calls[0]!.options.debugSourceName).toBe('slice.hlsl');
  });

  it('records no file name (and so no local path) by default', async () => {
    const project = tempCopy();
    temps.push(project);
    const core = new ShaderCore(resolveOptions({ cache: false }, project.dir));
    const { shader } = await core.compile(project.path('slice.hlsl'));
    const text = new TextDecoder().decode(new Uint8Array(shader.spirv!.buffer));
    expect(text).not.toContain(project.dir);
    expect(text).not.toContain('slice.hlsl');
  });

  it('takes the stage of an unmarked main from the file name, or from ?stage=', async () => {
    const project = tempCopy();
    temps.push(project);
    const source = 'float4 main(float4 c : COLOR0) : COLOR1 { return c; }';
    writeFileSync(project.path('tintPS.hlsl'), source);
    writeFileSync(project.path('tint.hlsl'), source);
    const core = new ShaderCore(resolveOptions({ cache: false }, project.dir));
    expect((await core.compile(project.path('tintPS.hlsl'))).shader.reflection.entryPoints.map((e) => e.stage)).toEqual(['pixel']);
    expect((await core.compile(`${project.path('tint.hlsl')}?stage=pixel`)).shader.reflection.entryPoints.map((e) => e.stage)).toEqual(['pixel']);
    await expect(core.compile(project.path('tint.hlsl'))).rejects.toThrow(/cannot tell which stage 'main' is/);
    const off = new ShaderCore(resolveOptions({ cache: false, stageFromFileName: false }, project.dir));
    await expect(off.compile(project.path('tintPS.hlsl'))).rejects.toThrow(/cannot tell which stage 'main' is/);
  });

  it('with dts, writes a declaration for every shader of the project at start-up (not includes, not node_modules)', async () => {
    const project = tempCopy();
    temps.push(project);
    mkdirSync(project.path('node_modules/lib'), { recursive: true });
    writeFileSync(project.path('node_modules/lib/dep.hlsl'), 'this is not even HLSL');
    writeFileSync(project.path('broken.hlsl'), '[numthreads(1,1,1)] void main() { syntax error }');
    const core = new ShaderCore(resolveOptions({ cache: false, dts: true }, project.dir));
    await core.writeProjectDts();
    const written = readdirSync(project.dir).filter((f) => f.endsWith('.d.ts')).sort();
    const shaders = readdirSync(project.dir).filter((f) => f.endsWith('.hlsl') && f !== 'broken.hlsl').sort();
    expect(written).toEqual(shaders.map((f) => `${f}.d.ts`));
    expect(readFileSync(project.path('slice.hlsl.d.ts'), 'utf8')).toMatch(/export \{ layout0 as Params/);
    expect(readdirSync(project.path('node_modules/lib'))).toEqual(['dep.hlsl']);
  });

  it('compiles a shader imported twice at once only once', async () => {
    const { project, core, fake } = setup();
    await Promise.all([core.load(project.path('slice.hlsl')), core.load(`${project.path('slice.hlsl')}?import`)]);
    expect(fake.calls).toBe(1);
  });

  it('emits SPIR-V above the inline limit as an asset and inlines below it', async () => {
    const { project, core } = setup({ inlineLimit: 1000 });
    const emitted: { name: string; bytes: Uint8Array }[] = [];
    const emitAsset = (name: string, bytes: Uint8Array) => (emitted.push({ name, bytes }), '"ASSET_URL"');
    const big = await core.load(project.path('slice.hlsl'), { emitAsset }); // glslang: 1352 bytes
    const small = await core.load(project.path('standalone.hlsl'), { emitAsset }); // 660 bytes
    expect(emitted.map((e) => e.name)).toEqual(['slice.spv']);
    expect(new Uint32Array(emitted[0]!.bytes.slice().buffer)[0]).toBe(0x07230203);
    expect(big.code).toContain('export const spirvUrl = ("ASSET_URL");');
    expect(small.code).toContain('export const spirv = /* @__PURE__ */ spirvFromBase64(spirvBase64);');
  });

  it('?spirv exports the binary as the default export', async () => {
    const { project, core } = setup();
    const loaded = await core.load(`${project.path('standalone.hlsl')}?spirv`);
    expect(loaded.code).toMatch(/^import \{ spirvFromBase64 \} from "unplugin-hlsl\/runtime";\nexport default \/\* @__PURE__ \*\/ spirvFromBase64\("AwIjBw/);
  });

  it('?layout exports the tables and writers without the binary', async () => {
    const { project, core } = setup();
    const loaded = await core.load(`${project.path('slice.hlsl')}?layout`, { emitAsset: () => 'ASSET_URL' });
    expect(loaded.code).not.toMatch(/spirv|ASSET_URL/i);
    expect(loaded.dts).not.toMatch(/spirv/i);
    expect(loaded.code).toContain('Params');
  });

  it('turns a failed compile into an error with file, line and frame, and watches the files it read', async () => {
    const { project, core } = setup();
    writeFileSync(project.path('common.hlsli'), 'float scale(float x) {\n  return x * 2.0 +;\n}\n');
    const error = await core.load(project.path('uses-include.hlsl')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShaderCompileError);
    const e = error as ShaderCompileError;
    expect(e.loc.file).toBe(project.path('common.hlsli'));
    expect(e.loc.line).toBe(2);
    expect(e.frame).toContain('return x * 2.0 +;');
    expect(e.message).toContain(`${project.path('common.hlsli')}:2:`);
    expect(core.includes.modulesReading(project.path('common.hlsli'))).toEqual([project.path('uses-include.hlsl')]);
  });

  it('writes a declaration file next to the shader with the dts option', async () => {
    const { project, core } = setup({ dts: true });
    await core.load(project.path('slice.hlsl'));
    const dts = readFileSync(project.path('slice.hlsl.d.ts'), 'utf8');
    expect(dts).toContain('export declare const spirv: Uint32Array;');
    expect(dts).toMatch(/Params/);
  });
});
