// Descriptor set and binding numbers, in the manual's three passes: explicit [[vk::binding]], then
// register(xN, spaceM) with the -fvk-{b,s,t,u}-shift options, then the next free binding in
// declaration order. $Globals follows the same order unless -fvk-bind-globals places it.
import type { Diagnostic } from '../diagnostics.js';
import { diagnostic } from '../diagnostics.js';
import type { IrGlobal } from '../ir/ir.js';
import type { Checker, ResourceDecl } from './checker.js';

/** Register letter each resource kind belongs to (the manual's t/s/u/b lists). */
function registerKind(g: IrGlobal): 'b' | 't' | 's' | 'u' {
  if (g.buffer === 'cbuffer' || g.buffer === 'ConstantBuffer' || g.buffer === 'Globals') return 'b';
  const t = innermost(g.type);
  if (t.kind === 'sampler') return 's';
  if (g.buffer) return g.readonly ? 't' : 'u';
  if (t.kind === 'resource') return t.resource.startsWith('RW') ? 'u' : 't';
  return 't';
}

function innermost(t: IrGlobal['type']): IrGlobal['type'] {
  return t.kind === 'array' ? innermost(t.element) : t;
}

export function assignBindings(c: Checker, globals: IrGlobal | undefined): void {
  const o = c.options;
  const defaultSet = o.autoBindingSpace ?? 0;
  const used = new Map<string, ResourceDecl>();
  const key = (set: number, binding: number) => `${set}:${binding}`;
  const claim = (r: ResourceDecl, set: number, binding: number) => {
    const previous = used.get(key(set, binding));
    if (previous) {
      const note: Diagnostic = diagnostic('note', `'${previous.global.name}' is bound here`, previous.loc);
      c.sink.warning(`'${r.global.name}' and '${previous.global.name}' share descriptor set ${set}, binding ${binding}`, r.loc, 1, [note]);
    }
    used.set(key(set, binding), r);
    r.global.binding = { set, binding };
  };

  const pending: ResourceDecl[] = [];
  // Pass 1: [[vk::binding(X, Y)]].
  for (const r of c.resources) {
    const attr = r.attributes.find((a) => a.name === 'vk::binding');
    if (!attr) {
      pending.push(r);
      continue;
    }
    const binding = c.attrInt(attr, 0, c.global);
    const set = attr.args.length > 1 ? c.attrInt(attr, 1, c.global) : defaultSet;
    if (binding !== undefined && set !== undefined) claim(r, set, binding);
  }
  // Pass 2: register(xN, spaceM) + shifts.
  const rest: ResourceDecl[] = [];
  for (const r of pending) {
    if (r.global === globals && o.bindGlobals) {
      claim(r, o.bindGlobals.set, o.bindGlobals.binding);
      continue;
    }
    const reg = r.registers.find((x) => /^[btsu]\d+$/i.test(x.slot));
    if (!reg) {
      rest.push(r);
      continue;
    }
    const kind = reg.slot[0]!.toLowerCase() as 'b' | 't' | 's' | 'u';
    const number = Number(reg.slot.slice(1));
    const set = reg.space ?? defaultSet;
    if (kind !== registerKind(r.global)) {
      c.sink.warning(`register type '${kind}' does not match the resource kind of '${r.global.name}' (expected '${registerKind(r.global)}')`, reg.loc);
    }
    // The last matching -fvk-x-shift wins; a space-specific one and 'all' both apply to this space.
    const shift = [...(o.bindingShifts ?? [])].reverse().find((s) => s.registerKind === kind && (s.space === 'all' || s.space === set));
    claim(r, set, number + (shift?.shift ?? 0));
  }
  // Pass 3: next free binding in the default set, in declaration order.
  let next = 0;
  for (const r of rest) {
    while (used.has(key(defaultSet, next))) next++;
    claim(r, defaultSet, next);
  }
}
