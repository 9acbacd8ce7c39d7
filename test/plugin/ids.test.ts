import { describe, expect, it } from 'vitest';
import { isShaderId, parseShaderId, ShaderQueryError } from '../../plugin/ids.js';

describe('shader ids', () => {
  it('parses entry/stage pairs, repeatable defines and overrides', () => {
    const id = parseShaderId('/p/a.hlsl?entry=VSMain&stage=vertex&entry=PSMain&stage=pixel&define=QUALITY=2&define=FAST&layoutRule=dx&majorness=row&targetEnv=vulkan1.1');
    expect(id.file).toBe('/p/a.hlsl');
    expect(id.query.entryPoints).toEqual([{ name: 'VSMain', stage: 'vertex' }, { name: 'PSMain', stage: 'pixel' }]);
    expect(id.query.defines).toEqual({ QUALITY: '2', FAST: '1' });
    expect(id.query.layoutRule).toBe('dx');
    expect(id.query.defaultMajorness).toBe('row_major');
    expect(id.query.targetEnv).toBe('vulkan1.1');
    expect(id.query.exportKind).toBe('module');
  });

  it('selects the export kind and drops bundler parameters from the canonical query', () => {
    expect(parseShaderId('/a.hlsl?spirv').query.exportKind).toBe('spirv');
    expect(parseShaderId('/a.hlsl?layout').query.exportKind).toBe('layout');
    expect(parseShaderId('/a.hlsl?import&t=123&define=A=1').canonicalQuery).toBe('?define=A%3D1');
    expect(parseShaderId('/a.hlsl?import').canonicalQuery).toBe('');
  });

  it('selects the compile target: ?wgsl compiles WGSL only, ?spirv SPIR-V only, neither leaves the plugin option', () => {
    expect(parseShaderId('/a.hlsl?wgsl').query).toMatchObject({ exportKind: 'module', targets: ['wgsl'] });
    expect(parseShaderId('/a.hlsl?wgsl').canonicalQuery).toBe('?wgsl=');
    expect(parseShaderId('/a.hlsl?wgsl&layout').query).toMatchObject({ exportKind: 'layout', targets: ['wgsl'] });
    expect(parseShaderId('/a.hlsl?spirv').query.targets).toEqual(['spirv']);
    expect(parseShaderId('/a.hlsl').query.targets).toBeUndefined();
    expect(() => parseShaderId('/a.hlsl?spirv&wgsl')).toThrow(/\?spirv and \?wgsl exclude each other/);
  });

  it('rejects typos and inconsistent queries with a message naming the problem', () => {
    expect(() => parseShaderId('/a.hlsl?entyr=main')).toThrow(/unknown query parameter "entyr"/);
    expect(() => parseShaderId('/a.hlsl?entry=main')).toThrow(ShaderQueryError);
    expect(() => parseShaderId('/a.hlsl?entry=main&stage=fragment')).toThrow(/expected one of vertex/);
    expect(() => parseShaderId('/a.hlsl?spirv&layout')).toThrow(/exclude each other/);
    expect(() => parseShaderId('/a.hlsl?define=1X')).toThrow(/not a macro name/);
  });

  it('takes ?stage= alone as the stage of a file that marks no entry point', () => {
    expect(parseShaderId('/a.hlsl?stage=pixel').query).toMatchObject({ stage: 'pixel' });
    expect(parseShaderId('/a.hlsl?stage=pixel').query.entryPoints).toBeUndefined();
    expect(() => parseShaderId('/a.hlsl?stage=frag')).toThrow(/^\/a\.hlsl: \?stage=frag: expected one of vertex/);
    expect(() => parseShaderId('/a.hlsl?stage=pixel&stage=vertex')).toThrow(/every \?entry= needs a \?stage=/);
  });

  it('leaves ids other plugins own alone', () => {
    expect(isShaderId('/a.hlsl', ['.hlsl'])).toBe(true);
    expect(isShaderId('/a.hlsl?entry=x&stage=pixel', ['.hlsl'])).toBe(true);
    expect(isShaderId('/a.hlsl?raw', ['.hlsl'])).toBe(false);
    expect(isShaderId('/a.hlsl?url', ['.hlsl'])).toBe(false);
    expect(isShaderId('\0virtual.hlsl', ['.hlsl'])).toBe(false);
    expect(isShaderId('/a.hlsli', ['.hlsl'])).toBe(false);
  });
});
