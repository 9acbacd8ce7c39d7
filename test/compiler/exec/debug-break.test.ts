// DebugBreak (SM 6.10) → NonSemantic.DebugBreak, as DXC (intrinsics.debugbreak.hlsl): a non-semantic
// instruction, which a driver without a debugger ignores; run on lavapipe, the shader's results are
// unchanged. WGSL has no debugger hooks: the WGSL target refuses it, as it refuses printf.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const source = `
  RWStructuredBuffer<uint> o : register(u0);
  [numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
    if (id.x == 3) DebugBreak();
    o[id.x] = id.x * 7;
  }`;

describe('DebugBreak', () => {
  it('is a NonSemantic.DebugBreak instruction the driver runs past', async () => {
    const { spirv } = compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }] }, ['vulkan1.1', 'vulkan1.3']);
    const text = disassembleSpirv(spirv);
    expect(text).toMatch(/OpExtension "SPV_KHR_non_semantic_info"/);
    expect(text).toMatch(/OpExtInstImport "NonSemantic.DebugBreak"/);
    const { buffers } = await gpu.runCompute({ spirv, entry: 'main', groups: [1, 1, 1], bindings: [{ set: 0, binding: 0, kind: 'storage-buffer', size: 32, name: 'o' }] });
    expect([...new Uint32Array(buffers.o!.buffer, buffers.o!.byteOffset, 8)]).toEqual([0, 7, 14, 21, 28, 35, 42, 49]);
  });

  it('is refused by the WGSL target', () => {
    const errors = compile(source, { target: 'wgsl' }).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors.join('\n')).toMatch(/'DebugBreak'.*no debugger hooks/);
  });
});
