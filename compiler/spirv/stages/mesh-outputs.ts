// A mesh shader's outputs (stages/mesh.ts picks the extension): the `vertices` and `primitives`
// arrays become one Output array per flattened member (per-primitive ones decorated PerPrimitive),
// `indices` the EXT's Primitive{Point,Line,Triangle}IndicesEXT array of uintN, or NV's
// PrimitiveIndicesNV, one flat uint array (element i's component k at i*N+k). The entry function
// writes them in place (each invocation its own elements; nothing is copied out): the redirect
// below turns places under those parameters into access chains into the variables.
import type { IrEntryOf, IrPlace, IrVar, MeshOutputTopology, StageValue } from '../../ir/ir.js';
import { arrayOf, typeToString, UINT, type Interpolation, type Type } from '../../types.js';
import { BuiltIn, Capability, Decoration, Op, StorageClass } from '../../spirv-spec/spec.js';
import type { FunctionEmitter, ModuleContext, Pointer, PlaceRedirect } from '../function.js';
import { locationCount } from '../stage-io.js';

/** The manual's interpolation modifier table (linear is the default: no decoration). */
const INTERPOLATION: Record<Interpolation, keyof typeof Decoration | undefined> = {
  linear: undefined,
  centroid: 'Centroid',
  nointerpolation: 'Flat',
  noperspective: 'NoPerspective',
  sample: 'Sample',
};

/** Index components per primitive: the `indices` element is uint, uint2 or uint3. */
const INDEX_COMPONENTS: Record<MeshOutputTopology, number> = { point: 1, line: 2, triangle: 3 };
const EXT_INDICES: Record<MeshOutputTopology, keyof typeof BuiltIn> = {
  point: 'PrimitivePointIndicesEXT',
  line: 'PrimitiveLineIndicesEXT',
  triangle: 'PrimitiveTriangleIndicesEXT',
};

type TypeCheck = (t: Type) => boolean;
const isFloat4: TypeCheck = (t) => t.kind === 'vector' && t.size === 4 && t.element.base === 'float' && t.element.width === 32;
const isInt32: TypeCheck = (t) => t.kind === 'scalar' && (t.base === 'int' || t.base === 'uint') && t.width === 32;
const isBool: TypeCheck = (t) => t.kind === 'scalar' && t.base === 'bool';
const isFloat: TypeCheck = (t) => t.kind === 'scalar' && t.base === 'float' && t.width === 32;

/** The manual's MSOut rows (semantic → BuiltIn), with the type Vulkan requires of each. */
const OUTPUT_BUILTINS: Record<string, { role: 'vertices' | 'primitives'; builtin: keyof typeof BuiltIn; type: TypeCheck; typeName: string; extOnly?: boolean }> = {
  SV_POSITION: { role: 'vertices', builtin: 'Position', type: isFloat4, typeName: 'float4' },
  SV_PRIMITIVEID: { role: 'primitives', builtin: 'PrimitiveId', type: isInt32, typeName: 'a 32-bit int or uint' },
  SV_RENDERTARGETARRAYINDEX: { role: 'primitives', builtin: 'Layer', type: isInt32, typeName: 'a 32-bit int or uint' },
  SV_VIEWPORTARRAYINDEX: { role: 'primitives', builtin: 'ViewportIndex', type: isInt32, typeName: 'a 32-bit int or uint' },
  // SPV_EXT_mesh_shader only: NV has no CullPrimitive.
  SV_CULLPRIMITIVE: { role: 'primitives', builtin: 'CullPrimitiveEXT', type: isBool, typeName: 'bool', extOnly: true },
};
/** `[[vk::builtin("…")]]` members a mesh shader may write. */
const VK_OUTPUT_BUILTINS: Record<string, { role: 'vertices'; builtin: keyof typeof BuiltIn; type: TypeCheck; typeName: string; extOnly?: boolean }> = {
  PointSize: { role: 'vertices', builtin: 'PointSize', type: isFloat, typeName: 'float' },
};

/** One flattened member of the vertex or primitive struct: an Output array of it. */
interface OutputLeaf {
  /** Member indices from the element struct down to this member. */
  path: number[];
  type: Type;
  varId: number;
}

/** A mesh output parameter: its variables; `flat` for NV's indices (components per element). */
interface OutputRoot {
  leaves: OutputLeaf[];
  elementType: Type;
  count: number;
  flat?: number;
}

