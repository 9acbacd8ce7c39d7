// `[[vk::ext_builtin_input(N)]] static const T x;` and `[[vk::ext_builtin_output(N)]] static T x;`: a
// global that is the Input or Output variable of SPIR-V builtin N (inline SPIR-V, DXC's meaning). The
// back end declares it and lists it in the interface of the entry points that use it. Only builtins
// whose requirements we know (spirv-spec/builtin-globals.ts) are accepted.
import type * as ast from '../parse/ast.js';
import type { Loc } from '../diagnostics.js';
import type { IrGlobal } from '../ir/ir.js';
import { GLOBAL_BUILTINS } from '../spirv-spec/builtin-globals.js';
import { elementScalar, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { Scope } from './scope.js';
import { spirvAttributes } from './spirv-decorations.js';

const NAMES = ['vk::ext_builtin_input', 'vk::ext_builtin_output'];

/**
 * The builtin global a declaration declares: undefined when it has neither attribute, false after an
 * error (the name is then invalid).
 */
export function builtinGlobal(c: Checker, decl: { attributes: readonly ast.Attribute[]; modifiers: readonly string[] }, d: { name: string; init?: ast.Expr; loc: Loc }, t: Type, scope: Scope, isStatic: boolean): IrGlobal | false | undefined {
  const attrs = decl.attributes.filter((a) => NAMES.includes(a.name));
  const a = attrs[0];
  if (!a) return undefined;
  if (attrs.length > 1) return fail(c, `vk::ext_builtin_input cannot be used together with vk::ext_builtin_output`, a.loc);
  if (!isStatic) return fail(c, `vk::ext_builtin_input and vk::ext_builtin_output can only be applied to a static variable`, a.loc);
  const input = a.name === 'vk::ext_builtin_input';
  if (input && !decl.modifiers.includes('const')) return fail(c, `a vk::ext_builtin_input variable must be 'static const': an Input variable cannot be written`, d.loc);
  if (d.init) return fail(c, `a builtin ${input ? 'input' : 'output'} variable cannot have an initializer`, d.init.loc);
  if (a.args.length !== 1) return fail(c, `'${a.name}' takes the builtin's number`, a.loc);
  const value = c.constantValue(a.args[0]!, scope, `the builtin of '${a.name}' must be a compile-time constant`);
  if (!value) return false;
  if (value.kind !== 'scalar') return fail(c, `the builtin of '${a.name}' must be an integer`, a.args[0]!.loc);
  const builtin = Number(value.value);
  const known = GLOBAL_BUILTINS[builtin];
  if (!known) return fail(c, `'${a.name}(${builtin})': builtin ${builtin} is not one this compiler knows the requirements of (${Object.values(GLOBAL_BUILTINS).map((b) => b.name).join(', ')})`, a.args[0]!.loc);
  if (!known.storage.includes(input ? 'input' : 'output')) return fail(c, `builtin ${known.name} (${builtin}) is not ${input ? 'an input' : 'an output'}`, a.loc);
  const el = elementScalar(t);
  if (!el || t.kind === 'matrix' || el.width !== 32) return fail(c, `a builtin variable is a 32-bit scalar or vector`, d.loc);
  return {
    id: c.newId(),
    name: d.name,
    type: t,
    space: 'private',
    readonly: input,
    loc: d.loc,
    stageBuiltin: { storage: input ? 'input' : 'output', builtin },
    ...spirvAttributes(c, decl.attributes, scope),
  };
}

function fail(c: Checker, message: string, loc: Loc): false {
  c.error(message, loc);
  return false;
}
