// A mesh shader's outputs (stages/mesh.ts picks the extension): the `vertices` and `primitives`
// arrays become one Output array per flattened member (per-primitive ones decorated PerPrimitive),
// `indices` the EXT's Primitive{Point,Line,Triangle}IndicesEXT array of uintN, or NV's
// PrimitiveIndicesNV, one flat uint array (element i's component k at i*N+k). The entry function
// writes them in place (each invocation its own elements; nothing is copied out): the redirect
// below turns places under those parameters into access chains into the variables.
import type { IrEntryOf, IrPlace, IrVar, MeshOutputTopology, StageValue } from '../../ir/ir.js';
import { arrayOf, FLOAT, typeToString, UINT, type Interpolation, type Type } from '../../types.js';
import { BuiltIn, Capability, Decoration, Op, StorageClass } from '../../spirv-spec/spec.js';
import type { FunctionEmitter, ModuleContext, Pointer, PlaceRedirect } from '../function.js';
import { locationCount } from '../stage-io.js';
import { applyDecorations, replacedStageDecoration, withWrittenLocation } from '../decorations.js';

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
const isIntArray: TypeCheck = (t) => t.kind === 'array' && t.element.kind === 'scalar' && t.element.base === 'int' && t.element.width === 32;

interface OutputBuiltin {
  role: 'vertices' | 'primitives';
  builtin: keyof typeof BuiltIn;
  type: TypeCheck;
  typeName: string;
  /** Only one of the two extensions has it. */
  only?: 'ext' | 'nv';
  capability?: keyof typeof Capability;
  extension?: string;
}

/** The manual's MSOut rows (semantic → BuiltIn), with the type Vulkan requires of each. */
const OUTPUT_BUILTINS: Record<string, OutputBuiltin> = {
  SV_POSITION: { role: 'vertices', builtin: 'Position', type: isFloat4, typeName: 'float4' },
  SV_PRIMITIVEID: { role: 'primitives', builtin: 'PrimitiveId', type: isInt32, typeName: 'a 32-bit int or uint' },
  SV_RENDERTARGETARRAYINDEX: { role: 'primitives', builtin: 'Layer', type: isInt32, typeName: 'a 32-bit int or uint' },
  SV_VIEWPORTARRAYINDEX: { role: 'primitives', builtin: 'ViewportIndex', type: isInt32, typeName: 'a 32-bit int or uint' },
  SV_CULLPRIMITIVE: { role: 'primitives', builtin: 'CullPrimitiveEXT', type: isBool, typeName: 'bool', only: 'ext' },
};
/** `[[vk::builtin("…")]]` members a mesh shader may write. */
const VK_OUTPUT_BUILTINS: Record<string, OutputBuiltin> = {
  PointSize: { role: 'vertices', builtin: 'PointSize', type: isFloat, typeName: 'float' },
  ViewportMaskNV: { role: 'primitives', builtin: 'ViewportMaskNV', type: isIntArray, typeName: 'an array of int', only: 'nv' },
};

/** One flattened member of the vertex or primitive struct: an Output array of it. */
interface OutputLeaf {
  /** Member indices from the element struct down to this member. */
  path: number[];
  type: Type;
  varId: number;
  /**
   * A member whose components are not one array element: SV_ClipDistance/SV_CullDistance packed into
   * one float[total] per vertex from `offset`, or NV's flat PrimitiveIndicesNV (`components` per element).
   */
  scatter?: { kind: 'packed'; offset: number; total: number; components: number } | { kind: 'flat'; components: number };
  /** SV_Position under -fvk-invert-y: y is negated on every store (and back on every load). */
  invertY?: boolean;
}

/** A mesh output parameter: its variables, one array of `count` elements each. */
interface OutputRoot {
  leaves: OutputLeaf[];
  elementType: Type;
  count: number;
}

/** SV_ClipDistance / SV_CullDistance: every member with the semantic shares one float array per vertex. */
const PACKED_DISTANCES: Record<string, { builtin: 'ClipDistance' | 'CullDistance'; capability: keyof typeof Capability }> = {
  SV_CLIPDISTANCE: { builtin: 'ClipDistance', capability: 'ClipDistance' },
  SV_CULLDISTANCE: { builtin: 'CullDistance', capability: 'CullDistance' },
};

/**
 * The manual's packing of SV_ClipDistanceN / SV_CullDistanceN (float or floatK members): sorted by
 * N, concatenated into one float[total] per vertex; returns the members' leaves by member path.
 */
