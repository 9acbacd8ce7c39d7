// Buffer layouts round-tripped through Dawn (WebGPU on SwiftShader) under each rule set, as
// test/compiler/resources/layout-gpu.test.ts does on lavapipe for the SPIR-V: the generated module's
// writer (plugin/codegen), built from the WGSL reflection, packs a value into a ConstantBuffer<Data>
// and a StructuredBuffer<Data>; the WGSL of the same shader reads every scalar of every member and
// stores it as a float; the test compares with what was written. The WGSL reflection's block layouts
// must also be those of the SPIR-V, so one writer serves both targets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type LayoutRuleOption } from '../../../compiler/index.js';
import { loadGenerated } from '../../plugin/codegen/load-generated.js';
import { startWebGpu, type WebGpuRunner } from '../../webgpu/harness.js';
import { expectedReads, FIELDS, makeValue, matrixReads, scalarReads } from '../resources/layout-fields.js';

/**
 * Members WGSL's own layout can place (no bools, row_major matrices, 16-byte array strides): under
 * the rules where the offsets allow it, the buffers are declared as WGSL structs instead of word views.
 */
const WGSL_FRIENDLY: { decl: string; reads: string[] }[] = [
  { decl: 'float4 v4;', reads: scalarReads('v4', 4) },
  { decl: 'float3 v3;', reads: scalarReads('v3', 3) },
  { decl: 'float s;', reads: ['s'] },
  { decl: 'int2 i2;', reads: scalarReads('i2', 2) },
  { decl: 'uint u;', reads: ['u'] },
  { decl: 'row_major float3x4 m34r;', reads: matrixReads('m34r', 3, 4) },
  { decl: 'row_major float2x3 m23r;', reads: matrixReads('m23r', 2, 3) },
  { decl: 'float4 va[2];', reads: [...scalarReads('va[0]', 4), ...scalarReads('va[1]', 4)] },
  { decl: 'Inner4 nested;', reads: ['nested.p.x', 'nested.p.w', 'nested.q'] },
  { decl: 'float tail;', reads: ['tail'] },
  // An explicit offset: WGSL reaches it by padding the previous member (@size).
  { decl: '[[vk::offset(400)]] float far;', reads: ['far'] },
];

function sourceOf(fields: { decl: string; reads: string[] }[]): string {
  const reads = fields.flatMap((f) => f.reads);
  return `
struct Inner { float2 p; int q; };
struct Inner4 { float4 p; int q; };
struct Data {
${fields.map((f) => `  ${f.decl}`).join('\n')}
};
ConstantBuffer<Data> cb : register(b0);
StructuredBuffer<Data> sb : register(t1);
RWStructuredBuffer<float> fromCb : register(u2);
RWStructuredBuffer<float> fromSb : register(u3);
[numthreads(1, 1, 1)]
void main() {
  Data whole = sb[1];
${reads.map((r, k) => `  fromCb[${k}] = (float)cb.${r};\n  fromSb[${k}] = (float)whole.${r};`).join('\n')}
}`;
}


function makeFriendlyValue(seed: number) {
  let next = seed;
  const n = () => next++;
  const vec = (k: number) => Array.from({ length: k }, n);
  return { v4: vec(4), v3: vec(3), s: n(), i2: vec(2).map((x) => -x), u: n(), m34r: vec(12), m23r: vec(6), va: [vec(4), vec(4)], nested: { p: vec(4), q: n() }, tail: n(), far: n() };
}


let gpu: WebGpuRunner;
beforeAll(async () => {
  gpu = await startWebGpu();
});
afterAll(() => gpu?.close());

/** Packs with the writer generated from the WGSL reflection, runs the WGSL on Dawn, compares every read. */
async function roundTrip(fields: { decl: string; reads: string[] }[], make: (seed: number) => object, rule: LayoutRuleOption): Promise<string> {
  const reads = fields.flatMap((f) => f.reads);
  const compiled = compile(sourceOf(fields), { layoutRule: rule, target: ['spirv', 'wgsl'] });
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const wgsl = compiled.wgsl!;
  // One writer for both targets: the WGSL reflection's blocks are the SPIR-V's.
  const blocks = (r: typeof wgsl.reflection) => Object.fromEntries(r.bindings.map((b) => [b.name, b.block]));
  expect(blocks(wgsl.reflection)).toEqual(blocks(compiled.reflection!));
  const { exports } = await loadGenerated({ reflection: wgsl.reflection, spirv: { kind: 'inline', words: compiled.spirv! } });
  const cbLayout = exports.cb;
  const sbLayout = exports.sb;
  if (!cbLayout || !sbLayout) throw new Error(`generated module exports: ${Object.keys(exports).join(', ')}`);
  const forCb = make(1);
  const forSb = [make(200), make(400)];
  const binding = (name: string) => wgsl.reflection.bindings.find((b) => b.name === name)!;
  const slot = (name: string) => ({ group: binding(name).set, binding: binding(name).binding, name });
  const { buffers } = await gpu.runCompute({
    wgsl: wgsl.code,
    groups: [1, 1, 1],
    bindings: [
      { ...slot('cb'), kind: 'uniform-buffer', data: new Uint8Array(cbLayout.create(forCb)) },
      { ...slot('sb'), kind: 'read-only-storage-buffer', data: new Uint8Array(sbLayout.createArray(2, forSb)) },
      { ...slot('fromCb'), kind: 'storage-buffer', size: reads.length * 4 },
      { ...slot('fromSb'), kind: 'storage-buffer', size: reads.length * 4 },
    ],
  });
  const fromCb = buffers.fromCb, fromSb = buffers.fromSb;
  const read = (bytes: Uint8Array) => [...new Float32Array(bytes.buffer, bytes.byteOffset, reads.length)];
  const labelled = (values: number[]) => Object.fromEntries(reads.map((r, k) => [r, values[k]]));
  expect(labelled(read(fromCb!))).toEqual(labelled(expectedReads(forCb, reads)));
  expect(labelled(read(fromSb!))).toEqual(labelled(expectedReads(forSb[1]!, reads)));
  return wgsl.code;
}

describe.each(['relaxed', 'gl', 'scalar', 'dx'] as const)('WGSL under the %s rules', (rule: LayoutRuleOption) => {
  it('reads every member the generated writer wrote, at the SPIR-V layout (word views)', async () => {
    const code = await roundTrip(FIELDS, makeValue, rule);
    expect(code).toMatch(/var<uniform> \w+: array<vec4<u32>, \d+>;/);
  });
  it('reads members WGSL can place itself, declared as WGSL structs where the offsets allow', async () => {
    const code = await roundTrip(WGSL_FRIENDLY, makeFriendlyValue, rule);
    // Where the rule's offsets are WGSL's (std140/std430 family, vec3 followed by a scalar), no word view.
    if (rule === 'relaxed' || rule === 'gl') expect(code).toMatch(/var<uniform> \w+: S_type_ConstantBuffer_Data;|var<uniform> \w+: S_Data;/);
    if (rule === 'relaxed' || rule === 'gl') expect(code).toMatch(/var<storage, read> \w+: S_type_StructuredBuffer_Data;/);
  });
});
