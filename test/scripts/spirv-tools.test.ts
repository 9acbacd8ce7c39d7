// scripts/spirv-tools.sh puts wrappers for spirv-val, spirv-dis and spirv-as first on the tests' PATH
// (vitest.config.ts): Debian 12's SPIRV-Tools 2023.1 decides, SPIRV-Tools 2025.1 only where 2023.1
// cannot decode a module. These tests run the tools the way every other test does, by name.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleSpirv, inTempDir, runTool, writeSpirvFile } from '../helpers/tools.js';

/** A compute module with a cooperative-matrix local: SPV_KHR_cooperative_matrix came after 2023.1. */
function cooperativeMatrixModule(use = ''): string {
  return `OpCapability Shader
OpCapability VulkanMemoryModel
OpCapability CooperativeMatrixKHR
OpExtension "SPV_KHR_cooperative_matrix"
OpMemoryModel Logical Vulkan
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 32 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%u16 = OpConstant %uint 16
%u3 = OpConstant %uint 3
%u0 = OpConstant %uint 0
%one = OpConstant %float 1
%cm = OpTypeCooperativeMatrixKHR %float %u3 %u16 %u16 %u0
%ptr = OpTypePointer Function %cm
%main = OpFunction %void None %fn
%l = OpLabel
%v = OpVariable %ptr Function
${use}
OpReturn
OpFunctionEnd
`;
}

function validate(words: Uint32Array, tool = 'spirv-val'): string {
  return inTempDir((dir) => {
    const file = join(dir, 'module.spv');
    writeSpirvFile(file, words);
    return runTool(tool, ['--target-env', 'vulkan1.3', file]);
  });
}

describe('SPIRV-Tools on the tests\' PATH', () => {
  it('assembles, disassembles and validates a module only SPIRV-Tools 2025.1 can decode', () => {
    const words = assembleSpirv(cooperativeMatrixModule());
    expect(() => validate(words, '/usr/bin/spirv-val')).toThrow(/Invalid capability operand/);
    expect(() => validate(words)).not.toThrow();
    const text = inTempDir((dir) => {
      writeSpirvFile(join(dir, 'm.spv'), words);
      return runTool('spirv-dis', [join(dir, 'm.spv')]);
    });
    expect(text).toMatch(/OpTypeCooperativeMatrixKHR %float %uint_3 %uint_16 %uint_16 %uint_0/);
  });

  it('still rejects an invalid module of that kind, with 2025.1\'s diagnostic', () => {
    // Storing a float into a cooperative-matrix variable: decodable by 2025.1 only, and wrong.
    const words = assembleSpirv(cooperativeMatrixModule('OpStore %v %one'));
    expect(() => validate(words)).toThrow(/OpStore/);
  });

  it('leaves a module 2023.1 can decode to 2023.1, errors included', () => {
    const words = assembleSpirv(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpFunctionEnd
`);
    // A block without a terminator: 2023.1's own wording, not a fallback to the newer validator.
    expect(() => validate(words)).toThrow(/terminat|Missing OpFunctionEnd|Block/i);
  });
});