function baseSemantic(s: string | undefined): string {
  return (s ?? '').replace(/\d+$/, '').toUpperCase();
}

/**
 * Declares a mesh entry point's output variables and payload, checks the members' semantics
 * (errors into `errors`), and returns the redirect the entry function's emitter uses.
 */
export function declareMeshOutputs(m: ModuleContext, ep: IrEntryOf<'mesh'>, nv: boolean, errors: string[]): MeshOutputRedirect {
  const { b, types: t } = m;
  const info = ep;
  const interfaceIds: number[] = [];
  const roots = new Map<IrVar, OutputRoot>();
  const used = new Set<number>();
  let nextLocation = 0;
  const claim = (at: number, count: number, name: string) => {
    for (let i = 0; i < count; i++) {
      if (used.has(at + i)) errors.push(`location ${at + i} is used twice among the outputs of '${ep.name}' (member '${name}')`);
      used.add(at + i);
    }
  };
  const declare = (type: Type, count: number, name: string): number => {
    const id = b.id();
    b.global(Op.Variable, [t.pointer(StorageClass.Output, t.type(arrayOf(type, count))), id, StorageClass.Output]);
    b.name(id, name);
    interfaceIds.push(id);
    return id;
  };
  const arrays: [number, 'vertices' | 'primitives', number][] = [[info.vertices, 'vertices', info.maxVertices]];
  if (info.primitives !== undefined) arrays.push([info.primitives, 'primitives', info.maxPrimitives]);
  // Explicit locations first, so that sequential ones go around them.
  for (const [param] of arrays) {
    for (const leaf of flatten(elementOf(ep.params[param]!.var.type), {}, [])) {
      if (leaf.io.location !== undefined) claim(leaf.io.location, locationCount(leaf.type), leaf.io.semantic ?? '');
    }
  }
  for (const [param, role, count] of arrays) {
    const variable = ep.params[param]!.var;
    const elementType = elementOf(variable.type);
    const leaves: OutputLeaf[] = [];
    for (const { path, type, io } of flatten(elementType, {}, [])) {
      const semantic = baseSemantic(io.semantic);
      const rule = io.builtin !== undefined ? VK_OUTPUT_BUILTINS[io.builtin] : OUTPUT_BUILTINS[semantic];
      const what = `${role} member '${io.semantic ?? io.builtin ?? '?'}' of mesh entry point '${ep.name}'`;
      let varId: number;
      if (io.builtin !== undefined && !rule) {
        errors.push(`vk::builtin("${io.builtin}") cannot be a ${what}`);
        continue;
      } else if (rule) {
        if (rule.role !== role) {
          errors.push(`the ${what} belongs in the ${rule.role} array`);
          continue;
        }
        if (rule.extOnly && nv) {
          errors.push(`the ${what} needs SPV_EXT_mesh_shader: compile with -fspv-target-env=vulkan1.2 or later`);
          continue;
        }
        if (!rule.type(type)) {
          errors.push(`the ${what} must be ${rule.typeName}, not '${typeToString(type)}'`);
          continue;
        }
        varId = declare(type, count, `gl_${rule.builtin}`);
        b.decorate(varId, Decoration.BuiltIn, BuiltIn[rule.builtin]);
      } else if (semantic.startsWith('SV_')) {
        errors.push(`semantic '${io.semantic}' is not supported as a ${what}`);
        continue;
      } else if (!io.semantic) {
        errors.push(`missing semantic on a ${role} member of mesh entry point '${ep.name}'`);
        continue;
      } else if (hasBool(type)) {
        errors.push(`the ${what} is a bool: stage variables cannot be bool, use uint`);
        continue;
      } else {
        const locations = locationCount(type);
        let location = io.location;
        if (location === undefined) {
          while (Array.from({ length: locations }, (_, i) => used.has(nextLocation + i)).some(Boolean)) nextLocation++;
          location = nextLocation;
          claim(location, locations, io.semantic);
        }
        varId = declare(type, count, `out.var.${io.semantic}`);
        b.decorate(varId, Decoration.Location, location);
      }
      if (role === 'primitives') b.decorate(varId, Decoration.PerPrimitiveEXT);
      // DXC decorates mesh outputs with their interpolation modifiers (the fragment inputs must match).
      for (const mode of io.interpolation ?? []) {
        const d = INTERPOLATION[mode];
        if (d) b.decorate(varId, Decoration[d]);
        if (mode === 'sample') b.capability(Capability.SampleRateShading);
      }
      leaves.push({ path, type, varId });
    }
    roots.set(variable, { leaves, elementType, count });
  }
  const indexVar = ep.params[info.indices]!.var;
  const indexType = elementOf(indexVar.type);
  const components = INDEX_COMPONENTS[info.topology];
  if (nv) {
    const count = info.maxPrimitives * components;
    const id = declare(UINT, count, 'gl_PrimitiveIndicesNV');
    b.decorate(id, Decoration.BuiltIn, BuiltIn.PrimitiveIndicesNV);
    roots.set(indexVar, { leaves: [{ path: [], type: UINT, varId: id }], elementType: indexType, count, flat: components });
  } else {
    const id = declare(indexType, info.maxPrimitives, `gl_${EXT_INDICES[info.topology]}`);
    b.decorate(id, Decoration.BuiltIn, BuiltIn[EXT_INDICES[info.topology]]);
    roots.set(indexVar, { leaves: [{ path: [], type: indexType, varId: id }], elementType: indexType, count: info.maxPrimitives });
  }
  return new MeshOutputRedirect(roots, interfaceIds);
}

