// The declaration file's types, checked by the TypeScript compiler (strict): correct use compiles,
// and a misspelt field, a wrong-length vector or matrix, a string for a number or a number for a
// bigint fail with the expected diagnostics on the expected lines.

import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import { generateModule } from '../../../plugin/codegen/index.js';
import {
  array,
  computeReflection,
  member,
  PARAMS,
  scalar,
  storageBuffer,
  struct,
  uniformBuffer,
  vector,
} from './reflections.js';

const particle = struct('Particle', 32, [
  member('position', 0, 12, vector('f32', 3)),
  member('life', 12, 4, scalar('f32')),
  member('velocity', 16, 12, vector('f32', 3)),
  member('flags', 28, 4, scalar('u32')),
]);
const reflection = computeReflection([
  uniformBuffer('Params', PARAMS, 0, 0),
  storageBuffer('particles', struct('type_RWStructuredBuffer_Particle', 0, [member('_m0', 0, 0, array(particle, 0, 32))]), 0, 1),
  uniformBuffer('Wide', struct('type_Wide', 24, [member('id', 0, 8, scalar('u64')), member('on', 8, 4, scalar('bool')), member('h', 12, 2, scalar('f16'))]), 1, 0),
]);

/** Excerpt of the WebGPU IDL dictionaries (not in lib.dom), to prove the layouts fit them. */
const WEBGPU_TYPES = `
interface GPUBufferBindingLayout { type?: 'uniform' | 'storage' | 'read-only-storage'; hasDynamicOffset?: boolean; minBindingSize?: number }
interface GPUSamplerBindingLayout { type?: 'filtering' | 'non-filtering' | 'comparison' }
interface GPUBindGroupLayoutEntry { binding: number; visibility: number; buffer?: GPUBufferBindingLayout; sampler?: GPUSamplerBindingLayout }
interface GPUBindGroupLayoutDescriptor { label?: string; entries: Iterable<GPUBindGroupLayoutEntry> }
`;

let directory: string;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'hlsl-codegen-types-'));
  copyFileSync(fileURLToPath(new URL('../../../src/runtime.ts', import.meta.url)), join(directory, 'runtime.ts'));
  writeFileSync(join(directory, 'package.json'), '{ "type": "module" }');
  const { dts } = generateModule({ reflection, spirv: { kind: 'inline', words: new Uint32Array([0x07230203]) }, runtimeImport: './runtime.js' });
  writeFileSync(join(directory, 'shader.d.ts'), dts);
});

interface Found {
  line: number;
  code: number;
  message: string;
}

/** Type-checks `source` as usage.ts next to the generated shader.d.ts; returns diagnostics by line (1-based). */
function check(source: string): Found[] {
  const file = join(directory, `usage-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, source);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: false, // check the generated declaration file itself too
    skipDefaultLibCheck: true,
  };
  const program = ts.createProgram([file], options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    const name = diagnostic.file ? diagnostic.file.fileName.slice(directory.length + 1) : '';
    return {
      line: name === file.slice(directory.length + 1) && where ? where.line + 1 : -1,
      code: diagnostic.code,
      message: `${name}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    };
  });
}

