// WebGPU's bindings for the IR's resources, and the WGSL pipeline's reflection. The SPIR-V
// reflection of the same IR gives the layouts (so they are byte-identical); this file changes only
// what WebGPU needs changed:
// - every (group, binding) must be unique: a resource whose SPIR-V binding is taken by an earlier one
//   (the usual case: register(t1) + register(s1) share binding 1) moves to the first free binding of
//   its group; non-samplers keep their binding first;
// - WebGPU has no push constants: the push-constant block becomes a uniform buffer at
//   @group(G) @binding(0), G = one more than the highest group of any other resource.
import type { IrGlobal, IrModule } from '../ir/ir.js';
import type { DescriptorBinding, Reflection } from '../reflect/types.js';

export interface WgslBinding {
  group: number;
  binding: number;
}

/** Where WebGPU's push-constant replacement goes, given the highest group otherwise used (-1: none). */
export function WGSL_PUSH_CONSTANT_BINDING(highestGroup: number): WgslBinding {
  return { group: highestGroup + 1, binding: 0 };
}

export interface WgslBindings {
  reflection: Reflection;
  /** The WGSL binding of a resource global (buffers, counters, textures, samplers, push constants). */
  bindingOf(g: IrGlobal): WgslBinding;
}

const isSampler = (g: IrGlobal) => g.type.kind === 'sampler' || (g.type.kind === 'array' && g.type.element.kind === 'sampler');

export function wgslReflection(ir: IrModule, spirv: Reflection): WgslBindings {
  const resources = ir.globals.filter((g) => g.binding && (g.space === 'uniform' || g.space === 'storage' || g.space === 'handle'));
  const ordered = [...resources.filter((g) => !isSampler(g)), ...resources.filter(isSampler)];
  const taken = new Map<number, Set<number>>();
  const assigned = new Map<IrGlobal, WgslBinding>();
  const take = (group: number, binding: number) => {
    let set = taken.get(group);
    if (!set) taken.set(group, (set = new Set()));
    set.add(binding);
  };
  for (const g of ordered) {
    const { set: group, binding } = g.binding!;
    const used = taken.get(group);
    let b = binding;
    if (used?.has(b)) b = Math.max(...used) + 1;
    take(group, b);
    assigned.set(g, { group, binding: b });
  }
  const highest = Math.max(-1, ...[...taken.keys()]);
  const push = WGSL_PUSH_CONSTANT_BINDING(highest);
  for (const g of ir.globals) if (g.space === 'push-constant') assigned.set(g, push);

  // The reflection's bindings, matched to the globals by SPIR-V set/binding and name.
  const unmatched = new Set(resources);
  const bindings: DescriptorBinding[] = spirv.bindings.map((d) => {
    const candidates = [...unmatched].filter((g) => g.binding!.set === d.set && g.binding!.binding === d.binding);
    const g = candidates.find((c) => c.name === d.name) ?? candidates.find((c) => isSampler(c) === (d.kind === 'sampler')) ?? candidates[0];
    if (!g) return d;
    unmatched.delete(g);
    const w = assigned.get(g)!;
    return { ...d, set: w.group, binding: w.binding };
  });
  for (const pc of spirv.pushConstants) {
    bindings.push({ name: pc.name, set: push.group, binding: push.binding, kind: 'uniform-buffer', count: 1, access: 'read', block: pc.block, usedBy: pc.usedBy });
  }
  const reflection: Reflection = { ...spirv, spirvVersion: '', bindings, pushConstants: [] };
  return {
    reflection,
    bindingOf(g) {
      const w = assigned.get(g);
      if (!w) throw new Error(`internal: '${g.name}' has no WGSL binding`);
      return w;
    },
  };
}
