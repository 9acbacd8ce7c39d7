// Inline SPIR-V (DXC's `vk::ext_*` attributes): a function declared with
// `[[vk::ext_instruction(opcode[, "set"])]]` and no body is that instruction, its parameters its
// operands in order (`[[vk::ext_literal]]` ones as literal words, `[[vk::ext_reference]]` ones as
// pointers); `[[vk::ext_capability(N)]]` and `[[vk::ext_extension("name")]]` on a function declare
// what the module needs once the function is part of it. The instruction is emitted as written:
// spirv-val judges it, as DXC leaves it to.
import { placeRoot } from '../ir/walk.js';
import type { Loc } from '../diagnostics.js';
import type { IrExpr, IrPlace, SpirvOperand, SpirvRequirements } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { typeToString, UINT, type Type } from '../types.js';
import { Capability, Op, StorageClass } from '../spirv-spec/spec.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import type { ExpressionChecker } from './expressions.js';
import type { Scope, FunctionSymbol } from './scope.js';
import type { Value } from './value.js';
import { voidValue } from './texture-methods.js';

const attribute = (attrs: readonly ast.Attribute[], name: string) => attrs.find((a) => a.name === name);

export function isInlineSpirv(fn: FunctionSymbol): boolean {
  return attribute(fn.decl.attributes, 'vk::ext_instruction') !== undefined;
}

/** The capabilities and extensions a declaration's `vk::ext_capability` / `vk::ext_extension` attributes ask for. */
export function spirvRequirements(c: Checker, attrs: readonly ast.Attribute[], scope: Scope): SpirvRequirements | undefined {
  const capabilities: number[] = [];
  const extensions: string[] = [];
  for (const a of attrs) {
    if (a.name === 'vk::ext_capability') {
      const n = c.attrInt(a, 0, scope);
      if (n !== undefined) capabilities.push(n);
      if (n === Capability.VulkanMemoryModel) c.vulkanMemoryModel = true;
    } else if (a.name === 'vk::ext_extension') {
      const arg = a.args[0];
      if (arg?.kind !== 'StringLiteral') c.error(`'vk::ext_extension' needs the extension's name as a string`, a.loc);
      else extensions.push(arg.value);
    }
  }
  const first = attrs.find((a) => a.name === 'vk::ext_capability' || a.name === 'vk::ext_extension');
  return capabilities.length || extensions.length ? { capabilities, extensions, ...(first ? { loc: first.loc } : {}) } : undefined;
}

/** `[[vk::spvexecutionmode(N)]]` on a function: execution modes of the entry points that run it. */
export function declaredExecutionModes(c: Checker, attrs: readonly ast.Attribute[], scope: Scope): { mode: number; operands: number[]; loc: Loc }[] {
  const modes: { mode: number; operands: number[]; loc: Loc }[] = [];
  for (const a of attrs) {
    if (a.name !== 'vk::spvexecutionmode') continue;
    const mode = c.attrInt(a, 0, scope);
    if (mode !== undefined) modes.push({ mode, operands: [], loc: a.loc });
  }
  return modes;
}

/**
 * `vk::ext_execution_mode(mode, literal operands…)` in a function body: an execution mode of every
 * entry point whose call graph reaches the function.
 */
export function checkExecutionModeCall(c: Checker, x: ExpressionChecker, args: Value[], loc: Loc): Value | undefined {
  const name = 'vk::ext_execution_mode';
  if (args.length === 0) {
    c.error(`'${name}' takes the execution mode and its literal operands`, loc, name.length);
    return undefined;
  }
  const words: number[] = [];
  for (const a of args) {
    const value = isIntegerScalar(a) ? evaluateConstant(x.rvalue(a)) : undefined;
    if (value?.kind !== 'scalar' || typeof value.value === 'boolean') {
      c.error(`the arguments of '${name}' must be integer constants`, a.loc);
      return undefined;
    }
    words.push(Number(value.value));
  }
  c.executionModes.push({ mode: words[0]!, operands: words.slice(1), loc });
  return voidValue(loc);
}

