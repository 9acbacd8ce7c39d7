// The manual's struct T offset table, all 8 columns: T compiled as a ConstantBuffer (uniform rules)
// and as a RWStructuredBuffer element (storage rules) under each -fvk-use-*-layout option, with the
// offsets read back from the SPIR-V by reflect(). Expected values are the manual's table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LayoutRuleOption } from '../../../compiler/index.js';
import type { MatrixType, StructType } from '../../../compiler/reflect/types.js';
import { MANUAL_STRUCT_T_MEMBERS, MANUAL_STRUCT_T_OFFSETS } from '../../helpers/manual-tables.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/manual-struct-t.hlsl', import.meta.url), 'utf8');
function blocks(rule: LayoutRuleOption): { uniform: StructType; storage: StructType } {
  const r = compileValid(source, { layoutRule: rule });
  const ubo = r.reflection!.bindings.find((b) => b.name === 'ubo')!.block!;
  const ssbo = r.reflection!.bindings.find((b) => b.name === 'ssbo')!.block!;
  const element = ssbo.members[0]!.type;
  if (element.kind !== 'array' || element.element.kind !== 'struct') throw new Error('ssbo is not { T data[]; }');
  return { uniform: ubo, storage: element.element };
}

describe.each(['relaxed', 'dx', 'gl', 'scalar'] as const)('struct T under the %s rules', (rule) => {
  const { uniform, storage } = blocks(rule);

  it('uniform buffer offsets are the manual column', () => {
    expect(uniform.members.map((m) => m.name)).toEqual(MANUAL_STRUCT_T_MEMBERS);
    expect(uniform.members.map((m) => m.offset)).toEqual(MANUAL_STRUCT_T_OFFSETS.uniform[rule]);
  });

  it('storage buffer offsets are the manual column', () => {
    expect(storage.members.map((m) => m.offset)).toEqual(MANUAL_STRUCT_T_OFFSETS.storage[rule]);
  });

  it('d is column_major, e row_major, as float2x3 in HLSL terms', () => {
    for (const block of [uniform, storage]) {
      const d = block.members[3]!.type as MatrixType;
      const e = block.members[4]!.type as MatrixType;
      expect([d.kind, d.rows, d.columns, d.majorness]).toEqual(['matrix', 2, 3, 'column']);
      expect([e.kind, e.rows, e.columns, e.majorness]).toEqual(['matrix', 2, 3, 'row']);
    }
  });
});

describe('matrix strides (std140 rounds matrix vectors to 16 bytes, scalar packs them)', () => {
  it.each([
    // column_major float2x3: 3 column vectors of 2 floats; row_major: 2 row vectors of 3 floats.
    ['relaxed', 'uniform', 16, 16],
    ['relaxed', 'storage', 8, 16],
    ['scalar', 'uniform', 8, 12],
    ['scalar', 'storage', 8, 12],
    ['gl', 'storage', 8, 16],
  ] as const)('%s %s: d stride %i, e stride %i', (rule, kind, dStride, eStride) => {
    const block = blocks(rule)[kind];
    expect((block.members[3]!.type as MatrixType).stride).toBe(dStride);
    expect((block.members[4]!.type as MatrixType).stride).toBe(eStride);
  });
});

describe('majorness options: -Zpr, #pragma pack_matrix, explicit modifiers', () => {
  const src = (prefix: string) => `${prefix}
cbuffer C { float2x3 plain; column_major float2x3 col; row_major float2x3 row; };
RWStructuredBuffer<float> o;
[numthreads(1,1,1)] void main() { o[0] = plain._m00 + col._m00 + row._m00; }`;
  const majorness = (prefix: string, options = {}) => {
    const block = compileValid(src(prefix), options).reflection!.bindings.find((b) => b.name === 'C')!.block!;
    return block.members.map((m) => (m.type as MatrixType).majorness);
  };

  it('defaults to column_major (-Zpc)', () => {
    expect(majorness('')).toEqual(['column', 'column', 'row']);
  });
  it('-Zpr makes unannotated matrices row_major', () => {
    expect(majorness('', { defaultMajorness: 'row_major' })).toEqual(['row', 'column', 'row']);
  });
  it('#pragma pack_matrix(row_major) applies to later declarations', () => {
    expect(majorness('#pragma pack_matrix(row_major)')).toEqual(['row', 'column', 'row']);
  });
});

describe('explicit offsets', () => {
  it('[[vk::offset]] overrides packoffset, packoffset places cbuffer members', () => {
    const r = compileValid(`
cbuffer C {
  float a : packoffset(c1.y);
  [[vk::offset(48)]] float b : packoffset(c0);
  float4 c : packoffset(c4);
};
RWStructuredBuffer<float> o;
[numthreads(1,1,1)] void main() { o[0] = a + b + c.x; }`);
    const block = r.reflection!.bindings.find((b) => b.name === 'C')!.block!;
    expect(block.members.map((m) => m.offset)).toEqual([20, 48, 64]);
  });

  it('register(cN) on $Globals: the manual example x@160, y@164, z@16', () => {
    const r = compileValid(`
float x : register(c10);
float y;
float z : register(c1);
RWStructuredBuffer<float> o;
[numthreads(1,1,1)] void main() { o[0] = x + y + z; }`);
    const block = r.reflection!.bindings.find((b) => b.name === '$Globals')!.block!;
    expect(block.members.map((m) => [m.name, m.offset])).toEqual([['x', 160], ['y', 164], ['z', 16]]);
  });
});
