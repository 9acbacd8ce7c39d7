// Entry points: stage, execution modes, workgroup size and stage I/O.
import { BuiltIn, Decoration, ExecutionMode, Op } from '../spirv-spec/spec.js';
import type { Instruction } from './binary.js';
import { scalarValue } from './constants.js';
import { executionModeName, stageOfExecutionModel } from './enum-names.js';
import type { LayoutBuilder } from './layout.js';
import type { EntryPointDecl, SpirvModule } from './module.js';
import { rayDataVariables, stageVariables } from './stage-io.js';
import type { EntryPoint, ShaderStage } from './types.js';

type WorkgroupSize = NonNullable<EntryPoint['workgroupSize']>;

const workgroupStages: ReadonlySet<ShaderStage> = new Set<ShaderStage>(['compute', 'mesh', 'amplification']);

/** Execution modes reported through `workgroupSize` rather than by name. */
const sizeModes: ReadonlySet<number> = new Set([ExecutionMode.LocalSize, ExecutionMode.LocalSizeId]);

export function reflectEntryPoints(module: SpirvModule, layout: LayoutBuilder): EntryPoint[] {
  const builtinSize = workgroupSizeBuiltIn(module);
  return module.entryPoints.map((entry: EntryPointDecl) => {
    const stage = stageOfExecutionModel.get(entry.model);
    const inst: Instruction = entry.inst;
    if (stage === undefined) inst.fail(`execution model ${entry.model} is not a Vulkan shader stage`);
    const modes = module.executionModes.filter((mode) => mode.target === entry.functionId);
    const reflected: EntryPoint = {
      name: entry.name,
      stage,
      ...stageVariables(module, layout, entry),
      executionModes: modes.filter((mode) => !sizeModes.has(mode.mode)).map((mode) => executionModeName(mode.mode)),
    };
    const rayData = rayDataVariables(module, layout, entry);
    if (rayData.length > 0) reflected.rayData = rayData;
    if (workgroupStages.has(stage)) {
      // The WorkgroupSize built-in, when declared, overrides LocalSize/LocalSizeId.
      const size = builtinSize ?? localSize(module, entry);
      if (size !== undefined) reflected.workgroupSize = size;
    }
    return reflected;
  });
}

function localSize(module: SpirvModule, entry: EntryPointDecl): WorkgroupSize | undefined {
  for (const mode of module.executionModes) {
    if (mode.target !== entry.functionId) continue;
    if (mode.mode === ExecutionMode.LocalSize) {
      const [x, y, z] = threeOperands(mode.operands, mode.inst);
      return { x, y, z };
    }
    if (mode.mode === ExecutionMode.LocalSizeId) return sizeFromConstants(module, threeOperands(mode.operands, mode.inst), mode.inst);
  }
  return undefined;
}

/** A constant decorated BuiltIn WorkgroupSize: a composite of three (possibly spec) constants. */
function workgroupSizeBuiltIn(module: SpirvModule): WorkgroupSize | undefined {
  for (const [id, constant] of module.constants) {
    if (module.decorations.literal(id, Decoration.BuiltIn) !== BuiltIn.WorkgroupSize) continue;
    const { inst } = constant;
    if (constant.opcode !== Op.ConstantComposite && constant.opcode !== Op.SpecConstantComposite) {
      inst.fail('the WorkgroupSize built-in must be a composite constant');
    }
    return sizeFromConstants(module, threeOperands(inst.wordsFrom(3), inst), inst);
  }
  return undefined;
}

function sizeFromConstants(module: SpirvModule, ids: [number, number, number], inst: Instruction): WorkgroupSize {
  const size: WorkgroupSize = { x: 0, y: 0, z: 0 };
  const specIds: NonNullable<WorkgroupSize['specIds']> = {};
  (['x', 'y', 'z'] as const).forEach((axis, i) => {
    const id = ids[i]!;
    const constant = module.constants.get(id);
    if (constant === undefined) inst.fail(`workgroup size component %${id} is not a constant`);
    const value = scalarValue(constant, module.types);
    if (value === undefined || typeof value.value === 'boolean') {
      inst.fail(`workgroup size component %${id} is not an integer scalar constant`);
    }
    size[axis] = Number(value.value);
    const specId = constant.spec ? module.decorations.literal(id, Decoration.SpecId) : undefined;
    if (specId !== undefined) specIds[axis] = specId;
  });
  if (Object.keys(specIds).length > 0) size.specIds = specIds;
  return size;
}

function threeOperands(operands: number[], inst: Instruction): [number, number, number] {
  if (operands.length < 3) inst.fail(`expects 3 workgroup size operands, has ${operands.length}`);
  return [operands[0]!, operands[1]!, operands[2]!];
}