/**
 * `vk::ext_execution_mode_id(mode, constants…)`: OpExecutionModeId, whose operands are the ids of
 * constants (or specialization constants, as `[[vk::constant_id]]` globals are), not literals.
 */
export function checkExecutionModeIdCall(c: Checker, x: ExpressionChecker, args: Value[], loc: Loc): Value | undefined {
  const name = 'vk::ext_execution_mode_id';
  const mode = args[0] && isIntegerScalar(args[0]) ? evaluateConstant(x.rvalue(args[0])) : undefined;
  if (mode?.kind !== 'scalar' || typeof mode.value === 'boolean') {
    c.error(`'${name}' takes the execution mode (an integer constant) and its constant operands`, args[0]?.loc ?? loc, args[0] ? 1 : name.length);
    return undefined;
  }
  const ids: IrExpr[] = [];
  for (const a of args.slice(1)) {
    const value = a.type.kind === 'scalar' ? x.rvalue(a) : undefined;
    const folded = value && evaluateConstant(value);
    const constant: IrExpr | undefined = folded ? { op: 'const', type: a.type, value: folded } : value && isSpecConstantLoad(value) ? value : undefined;
    if (!constant) {
      c.error(`the operands of '${name}' must be scalar constants or specialization constants: OpExecutionModeId takes ids of constant instructions`, a.loc);
      return undefined;
    }
    ids.push(constant);
  }
  c.executionModes.push({ mode: Number(mode.value), operands: [], ids, loc });
  return voidValue(loc);
}

/** A read of a `[[vk::constant_id]]` global (an OpSpecConstant). */
function isSpecConstantLoad(e: IrExpr): boolean {
  return e.op === 'load' && e.place.kind === 'global' && e.place.global.space === 'spec-constant';
}

function isIntegerScalar(v: Value): boolean {
  return v.type.kind === 'scalar' && (v.type.base === 'int' || v.type.base === 'uint');
}

/** A call of a `vk::ext_instruction` function: the instruction with the arguments as its operands. */
export function inlineSpirvCall(c: Checker, x: ExpressionChecker, fn: FunctionSymbol, args: Value[], loc: Loc): Value | undefined {
  const attr = attribute(fn.decl.attributes, 'vk::ext_instruction')!;
  if (fn.decl.body) {
    c.error(`a 'vk::ext_instruction' function is the instruction itself: '${fn.name}' must have no body`, fn.decl.nameLoc, fn.name.length);
    return undefined;
  }
  const opcode = c.attrInt(attr, 0, fn.scope);
  if (opcode === undefined) return undefined;
  const setArg = attr.args[1];
  if (setArg && setArg.kind !== 'StringLiteral') {
    c.error(`the instruction set of 'vk::ext_instruction' must be a string`, setArg.loc);
    return undefined;
  }
  const operands: SpirvOperand[] = [];
  for (let i = 0; i < fn.params.length; i++) {
    const p = fn.params[i]!;
    const decl = fn.decl.params[i]!;
    // An omitted argument takes the parameter's default (`[[vk::ext_literal]] uint32_t aligned = 2`).
    const a = args[i] ?? (p.defaultExpr ? x.check(p.defaultExpr, fn.scope) : undefined);
    if (!a) {
      c.error(`'${fn.name}' needs argument ${i + 1} ('${p.name}')`, loc, fn.name.length);
      return undefined;
    }
    if (attribute(decl.attributes, 'vk::ext_literal')) {
      const value = evaluateConstant(x.coerce(a, p.type));
      if (value?.kind !== 'scalar' || typeof value.value === 'boolean') {
        c.error(`argument ${i + 1} of '${fn.name}' is a literal operand ([[vk::ext_literal]]): it must be an integer constant`, a.loc);
        return undefined;
      }
      operands.push({ kind: 'literal', value: Number(value.value) });
    } else if (attribute(decl.attributes, 'vk::ext_reference') || p.direction !== 'in') {
      if (!a.place) {
        c.error(`argument ${i + 1} of '${fn.name}' is a reference ([[vk::ext_reference]]): it must be a variable or element`, a.loc);
        return undefined;
      }
      // A read-only buffer's element is a reference too (DXC's cooperative matrix loads take one); what
      // the instruction does through it is the source's to say, as for any inline instruction.
      if (!inReadOnlyBuffer(a.place) && !x.writable(a, a.loc)) return undefined;
      if (opcode === Op.CopyObject && isWorkgroupPointer(fn.returnType) && !inWorkgroup(a.place)) {
        // OpCopyObject of the reference as a Workgroup pointer (vk::GetGroupSharedAddress): any other
        // storage class would be a pointer of another type, which spirv-val rejects.
        c.error(`argument ${i + 1} of '${fn.name}' must be a groupshared variable or element: the result is a Workgroup pointer`, a.loc);
        return undefined;
      }
      operands.push({ kind: 'pointer', place: a.place });
    } else {
      const value = x.convert(a, p.type, a.loc, `argument ${i + 1} of '${fn.name}'`);
      if (!value) return undefined;
      operands.push({ kind: 'value', value });
    }
  }
  if (args.length > fn.params.length) {
    c.error(`'${fn.name}' takes ${fn.params.length} arguments, but ${args.length} were given`, loc, fn.name.length);
    return undefined;
  }
  const requirements = spirvRequirements(c, fn.decl.attributes, fn.scope) ?? { capabilities: [], extensions: [] };
  const type = fn.returnType;
  if (type.kind === 'resource' || type.kind === 'sampler') {
    c.error(`an inline SPIR-V instruction cannot return '${typeToString(type)}'`, loc, fn.name.length);
    return undefined;
  }
  const instruction = { opcode, ...(setArg ? { set: setArg.value } : {}), operands, requirements };
  return { type, loc, expr: { op: 'spirv', type, instruction, loc }, readonly: true };
}

