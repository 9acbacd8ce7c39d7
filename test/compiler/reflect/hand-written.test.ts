// Hand-written modules for what glslang does not emit. The expected values are read off the assembly
// text in fixtures/reflect/spvasm (each module is validated by spirv-val first).
import { describe, expect, it } from 'vitest';
import { reflect } from '../../../compiler/reflect/index.js';
import type { Reflection } from '../../../compiler/reflect/types.js';
import { assembleFixture } from './tools.js';

function reflectFixture(file: string, targetEnv = 'spv1.0'): Reflection {
  return reflect(assembleFixture(file, targetEnv).words);
}

describe('HLSL module with BufferBlock storage buffers (DXC default form)', () => {
  const reflection = reflectFixture('spvasm/hlsl_buffer_blocks.spvasm');
  const binding = (name: string) => reflection.bindings.find((b) => b.name === name)!;

  it('recognises BufferBlock-in-Uniform structs as storage buffers and Block as a uniform buffer', () => {
    expect(reflection.bindings.map((b) => [b.name, b.set, b.binding, b.kind])).toEqual([
      ['output', 0, 1, 'storage-buffer'],
      ['input', 0, 2, 'storage-buffer'],
      ['$Globals', 3, 0, 'uniform-buffer'],
    ]);
  });

  it('reads NonWritable on every member as read-only access', () => {
    expect(binding('input').access).toBe('read');
    expect(binding('output').access).toBe('read-write');
    expect(binding('$Globals').access).toBe('read');
  });

  it('presents matrices in HLSL terms: SPIR-V ColMajor is row_major, RowMajor is column_major', () => {
    const data = binding('output').block!.members[0]!.type;
    expect(data).toMatchObject({ kind: 'array', length: 0, stride: 48 });
    const transform = data.kind === 'array' && data.element.kind === 'struct' ? data.element.members[1]! : undefined;
    // OpTypeMatrix of 2 x v3float, ColMajor, MatrixStride 16 = HLSL row_major float2x3: 2 rows of 16 bytes.
    expect(transform).toEqual({
      name: 'transform',
      offset: 16,
      size: 32,
      type: { kind: 'matrix', scalar: 'f32', rows: 2, columns: 3, majorness: 'row', stride: 16 },
    });
    // OpTypeMatrix of 3 x v2float, RowMajor, MatrixStride 16 = HLSL column_major float3x2: 2 columns of 16 bytes.
    expect(binding('$Globals').block!.members[1]).toEqual({
      name: 'rotation',
      offset: 16,
      size: 32,
      type: { kind: 'matrix', scalar: 'f32', rows: 3, columns: 2, majorness: 'column', stride: 16 },
    });
    expect(binding('$Globals').block!.size).toBe(48);
    expect(binding('$Globals').block!.name).toBe('type.$Globals');
  });

  it('finds uses through the call graph, per entry point', () => {
    expect(binding('output').usedBy).toEqual(['csMain']);
    expect(binding('input').usedBy).toEqual(['csMain']);
    expect(binding('$Globals').usedBy).toEqual(['vsMain']);
  });

  it('reads UserSemantic, Flat and BuiltIn on stage variables', () => {
    const vs = reflection.entryPoints.find((e) => e.name === 'vsMain')!;
    expect(vs.stage).toBe('vertex');
    expect(vs.inputs).toEqual([
      { name: 'in.var.POSITION', location: 0, semantic: 'POSITION', type: { kind: 'vector', scalar: 'f32', count: 4 } },
    ]);
    expect(vs.outputs).toEqual([
      { name: 'gl_Position', builtin: 'Position', semantic: 'SV_Position', type: { kind: 'vector', scalar: 'f32', count: 4 } },
      {
        name: 'out.var.COLOR0',
        location: 0,
        semantic: 'COLOR0',
        interpolation: ['flat'],
        type: { kind: 'vector', scalar: 'f32', count: 4 },
      },
    ]);
    const cs = reflection.entryPoints.find((e) => e.name === 'csMain')!;
    expect(cs.workgroupSize).toEqual({ x: 32, y: 2, z: 1 });
    expect(cs.inputs).toEqual([{ name: 'gid', builtin: 'GlobalInvocationId', type: { kind: 'vector', scalar: 'u32', count: 3 } }]);
  });
});

describe('SPIR-V 1.4 module with LocalSizeId', () => {
  const reflection = reflectFixture('spvasm/local_size_id.spvasm', 'spv1.4');

  it('reads the workgroup size from LocalSizeId, with the spec constant ids', () => {
    expect(reflection.spirvVersion).toBe('1.4');
    expect(reflection.entryPoints[0]!.workgroupSize).toEqual({ x: 8, y: 4, z: 2, specIds: { x: 10, y: 11 } });
    expect(reflection.entryPoints[0]!.executionModes).toEqual([]);
  });

  it('counts a variable listed in a 1.4 interface as used, and an unlisted untouched one as unused', () => {
    expect(reflection.bindings.map((b) => [b.name, b.usedBy])).toEqual([
      ['data', ['main']],
      ['listedOnly', ['main']],
      ['neverUsed', []],
    ]);
  });

  it('decodes 64-bit integer and double spec constant defaults', () => {
    expect(reflection.specConstants).toEqual([
      { name: 'SIZE_X', id: 10, type: 'u32', defaultValue: 8 },
      { name: 'SIZE_Y', id: 11, type: 'u32', defaultValue: 4 },
      { name: 'BIG', id: 12, type: 'i64', defaultValue: -5000000000n },
      { name: 'RATIO', id: 13, type: 'f64', defaultValue: 2.5 },
    ]);
  });
});

describe('WorkgroupSize built-in', () => {
  it('overrides LocalSize and reports the spec ids of its components', () => {
    const reflection = reflectFixture('spvasm/workgroup_size_builtin.spvasm');
    expect(reflection.entryPoints[0]!.workgroupSize).toEqual({ x: 64, y: 1, z: 3, specIds: { x: 0, z: 2 } });
  });
});

describe('byte order', () => {
  it('reads a byte-swapped module exactly like the original', () => {
    const { words } = assembleFixture('spvasm/hlsl_buffer_blocks.spvasm');
    const swapped = words.map((w) => (((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24)) >>> 0);
    expect(swapped[0]).toBe(0x03022307);
    expect(reflect(swapped)).toEqual(reflect(words));
  });
});
