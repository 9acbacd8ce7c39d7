// Mesh and amplification shaders as SPV_EXT_mesh_shader (MeshEXT / TaskEXT): the mesh shader's
// `vertices` and `primitives` arrays become one Output array per flattened member (per-primitive
// ones decorated PerPrimitiveEXT), `indices` the Primitive{Point,Line,Triangle}IndicesEXT builtin;
// the entry function writes them in place (every invocation writes its own elements, so nothing
// is copied out), which PlaceRedirect below provides. `in payload` reads a TaskPayloadWorkgroupEXT
// variable; an amplification shader's DispatchMesh payload is its groupshared variable moved to
// that storage class. The manual's tables: execution modes per attribute, intrinsics per stage.
import type { IrEntryOf, IrExpr, IrPlace, IrVar, MeshOutputTopology, MeshStageInfo, StageValue } from '../../ir/ir.js';
import { arrayOf, typeToString, type Type } from '../../types.js';
import { BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass } from '../../spirv-spec/spec.js';
import type { ModuleBuilder } from '../builder.js';
import type { FunctionEmitter, ModuleContext, Pointer, PlaceRedirect } from '../function.js';
import { beginWrapper, declareStageVariables, endWrapper, flatten as flattenStageValue, loadLeaves, locationCount, type Leaf } from '../stage-io.js';
import type { StageEmitters } from './index.js';

export const MESH_EXTENSION = 'SPV_EXT_mesh_shader';

/** `[outputtopology]` → execution mode; the `indices` builtin per topology. */
const TOPOLOGY: Record<MeshOutputTopology, { mode: number; indices: keyof typeof BuiltIn }> = {
  point: { mode: ExecutionMode.OutputPoints, indices: 'PrimitivePointIndicesEXT' },
  line: { mode: ExecutionMode.OutputLinesEXT, indices: 'PrimitiveLineIndicesEXT' },
  triangle: { mode: ExecutionMode.OutputTrianglesEXT, indices: 'PrimitiveTriangleIndicesEXT' },
};

type TypeCheck = (t: Type) => boolean;
const isFloat4: TypeCheck = (t) => t.kind === 'vector' && t.size === 4 && t.element.base === 'float' && t.element.width === 32;
const isInt32: TypeCheck = (t) => t.kind === 'scalar' && (t.base === 'int' || t.base === 'uint') && t.width === 32;
const isBool: TypeCheck = (t) => t.kind === 'scalar' && t.base === 'bool';
const isFloat: TypeCheck = (t) => t.kind === 'scalar' && t.base === 'float' && t.width === 32;

/** The manual's MSOut rows (semantic → BuiltIn), with the type Vulkan requires of each. */
const OUTPUT_BUILTINS: Record<string, { role: 'vertices' | 'primitives'; builtin: keyof typeof BuiltIn; type: TypeCheck; typeName: string }> = {
  SV_POSITION: { role: 'vertices', builtin: 'Position', type: isFloat4, typeName: 'float4' },
  SV_PRIMITIVEID: { role: 'primitives', builtin: 'PrimitiveId', type: isInt32, typeName: 'a 32-bit int or uint' },
  SV_RENDERTARGETARRAYINDEX: { role: 'primitives', builtin: 'Layer', type: isInt32, typeName: 'a 32-bit int or uint' },
  SV_VIEWPORTARRAYINDEX: { role: 'primitives', builtin: 'ViewportIndex', type: isInt32, typeName: 'a 32-bit int or uint' },
  SV_CULLPRIMITIVE: { role: 'primitives', builtin: 'CullPrimitiveEXT', type: isBool, typeName: 'bool' },
};
/** `[[vk::builtin("…")]]` members a mesh shader may write. */
const VK_OUTPUT_BUILTINS: Record<string, { role: 'vertices'; builtin: keyof typeof BuiltIn; type: TypeCheck; typeName: string }> = {
  PointSize: { role: 'vertices', builtin: 'PointSize', type: isFloat, typeName: 'float' },
};

/** One flattened member of the vertex or primitive struct: an Output array of it. */
interface OutputLeaf {
  /** Member indices from the element struct down to this member. */
  path: number[];
  type: Type;
  varId: number;
}

