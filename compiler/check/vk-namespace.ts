// The implicit `vk` namespace of the manual: the scope constants and vk::ReadClock(scope), which reads
// the SPV_KHR_shader_clock clock (OpReadClockKHR) as a uint64_t.
import type { SourceLocation } from '../diagnostics.js';
import { scalar, typeToString, UINT } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import type { ExpressionChecker } from './expressions.js';
import { Scope } from './scope.js';
import type { Value } from './value.js';

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

/** Declares `namespace vk { const uint …Scope = N; }` in the global scope. */
export function declareVkNamespace(c: Checker, global: Scope): void {
  const vk = new Scope(global, 'namespace');
  global.define({ kind: 'namespace', name: 'vk', scope: vk });
  const loc = { file: '<vk>', line: 1, column: 1, offset: 0 };
  for (const [name, value] of Object.entries(VK_SCOPES)) {
    const place = { kind: 'local' as const, local: { id: c.newId(), name, type: UINT }, type: UINT };
    vk.define({ kind: 'variable', name, type: UINT, place, readonly: true, constant: { kind: 'scalar', type: UINT, value }, loc });
  }
}

/** `vk::ReadClock(scope)`: the scope must be a constant Device or Subgroup scope. */
export function checkReadClock(c: Checker, x: ExpressionChecker, args: Value[], loc: SourceLocation): Value | undefined {
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
