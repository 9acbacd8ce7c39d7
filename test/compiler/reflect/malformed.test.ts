// Malformed binaries: each must throw a SpirvReflectError whose message names the problem and where it is.
import { describe, expect, it } from 'vitest';
import { SpirvReflectError, reflect } from '../../../compiler/reflect/index.js';
import { assembleFixture, assembleText, isValid } from './tools.js';

const valid = () => assembleFixture('spvasm/hlsl_buffer_blocks.spvasm').words;

function reflectError(words: Uint32Array): SpirvReflectError {
  try {
    reflect(words);
  } catch (error) {
    expect(error).toBeInstanceOf(SpirvReflectError);
    return error as SpirvReflectError;
  }
  throw new Error('reflect() accepted a malformed module');
}

/** Assembles a deliberately broken module and checks spirv-val rejects it too. */
function brokenModule(name: string, body: string): Uint32Array {
  const text = `OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main "main"\nOpExecutionMode %main LocalSize 1 1 1\n${body}`;
  const { words } = assembleText(text, name);
  expect(isValid(words, name)).toBe(false);
  return words;
}

const functionText = `%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%main = OpFunction %void None %fn\n%entry = OpLabel\nOpReturn\nOpFunctionEnd\n`;

describe('malformed modules', () => {
  it('rejects a module shorter than its header', () => {
    expect(reflectError(valid().slice(0, 3)).message).toBe('truncated module: 3 words, the header alone needs 5');
  });

  it('rejects a bad magic number', () => {
    const words = valid();
    words[0] = 0xdeadbeef;
    expect(reflectError(words).message).toBe('bad magic number 0xdeadbeef, expected 0x07230203 (at word 0)');
  });

  it('rejects an instruction whose word count runs past the end', () => {
    const words = valid();
    expect(words[5]! & 0xffff).toBe(17); // OpCapability Shader
    words[5] = (0xffff << 16) | 17;
    expect(reflectError(words).message).toBe(
      `OpCapability has a word count of 65535 and runs past the end of the module (${words.length} words) (at word 5)`,
    );
  });

  it('rejects a module cut inside an instruction', () => {
    const words = valid();
    // The header, then the 2-word OpCapability cut after its first word.
    const error = reflectError(words.slice(0, 6));
    expect(error.message).toBe('OpCapability has a word count of 2 and runs past the end of the module (6 words) (at word 5)');
    expect(error.wordOffset).toBe(5);
  });

  it('rejects a word count of zero', () => {
    const words = valid();
    words[5] = 17;
    expect(reflectError(words).message).toBe('OpCapability has a word count of 0 (at word 5)');
  });

  it('rejects a reference to an undefined type id', () => {
    const words = brokenModule(
      'undefined-type',
      `OpDecorate %buffer DescriptorSet 0\nOpDecorate %buffer Binding 0\n%ptr = OpTypePointer Uniform %missing\n%buffer = OpVariable %ptr Uniform\n${functionText}`,
    );
    const error = reflectError(words);
    const match = /^OpTypePointer: refers to %(\d+), which is not a declared type \(at word (\d+)\)$/.exec(error.message);
    expect(match, error.message).not.toBeNull();
    const offset = Number(match![2]);
    expect(words[offset]! & 0xffff).toBe(32); // OpTypePointer
    expect(words[offset + 3]).toBe(Number(match![1])); // its pointee operand
  });

  it('rejects a decoration on an id nothing defines', () => {
    const words = brokenModule('decorated-ghost', `OpDecorate %ghost Binding 3\n${functionText}`);
    const error = reflectError(words);
    const match = /^OpDecorate: targets %(\d+), which no instruction defines \(at word (\d+)\)$/.exec(error.message);
    expect(match, error.message).not.toBeNull();
    expect(words[Number(match![2]) + 1]).toBe(Number(match![1]));
  });

  it('rejects an instruction too short for its operands', () => {
    // spirv-as refuses to write this, so the words are spelled out: header, then `%1 = OpTypeInt 32` (no signedness).
    const words = new Uint32Array([0x07230203, 0x00010000, 0, 2, 0, (3 << 16) | 21, 1, 32]);
    expect(reflectError(words).message).toBe('OpTypeInt: has 3 words, operand 3 is missing (at word 5)');
  });

  it('rejects an entry point naming something that is not a function', () => {
    const words = brokenModule('entry-not-function', `%void = OpTypeVoid\n%main = OpTypeFunction %void\n`);
    expect(reflectError(words).message).toMatch(/^OpEntryPoint: entry point function %\d+ is not a function \(at word \d+\)$/);
  });
});
