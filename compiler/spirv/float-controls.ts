// Float controls that options ask for (DXC's -denorm and -Gis): execution modes on each entry point,
// their capabilities and (before SPIR-V 1.4) SPV_KHR_float_controls; and -Gis's NoContraction on
// every arithmetic instruction, as DXC's emitter decorates them.
import type { DenormMode } from '../options.js';
import { Capability, Decoration, ExecutionMode, Op } from '../spirv-spec/spec.js';
import type { ModuleBuilder } from './builder.js';
import { requireExtension } from './extensions.js';

export interface FloatControls {
  denorm: DenormMode;
  ieeeStrict: boolean;
}

/** -denorm's execution mode and capability; `any` adds nothing (the driver chooses). */
const DENORM: Record<Exclude<DenormMode, 'any'>, { mode: number; capability: number }> = {
  preserve: { mode: ExecutionMode.DenormPreserve, capability: Capability.DenormPreserve },
  ftz: { mode: ExecutionMode.DenormFlushToZero, capability: Capability.DenormFlushToZero },
};

/** The execution modes of one entry point; all apply to 32-bit floats only, as DXC. */
export function declareFloatControls(b: ModuleBuilder, entry: number, options: FloatControls): void {
  if (options.denorm !== 'any') {
    const { mode, capability } = DENORM[options.denorm];
    b.executionMode(entry, mode, 32);
    b.capability(capability);
    requireExtension(b, 'SPV_KHR_float_controls');
  }
  if (options.ieeeStrict) {
    b.executionMode(entry, ExecutionMode.SignedZeroInfNanPreserve, 32);
    b.capability(Capability.SignedZeroInfNanPreserve);
    requireExtension(b, 'SPV_KHR_float_controls');
  }
}

/** The instructions DXC counts as arithmetic (SpirvInstruction::isArithmeticInstruction). */
const ARITHMETIC: ReadonlySet<number> = new Set([
  Op.SNegate, Op.FNegate, Op.IAdd, Op.FAdd, Op.ISub, Op.FSub, Op.IMul, Op.FMul, Op.UDiv, Op.SDiv, Op.FDiv,
  Op.UMod, Op.SRem, Op.SMod, Op.FRem, Op.FMod, Op.VectorTimesScalar, Op.MatrixTimesScalar, Op.VectorTimesMatrix,
  Op.MatrixTimesVector, Op.MatrixTimesMatrix, Op.OuterProduct, Op.Dot, Op.IAddCarry, Op.ISubBorrow,
  Op.UMulExtended, Op.SMulExtended,
]);

/** -Gis: no arithmetic result may be contracted with another (an a*b+c stays two roundings). */
export function decorateNoContraction(b: ModuleBuilder): void {
  const results: number[] = [];
  b.scanFunctionCode((opcode, words, at) => {
    if (ARITHMETIC.has(opcode)) results.push(words[at + 2]!);
  });
  for (const id of results) b.decorate(id, Decoration.NoContraction);
}
