// The names every program sees before its first line (the vk namespace's scopes, DXR's structs and
// constants, Barrier's flags), built once at module load and frozen: a checker defines these same
// entries in its fresh global scope, and its own ids start after theirs, as if it had made them.
import { barrierFlagEntries } from './barriers.js';
import { rayTypeEntries } from './ray-types.js';
import { Scope, type SymbolEntry } from './scope.js';
import { vkNamespaceEntries } from './vk-namespace.js';

const PREDECLARED = build();
const VK_ENTRIES = PREDECLARED.vk;
const GLOBAL_ENTRIES = PREDECLARED.global;

/** The first id a checker gives out: the predeclared entries hold those before it. */
export const FIRST_FREE_ID = PREDECLARED.firstFreeId;

function build(): { vk: readonly SymbolEntry[]; global: readonly SymbolEntry[]; firstFreeId: number } {
  let lastId = 0;
  const newId = () => ++lastId;
  // In this order: the ids are those a checker made when it declared them itself.
  const vk = freezeEntries(vkNamespaceEntries(newId));
  const global = freezeEntries([...rayTypeEntries(newId), ...barrierFlagEntries(newId)]);
  return { vk, global, firstFreeId: lastId + 1 };
}

/** Defines the predeclared names in a new checker's global scope (`vk` is a namespace of its own: a program may reopen it). */
export function declarePredeclared(global: Scope): void {
  const vk = new Scope(global, 'namespace');
  global.define({ kind: 'namespace', name: 'vk', scope: vk });
  // Index loops: for-of over a frozen array allocated an iterator result per entry.
  for (let i = 0; i < VK_ENTRIES.length; i++) vk.define(VK_ENTRIES[i]!);
  for (let i = 0; i < GLOBAL_ENTRIES.length; i++) global.define(GLOBAL_ENTRIES[i]!);
}

/** Freezes the entries and what they own (places, locals, constants, struct types), not shared types like UINT. */
function freezeEntries(entries: SymbolEntry[]): readonly SymbolEntry[] {
  for (const e of entries) {
    if (e.kind === 'variable') {
      if (e.place.kind === 'local') Object.freeze(e.place.local);
      Object.freeze(e.place);
      if (e.constant) Object.freeze(e.constant);
    } else if (e.kind === 'type' && e.type.kind === 'struct') {
      for (const f of e.type.fields) Object.freeze(f);
      Object.freeze(e.type.fields);
      Object.freeze(e.type);
    }
    Object.freeze(e);
  }
  return Object.freeze(entries);
}
