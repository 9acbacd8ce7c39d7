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
  const result = compileValid(SOURCE, {}, ['vulkan1.0', 'vulkan1.1', 'vulkan1.2']);
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
