// Warning groups: each warning names the flag that silences it (`-Wno-<flag>`, the plugin's
// `warnings` option) or makes it an error (`-Werror=<flag>`). Names are DXC's (clang's) where DXC
// has the warning; the `vk-` ones are this compiler's own.
export const WARNING_FLAGS = {
  conversion: 'implicit truncation of a vector or matrix',
  'macro-redefined': 'a macro defined again with another body',
  'builtin-macro-redefined': 'a predefined macro defined or undefined',
  'extra-tokens': 'tokens after a directive',
  'pragma-once-outside-header': '#pragma once in the main file',
  '#warnings': '#warning directives',
  'c99-extensions': 'no whitespace after a macro name',
  'implicitly-unsigned-literal': 'an integer literal too large for a signed type',
  'missing-declarations': 'a declaration that declares nothing',
  'ignored-pragmas': 'a #pragma the compiler ignores where it stands',
  'effects-syntax': 'legacy effect syntax (state blocks, sampler_state, annotations, techniques) ignored',
  'ignored-initializer': 'an initializer DXC ignores (a groupshared variable\'s)',
  uninitialized: 'a local variable read in its own initializer (C++ scope: the new, not yet initialized variable)',
  'return-type': 'a non-void function whose end is reachable (it returns zero there)',
  'vk-binding-overlap': 'two resources on one descriptor binding (other than a texture and its sampler)',
  'vk-register-kind': 'a register() whose letter does not match the resource kind',
} as const;

export type WarningFlag = keyof typeof WARNING_FLAGS;

/** What to do with a warning group: drop it, keep it (default), or report it as an error. */
export type WarningAction = 'off' | 'warning' | 'error';

export interface WarningPolicy {
  /** Per group; groups not listed keep `all` (default 'warning'). */
  flags?: Partial<Record<string, WarningAction>>;
  /** Every warning: `-w` is 'off', `-WX` is 'error'. A group's own entry wins. */
  all?: WarningAction;
}

export function warningAction(policy: WarningPolicy | undefined, flag: string | undefined): WarningAction {
  return (flag !== undefined ? policy?.flags?.[flag] : undefined) ?? policy?.all ?? 'warning';
}
