// Inline SPIR-V the WGSL target cannot express: types (vk::SpirvType, vk::SpirvOpaqueType,
// vk::ext_type), decorations ([[vk::ext_decorate…]]) and capability/extension requests on
// variables, parameters, struct members and functions. Refused at the attribute or type as written,
// never dropped, and execution modes a function asks for. (Inline instructions are refused where the
// function writer meets them.)
import type { Loc } from '../diagnostics.js';
import type { IrModule, IrVar, SpirvRequirements } from '../ir/ir.js';
import type { SpirvDecoration, Type } from '../types.js';
import { typeToString } from '../types.js';
import { unsupported, type WgslError } from './errors.js';

const WHY = 'WGSL has no inline SPIR-V';
const OP_TYPE_COOPERATIVE_MATRIX_KHR = 4456;

export function inlineSpirvError(ir: IrModule): WgslError | undefined {
  // Cooperative matrices first: what the source means, not the helper types their header also uses.
  return firstInlineSpirv(ir, true) ?? firstInlineSpirv(ir, false);
}

function firstInlineSpirv(ir: IrModule, matricesOnly: boolean): WgslError | undefined {
  const seen = new Set<Type>();
  const checkType = (t: Type, fallback: Loc | undefined): WgslError | undefined => {
    if (seen.has(t)) return undefined;
    seen.add(t);
    switch (t.kind) {
      case 'spirvType':
        if (t.definition.opcode === OP_TYPE_COOPERATIVE_MATRIX_KHR) {
          return unsupported(`the cooperative matrix (vk::khr::CooperativeMatrix, SPV_KHR_cooperative_matrix)`, t.loc ?? fallback, 'WGSL has no cooperative matrices');
        }
        return matricesOnly ? undefined : unsupported(`the inline SPIR-V type '${typeToString(t)}'`, t.loc ?? fallback, WHY);
      case 'array':
      case 'resource':
      case 'stream':
        return checkType(t.element, fallback);
      case 'pointer':
        return checkType(t.pointee, fallback);
      case 'struct':
        for (const f of t.fields) {
          const e = (matricesOnly ? undefined : attributesError(f.decorations, f.requirements, fallback)) ?? checkType(f.type, fallback);
          if (e) return e;
        }
        return undefined;
      default:
        return undefined;
    }
  };
  const attributes = (d: readonly SpirvDecoration[] | undefined, r: SpirvRequirements | undefined, fallback: Loc | undefined) =>
    matricesOnly ? undefined : attributesError(d, r, fallback);
  const checkVar = (v: IrVar) => attributes(v.decorations, v.requirements, undefined) ?? checkType(v.type, undefined);
  for (const g of ir.globals) {
    const e = attributes(g.decorations, g.requirements, g.loc) ?? checkType(g.type, g.loc);
    if (e) return e;
  }
  for (const fn of ir.functions) {
    const mode = matricesOnly ? undefined : fn.executionModes?.[0];
    if (mode) return unsupported(`the SPIR-V execution mode ${mode.mode} (vk::ext_execution_mode, [[vk::spvexecutionmode]])`, mode.loc, WHY);
    const e = attributes(fn.decorations, fn.requirements, undefined) ?? [...fn.params.map((p) => p.var), ...fn.locals].map(checkVar).find((x) => x) ?? checkType(fn.returnType, undefined);
    if (e) return e;
  }
  return undefined;
}

function attributesError(decorations: readonly SpirvDecoration[] | undefined, requirements: SpirvRequirements | undefined, fallback: Loc | undefined): WgslError | undefined {
  const d = decorations?.[0];
  if (d) return unsupported(`the SPIR-V decoration ${d.decoration} ([[vk::ext_decorate${d.kind === 'literal' ? '' : `_${d.kind}`}]])`, d.loc ?? fallback, WHY);
  if (requirements) return unsupported(`a SPIR-V capability or extension request ([[vk::ext_capability]], [[vk::ext_extension]])`, requirements.loc ?? fallback, WHY);
  return undefined;
}