function elementOf(t: Type): Type {
  if (t.kind !== 'array') throw new Error('internal: a mesh output parameter is not an array');
  return t.element;
}

function hasBool(t: Type): boolean {
  if (t.kind === 'scalar') return t.base === 'bool';
  if (t.kind === 'vector' || t.kind === 'matrix') return t.element.base === 'bool';
  if (t.kind === 'array') return hasBool(t.element);
  return false;
}

function flatten(t: Type, io: StageValue, path: number[]): { path: number[]; type: Type; io: StageValue }[] {
  if (t.kind !== 'struct') return [{ path, type: t, io }];
  return t.fields.flatMap((f, i) =>
    flatten(f.type, {
      ...(f.semantic ? { semantic: f.semantic } : {}),
      ...(f.location !== undefined ? { location: f.location } : {}),
      ...(f.builtin !== undefined ? { builtin: f.builtin } : {}),
      ...(f.interpolation ? { interpolation: f.interpolation } : io.interpolation ? { interpolation: io.interpolation } : {}),
    }, [...path, i]),
  );
}

/**
 * Places under a mesh output parameter: `verts[i].member.rest` is element i of member's Output
 * array, then `rest`; `verts[i]` itself (a whole vertex) loads and stores member by member.
 */
export class MeshOutputRedirect implements PlaceRedirect {
  constructor(
    private readonly roots: Map<IrVar, OutputRoot>,
    /** The output variables, for the entry point's interface. */
    readonly interfaceIds: number[],
  ) {}

  /** The chain from the root local outwards, when the place is under a mesh output. */
  private chain(p: IrPlace): { root: IrVar; steps: Extract<IrPlace, { kind: 'member' | 'element' }>[] } | undefined {
    const steps: Extract<IrPlace, { kind: 'member' | 'element' }>[] = [];
    let at = p;
    while (at.kind === 'member' || at.kind === 'element') {
      steps.unshift(at);
      at = at.base;
    }
    if (at.kind !== 'local' || !this.roots.has(at.local)) return undefined;
    return { root: at.local, steps };
  }

  owns(p: IrPlace): boolean {
    return this.chain(p) !== undefined;
  }

  /** Splits a place into (element index, member path inside the element, what follows the leaf). */
  private split(fe: FunctionEmitter, p: IrPlace): { out: OutputRoot; index: number; path: number[]; type: Type; after: Extract<IrPlace, { kind: 'member' | 'element' }>[] } {
    const { root, steps } = this.chain(p)!;
    const out = this.roots.get(root)!;
    const [first, ...rest] = steps;
    if (!first || first.kind !== 'element') throw new Error(`internal: mesh output '${root.name}' accessed as a whole`);
    const index = fe.expr(first.index);
    const path: number[] = [];
    let type = out.elementType;
    let i = 0;
    for (; i < rest.length && type.kind === 'struct'; i++) {
      const step = rest[i]!;
      if (step.kind !== 'member') throw new Error('internal: element of a struct');
      path.push(step.index);
      type = type.fields[step.index]!.type;
    }
    return { out, index, path, type, after: rest.slice(i) };
  }

