// Resource legalization's output shape where the GPU harness cannot reach (it binds no descriptor
// arrays): an element of an array of buffers chosen at run time and passed to a function travels as
// its index, and the callee's counter operations use element `index` of the array of counters.
import { describe, expect, it } from 'vitest';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const SOURCE = `RWStructuredBuffer<uint> pair[2];
RWStructuredBuffer<uint> single;
uint bump(RWStructuredBuffer<uint> b, uint value) {
  uint slot = b.IncrementCounter();
  b[slot] = value;
  return slot;
}
[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  bump(pair[i % 2], i);
  bump(pair[1], i);
  bump(single, i);
}
`;

describe('a run-time element of an array of buffers passed to a function', () => {
  // Unoptimised: the lowered functions keep their parameters' names.
  const result = compileValid(SOURCE, { optimizationLevel: 0 }, ['vulkan1.0', 'vulkan1.1', 'vulkan1.2']);
  const text = disassembleSpirv(result.spirv);

  it('lowers one function per buffer shape; the run-time element takes its index as a parameter', () => {
    const functions = text.split('OpFunctionEnd').filter((f) => / = OpFunction /.test(f));
    const bumps = functions.filter((f) => /OpAtomicIAdd/.test(f));
    expect(bumps).toHaveLength(3);
    const withIndex = bumps.filter((f) => /OpFunctionParameter/.test(f) && /%b_index = OpFunctionParameter/.test(f));
    expect(withIndex).toHaveLength(1);
    // Its counter is element `index` of the array of counters, its data element `index` of the buffers.
    expect(withIndex[0]).toMatch(/OpAccessChain %\w+ %counter_var_pair %\w+/);
    expect(withIndex[0]).toMatch(/OpAccessChain %\w+ %pair %\w+/);
  });

  it('no resource in Function storage', () => {
    expect(text).not.toMatch(/_ptr_Function_(_ptr_|type_RWStructuredBuffer)/);
  });
});

describe('an unsized array of textures passed to a function', () => {
  const source = `Texture2D<float4> bindless[];
SamplerState samp;
RWStructuredBuffer<float4> result;
float4 sampleFrom(Texture2D<float4> textures[], uint index) { return textures[index].SampleLevel(samp, float2(0, 0), 0); }
[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) { result[i] = sampleFrom(bindless, i); }
`;

  it('indexes the global runtime array (descriptor indexing: its capability, its extension before SPIR-V 1.5)', () => {
    const old = disassembleSpirv(compileValid(source, { targetEnv: 'vulkan1.1' }, ['vulkan1.1']).spirv);
    expect(old).toMatch(/OpCapability RuntimeDescriptorArray/);
    expect(old).toMatch(/OpExtension "SPV_EXT_descriptor_indexing"/);
    expect(old).not.toMatch(/_ptr_Function__runtimearr/);
    const core = disassembleSpirv(compileValid(source, { targetEnv: 'vulkan1.2' }, ['vulkan1.2']).spirv);
    expect(core).toMatch(/OpCapability RuntimeDescriptorArray/);
    expect(core).not.toMatch(/SPV_EXT_descriptor_indexing/);
  });
});

describe('a function returning the element its parameter indexes', () => {
  const source = `RWStructuredBuffer<uint> pair[2];
RWStructuredBuffer<uint> pick(uint n) { return pair[n]; }
[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  uint k = i % 2;
  RWStructuredBuffer<uint> chosen = pick(k);
  k = 1 - k;
  chosen[chosen.IncrementCounter()] = k;
}
`;

  it('is indexed by the argument as it was at the call (spilled), counter included', () => {
    // Unoptimised (optimising, the temporary is a value; the exec suites run both levels).
    const text = disassembleSpirv(compileValid(source, { optimizationLevel: 0 }, ['vulkan1.0', 'vulkan1.2']).spirv);
    const main = text.split('OpFunctionEnd').find((f) => /OpAtomicIAdd/.test(f))!;
    // The counter and the buffer are both indexed by loads of one temporary holding k at the call.
    const loadedFrom = (id: string | undefined) => new RegExp(`%${id} = OpLoad %uint (%\\w+)`).exec(main)?.[1];
    const counter = loadedFrom(/OpAccessChain %\w+ %counter[._]var[._]pair %(\w+)/.exec(main)?.[1]);
    const buffer = loadedFrom(/OpAccessChain %\w+ %pair %(\w+)/.exec(main)?.[1]);
    expect(counter).toBeDefined();
    expect(buffer).toBe(counter);
    expect(counter).not.toBe('%k');
    expect(text).not.toMatch(/_ptr_Function_(_ptr_|type_RWStructuredBuffer)/);
  });
});