/**
 * DXC's `__builtin_spv_CooperativeMatrixLengthKHR<M>()` (declared without a body, as DXC's header has
 * it): OpCooperativeMatrixLengthKHR, whose operand is the type M itself, which no ext_instruction
 * parameter can give.
 */
export function isCooperativeMatrixLength(fn: FunctionSymbol): boolean {
  return fn.name === '__builtin_spv_CooperativeMatrixLengthKHR' && !fn.decl.body && fn.decl.templateParams?.length === 1 && fn.params.length === 0;
}

export function cooperativeMatrixLengthCall(c: Checker, fn: FunctionSymbol, loc: Loc): Value | undefined {
  const entry = fn.scope.lookup(fn.decl.templateParams![0]!.name);
  const type = entry?.kind === 'type' ? entry.type : undefined;
  if (type?.kind !== 'spirvType' || type.definition.opcode !== Op.TypeCooperativeMatrixKHR) {
    c.error(`'${fn.name}' takes a cooperative matrix type (OpTypeCooperativeMatrixKHR) as its template argument`, loc, fn.name.length);
    return undefined;
  }
  const instruction = { opcode: Op.CooperativeMatrixLengthKHR, operands: [{ kind: 'type' as const, type }], requirements: { capabilities: [], extensions: [] } };
  return { type: UINT, loc, expr: { op: 'spirv', type: UINT, instruction, loc }, readonly: true };
}

/** An inline OpTypePointer in the Workgroup storage class (vk::WorkgroupSpirvPointer<T>). */
function isWorkgroupPointer(t: Type): boolean {
  if (t.kind !== 'spirvType' || t.definition.opcode !== Op.TypePointer) return false;
  const storage = t.definition.operands[0];
  return storage?.kind === 'literal' && storage.value === StorageClass.Workgroup;
}

function inWorkgroup(place: IrPlace): boolean {
  const p = placeRoot(place);
  return p.kind === 'global' && p.global.space === 'workgroup';
}

/** An element of a StructuredBuffer (or another read-only storage or uniform buffer). */
function inReadOnlyBuffer(place: IrPlace): boolean {
  const p = placeRoot(place);
  return p.kind === 'global' && (p.global.space === 'storage' || p.global.space === 'uniform');
}