  /** The pointer to a non-struct place under the output, given its split (undefined: a whole flat element). */
  private leafPointer(fe: FunctionEmitter, split: ReturnType<MeshOutputRedirect['split']>): Pointer | undefined {
    const { out, index, path, after } = split;
    if (out.flat !== undefined) {
      const [component, ...more] = after;
      if (!component && out.flat > 1) return undefined;
      if (more.length || component?.kind === 'member') throw new Error('internal: indices accessed below a component');
      return this.element(fe, out, [], this.flatIndex(fe, out.flat, index, component ? fe.expr(component.index) : undefined));
    }
    let ptr = this.element(fe, out, path, index);
    for (const step of after) ptr = fe.chainTo(ptr, [step.kind === 'member' ? fe.t.intConst(step.index) : fe.expr(step.index)], step.type);
    return ptr;
  }

  /** Element i's component k of a flat array: i * n + k (as DXC computes it). */
  private flatIndex(fe: FunctionEmitter, n: number, i: number, k: number | undefined): number {
    const uint = fe.t.type(UINT);
    const scaled = fe.b.id();
    fe.f.emit(Op.IMul, [uint, scaled, i, fe.t.uintConst(n)]);
    if (k === undefined) return scaled;
    const sum = fe.b.id();
    fe.f.emit(Op.IAdd, [uint, sum, scaled, k]);
    return sum;
  }

  private element(fe: FunctionEmitter, out: { leaves: OutputLeaf[]; count: number }, path: number[], index: number): Pointer {
    const leaf = out.leaves.find((l) => samePath(l.path, path));
    if (!leaf) throw new Error(`internal: no output variable for member path ${path.join('.')}`);
    const base: Pointer = { id: leaf.varId, type: arrayOf(leaf.type, out.count), storageClass: StorageClass.Output };
    return fe.chainTo(base, [index], leaf.type);
  }

  pointer(fe: FunctionEmitter, p: IrPlace): Pointer | undefined {
    const split = this.split(fe, p);
    return split.type.kind === 'struct' ? undefined : this.leafPointer(fe, split);
  }

  load(fe: FunctionEmitter, p: IrPlace): number {
    const split = this.split(fe, p);
    const { out, index } = split;
    if (out.flat !== undefined) {
      const ptr = this.leafPointer(fe, split);
      if (ptr) return fe.loadPtr(ptr);
      const parts = Array.from({ length: out.flat }, (_, k) => fe.loadPtr(this.element(fe, out, [], this.flatIndex(fe, out.flat!, index, fe.t.uintConst(k)))));
      return fe.construct(split.type, parts);
    }
    if (split.type.kind !== 'struct') return fe.loadPtr(this.leafPointer(fe, split)!);
    const build = (t: Type, at: number[]): number =>
      t.kind === 'struct' ? fe.construct(t, t.fields.map((f, i) => build(f.type, [...at, i]))) : fe.loadPtr(this.element(fe, out, at, index));
    return build(split.type, split.path);
  }

  store(fe: FunctionEmitter, p: IrPlace, value: number): void {
    const split = this.split(fe, p);
    const ptr = split.type.kind === 'struct' ? undefined : this.leafPointer(fe, split);
    if (ptr) return fe.storePtr(ptr, value, ptr.type);
    if (split.out.flat !== undefined) {
      for (let k = 0; k < split.out.flat; k++) {
        const part = fe.b.id();
        fe.f.emit(Op.CompositeExtract, [fe.t.type(UINT), part, value, k]);
        fe.storePtr(this.element(fe, split.out, [], this.flatIndex(fe, split.out.flat, split.index, fe.t.uintConst(k))), part, UINT);
      }
      return;
    }
    const { out, index, path } = split;
    for (const leaf of out.leaves.filter((l) => samePath(l.path.slice(0, path.length), path))) {
      const inner = leaf.path.slice(path.length);
      let part = value;
      if (inner.length) {
        part = fe.b.id();
        fe.f.emit(Op.CompositeExtract, [fe.t.type(leaf.type), part, value, ...inner]);
      }
      fe.storePtr(this.element(fe, out, leaf.path, index), part, leaf.type);
    }
  }
}

function samePath(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
