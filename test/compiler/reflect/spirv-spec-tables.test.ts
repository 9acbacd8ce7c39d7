// The enumerant tables in compiler/spirv-spec/spec.ts, checked against SPIRV-Tools' own grammar: spirv-as
// assembles each name and the value it writes must be the table's; opcodes are checked against
// spirv-dis's reading of every fixture module.
import { describe, expect, it } from 'vitest';
import {
  BuiltIn,
  Capability,
  Decoration,
  Dim,
  ExecutionMode,
  ExecutionModel,
  ImageFormat,
  Op,
  StorageClass,
} from '../../../compiler/spirv-spec/spec.js';
import { assembledFixtures, compiledFixtures } from './fixtures.js';
import { disassemble } from '../../helpers/tools.js';
import { assembleFixture, assembleText, compileFixture } from './tools.js';

/** Instructions of a binary as [opcode, words] (a test-local reader, independent of the code under test). */
function instructionsOf(words: Uint32Array): Array<[number, Uint32Array]> {
  const result: Array<[number, Uint32Array]> = [];
  for (let offset = 5; offset < words.length; ) {
    const count = words[offset]! >>> 16;
    result.push([words[offset]! & 0xffff, words.subarray(offset, offset + count)]);
    offset += count;
  }
  return result;
}

/** Assembles one line per table entry and returns word `wordIndex` of each instruction with `opcode`. */
function assembledValues(name: string, lines: string[], opcode: number, wordIndex: number): number[] {
  const { words } = assembleText(lines.join('\n'), name, 'spv1.6');
  return instructionsOf(words)
    .filter(([op]) => op === opcode)
    .map(([, inst]) => inst[wordIndex]!);
}

function expectTable(table: Record<string, number>, name: string, line: (name: string) => string, opcode: number, wordIndex: number) {
  const names = Object.keys(table);
  expect(assembledValues(name, names.map(line), opcode, wordIndex)).toEqual(Object.values(table));
}

const decorationOperands: Partial<Record<keyof typeof Decoration, string>> = {
  SpecId: '1',
  ArrayStride: '4',
  MatrixStride: '16',
  BuiltIn: 'Position',
  UniformId: '%1',
  Stream: '0',
  Location: '0',
  Component: '0',
  Index: '0',
  Binding: '0',
  DescriptorSet: '0',
  Offset: '0',
  XfbBuffer: '0',
  XfbStride: '0',
  FuncParamAttr: 'Zext',
  FPRoundingMode: 'RTE',
  FPFastMathMode: 'None',
  LinkageAttributes: '"x" Export',
  InputAttachmentIndex: '0',
  Alignment: '4',
  MaxByteOffset: '4',
  AlignmentId: '%1',
  MaxByteOffsetId: '%1',
  CounterBuffer: '%1',
  UserSemantic: '"S"',
  UserTypeGOOGLE: '"T"',
  NodeSharesPayloadLimitsWithAMDX: '%1',
  NodeMaxPayloadsAMDX: '%1',
  PayloadNodeNameAMDX: '%1',
  PayloadNodeBaseIndexAMDX: '%1',
  PayloadNodeArraySizeAMDX: '%1',
};

/** Decorations spirv-as wants through OpDecorateId / OpDecorateString. */
const decorationOpcodeOf: Partial<Record<keyof typeof Decoration, number>> = {
  UniformId: Op.DecorateId,
  AlignmentId: Op.DecorateId,
  MaxByteOffsetId: Op.DecorateId,
  CounterBuffer: Op.DecorateId,
  NodeSharesPayloadLimitsWithAMDX: Op.DecorateId,
  NodeMaxPayloadsAMDX: Op.DecorateId,
  PayloadNodeNameAMDX: Op.DecorateId,
  PayloadNodeBaseIndexAMDX: Op.DecorateId,
  PayloadNodeArraySizeAMDX: Op.DecorateId,
  UserSemantic: Op.DecorateString,
  UserTypeGOOGLE: Op.DecorateString,
};