describe('generated declarations', () => {
  test('correct use compiles, with literal offsets and WebGPU-shaped layouts', () => {
    const found = check(`${WEBGPU_TYPES}
import shader, { Params, particles, Wide, bindings, bindGroupLayouts, descriptorSetLayouts, type ParamsValue, type ParticleValue } from './shader.js';
const buffer: ArrayBuffer = Params.create({ time: 1, tint: [1, 0.5, 0], xform: new Float32Array(16), counts: [1, 2, 3, 4] });
Params.write(buffer, { tint: new Float32Array([1, 2, 3]) });
Params.write(new DataView(buffer), { xform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }, 0);
Params.write(new Uint8Array(buffer, 16), { counts: new Int32Array(4) });
const partial: ParamsValue = { time: 2 };
Params.write(buffer, partial);
const offset: 16 = Params.fields.xform.offset;
const size: 144 = Params.size;
const stride: 16 = Params.fields.counts.type.stride;
const columns: 4 = Params.fields.xform.type.columns;
const particle: ParticleValue = { position: [1, 2, 3], life: 1, flags: 3 };
const storage: ArrayBuffer = particles.createArray(16, [particle]);
particles.writeElement(storage, 3, { velocity: [0, 1, 0] });
const elementStride: 32 = particles.stride;
Wide.write(buffer, { id: 2n ** 40n, on: true, h: 0.5 });
const layout = bindings.Params.layout;
layout.write(buffer, { time: 3 });
const set: 0 = bindings.particles.set;
const group0: GPUBindGroupLayoutDescriptor = bindGroupLayouts[0];
const kind: 'read-only-storage' | 'storage' = bindGroupLayouts[0].entries[1].buffer.type;
const vkType: 7 = descriptorSetLayouts[0].bindings[1].descriptorType;
const words: Promise<Uint32Array> = shader.loadSpirv();
export { offset, size, stride, columns, elementStride, set, group0, kind, vkType, words };
`);
    expect(found).toEqual([]);
  });

  test('misuse fails with the expected diagnostics, one per line', () => {
    const lines = [
      `import { Params, particles, Wide, bindings } from './shader.js';`,
      `const buffer = Params.create();`,
      `Params.write(buffer, { tme: 1 });`, // misspelt field
      `Params.write(buffer, { tint: [1, 2] });`, // float3 given 2 components
      `Params.write(buffer, { time: 'fast' });`, // string where number
      `Params.write(buffer, { xform: [1, 0, 0, 1] });`, // 4 elements for a 4x4
      `Params.write(buffer, { counts: [1, 2, 3, 4, 5] });`, // int counts[4] given 5
      `const wrongOffset: 20 = Params.fields.xform.offset;`, // offset is the literal 16
      `particles.writeElement(buffer, 0, { positon: [1, 2, 3] });`, // misspelt element field
      `Wide.write(buffer, { id: 1 });`, // uint64_t needs a bigint
      `Params.write('buffer', {});`, // not a buffer
      `const missing = bindings.Parms;`, // misspelt binding
      `Params.write(buffer, { tint: [1, 2, 3, 4] });`, // float3 given 4 components
    ];
    const found = check(lines.join('\n'));
    const expected: [line: number, code: number, text: RegExp][] = [
      [3, 2561, /'tme' does not exist in type 'ParamsValue'. Did you mean to write 'time'\?/],
      [4, 2322, /Type '\[number, number\]' is not assignable to type 'Vec3Like \| undefined'/],
      [5, 2322, /Type 'string' is not assignable to type 'number'/],
      [6, 2322, /Type '\[number, number, number, number\]' is not assignable to type 'Mat4x4Like \| undefined'/],
      [7, 2322, /Type '\[number, number, number, number, number\]' is not assignable to type 'NumericArray \| readonly \[number, number, number, number\] \| undefined'/],
      [8, 2322, /Type '16' is not assignable to type '20'/],
      [9, 2561, /'positon' does not exist in type 'ParticleValue'. Did you mean to write 'position'\?/],
      [10, 2322, /Type 'number' is not assignable to type 'bigint'/],
      [11, 2345, /Argument of type 'string' is not assignable to parameter of type 'BufferTarget'/],
      [12, 2551, /Property 'Parms' does not exist .* Did you mean 'Params'\?/],
      [13, 2322, /Type '\[number, number, number, number\]' is not assignable to type 'Vec3Like \| undefined'/],
    ];
    expect(found.map(({ line, code }) => [line, code])).toEqual(expected.map(([line, code]) => [line, code]));
    for (const [index, [, , text]] of expected.entries()) expect(found[index]!.message).toMatch(text);
  });
});