function packDistances(
  m: ModuleContext,
  ep: IrEntryOf<'mesh'>,
  vertex: Type,
  count: number,
  declare: (type: Type, count: number, name: string) => number,
  errors: string[],
): Map<string, OutputLeaf> {
  const out = new Map<string, OutputLeaf>();
  const members = flatten(vertex, {}, []);
  for (const [semantic, rule] of Object.entries(PACKED_DISTANCES)) {
    const group = members.filter((l) => baseSemantic(l.io.semantic) === semantic);
    if (!group.length) continue;
    const width = (t: Type) => (t.kind === 'scalar' && t.base === 'float' && t.width === 32 ? 1 : t.kind === 'vector' && t.element.base === 'float' && t.element.width === 32 ? t.size : 0);
    const bad = group.find((l) => width(l.type) === 0);
    if (bad) {
      errors.push(`${bad.io.semantic} of mesh entry point '${ep.name}' must be float or a float vector, not '${typeToString(bad.type)}'`);
      continue;
    }
    const index = (l: { io: StageValue }) => Number(/(\d*)$/.exec(l.io.semantic ?? '')![1] || 0);
    group.sort((a, b) => index(a) - index(b));
    const total = group.reduce((sum, l) => sum + width(l.type), 0);
    const id = declare(arrayOf(FLOAT, total), count, `gl_${rule.builtin}`);
    m.b.decorate(id, Decoration.BuiltIn, BuiltIn[rule.builtin]);
    m.b.capability(Capability[rule.capability]);
    let offset = 0;
    for (const l of group) {
      out.set(l.path.join('.'), { path: l.path, type: l.type, varId: id, scatter: { kind: 'packed', offset, total, components: width(l.type) } });
      offset += width(l.type);
    }
  }
  return out;
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
    const packed = role === 'vertices' ? packDistances(m, ep, elementType, count, declare, errors) : new Map<string, OutputLeaf>();
    for (const { path, type, io } of flatten(elementType, {}, [])) {
      const semantic = baseSemantic(io.semantic);
      const distance = packed.get(path.join('.'));
      if (distance) {
        leaves.push(distance);
        continue;
      }
      if (PACKED_DISTANCES[semantic]) {
        errors.push(`${io.semantic} is a per-vertex output: it belongs in the vertices array of mesh entry point '${ep.name}'`);
        continue;
      }
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
        if (rule.only === 'ext' && nv) {
          errors.push(`the ${what} needs SPV_EXT_mesh_shader: compile with -fspv-target-env=vulkan1.2 or later`);
          continue;
        }
        if (rule.only === 'nv' && !nv) {
          errors.push(`the ${what} is SPV_NV_mesh_shader's (SPIR-V before 1.4), not SPV_EXT_mesh_shader's`);
          continue;
        }
        if (!rule.type(type)) {
          errors.push(`the ${what} must be ${rule.typeName}, not '${typeToString(type)}'`);
          continue;
        }
        varId = declare(type, count, `gl_${rule.builtin}`);
        b.decorate(varId, Decoration.BuiltIn, BuiltIn[rule.builtin]);
        if (rule.capability) b.capability(Capability[rule.capability]);
        if (rule.extension) b.extension(rule.extension);
      } else if (semantic.startsWith('SV_')) {
        errors.push(`semantic '${io.semantic}' is not supported as a ${what}`);
        continue;
      } else if (!io.semantic) {
        errors.push(`missing semantic on a ${role} member of mesh entry point '${ep.name}'`);
        continue;
      } else if (hasBool(type)) {
        errors.push(`the ${what} is a bool: stage variables cannot be bool, use uint`);
        continue;
      } else if (m.stageIo.packSignature) {
        // The pixel shader's inputs would be packed and these not: their locations would disagree.
        errors.push(`-pack-optimized is not supported yet for mesh shader outputs (the ${what})`);
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
      const replaced = replacedStageDecoration(io);
      if (replaced) errors.push(replaced);
      else applyDecorations(b, t, varId, io.decorations);
      // DXC decorates mesh outputs with their interpolation modifiers (the fragment inputs must match).
      for (const mode of io.interpolation ?? []) {
        const d = INTERPOLATION[mode];
        if (d) b.decorate(varId, Decoration[d]);
        if (mode === 'sample') b.capability(Capability.SampleRateShading);
      }
      // -fvk-invert-y: the position's y is negated at every write (DXC's assignToMSOutAttribute).
      const invertY = rule?.builtin === 'Position' && m.stageIo.invertY;
      leaves.push({ path, type, varId, ...(invertY ? { invertY } : {}) });
    }
    roots.set(variable, { leaves, elementType, count });
  }
  const indexVar = ep.params[info.indices]!.var;
  const indexType = elementOf(indexVar.type);
  const components = INDEX_COMPONENTS[info.topology];
  if (nv) {
    const id = declare(UINT, info.maxPrimitives * components, 'gl_PrimitiveIndicesNV');
    b.decorate(id, Decoration.BuiltIn, BuiltIn.PrimitiveIndicesNV);
    roots.set(indexVar, { leaves: [{ path: [], type: indexType, varId: id, scatter: { kind: 'flat', components } }], elementType: indexType, count: info.maxPrimitives });
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
  if (t.kind !== 'struct') return [{ path, type: t, io: withWrittenLocation(io) }];
  return t.fields.flatMap((f, i) =>
    flatten(f.type, {
      ...(f.semantic ? { semantic: f.semantic } : {}),
      ...(f.location !== undefined ? { location: f.location } : {}),
      ...(f.builtin !== undefined ? { builtin: f.builtin } : {}),
      ...(f.decorations ? { decorations: f.decorations } : {}),
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

  private leaf(out: OutputRoot, path: number[]): OutputLeaf {
    const leaf = out.leaves.find((l) => samePath(l.path, path));
    if (!leaf) throw new Error(`internal: no output variable for member path ${path.join('.')}`);
    return leaf;
  }

  /** Element `index` of a leaf's own array variable. */
  private element(fe: FunctionEmitter, out: OutputRoot, leaf: OutputLeaf, index: number): Pointer {
    const base: Pointer = { id: leaf.varId, type: arrayOf(leaf.type, out.count), storageClass: StorageClass.Output };
    return fe.chainTo(base, [index], leaf.type);
  }

  /** Component k (a uint id) of element `index` of a scattered leaf. */
  private component(fe: FunctionEmitter, out: OutputRoot, leaf: OutputLeaf, index: number, k: number): Pointer {
    const s = leaf.scatter!;
    const uint = fe.t.type(UINT);
    if (s.kind === 'packed') {
      // ClipDistance/CullDistance: float[total] per vertex, this member from `offset` (as DXC: offset + k).
      const at = fe.b.id();
      fe.f.emit(Op.IAdd, [uint, at, fe.t.uintConst(s.offset), k]);
      const base: Pointer = { id: leaf.varId, type: arrayOf(arrayOf(FLOAT, s.total), out.count), storageClass: StorageClass.Output };
      return fe.chainTo(base, [index, at], FLOAT);
    }
    // NV's PrimitiveIndicesNV: element i's component k at i * n + k (as DXC computes it).
    const scaled = fe.b.id();
    fe.f.emit(Op.IMul, [uint, scaled, index, fe.t.uintConst(s.components)]);
    const at = fe.b.id();
    fe.f.emit(Op.IAdd, [uint, at, scaled, k]);
    const base: Pointer = { id: leaf.varId, type: arrayOf(UINT, out.count * s.components), storageClass: StorageClass.Output };
    return fe.chainTo(base, [at], UINT);
  }

  /** The pointer to a non-struct place under the output; undefined for a whole scattered vector. */
  private leafPointer(fe: FunctionEmitter, split: ReturnType<MeshOutputRedirect['split']>): Pointer | undefined {
    const { out, index, path, after } = split;
    const leaf = this.leaf(out, path);
    if (leaf.scatter) {
      const [component, ...more] = after;
      if (more.length || component?.kind === 'member') throw new Error('internal: a scattered output accessed below a component');
      if (!component && leaf.scatter.components > 1) return undefined;
      return this.component(fe, out, leaf, index, component ? fe.expr(component.index) : fe.t.uintConst(0));
    }
    let ptr = this.element(fe, out, leaf, index);
    for (const step of after) ptr = fe.chainTo(ptr, [step.kind === 'member' ? fe.t.intConst(step.index) : fe.expr(step.index)], step.type);
    return ptr;
  }

  private loadLeaf(fe: FunctionEmitter, out: OutputRoot, leaf: OutputLeaf, index: number): number {
    if (leaf.invertY) {
      const { ptr, flip } = this.invertedAccess(fe, { out, index, path: leaf.path, type: leaf.type, after: [] }, leaf);
      return flip(fe.loadPtr(ptr));
    }
    if (!leaf.scatter) return fe.loadPtr(this.element(fe, out, leaf, index));
    const parts = Array.from({ length: leaf.scatter.components }, (_, k) => fe.loadPtr(this.component(fe, out, leaf, index, fe.t.uintConst(k))));
    return parts.length === 1 ? parts[0]! : fe.construct(leaf.type, parts);
  }

  private storeLeaf(fe: FunctionEmitter, out: OutputRoot, leaf: OutputLeaf, index: number, value: number): void {
    if (leaf.invertY) {
      const { ptr, flip } = this.invertedAccess(fe, { out, index, path: leaf.path, type: leaf.type, after: [] }, leaf);
      return fe.storePtr(ptr, flip(value), leaf.type);
    }
    if (!leaf.scatter) return fe.storePtr(this.element(fe, out, leaf, index), value, leaf.type);
    const n = leaf.scatter.components;
    const scalar = n > 1 ? (leaf.type as Extract<Type, { kind: 'vector' }>).element : leaf.type;
    for (let k = 0; k < n; k++) {
      let part = value;
      if (n > 1) {
        part = fe.b.id();
        fe.f.emit(Op.CompositeExtract, [fe.t.type(scalar), part, value, k]);
      }
      fe.storePtr(this.component(fe, out, leaf, index, fe.t.uintConst(k)), part, scalar);
    }
  }

  pointer(fe: FunctionEmitter, p: IrPlace): Pointer | undefined {
    const split = this.split(fe, p);
    if (split.type.kind === 'struct') return undefined;
    // A raw pointer would let a write bypass the negation.
    if (this.leaf(split.out, split.path).invertY) return undefined;
    return this.leafPointer(fe, split);
  }

  /**
   * An inverted position's element (`verts[i].pos`) or one of its components (`verts[i].pos.y`,
   * `verts[i].pos[k]`): the pointer, and the value as written given the value as the shader sees it
   * (negating y is its own inverse, so loads use it too: a read returns what the shader wrote).
   */
  private invertedAccess(fe: FunctionEmitter, split: ReturnType<MeshOutputRedirect['split']>, leaf: OutputLeaf): { ptr: Pointer; flip: (value: number) => number } {
    const { out, index, after } = split;
    const float = fe.t.type(FLOAT);
    const emit = (op: number, type: number, ...operands: number[]) => {
      const id = fe.b.id();
      fe.f.emit(op, [type, id, ...operands]);
      return id;
    };
    const element = this.element(fe, out, leaf, index);
    const [component, ...more] = after;
    if (!component) {
      // As DXC: extract y, negate it, insert it back.
      const flip = (value: number) => emit(Op.CompositeInsert, fe.t.type(leaf.type), emit(Op.FNegate, float, emit(Op.CompositeExtract, float, value, 1)), value, 1);
      return { ptr: element, flip };
    }
    if (more.length || component.kind !== 'element') throw new Error('internal: SV_Position accessed below a component');
    const k = component.index;
    const ptr = fe.chainTo(element, [fe.expr(k)], FLOAT);
    if (k.op === 'const' && k.value.kind === 'scalar') {
      const y = Number(k.value.value) === 1;
      return { ptr, flip: (value) => (y ? emit(Op.FNegate, float, value) : value) };
    }
    // A dynamic component: negated when it is y.
    const one = k.type.kind === 'scalar' && k.type.base === 'int' ? fe.t.intConst(1) : fe.t.uintConst(1);
    const isY = emit(Op.IEqual, fe.t.bool(), fe.expr(k), one);
    return { ptr, flip: (value) => emit(Op.Select, float, isY, emit(Op.FNegate, float, value), value) };
  }

  load(fe: FunctionEmitter, p: IrPlace): number {
    const split = this.split(fe, p);
    const { out, index } = split;
    if (split.type.kind !== 'struct') {
      const leaf = this.leaf(out, split.path);
      if (leaf.invertY) {
        const { ptr, flip } = this.invertedAccess(fe, split, leaf);
        return flip(fe.loadPtr(ptr));
      }
      const ptr = this.leafPointer(fe, split);
      return ptr ? fe.loadPtr(ptr) : this.loadLeaf(fe, out, leaf, index);
    }
    const build = (t: Type, at: number[]): number =>
      t.kind === 'struct' ? fe.construct(t, t.fields.map((f, i) => build(f.type, [...at, i]))) : this.loadLeaf(fe, out, this.leaf(out, at), index);
    return build(split.type, split.path);
  }

  store(fe: FunctionEmitter, p: IrPlace, value: number): void {
    const split = this.split(fe, p);
    const { out, index, path } = split;
    if (split.type.kind !== 'struct') {
      const leaf = this.leaf(out, path);
      if (leaf.invertY) {
        const { ptr, flip } = this.invertedAccess(fe, split, leaf);
        return fe.storePtr(ptr, flip(value), ptr.type);
      }
      const ptr = this.leafPointer(fe, split);
      return ptr ? fe.storePtr(ptr, value, ptr.type) : this.storeLeaf(fe, out, leaf, index, value);
    }
    for (const leaf of out.leaves.filter((l) => samePath(l.path.slice(0, path.length), path))) {
      const inner = leaf.path.slice(path.length);
      let part = value;
      if (inner.length) {
        part = fe.b.id();
        fe.f.emit(Op.CompositeExtract, [fe.t.type(leaf.type), part, value, ...inner]);
      }
      this.storeLeaf(fe, out, leaf, index, part);
    }
  }
}

function samePath(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
