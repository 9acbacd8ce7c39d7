// Specialization constants: the scalar OpSpecConstant* decorated with a SpecId.
import { Decoration } from '../spirv-spec/spec.js';
import type { Instruction } from './binary.js';
import { scalarValue } from './constants.js';
import type { SpirvModule } from './module.js';
import type { SpecConstant } from './types.js';

export function reflectSpecConstants(module: SpirvModule): SpecConstant[] {
  const result: SpecConstant[] = [];
  for (const [id, constant] of module.constants) {
    const specId = module.decorations.literal(id, Decoration.SpecId);
    if (specId === undefined) continue;
    const inst: Instruction = constant.inst;
    if (!constant.spec) inst.fail(`SpecId decorates %${id}, which is not a specialization constant`);
    const value = scalarValue(constant, module.types);
    if (value === undefined) inst.fail(`SpecId decorates %${id}, which is not a scalar specialization constant`);
    result.push({ name: module.names.get(id) ?? '', id: specId, type: value.kind, defaultValue: value.value });
  }
  return result.sort((a, b) => a.id - b.id);
}