const executionModeOperands: Partial<Record<keyof typeof ExecutionMode, string>> = {
  Invocations: '1',
  LocalSize: '1 1 1',
  LocalSizeHint: '1 1 1',
  OutputVertices: '3',
  VecTypeHint: '1',
  SubgroupSize: '1',
  SubgroupsPerWorkgroup: '1',
  SubgroupsPerWorkgroupId: '%1',
  LocalSizeId: '%1 %1 %1',
  LocalSizeHintId: '%1 %1 %1',
  DenormPreserve: '32',
  DenormFlushToZero: '32',
  SignedZeroInfNanPreserve: '32',
  RoundingModeRTE: '32',
  RoundingModeRTZ: '32',
  OutputPrimitivesEXT: '1',
  MaxNodeRecursionAMDX: '%1',
  StaticNumWorkgroupsAMDX: '%1 %1 %1',
  ShaderIndexAMDX: '%1',
  MaxNumWorkgroupsAMDX: '%1 %1 %1',
  SharesInputWithAMDX: '%1 %1',
};

const executionModeIdModes = new Set(['SubgroupsPerWorkgroupId', 'LocalSizeId', 'LocalSizeHintId', 'MaxNodeRecursionAMDX', 'StaticNumWorkgroupsAMDX', 'ShaderIndexAMDX', 'MaxNumWorkgroupsAMDX', 'SharesInputWithAMDX']);

describe('compiler/spirv-spec/spec.ts agrees with SPIRV-Tools', () => {
  it('BuiltIn', () => expectTable(BuiltIn, 'builtins', (n) => `OpDecorate %1 BuiltIn ${n}`, Op.Decorate, 3));
  it('StorageClass', () =>
    expectTable(StorageClass, 'storage-classes', (n) => `%p${n} = OpTypePointer ${n} %1`, Op.TypePointer, 2));
  it('ExecutionModel', () =>
    expectTable(ExecutionModel, 'execution-models', (n) => `OpEntryPoint ${n} %1 "e"`, Op.EntryPoint, 1));
  it('Dim', () => expectTable(Dim, 'dims', (n) => `%i${n} = OpTypeImage %1 ${n} 0 0 0 1 Unknown`, Op.TypeImage, 3));
  it('ImageFormat', () =>
    expectTable(ImageFormat, 'image-formats', (n) => `%i${n} = OpTypeImage %1 2D 0 0 0 2 ${n}`, Op.TypeImage, 8));
  it('Capability', () => expectTable(Capability, 'capabilities', (n) => `OpCapability ${n}`, Op.Capability, 1));

  it('Decoration', () => {
    const names = Object.keys(Decoration) as Array<keyof typeof Decoration>;
    const lines = names.map((n) => {
      const opcode = decorationOpcodeOf[n] ?? Op.Decorate;
      const spelling = opcode === Op.DecorateId ? 'OpDecorateId' : opcode === Op.DecorateString ? 'OpDecorateString' : 'OpDecorate';
      return `${spelling} %1 ${n} ${decorationOperands[n] ?? ''}`;
    });
    const { words } = assembleText(lines.join('\n'), 'decorations', 'spv1.6');
    const values = instructionsOf(words)
      .filter(([op]) => op === Op.Decorate || op === Op.DecorateId || op === Op.DecorateString)
      .map(([, inst]) => inst[2]!);
    expect(values).toEqual(Object.values(Decoration));
  });

  it('ExecutionMode', () => {
    const names = Object.keys(ExecutionMode) as Array<keyof typeof ExecutionMode>;
    const lines = names.map(
      (n) => `${executionModeIdModes.has(n) ? 'OpExecutionModeId' : 'OpExecutionMode'} %1 ${n} ${executionModeOperands[n] ?? ''}`,
    );
    const { words } = assembleText(lines.join('\n'), 'execution-modes', 'spv1.6');
    const values = instructionsOf(words)
      .filter(([op]) => op === Op.ExecutionMode || op === Op.ExecutionModeId)
      .map(([, inst]) => inst[2]!);
    expect(values).toEqual(Object.values(ExecutionMode));
  });

  it('Op, for every opcode the fixture modules contain', () => {
    const checked = new Set<string>();
    const modules = [
      ...compiledFixtures.map((f) => compileFixture(f)),
      ...assembledFixtures.map((f) => assembleFixture(f.file, f.targetEnv)),
    ];
    for (const module of modules) {
      const names = disassemble(module.path, ['--raw-id'])
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => /\bOp(\w+)/.exec(line)![1]!);
      const opcodes = instructionsOf(module.words).map(([op]) => op);
      expect(opcodes.length).toBe(names.length);
      names.forEach((name, i) => {
        const value = (Op as Record<string, number>)[name];
        if (value === undefined) return;
        expect(value, `Op${name}`).toBe(opcodes[i]);
        checked.add(name);
      });
    }
    expect(checked.size).toBeGreaterThan(40);
  });
});