export const meshStages: Pick<StageEmitters, 'mesh' | 'amplification'> = {
  mesh: {
    model: ExecutionModel.MeshEXT,
    prepare(m, ep, errors) {
      if (!requireSpirv14(m.b, ep, errors)) return;
      m.placeRedirects.set(ep.function, declareMeshOutputs(m, ep, errors));
    },
    wrapper({ m, fe, ep, srcId, errors, copies }) {
      const outputs = m.placeRedirects.get(ep.function);
      if (!(outputs instanceof MeshOutputRedirect)) throw new Error('internal: mesh entry without its outputs');
      const special = new Set([ep.vertices, ep.indices, ep.primitives, ep.payload]);
      // The checker allows only system-value inputs besides the mesh parameters.
      const inputs: Leaf[][] = ep.params.map((p, i) => {
        const leaves: Leaf[] = [];
        if (!special.has(i)) flattenStageValue(p.var.type, p.io, [], leaves, errors);
        return leaves;
      });
      const interfaceIds = [...declareStageVariables(fe, ep, inputs.flat(), [], errors), ...outputs.interfaceIds];
      const id = beginWrapper(fe, ep, copies);
      const args = ep.params.map((p, i) => {
        const temp = fe.temp(p.var.type, `param.var.${p.var.name}`);
        // The payload is copied in: HLSL's `in` lets the function write its own copy.
        if (i === ep.payload) fe.storePtr(temp, outputs.loadPayload(fe, p.var.type), p.var.type);
        else if (!special.has(i)) fe.storePtr(temp, loadLeaves(fe, p.var.type, inputs[i]!), p.var.type);
        return temp.id;
      });
      fe.f.emit(Op.FunctionCall, [fe.t.void(), fe.b.id(), srcId, ...args]);
      endWrapper(fe);
      return { id, interfaceIds };
    },
    modes(b, id, ep) {
      b.executionMode(id, ExecutionMode.LocalSize, ...ep.workgroupSize);
      b.executionMode(id, ExecutionMode.OutputVertices, ep.maxVertices);
      b.executionMode(id, ExecutionMode.OutputPrimitivesEXT, ep.maxPrimitives);
      b.executionMode(id, TOPOLOGY[ep.topology].mode);
    },
  },
  amplification: {
    model: ExecutionModel.TaskEXT,
    prepare: (m, ep, errors) => void requireSpirv14(m.b, ep, errors),
    modes: (b, id, ep) => b.executionMode(id, ExecutionMode.LocalSize, ...ep.workgroupSize),
  },
};

/** Capability and extension of both stages; SPV_EXT_mesh_shader needs SPIR-V 1.4 (Vulkan 1.2 here). */
function requireSpirv14(b: ModuleBuilder, ep: { stage: string; name: string }, errors: string[]): boolean {
  if (Number(b.version.split('.')[1]) < 4) {
    errors.push(`${ep.stage} shader '${ep.name}' needs SPV_EXT_mesh_shader, which needs SPIR-V 1.4: compile with -fspv-target-env=vulkan1.2 or later (DXC's SPV_NV_mesh_shader for older targets is not supported)`);
    return false;
  }
  b.capability(Capability.MeshShadingEXT);
  b.extension(MESH_EXTENSION);
  return true;
}

function baseSemantic(s: string | undefined): string {
  return (s ?? '').replace(/\d+$/, '').toUpperCase();
}

/**
 * Declares a mesh entry point's output variables and payload, checks the members' semantics
 * (errors into `errors`), and returns the redirect the entry function's emitter uses.
 */
