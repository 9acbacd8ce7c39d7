// `[[vk::ext_decorate(d, literals…)]]`, `[[vk::ext_decorate_string(d, "text"…)]]` and
// `[[vk::ext_decorate_id(d, operands…)]]` on variables, parameters, struct members and functions:
// decorations emitted as written (spirv-val judges them, as DXC leaves it to). ext_decorate_id takes
// constant operands here (DXC also evaluates run-time ones at the variable's declaration: refused).
import type * as ast from '../parse/ast.js';
import type { SpirvDecoration } from '../types.js';
import type { Checker } from './checker.js';
import type { SpirvRequirements } from '../ir/ir.js';
import { spirvRequirements } from './inline-spirv.js';
import type { Scope } from './scope.js';

const DECORATE = new Set(['vk::ext_decorate', 'vk::ext_decorate_string', 'vk::ext_decorate_id']);

/**
 * The decorations a declaration's attributes ask for. `target` says what is decorated: an
 * OpFunction has only literal decorations (DXC refuses the string and id forms there).
 */
export function spirvDecorations(c: Checker, attrs: readonly ast.Attribute[], scope: Scope, target: 'value' | 'member' | 'function' = 'value'): SpirvDecoration[] | undefined {
  const out: SpirvDecoration[] = [];
  for (const a of attrs) {
    if (!DECORATE.has(a.name)) continue;
    if (target === 'function' && a.name !== 'vk::ext_decorate') {
      c.error(`${a.name} is not supported on functions`, a.loc, a.name.length);
      continue;
    }
    if (target === 'member' && a.name === 'vk::ext_decorate_id') {
      c.error(`vk::ext_decorate_id is not supported on struct members (SPIR-V has no OpMemberDecorateId)`, a.loc, a.name.length);
      continue;
    }
    const decoration = c.attrInt(a, 0, scope);
    if (decoration === undefined) continue;
    const rest = a.args.slice(1);
    if (a.name === 'vk::ext_decorate_string') {
      const strings: string[] = [];
      for (const e of rest) {
        if (e.kind === 'StringLiteral') strings.push(e.value);
        else c.error(`the operands of 'vk::ext_decorate_string' must be string literals`, e.loc);
      }
      if (strings.length === rest.length) out.push({ kind: 'string', decoration, strings, loc: a.loc });
      continue;
    }
    if (a.name === 'vk::ext_decorate') {
      const operands = rest.map((e) => c.constantInt(e, scope));
      if (operands.every((n) => n !== undefined)) out.push({ kind: 'literal', decoration, operands: operands as number[], loc: a.loc });
      continue;
    }
    const constants: { type: Extract<SpirvDecoration, { kind: 'id' }>['constants'][number]['type']; value: number }[] = [];
    for (const e of rest) {
      const value = c.constantValue(e, scope, `the operands of 'vk::ext_decorate_id' must be compile-time constants: OpDecorateId takes ids of constant instructions (DXC passes a run-time value's id, e.g. a call's result, relying on -Vd)`);
      if (!value) continue;
      if (value.kind !== 'scalar' || value.type.kind !== 'scalar' || value.type.base === 'float') {
        c.error(`the operands of 'vk::ext_decorate_id' must be integer or bool constants`, e.loc);
        continue;
      }
      constants.push({ type: value.type, value: typeof value.value === 'boolean' ? (value.value ? 1 : 0) : Number(value.value) });
    }
    if (constants.length === rest.length) out.push({ kind: 'id', decoration, constants, loc: a.loc });
  }
  return out.length ? out : undefined;
}

/** A declaration's inline SPIR-V attributes, to spread into its IR variable or struct member. */
export function spirvAttributes(c: Checker, attrs: readonly ast.Attribute[], scope: Scope, member = false): { decorations?: SpirvDecoration[]; requirements?: SpirvRequirements } {
  const decorations = spirvDecorations(c, attrs, scope, member ? 'member' : 'value');
  const requirements = spirvRequirements(c, attrs, scope);
  return { ...(decorations ? { decorations } : {}), ...(requirements ? { requirements } : {}) };
}

/** A local or parameter's `[[vk::aliased_pointer]]`: its buffer pointer may alias others (DXC: AliasedPointer). */
export function aliasedPointerAttribute(attrs: readonly ast.Attribute[]): { aliasedPointer?: true } {
  return attrs.some((a) => a.name === 'vk::aliased_pointer') ? { aliasedPointer: true } : {};
}

/** Declarations with no variable of their own to decorate (resource aliases, spec constants): refused, not dropped. */
export function refuseSpirvAttributes(c: Checker, attrs: readonly ast.Attribute[], what: string): void {
  for (const a of attrs) {
    if (DECORATE.has(a.name) || a.name === 'vk::ext_capability' || a.name === 'vk::ext_extension') c.error(`'${a.name}' on ${what} is not supported`, a.loc, a.name.length);
  }
}
