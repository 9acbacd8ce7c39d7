// `[[vk::push_constant]] ConstantBuffer<S> pc;` (DXC's vk.push-constant.constantbuffer*.hlsl): the
// push-constant block of S, its type named after the ConstantBuffer as DXC names it, read member by
// member and passed whole to a function. Executed on lavapipe (push constants) and WebGPU (the
// reserved uniform buffer the WGSL target gives push constants).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disassembleSpirv } from '../../helpers/tools.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const source = `
  struct Push { float scale; uint offset; };
  [[vk::push_constant]] ConstantBuffer<Push> pc;
  RWStructuredBuffer<float> Out : register(u0, space1);
  float scaled(Push p, uint i) { return p.scale * (i + 1); }
  [numthreads(4, 1, 1)]
  void main(uint3 id : SV_DispatchThreadID) { Out[pc.offset + id.x] = scaled(pc, id.x); }`;

describe('[[vk::push_constant]] ConstantBuffer<S>', () => {
  it('is the push-constant block of S, read on both targets', async () => {
    const compiled = compileValid(source);
    const text = disassembleSpirv(compiled.spirv);
    expect(text).toMatch(/%type_ConstantBuffer_Push = OpTypeStruct %float %uint/);
    expect(text).toMatch(/%pc = OpVariable %_ptr_PushConstant_type_ConstantBuffer_Push PushConstant/);
    const push = new Uint8Array(8);
    new DataView(push.buffer).setFloat32(0, 1.5, true);
    new DataView(push.buffer).setUint32(4, 2, true);
    const results = await runComputeOnBoth(gpu, source, {}, {
      spirv: compiled.spirv,
      groups: [1, 1, 1],
      push,
      bindings: [{ set: 1, binding: 0, kind: 'storage-buffer', size: 32, name: 'out', sentinel: 0 }],
    }, compiled.reflection!);
    const floats = (b: Uint8Array) => [...new Float32Array(b.buffer, b.byteOffset, 8)];
    const expected = [0, 0, 1.5, 3, 4.5, 6, 0, 0];
    expect(floats(results.spirv.buffers.out!), 'SPIR-V').toEqual(expected);
    if (results.wgsl) expect(floats(results.wgsl.buffers.out!), 'WGSL').toEqual(expected);
  });
});
