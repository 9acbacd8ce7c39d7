// Buffer layouts round-tripped through lavapipe under each rule set: the generated module's writer
// (plugin/codegen) packs a value into a ConstantBuffer<Data> and a StructuredBuffer<Data>, a compute
// shader compiled by our compiler reads every scalar of every member and stores it as a float, and the
// test compares what the GPU read with what was written. A wrong offset, stride or majorness anywhere
// (compiler or writer) shows up as a wrong value. The same source compiled to WGSL runs on WebGPU with
// bytes packed by the writer generated from the WGSL's reflection: they must be the SPIR-V's bytes,
// and the WGSL shader must read the same values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutRuleOption } from '../../../compiler/index.js';
import { loadGenerated, moduleDirectory } from '../../plugin/codegen/load-generated.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';
import { expectedReads as readsOf, FIELDS, makeValue } from './layout-fields.js';

const READS = FIELDS.flatMap((f) => f.reads);

const SOURCE = `
struct Inner { float2 p; int q; };
struct Data {
${FIELDS.map((f) => `  ${f.decl}`).join('\n')}
};
ConstantBuffer<Data> cb : register(b0);
StructuredBuffer<Data> sb : register(t1);
RWStructuredBuffer<float> fromCb : register(u2);
RWStructuredBuffer<float> fromSb : register(u3);
[numthreads(1, 1, 1)]
void main() {
${READS.map((r, k) => `  fromCb[${k}] = (float)cb.${r};\n  fromSb[${k}] = (float)sb[1].${r};`).join('\n')}
}`;



let gpu: Targets;
/** One directory with the runtime's JavaScript for every generated module of this file. */
let modules: string;
beforeAll(async () => {
  gpu = await startTargets();
  modules = moduleDirectory();
});
afterAll(() => gpu?.close());

describe.each(['relaxed', 'gl', 'scalar', 'dx'] as const)('the %s rules', (rule: LayoutRuleOption) => {
  it('every member written by the generated writer is read back by the shader', async () => {
    const compiled = compileValid(SOURCE, { layoutRule: rule });
    const { exports } = await loadGenerated({ reflection: compiled.reflection!, spirv: { kind: 'inline', words: compiled.spirv } }, modules);
    const cbLayout = exports.cb;
    const sbLayout = exports.sb;
    if (!cbLayout || !sbLayout) throw new Error(`generated module exports: ${Object.keys(exports).join(', ')}`);
    const forCb = makeValue(1);
    const forSb = [makeValue(200), makeValue(400)];
    const cbBytes = new Uint8Array(cbLayout.create(forCb));
    const sbBytes = new Uint8Array(sbLayout.createArray(2, forSb));
    const job = {
      spirv: compiled.spirv,
      groups: [1, 1, 1] as const,
      bindings: [
        { binding: 0, kind: 'uniform-buffer' as const, data: cbBytes },
        { binding: 1, kind: 'storage-buffer' as const, data: sbBytes },
        { binding: 2, kind: 'storage-buffer' as const, size: READS.length * 4, name: 'fromCb' },
        { binding: 3, kind: 'storage-buffer' as const, size: READS.length * 4, name: 'fromSb' },
      ],
      ...(rule === 'scalar' || rule === 'dx' ? { features: ['scalarBlockLayout'] } : {}),
    };
    const results = await runComputeOnBoth(gpu, SOURCE, { layoutRule: rule }, job, compiled.reflection!, async (wgsl) => {
      // The WGSL pipeline's own generated writers must pack exactly the bytes the SPIR-V reads.
      const { exports: fromWgsl } = await loadGenerated({ reflection: wgsl.reflection, spirv: { kind: 'none' }, wgsl }, modules);
      expect(new Uint8Array(fromWgsl.cb!.create(forCb))).toEqual(cbBytes);
      expect(new Uint8Array(fromWgsl.sb!.createArray(2, forSb))).toEqual(sbBytes);
    });
    const read = (bytes: Uint8Array) => [...new Float32Array(bytes.buffer, bytes.byteOffset, READS.length)];
    const labelled = (values: number[]) => Object.fromEntries(READS.map((r, k) => [r, values[k]]));
    for (const [target, result] of [['SPIR-V', results.spirv], ['WGSL', results.wgsl]] as const) {
      if (!result) continue;
      expect(labelled(read(result.buffers.fromCb!)), target).toEqual(labelled(readsOf(forCb, READS)));
      expect(labelled(read(result.buffers.fromSb!)), target).toEqual(labelled(readsOf(forSb[1]!, READS)));
    }
  });
});
