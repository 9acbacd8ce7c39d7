// One pass over the instruction stream, sorting what reflection needs into tables, then the
// consistency checks that stop a corrupted module from producing a wrong answer.
import { Op, StorageClass } from '../spirv-spec/spec.js';
import { type Header, type Instruction, forEachInstruction, readHeader } from './binary.js';
import { type ConstantDef, decodeConstant } from './constants.js';
import { DecorationTable } from './decorations.js';
import { SpirvReflectError } from './errors.js';
import { FunctionBodies } from './functions.js';
import { definedIdWords } from './operands.js';
import { TypeTable, decodeType } from './type-table.js';

export interface GlobalVariable {
  id: number;
  /** The pointee type (the variable's own type is a pointer to it). */
  typeId: number;
  storageClass: number;
  inst: Instruction;
}

export interface EntryPointDecl {
  model: number;
  functionId: number;
  name: string;
  interface: number[];
  inst: Instruction;
}

export interface ExecutionModeDecl {
  target: number;
  mode: number;
  /** Literal operands for OpExecutionMode, id operands for OpExecutionModeId. */
  operands: number[];
  operandsAreIds: boolean;
  inst: Instruction;
}

export interface SpirvModule {
  header: Header;
  /** SourceLanguage operand of the first OpSource, if any. */
  sourceLanguage: number | undefined;
  names: Map<number, string>;
  memberNames: Map<number, Map<number, string>>;
  decorations: DecorationTable;
  types: TypeTable;
  constants: Map<number, ConstantDef>;
  variables: Map<number, GlobalVariable>;
  bodies: FunctionBodies;
  entryPoints: EntryPointDecl[];
  executionModes: ExecutionModeDecl[];
}

const decorationOpcodes: ReadonlySet<number> = new Set([
  Op.Decorate,
  Op.DecorateId,
  Op.DecorateString,
  Op.MemberDecorate,
  Op.MemberDecorateString,
  Op.GroupDecorate,
  Op.GroupMemberDecorate,
]);

export function parseModule(binary: Uint32Array): SpirvModule {
  const { header, words } = readHeader(binary);
  const types = new TypeTable();
  const module: SpirvModule = {
    header,
    sourceLanguage: undefined,
    names: new Map(),
    memberNames: new Map(),
    decorations: new DecorationTable(),
    types,
    constants: new Map(),
    variables: new Map(),
    bodies: new FunctionBodies(types),
    entryPoints: [],
    executionModes: [],
  };
  // Defined ids lie below the bound (checked as they are met): one flag per id, unless a (corrupt or
  // odd) bound is far above what the module's size needs.
  const defined: { [id: number]: number } = header.bound <= 16 * words.length ? new Uint8Array(header.bound) : {};
  const nameTargets: Array<[number, Instruction]> = [];
  const memberNameRefs: Array<[number, number, Instruction]> = [];

  forEachInstruction(words, (inst) => {
    const idWords = definedIdWords(inst.opcode);
    for (let k = 0; k < idWords.length; k++) {
      const w = idWords[k]!;
      if (w >= inst.wordCount) continue;
      const id = inst.at(w);
      if (id === 0 || id >= header.bound) inst.fail(`defines %${id}, outside the id bound ${header.bound}`);
      defined[id] = 1;
    }
    if (module.bodies.open) {
      if (inst.opcode === Op.FunctionEnd) module.bodies.end(inst);
      else if (inst.opcode === Op.Function) inst.fail('opens a function inside another function');
      else module.bodies.add(inst);
      return;
    }
    readGlobalInstruction(module, inst, nameTargets, memberNameRefs);
  });
  if (module.bodies.open) {
    throw new SpirvReflectError('module ends inside a function (missing OpFunctionEnd)', words.length);
  }

  for (const [id, inst] of [...nameTargets, ...module.decorations.targets()]) {
    if (!(id < header.bound && defined[id])) inst.fail(`targets %${id}, which no instruction defines`);
  }
  module.types.checkReferences();
  checkMemberTargets(module, memberNameRefs);
  for (const constant of module.constants.values()) module.types.get(constant.typeId, constant.inst);
  return module;
}

function readGlobalInstruction(
  module: SpirvModule,
  inst: Instruction,
  nameTargets: Array<[number, Instruction]>,
  memberNameRefs: Array<[number, number, Instruction]>,
): void {
  if (decorationOpcodes.has(inst.opcode)) {
    module.decorations.add(inst);
    return;
  }
  switch (inst.opcode) {
    case Op.Source:
      module.sourceLanguage ??= inst.word(1);
      return;
    case Op.Name:
      module.names.set(inst.word(1), inst.string(2).value);
      nameTargets.push([inst.word(1), inst]);
      return;
    case Op.MemberName: {
      const struct = inst.word(1);
      let members = module.memberNames.get(struct);
      if (members === undefined) module.memberNames.set(struct, (members = new Map()));
      members.set(inst.word(2), inst.string(3).value);
      memberNameRefs.push([struct, inst.word(2), inst]);
      return;
    }
    case Op.EntryPoint: {
      const name = inst.string(3);
      module.entryPoints.push({
        model: inst.word(1),
        functionId: inst.word(2),
        name: name.value,
        interface: inst.wordsFrom(name.next),
        inst,
      });
      return;
    }
    case Op.ExecutionMode:
    case Op.ExecutionModeId:
      module.executionModes.push({
        target: inst.word(1),
        mode: inst.word(2),
        operands: inst.wordsFrom(3),
        operandsAreIds: inst.opcode === Op.ExecutionModeId,
        inst,
      });
      return;
    case Op.Variable: {
      const pointer = module.types.get(inst.word(1), inst).def;
      if (pointer.op !== 'pointer') inst.fail(`result type %${inst.word(1)} is not a pointer type`);
      const storageClass = inst.word(3);
      if (storageClass === StorageClass.Function) inst.fail('declares a Function-storage variable outside a function');
      module.variables.set(inst.word(2), { id: inst.word(2), typeId: pointer.pointee, storageClass, inst });
      return;
    }
    case Op.Function:
      module.bodies.begin(inst);
      return;
    case Op.FunctionEnd:
      inst.fail('closes a function that was never opened');
  }
  const type = decodeType(inst);
  if (type !== undefined) {
    module.types.add(inst.word(1), type, inst);
    return;
  }
  const constant = decodeConstant(inst);
  if (constant !== undefined) module.constants.set(inst.word(2), constant);
}

/** Member names and member decorations must name an existing member of a struct type. */
function checkMemberTargets(module: SpirvModule, memberNameRefs: Array<[number, number, Instruction]>): void {
  for (const [struct, index, referrer] of [...memberNameRefs, ...module.decorations.memberTargets()]) {
    const inst: Instruction = referrer;
    const type = module.types.get(struct, inst).def;
    if (type.op !== 'struct') inst.fail(`names or decorates member ${index} of %${struct}, which is not a struct`);
    if (index >= type.members.length) {
      inst.fail(`names or decorates member ${index} of %${struct}, which has ${type.members.length} members`);
    }
  }
}

