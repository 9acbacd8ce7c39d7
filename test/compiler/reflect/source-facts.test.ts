// Facts the fixture sources state directly (declared majorness and dimensions, comparison samplers,
// access qualifiers, formats, interpolation), checked on the compiled modules. spirv-cross has no
// notion of these in source terms, so the expectations come from the sources and the layout rules
// (DXC manual: an HLSL row_major float2x3 in a cbuffer is 2 rows of 16 bytes).
import { describe, expect, it } from 'vitest';
import { reflect } from '../../../compiler/reflect/index.js';
import type { LayoutType, MatrixType, Reflection, StructType } from '../../../compiler/reflect/types.js';
import { compiledFixtures } from './fixtures.js';
import { compileFixture } from './tools.js';

function reflectFixture(file: string): Reflection {
  const fixture = compiledFixtures.find((f) => f.file === file && (f.compiler ?? 'glslang') === 'glslang')!;
  return reflect(compileFixture(fixture).words);
}

function member(block: StructType | undefined, path: string): { size: number; type: LayoutType } {
  let current: { size: number; type: LayoutType } | undefined;
  let struct = block;
  for (const name of path.split('.')) {
    current = struct?.members.find((m) => m.name === name);
    if (current === undefined) throw new Error(`no member ${path}`);
    struct = current.type.kind === 'struct' ? current.type : undefined;
  }
  return current!;
}

/** The member at `path` is a matrix of `size` bytes with these properties. */
function expectMatrix(block: StructType | undefined, path: string, size: number, matrix: Partial<MatrixType>): void {
  expect(member(block, path)).toMatchObject({ size, type: { kind: 'matrix', ...matrix } });
}

describe('hlsl/cbuffer_layout.hlsl', () => {
  const reflection = reflectFixture('hlsl/cbuffer_layout.hlsl');
  const params = reflection.bindings.find((b) => b.name === 'Params')!;

  it('places the cbuffer at register(b0, space1)', () => {
    expect([params.kind, params.set, params.binding, params.access]).toEqual(['uniform-buffer', 1, 0, 'read']);
  });

  it('presents matrices as declared in HLSL', () => {
    expectMatrix(params.block, 'rowMajor23', 32, { rows: 2, columns: 3, majorness: 'row', stride: 16 });
    expectMatrix(params.block, 'colMajor23', 48, { rows: 2, columns: 3, majorness: 'column', stride: 16 });
    // Default majorness is column_major.
    expectMatrix(params.block, 'viewProj', 64, { rows: 4, columns: 4, majorness: 'column', stride: 16 });
    expectMatrix(params.block, 'material.uvTransform', 48, { rows: 3, columns: 2, majorness: 'row', stride: 16 });
  });

  it('sizes vectors by their components and arrays by stride times length', () => {
    expect(member(params.block, 'position').size).toBe(12);
    expect(member(params.block, 'weights')).toMatchObject({ size: 48, type: { kind: 'array', length: 3, stride: 16 } });
  });

  it('reads structured buffer access and use', () => {
    const byName = (name: string) => reflection.bindings.find((b) => b.name === name)!;
    expect([byName('particlesIn').kind, byName('particlesIn').access]).toEqual(['storage-buffer', 'read']);
    expect([byName('particlesOut').kind, byName('particlesOut').access]).toEqual(['storage-buffer', 'read-write']);
    expect(byName('particlesIn').usedBy).toEqual(['main']);
    const data = byName('particlesOut').block!.members[0]!;
    expect(data).toMatchObject({ size: 0, type: { kind: 'array', length: 0 } });
  });
});

describe('hlsl/resources.hlsl', () => {
  const reflection = reflectFixture('hlsl/resources.hlsl');
  const byName = (name: string) => reflection.bindings.find((b) => b.name === name)!;

  it('detects the SamplerComparisonState through its use in SampleCmp', () => {
    expect(byName('shadowSampler')).toMatchObject({ kind: 'sampler', set: 2, binding: 1, comparison: true });
    expect(byName('linearSampler')).toMatchObject({ kind: 'sampler', set: 2, binding: 0, comparison: false });
  });

  it('reads texture kinds, counts and formats', () => {
    expect(byName('albedo')).toMatchObject({ kind: 'sampled-image', count: 1, image: { dim: '2d', sampledType: 'float' } });
    expect(byName('shadowMap')).toMatchObject({ kind: 'sampled-image', image: { dim: '2d', arrayed: true } });
    expect(byName('layers')).toMatchObject({ kind: 'sampled-image', count: 4 });
    expect(byName('texels')).toMatchObject({ kind: 'uniform-texel-buffer', image: { dim: 'buffer' } });
    expect(byName('target')).toMatchObject({ kind: 'storage-image', access: 'read-write', image: { format: 'rgba8' } });
    expect(byName('volume')).toMatchObject({ kind: 'storage-image', image: { dim: '3d', format: 'r32ui', sampledType: 'uint' } });
    expect(byName('counters')).toMatchObject({ kind: 'storage-texel-buffer', image: { sampledType: 'int' } });
  });

  it('reads the push constant block and spec constants', () => {
    expect(reflection.pushConstants.map((p) => [p.name, p.block.members.map((m) => m.name), p.usedBy])).toEqual([
      ['push', ['color', 'index'], ['main']],
    ]);
    expect(reflection.specConstants).toEqual([
      { name: 'N', id: 3, type: 'i32', defaultValue: 4 },
      { name: 'Gain', id: 7, type: 'f32', defaultValue: 1.5 },
    ]);
  });
});