function declareMeshOutputs(m: ModuleContext, ep: IrEntryOf<'mesh'>, errors: string[]): MeshOutputRedirect {
  const { b, types: t } = m;
  const info: MeshStageInfo = ep;
  const interfaceIds: number[] = [];
  const roots = new Map<IrVar, { leaves: OutputLeaf[]; elementType: Type; count: number }>();
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
      leaves.push({ path, type, varId });
    }
    roots.set(variable, { leaves, elementType, count });
  }
  const indexVar = ep.params[info.indices]!.var;
  const indexType = elementOf(indexVar.type);
  const indicesId = declare(indexType, info.maxPrimitives, `gl_${TOPOLOGY[info.topology].indices}`);
  b.decorate(indicesId, Decoration.BuiltIn, BuiltIn[TOPOLOGY[info.topology].indices]);
  roots.set(indexVar, { leaves: [{ path: [], type: indexType, varId: indicesId }], elementType: indexType, count: info.maxPrimitives });

  let payloadId: number | undefined;
  if (info.payload !== undefined) {
    payloadId = b.id();
    const payloadType = ep.params[info.payload]!.var.type;
    b.global(Op.Variable, [t.pointer(StorageClass.TaskPayloadWorkgroupEXT, t.type(payloadType)), payloadId, StorageClass.TaskPayloadWorkgroupEXT]);
    b.name(payloadId, `in.var.${ep.params[info.payload]!.var.name}`);
    interfaceIds.push(payloadId);
  }
  return new MeshOutputRedirect(roots, interfaceIds, payloadId);
}

/** SetMeshOutputCounts → OpSetMeshOutputsEXT; DispatchMesh → barrier + OpEmitMeshTasksEXT (a terminator). */
export function emitMeshIntrinsic(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>): number {
  if (e.name === 'SetMeshOutputCounts') {
    fe.f.emit(Op.SetMeshOutputsEXT, e.args.map((a) => fe.expr(a)));
    return 0;
  }
  const [x, y, z] = e.args.slice(0, 3).map((a) => fe.expr(a));
  const payload = e.args[3]!;
  if (payload.op !== 'load' || payload.place.kind !== 'global') throw new Error('internal: DispatchMesh payload is not a global');
  const payloadId = fe.m.globals.get(payload.place.global)!.id;
  // Every invocation's payload writes are visible before the mesh shaders start (as DXC emits it).
  const workgroup = fe.t.uintConst(2);
  fe.f.emit(Op.ControlBarrier, [workgroup, workgroup, fe.t.uintConst(0x108)]);
  fe.f.terminate(Op.EmitMeshTasksEXT, [x!, y!, z!, payloadId]);
  return 0;
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
    }, [...path, i]),
  );
}

/**
 * Places under a mesh output parameter: `verts[i].member.rest` is element i of member's Output
 * array, then `rest`; `verts[i]` itself (a whole vertex) loads and stores member by member.
 */
class MeshOutputRedirect implements PlaceRedirect {
  constructor(
    private readonly roots: Map<IrVar, { leaves: OutputLeaf[]; elementType: Type; count: number }>,
    /** The output variables and the payload, for the entry point's interface. */
    readonly interfaceIds: number[],
    private readonly payloadId: number | undefined,
  ) {}

  loadPayload(fe: FunctionEmitter, type: Type): number {
    const value = fe.b.id();
    fe.f.emit(Op.Load, [fe.t.type(type), value, this.payloadId!]);
    return value;
  }

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
  private split(fe: FunctionEmitter, p: IrPlace) {
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

  /** The pointer to a non-struct place under the output, given its split. */
  private leafPointer(fe: FunctionEmitter, split: ReturnType<MeshOutputRedirect['split']>): Pointer {
    const { out, index, path, after } = split;
    let ptr = this.element(fe, out, path, index);
    for (const step of after) ptr = fe.chainTo(ptr, [step.kind === 'member' ? fe.t.intConst(step.index) : fe.expr(step.index)], step.type);
    return ptr;
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
    if (split.type.kind !== 'struct') return fe.loadPtr(this.leafPointer(fe, split));
    const { out, index } = split;
    const build = (t: Type, at: number[]): number =>
      t.kind === 'struct' ? fe.construct(t, t.fields.map((f, i) => build(f.type, [...at, i]))) : fe.loadPtr(this.element(fe, out, at, index));
    return build(split.type, split.path);
  }

  store(fe: FunctionEmitter, p: IrPlace, value: number): void {
    const split = this.split(fe, p);
    if (split.type.kind !== 'struct') {
      const ptr = this.leafPointer(fe, split);
      return fe.storePtr(ptr, value, ptr.type);
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
