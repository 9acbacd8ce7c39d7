// The headers the compiler provides itself, as DXC embeds its own: found by `#include <name>` only
// after the include directories and the host have no such file, so a user's file of the same name
// wins (DXC's Preprocessor::LookupFile falls back to its embedded headers for angled includes only).
import { VK_OPCODE_SELECTOR_H } from './vk-opcode-selector.js';
import { VK_KHR_COOPERATIVE_MATRIX_H } from './vk-khr-cooperative-matrix.js';
import { VK_SPIRV_H } from './vk-spirv.js';

/** The directory the built-in headers appear to live in (diagnostics name `<built-in:hlsl>/vk/spirv.h`). */
export const BUILTIN_HEADER_DIR = '<built-in:hlsl>';

const BUILTIN_HEADERS: ReadonlyMap<string, string> = new Map([
  ['vk/opcode_selector.h', VK_OPCODE_SELECTOR_H],
  ['vk/spirv.h', VK_SPIRV_H],
  ['vk/khr/cooperative_matrix.h', VK_KHR_COOPERATIVE_MATRIX_H],
  // DXC splits the definitions into a .impl the .h includes; ours are all in the .h.
  ['vk/khr/cooperative_matrix.impl', '#include <vk/khr/cooperative_matrix.h>\n'],
]);

/** Headers DXC ships that this compiler does not, with the reason (said when one is included); none of vk/ now. */
const NOT_PROVIDED: ReadonlyMap<string, string> = new Map<string, string>();

/** The built-in header written `name` (as in `#include <vk/spirv.h>`), if there is one. */
export function builtinHeader(name: string): { path: string; text: string } | undefined {
  const key = name.replace(/\\/g, '/');
  const text = BUILTIN_HEADERS.get(key);
  return text === undefined ? undefined : { path: `${BUILTIN_HEADER_DIR}/${key}`, text };
}

/** Why a header DXC provides built in is not provided here, or undefined. */
export function unprovidedHeader(name: string): string | undefined {
  return NOT_PROVIDED.get(name.replace(/\\/g, '/'));
}

/** The built-in header names (for a quoted include's hint). */
export function isBuiltinHeaderName(name: string): boolean {
  return BUILTIN_HEADERS.has(name.replace(/\\/g, '/'));
}
