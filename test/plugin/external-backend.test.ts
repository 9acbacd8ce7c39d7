// External compilers: glslangValidator (installed) produces the module, reflection is read from its
// SPIR-V; a compiler that is not installed fails with the option to set.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShaderCore } from '../../plugin/core.js';
import { parseDepfile, parseToolDiagnostics } from '../../plugin/external-backend.js';
import { resolveOptions, type HlslPluginOptions } from '../../plugin/options.js';
import { spirvVal } from './helpers/spirv-val.js';
import { SHADERS } from './helpers/temp-project.js';

const core = (options: HlslPluginOptions) => new ShaderCore(resolveOptions({ cache: false, ...options }, SHADERS));

describe('external backends', () => {
  it('glslangValidator compiles the requested entry point and the module is generated from its SPIR-V', async () => {
    const shaders = core({ backend: 'glslang' });
    const { shader } = await shaders.compile(`${SHADERS}/uses-include.hlsl?entry=main&stage=compute`);
    const dir = mkdtempSync(join(tmpdir(), 'glslang-'));
    try {
      writeFileSync(join(dir, 'm.spv'), shader.spirv!);
      spirvVal(join(dir, 'm.spv'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(shader.reflection.entryPoints.map((e) => [e.name, e.stage, e.workgroupSize])).toEqual([['main', 'compute', { x: 8, y: 1, z: 1 }]]);
    expect(shader.reflection.bindings.map((b) => [b.name, b.kind])).toContainEqual(['data', 'storage-buffer']);
    // glslang's depfile names the include, so it is watched and hashed like the built-in compiler's.
    expect(shader.files).toEqual([`${SHADERS}/uses-include.hlsl`, `${SHADERS}/common.hlsli`]);
  });

  it('asks for one entry point with glslang and names options it cannot translate', async () => {
    await expect(core({ backend: 'glslang' }).compile(`${SHADERS}/slice.hlsl`)).rejects.toThrow(/one entry point per run.*`entryPoints`/);
    await expect(core({ backend: 'glslang', compilerOptions: { layoutRule: 'scalar' } }).compile(`${SHADERS}/slice.hlsl?entry=main&stage=compute`)).rejects.toThrow(
      /compilerOptions\.layoutRule has no glslangValidator equivalent/,
    );
    await expect(core({ backend: 'glslang', compilerOptions: { invertY: true } }).compile(`${SHADERS}/slice.hlsl?entry=main&stage=compute`)).rejects.toThrow(
      /compilerOptions\.invertY has no glslangValidator equivalent/,
    );
  });

  it('cannot produce WGSL: the target option and a ?wgsl import say so and name the builtin backend', async () => {
    expect(() => core({ backend: 'dxc', target: 'wgsl' })).toThrow("target 'wgsl' needs backend 'builtin': dxc (backend 'dxc') produces SPIR-V only");
    expect(() => core({ backend: 'glslang', target: ['spirv', 'wgsl'] })).toThrow(/target 'wgsl' needs backend 'builtin': glslangValidator/);
    await expect(core({ backend: 'glslang' }).compile(`${SHADERS}/uses-include.hlsl?entry=main&stage=compute&wgsl`)).rejects.toThrow(
      /target 'wgsl' needs backend 'builtin': glslangValidator \(backend 'glslang'\) produces SPIR-V only/,
    );
  });

  it('a missing compiler names the option that points at it', async () => {
    await expect(core({ backend: 'dxc', dxcPath: '/nonexistent/dxc' }).compile(`${SHADERS}/slice.hlsl`)).rejects.toThrow(
      'the external compiler "/nonexistent/dxc" was not found; install it on PATH or set the plugin option `dxcPath`',
    );
    await expect(core({ backend: 'glslang', glslangPath: '/nonexistent/glslangValidator' }).compile(`${SHADERS}/slice.hlsl?entry=main&stage=compute`)).rejects.toThrow(/`glslangPath`/);
  });

  it('reads DXC and glslang diagnostics and make depfiles', () => {
    expect(parseToolDiagnostics('a.hlsl:3:14: error: use of undeclared identifier \'x\'\nERROR: /p/b.hlsl:7: \'y\' : undeclared identifier')).toEqual([
      { severity: 'error', message: "use of undeclared identifier 'x'", file: 'a.hlsl', line: 3, column: 14, length: 1, notes: [] },
      { severity: 'error', message: "'y' : undeclared identifier", file: '/p/b.hlsl', line: 7, column: 1, length: 1, notes: [] },
    ]);
    expect(parseDepfile('out.spv: /p/a.hlsl \\\n /p/my\\ dir/b.hlsli\n')).toEqual(['/p/a.hlsl', '/p/my dir/b.hlsli']);
  });
});
