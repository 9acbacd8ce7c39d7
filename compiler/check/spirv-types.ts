// Inline SPIR-V types (DXC's `vk::SpirvType<Opcode, Size, Alignment, Operands…>`,
// `vk::SpirvOpaqueType<Opcode, Operands…>` and `vk::ext_type<N>` defined by calling a
// `[[vk::ext_type_def(N, Opcode)]]` function). Operands are types: `vk::integral_constant<T, V>`
// stands for an OpConstant of T, `vk::Literal<vk::integral_constant<T, V>>` for the literal word V,
// any other type for its id. `vk::ext_result_id<T>` holds a T. The type is emitted as written and
// judged by spirv-val, as DXC leaves it to.
import type { Loc } from '../diagnostics.js';
import type * as ast from '../parse/ast.js';
import { typeToString, type SpirvInlineType, type SpirvTypeDefinition, type SpirvTypeOperand, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import type { ExpressionChecker } from './expressions.js';
import type { FunctionSymbol, Scope } from './scope.js';
import { spirvRequirements } from './inline-spirv.js';
import { voidValue } from './texture-methods.js';
import type { Value } from './value.js';

export const INLINE_SPIRV_TYPE_NAMES: ReadonlySet<string> = new Set(['vk::SpirvType', 'vk::SpirvOpaqueType', 'vk::ext_type', 'vk::ext_result_id', 'vk::Literal', 'vk::integral_constant']);

/** Every `vk::ext_type<N>` of one compile, by N, with where it was first written. */
export class ExtTypes {
  private readonly byId = new Map<number, { type: SpirvInlineType; loc: Loc; defined: boolean }>();

  get(id: number, loc: Loc): SpirvInlineType {
    let entry = this.byId.get(id);
    if (!entry) {
      const definition: SpirvTypeDefinition = { operands: [], capabilities: [], extensions: [] };
      entry = { type: { kind: 'spirvType', definition, key: `ext:${id}`, spelling: `vk::ext_type<${id}>`, loc }, loc, defined: false };
      this.byId.set(id, entry);
    }
    return entry.type;
  }

  /** Records the definition; false if N was already defined differently. */
  define(id: number, loc: Loc, def: SpirvTypeDefinition): boolean {
    const t = this.get(id, loc);
    const entry = this.byId.get(id)!;
    if (entry.defined) return sameDefinition(t.definition, def);
    entry.defined = true;
    Object.assign(t.definition, def);
    return true;
  }

  /** The ext types written but never defined by a call of their ext_type_def function. */
  undefinedTypes(): { id: number; loc: Loc }[] {
    return [...this.byId].filter(([, e]) => !e.defined).map(([id, e]) => ({ id, loc: e.loc }));
  }
}

function sameDefinition(a: SpirvTypeDefinition, b: SpirvTypeDefinition): boolean {
  return a.opcode === b.opcode && a.operands.length === b.operands.length && a.operands.every((o, i) => operandKey(o) === operandKey(b.operands[i]!));
}

function operandKey(o: SpirvTypeOperand): string {
  if (o.kind === 'type') return o.type.kind === 'spirvType' ? o.type.key : typeToString(o.type);
  return o.kind === 'literal' ? `L${o.value}` : `${typeToString(o.type)}(${o.value})`;
}

function operandSpelling(o: SpirvTypeOperand): string {
  if (o.kind === 'type') return typeToString(o.type);
  return o.kind === 'literal' ? `vk::Literal<${o.value}>` : `vk::integral_constant<${typeToString(o.type)}, ${o.value}>`;
}

/** The type a `vk::SpirvType`, `vk::SpirvOpaqueType`, `vk::ext_type` or `vk::ext_result_id` spelling names. */
export function resolveInlineSpirvType(c: Checker, spec: ast.TypeSpec, scope: Scope): Type | undefined {
  const name = spec.name;
  const args = spec.templateArgs ?? [];
  if (name === 'vk::Literal' || name === 'vk::integral_constant') {
    c.error(`'${name}' is only an operand of 'vk::SpirvType' or 'vk::SpirvOpaqueType'`, spec.loc, name.length);
    return undefined;
  }
  if (name === 'vk::ext_result_id') {
    // The result id of an instruction, held as the value it is.
    const arg = args[0];
    if (args.length !== 1 || arg?.kind !== 'TypeSpec') {
      c.error(`'vk::ext_result_id' takes one type argument`, spec.loc, name.length);
      return undefined;
    }
    return c.resolveType(arg, scope, arg.modifiers ?? []);
  }
  if (name === 'vk::ext_type') {
    const id = args.length === 1 && args[0]!.kind !== 'TypeSpec' ? c.constantInt(args[0] as ast.Expr, scope) : undefined;
    if (id === undefined) {
      if (args.length !== 1 || args[0]!.kind === 'TypeSpec') c.error(`'vk::ext_type' takes the constant id of its ext_type_def`, spec.loc, name.length);
      return undefined;
    }
    return c.extTypes.get(id, spec.loc);
  }
  const sized = name === 'vk::SpirvType';
  const fixed = sized ? 3 : 1;
  if (args.length < fixed) {
    c.error(`'${name}' needs ${sized ? 'an opcode, a size and an alignment' : 'an opcode'}`, spec.loc, name.length);
    return undefined;
  }
  const words: number[] = [];
  for (const a of args.slice(0, fixed)) {
    const n = a.kind === 'TypeSpec' ? undefined : c.constantInt(a, scope);
    if (n === undefined) {
      if (a.kind === 'TypeSpec') c.error(`the opcode${sized ? ', size and alignment' : ''} of '${name}' must be integer constants`, a.loc);
      return undefined;
    }
    words.push(n);
  }
  const [opcode, size, alignment] = words as [number, number?, number?];
  if (sized && (!(size! > 0) || !(alignment! > 0) || (alignment! & (alignment! - 1)) !== 0)) {
    c.error(`the size of '${name}' must be positive and its alignment a power of two`, spec.loc, name.length);
    return undefined;
  }
  const operands: SpirvTypeOperand[] = [];
  for (const a of args.slice(fixed)) {
    const operand = typeOperand(c, a, scope, name);
    if (!operand) return undefined;
    operands.push(operand);
  }
  const definition: SpirvTypeDefinition = { opcode, operands, capabilities: [], extensions: [] };
  const key = `${sized ? `spv:${size}:${alignment}` : 'opaque'}:${opcode}:${operands.map(operandKey).join(',')}`;
  const spelling = `${name}<${[...words, ...operands.map(operandSpelling)].join(', ')}>`;
  const loc = c.typeUseSite ?? spec.loc;
  return sized ? { kind: 'spirvType', definition, key, spelling, loc, size, alignment } : { kind: 'spirvType', definition, key, spelling, loc };
}

function typeOperand(c: Checker, a: ast.TemplateArg, scope: Scope, owner: string): SpirvTypeOperand | undefined {
  if (a.kind !== 'TypeSpec') {
    c.error(`the operands of '${owner}' are types: write a constant as vk::integral_constant<T, V> or vk::Literal<vk::integral_constant<T, V>>`, a.loc);
    return undefined;
  }
  if (a.name === 'vk::Literal') {
    const inner = a.templateArgs?.[0];
    if (a.templateArgs?.length !== 1 || inner?.kind !== 'TypeSpec' || inner.name !== 'vk::integral_constant') {
      c.error('The template argument to vk::Literal must be a vk::integral_constant', a.loc);
      return undefined;
    }
    const constant = integralConstant(c, inner, scope);
    return constant && { kind: 'literal', value: constant.value };
  }
  if (a.name === 'vk::integral_constant') return integralConstant(c, a, scope);
  const type = c.resolveType(a, scope, a.modifiers ?? []);
  return type && { kind: 'type', type };
}

/** `vk::integral_constant<T, V>`: T a scalar (bool, integer or enum) type, V a constant of it. */
function integralConstant(c: Checker, spec: ast.TypeSpec, scope: Scope): Extract<SpirvTypeOperand, { kind: 'constant' }> | undefined {
  const [typeArg, valueArg] = spec.templateArgs ?? [];
  const type = typeArg?.kind === 'TypeSpec' ? c.resolveType(typeArg, scope, []) : undefined;
  if (spec.templateArgs?.length !== 2 || !type || type.kind !== 'scalar' || type.base === 'float' || !valueArg || valueArg.kind === 'TypeSpec') {
    c.error(`'vk::integral_constant' takes an integer or bool type and a constant of it`, spec.loc);
    return undefined;
  }
  const value = c.constantValue(valueArg, scope);
  if (!value) return undefined;
  if (value.kind !== 'scalar') {
    c.error(`expression must be an integer constant`, valueArg.loc);
    return undefined;
  }
  return { kind: 'constant', type, value: typeof value.value === 'boolean' ? (value.value ? 1 : 0) : Number(value.value) };
}

/** A typedef or alias's `vk::ext_capability` / `vk::ext_extension`: the type declares them once used. */
export function withTypeRequirements(c: Checker, t: Type, attrs: readonly ast.Attribute[] | undefined, scope: Scope): Type {
  const r = attrs && spirvRequirements(c, attrs, scope);
  if (!r) return t;
  if (t.kind !== 'spirvType') {
    const attr = attrs!.find((a) => a.name === 'vk::ext_capability' || a.name === 'vk::ext_extension')!;
    c.error(`'${attr.name}' on a type alias is supported only for inline SPIR-V types (vk::SpirvType, vk::SpirvOpaqueType)`, attr.loc, attr.name.length);
    return t;
  }
  const d = t.definition;
  return { ...t, definition: { ...d, capabilities: [...d.capabilities, ...r.capabilities], extensions: [...d.extensions, ...r.extensions] } };
}

export function isExtTypeDef(fn: FunctionSymbol): boolean {
  return fn.decl.attributes.some((a) => a.name === 'vk::ext_type_def');
}

/**
 * A call of a `[[vk::ext_type_def(N, opcode)]]` function defines `vk::ext_type<N>`: literal
 * parameters give literal words, `vk::ext_type` parameters the type's id, others OpConstant ids.
 */
export function extTypeDefCall(c: Checker, x: ExpressionChecker, fn: FunctionSymbol, args: Value[], loc: Loc): Value | undefined {
  const attr = fn.decl.attributes.find((a) => a.name === 'vk::ext_type_def')!;
  const id = c.attrInt(attr, 0, fn.scope);
  const opcode = c.attrInt(attr, 1, fn.scope);
  if (id === undefined || opcode === undefined) return undefined;
  if (fn.decl.body) {
    c.error(`a 'vk::ext_type_def' function defines a type: '${fn.name}' must have no body`, fn.decl.nameLoc, fn.name.length);
    return undefined;
  }
  if (args.length !== fn.params.length) {
    c.error(`'${fn.name}' takes ${fn.params.length} arguments, but ${args.length} were given`, loc, fn.name.length);
    return undefined;
  }
  const operands: SpirvTypeOperand[] = [];
  for (let i = 0; i < fn.params.length; i++) {
    const p = fn.params[i]!;
    const a = args[i]!;
    if (p.type.kind === 'spirvType') {
      operands.push({ kind: 'type', type: p.type });
      continue;
    }
    const value = p.type.kind === 'scalar' && p.type.base !== 'float' ? evaluateConstant(x.coerce(a, p.type)) : undefined;
    if (value?.kind !== 'scalar' || p.type.kind !== 'scalar') {
      c.error(`argument ${i + 1} of '${fn.name}' must be an integer constant: it is an operand of the type it defines`, a.loc);
      return undefined;
    }
    const n = typeof value.value === 'boolean' ? (value.value ? 1 : 0) : Number(value.value);
    const literal = fn.decl.params[i]!.attributes.some((at) => at.name === 'vk::ext_literal');
    operands.push(literal ? { kind: 'literal', value: n } : { kind: 'constant', type: p.type, value: n });
  }
  const r = spirvRequirements(c, fn.decl.attributes, fn.scope);
  const def: SpirvTypeDefinition = { opcode, operands, capabilities: r?.capabilities ?? [], extensions: r?.extensions ?? [] };
  if (!c.extTypes.define(id, loc, def)) {
    c.error(`'vk::ext_type<${id}>' is already defined with other operands`, loc, fn.name.length);
    return undefined;
  }
  return voidValue(loc);
}

/** After every function is checked: an ext_type whose definition was never called cannot be emitted. */
export function checkExtTypesDefined(c: Checker): void {
  for (const { id, loc } of c.extTypes.undefinedTypes()) {
    c.error(`'vk::ext_type<${id}>' is used, but no 'vk::ext_type_def(${id}, …)' function is called to define it`, loc, 'vk::ext_type'.length);
  }
}

/** A loose uniform of an opaque inline type: $Globals cannot hold it (it has no layout). */
export function refuseOpaqueUniform(c: Checker, t: Type, name: string, loc: Loc): boolean {
  let el = t;
  while (el.kind === 'array') el = el.element;
  if (el.kind !== 'spirvType' || el.size !== undefined) return false;
  c.error(`global '${name}' has the opaque inline SPIR-V type '${typeToString(t)}', which a uniform buffer cannot hold: make it static or groupshared`, loc, name.length);
  return true;
}

/**
 * `[[vk::ext_storage_class(0)]]` on a global of an opaque inline type: a UniformConstant variable
 * bound like a resource (an acceleration structure or image the source declares itself). Other
 * storage classes are refused.
 */
export function uniformConstantStorage(c: Checker, attrs: readonly ast.Attribute[], t: Type, scope: Scope): boolean {
  const attr = attrs.find((a) => a.name === 'vk::ext_storage_class');
  if (!attr) return false;
  const storageClass = c.attrInt(attr, 0, scope);
  let el = t;
  while (el.kind === 'array') el = el.element;
  if (storageClass !== 0 || el.kind !== 'spirvType' || el.size !== undefined) {
    if (storageClass !== undefined) c.error(`'vk::ext_storage_class' is supported only as UniformConstant (0) on a global of an opaque inline SPIR-V type`, attr.loc, attr.name.length);
    return false;
  }
  return true;
}

/** `vk::ext_storage_class` where the variable's storage is already decided (static, groupshared, locals). */
export function refuseStorageClass(c: Checker, attrs: readonly ast.Attribute[], what: string): void {
  const attr = attrs.find((a) => a.name === 'vk::ext_storage_class');
  if (attr) c.error(`'vk::ext_storage_class' on ${what} is not supported: only a global of an opaque inline SPIR-V type may name its storage class`, attr.loc, attr.name.length);
}