describe('hlsl/vertex.hlsl and hlsl/pixel.hlsl', () => {
  it('reads vertex semantics and interpolation modifiers', () => {
    const [vs] = reflectFixture('hlsl/vertex.hlsl').entryPoints;
    expect(vs!.stage).toBe('vertex');
    expect(vs!.inputs.map((v) => v.semantic?.toUpperCase())).toEqual(['POSITION', 'NORMAL', 'TEXCOORD0', 'SV_VERTEXID']);
    expect(vs!.inputs.find((v) => v.semantic?.toUpperCase() === 'SV_VERTEXID')?.builtin).toBe('VertexIndex');
    const material = vs!.outputs.find((v) => v.semantic === 'MATERIAL')!;
    expect(material.interpolation).toEqual(['flat']);
    expect(vs!.outputs.find((v) => v.semantic === 'NORMAL')!.interpolation).toEqual(['noperspective']);
  });

  it('reads 16-bit pixel inputs, centroid, depth output and execution modes', () => {
    const reflection = reflectFixture('hlsl/pixel.hlsl');
    const ps = reflection.entryPoints[0]!;
    expect(ps.stage).toBe('pixel');
    expect(ps.inputs.find((v) => v.semantic === 'TEXCOORD0')!.type).toEqual({ kind: 'vector', scalar: 'f16', count: 2 });
    expect(ps.inputs.find((v) => v.semantic === 'NORMAL')!.interpolation).toEqual(['centroid']);
    expect(ps.outputs.find((v) => v.semantic?.toUpperCase() === 'SV_DEPTH')!.builtin).toBe('FragDepth');
    expect(ps.executionModes).toEqual(expect.arrayContaining(['OriginUpperLeft', 'DepthReplacing']));
    const tint = reflection.bindings.find((b) => b.name === 'Tint')!;
    expect(tint.block!.members.map((m) => [m.name, m.size])).toEqual([
      ['tint', 8],
      ['bias', 4],
      ['scale', 4],
    ]);
  });
});

describe('GLSL fixtures', () => {
  it('keeps SPIR-V terms for GLSL matrices', () => {
    const globals = reflectFixture('glsl/std140.comp').bindings.find((b) => b.name === 'globals')!;
    expectMatrix(globals.block, 'rowMajor', 48, { columns: 2, rows: 3, majorness: 'row', stride: 16 });
    expectMatrix(globals.block, 'colMajor', 48, { columns: 3, rows: 2, majorness: 'column', stride: 16 });
    expectMatrix(globals.block, 'doubles', 32, { scalar: 'f64', stride: 16 });
  });

  it('reads readonly/writeonly buffers, spec constant workgroup sizes and typed spec constants', () => {
    expect(reflectFixture('glsl/std140.comp').bindings.find((b) => b.name === 'result')!.access).toBe('write');
    const reflection = reflectFixture('glsl/std430.comp');
    expect(reflection.bindings.map((b) => [b.name, b.access])).toEqual([
      ['items', 'read'],
      ['accum', 'read-write'],
    ]);
    expect(reflection.entryPoints[0]!.workgroupSize).toEqual({ x: 1, y: 2, z: 1, specIds: { x: 4, z: 5 } });
    expect(reflection.specConstants.filter((c) => c.name !== '')).toEqual([
      { name: 'ITERATIONS', id: 0, type: 'u32', defaultValue: 8 },
      { name: 'ENABLED', id: 1, type: 'bool', defaultValue: true },
      { name: 'THRESHOLD', id: 2, type: 'f32', defaultValue: 0.25 },
      { name: 'OFFSET', id: 6, type: 'i32', defaultValue: -3 },
    ]);
  });

  it('packs scalar layout without vec3 padding', () => {
    const constants = reflectFixture('glsl/scalar.comp').bindings.find((b) => b.name === 'constants')!;
    expect(constants.block!.members.map((m) => [m.name, m.offset])).toEqual([
      ['origin', 0],
      ['radius', 12],
      ['axes', 16],
      ['basis', 40],
    ]);
    expect(member(constants.block, 'axes').type).toMatchObject({ stride: 12 });
  });

  it('reads vertex components, descriptor arrays and interpolation', () => {
    const reflection = reflectFixture('glsl/graphics.vert');
    const vs = reflection.entryPoints[0]!;
    expect(vs.inputs.find((v) => v.name === 'inLayer')).toMatchObject({ location: 1, component: 2 });
    expect(vs.outputs.find((v) => v.name === 'outMaterial')!.interpolation).toEqual(['flat']);
    expect(reflection.bindings.find((b) => b.name === 'heightMaps')).toMatchObject({ kind: 'combined-image-sampler', count: 3 });
  });

  it('reads shadow samplers, texel buffers, input attachments and readonly images', () => {
    const reflection = reflectFixture('glsl/shadow.frag');
    const byName = (name: string) => reflection.bindings.find((b) => b.name === name)!;
    expect(byName('shadowMap')).toMatchObject({ kind: 'combined-image-sampler', comparison: true, image: { depth: true } });
    expect(byName('linearSampler')).toMatchObject({ kind: 'sampler', comparison: false });
    expect(byName('palette').kind).toBe('uniform-texel-buffer');
    expect(byName('previous')).toMatchObject({ kind: 'input-attachment', set: 1, binding: 0, image: { dim: 'subpass' } });
    expect(byName('heights')).toMatchObject({ kind: 'storage-image', access: 'read', image: { format: 'r32f' } });
  });
});
