// The implicit `vk` namespace of the manual: the scope constants, vk::ReadClock(scope), which reads
// the SPV_KHR_shader_clock clock (OpReadClockKHR) as a uint64_t, and vk::RawBufferLoad/Store.
import { VK_BUILTIN, type Loc } from '../locations.js';
import type { IrPlace } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { isNumeric, scalar, typeToString, UINT, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import type { ExpressionChecker } from './expressions.js';
import type { Scope, SymbolEntry } from './scope.js';
import { uintConstant } from './scope.js';
import type { Value } from './value.js';
import { voidValue } from './texture-methods.js';

/** The manual's constants, with their SPIR-V Scope values. */
const VK_SCOPES: Record<string, number> = {
  CrossDeviceScope: 0,
  DeviceScope: 1,
  WorkgroupScope: 2,
  SubgroupScope: 3,
  InvocationScope: 4,
  QueueFamilyScope: 5,
};

/** Scopes OpReadClockKHR accepts (SPV_KHR_shader_clock). */
const CLOCK_SCOPES = new Set([VK_SCOPES.DeviceScope!, VK_SCOPES.SubgroupScope!]);

export const VK_INTRINSICS = new Set(['vk::ReadClock']);

/** The constants of `namespace vk { const uint …Scope = N; }` (predeclared.ts freezes and defines them). */
export function vkNamespaceEntries(newId: () => number): SymbolEntry[] {
  const loc = VK_BUILTIN;
  return Object.entries(VK_SCOPES).map(([name, value]) => uintConstant(name, value, newId(), loc));
}

/** `vk::ReadClock(scope)`: the scope must be a constant Device or Subgroup scope. */
export function checkReadClock(c: Checker, x: ExpressionChecker, args: Value[], loc: Loc): Value | undefined {
  const name = 'vk::ReadClock';
  if (args.length !== 1) {
    c.error(`'${name}' takes 1 argument, but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`, loc, name.length);
    return undefined;
  }
  const arg = args[0]!;
  if (arg.type.kind !== 'scalar' || arg.type.base === 'bool' || arg.type.base === 'float') {
    c.error(`no matching overload of '${name}' for argument of type '${typeToString(arg.type)}'`, arg.loc);
    return undefined;
  }
  const scope = x.coerce(arg, UINT);
  const value = evaluateConstant(scope);
  if (value?.kind !== 'scalar' || !CLOCK_SCOPES.has(Number(value.value))) {
    c.error(`the scope of '${name}' must be the constant vk::DeviceScope or vk::SubgroupScope`, arg.loc);
    return undefined;
  }
  const type = scalar('uint', 64);
  return { type, loc, expr: { op: 'intrinsic', type, name, args: [scope] }, readonly: true };
}

/** `vk::RawBufferLoad<T = uint>(address[, alignment = 4])` and `vk::RawBufferStore<T>(address, value[, alignment = 4])`. */
export const RAW_BUFFER_CALLS: ReadonlySet<string> = new Set(['vk::RawBufferLoad', 'vk::RawBufferStore']);

/**
 * The memory at a 64-bit device address (PhysicalStorageBuffer, laid out as a storage buffer, as
 * DXC does): a load, or a store statement. The alignment must be a constant power of two.
 */
export function checkRawBufferCall(c: Checker, x: ExpressionChecker, name: string, args: Value[], templateArgs: readonly ast.TemplateArg[] | undefined, scope: Scope, loc: Loc): Value | undefined {
  const store = name === 'vk::RawBufferStore';
  const fixed = store ? 2 : 1;
  if (args.length < fixed || args.length > fixed + 1) {
    c.error(`'${name}' takes ${fixed} or ${fixed + 1} arguments, but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`, loc, name.length);
    return undefined;
  }
  let type: Type | undefined = store ? args[1]!.type : UINT;
  const spec = templateArgs?.[0];
  if (spec) {
    if (spec.kind !== 'TypeSpec') {
      c.error(`the template argument of '${name}' must be a type`, spec.loc);
      return undefined;
    }
    type = c.resolveType(spec, scope, spec.modifiers ?? []);
  }
  if (!type) return undefined;
  // A vk::SpirvType has a size and alignment, so it may live in memory like a numeric value (DXC loads one); an
  // opaque type (SpirvOpaqueType, ext_type) has no size.
  const sized = type.kind === 'spirvType' && type.size !== undefined;
  if (!isNumeric(type) && type.kind !== 'struct' && type.kind !== 'array' && !sized) {
    c.error(`'${name}' reads and writes numeric values, structs, arrays and sized vk::SpirvType values, not '${typeToString(type)}'`, loc, name.length);
    return undefined;
  }
  const address = x.convert(args[0]!, scalar('uint', 64), args[0]!.loc, `the address of '${name}'`);
  if (!address) return undefined;
  let alignment = 4;
  const alignArg = args[fixed];
  if (alignArg) {
    const value = evaluateConstant(x.coerce(alignArg, UINT));
    alignment = value?.kind === 'scalar' ? Number(value.value) : 0;
    if (!(alignment > 0 && (alignment & (alignment - 1)) === 0)) {
      c.error(`the alignment of '${name}' must be a constant power of two`, alignArg.loc);
      return undefined;
    }
  }
  const place: IrPlace = { kind: 'address', address, alignment, type };
  if (!store) return { type, loc, expr: { op: 'load', type, place }, readonly: true };
  const value = x.convert(args[1]!, type, args[1]!.loc, `the value of '${name}'`);
  if (!value) return undefined;
  x.emitBefore({ op: 'store', place, value });
  return voidValue(loc);
}
