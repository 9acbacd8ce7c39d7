// The HLSL names of an entry point's stage inputs, by semantic: what a user calls a vertex attribute
// (`position`, a member of `VSInput`) beside the semantic SPIR-V and reflection key it by. Read from
// the IR, so every back end's module can carry it to the generated tables.
import type { Type } from '../types.js';
import type { IrEntryPoint } from './ir.js';

/**
 * Semantic as written → the parameter name, or for a struct parameter the member path below it
 * (`position`, `skin.weights`). Values without a semantic (vk::builtin ones) are left out.
 */
export function stageInputNames(ep: IrEntryPoint): Record<string, string> {
  const names: Record<string, string> = {};
  const visit = (type: Type, semantic: string | undefined, path: string[]): void => {
    if (type.kind === 'struct') {
      for (const field of type.fields) visit(field.type, field.semantic, [...path, field.name]);
      return;
    }
    if (semantic !== undefined && path.length > 0 && !(semantic in names)) names[semantic] = path.join('.');
  };
  for (const param of ep.params) {
    if (param.direction === 'out') continue;
    if (param.var.type.kind === 'struct') visit(param.var.type, undefined, []);
    else visit(param.var.type, param.io.semantic, [param.var.name]);
  }
  return names;
}
