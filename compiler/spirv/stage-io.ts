// Stage inputs and outputs: the manual's SV_* → BuiltIn table, Location assignment, and the entry
// wrapper that reads Input variables, calls the HLSL entry function and writes Output variables.
import { interpolatedInputs, readsPerVertex } from './interpolate.js';
import type { IrEntryPoint, StageValue } from '../ir/ir.js';
import { inheritSemantic, nextLeafSemantic, type InheritedSemantic } from '../ir/semantic-inheritance.js';
import type { ShaderStage } from '../common/stage.js';
import { arrayOf, FLOAT, isEmptyAggregate, typeKey, typeToString, UINT, vector, type Interpolation, type ScalarType, type Type } from '../types.js';
import { requireExtension } from './extensions.js';
import { applyDecorations, replacedStageDecoration, withWrittenLocation } from './decorations.js';
import { packSignature, type PackedSlot } from './signature-packing.js';
import { interfaceParts, loadParts, storeParts, type InterfacePart } from './interface-parts.js';
import type { FunctionEmitter } from './function.js';
import { BuiltIn, Capability, Decoration, ExecutionMode, Op, StorageClass } from '../spirv-spec/spec.js';
import { beginInterlock, endInterlock } from './interlock.js';
import { BASE_OF, BUILTINS, NOT_YET_BUILTINS, PASSED_THROUGH, VK_BUILTINS, type BuiltinRule } from './builtin-semantics.js';

/** Options that change what stage variables hold (DXC's -fvk-* stage options). */
export interface StageIoOptions {
  /** -fvk-invert-y: SV_Position.y is negated before a vertex, geometry, domain or mesh shader writes it. */
  invertY: boolean;
  /** -fvk-use-dx-position-w: a pixel shader's SV_Position.w is 1 / FragCoord.w (the clip w, as DirectX). */
  useDxPositionW: boolean;
  /** -fvk-support-nonzero-base-vertex: SV_VertexID = VertexIndex - BaseVertex. */
  nonzeroBaseVertex: boolean;
  /** -fvk-support-nonzero-base-instance: SV_InstanceID = InstanceIndex - BaseInstance. */
  nonzeroBaseInstance: boolean;
  /** -fvk-stage-io-order=alpha: implicit locations in the semantic strings' alphabetical order (default: declaration order). */
  alphaOrder: boolean;
  /** -pack-optimized: stage variables share locations through Component decorations (signature-packing.ts). */
  packSignature: boolean;
}

export const NO_STAGE_IO_OPTIONS: StageIoOptions = { invertY: false, useDxPositionW: false, nonzeroBaseVertex: false, nonzeroBaseInstance: false, alphaOrder: false, packSignature: false };

/** Leaves sorted by their semantic string as written (a stable sort, code-unit order as DXC's std::string compare). */
function bySemantic(leaves: readonly Leaf[]): Leaf[] {
  const key = (l: Leaf) => l.io.semantic ?? '';
  return [...leaves].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The stages whose SV_Position output -fvk-invert-y negates (DXC's invertYIfRequested). */
const INVERT_Y_STAGES: readonly ShaderStage[] = ['vertex', 'geometry', 'domain', 'mesh'];

/**
 * Locations a stage variable occupies (Vulkan's interface-matching rules as DXC counts them): a
 * 64-bit three- or four-component vector takes two, a matrix one per HLSL row, an array its length
 * times its element's.
 */
export function locationCount(t: Type): number {
  const vectorCount = (el: ScalarType, n: number) => (el.width === 64 && n > 2 ? 2 : 1);
  switch (t.kind) {
    case 'vector':
      return vectorCount(t.element, t.size);
    case 'matrix':
      if (t.rows === 1 || t.cols === 1) return vectorCount(t.element, t.rows * t.cols);
      return t.rows * vectorCount(t.element, t.cols);
    case 'array':
      return (t.length ?? 1) * locationCount(t.element);
    default:
      return 1;
  }
}

/** Bool stage variables are not allowed in Vulkan (only as builtins): they travel as uint, as DXC does. */
function withBoolAsUint(t: Type): Type {
  if (t.kind === 'scalar' && t.base === 'bool') return UINT;
  if (t.kind === 'vector' && t.element.base === 'bool') return vector(UINT, t.size);
  if (t.kind === 'array') return { ...t, element: withBoolAsUint(t.element) };
  return t;
}

/** The manual's interpolation modifier table. */
const INTERPOLATION_DECORATIONS: Record<Interpolation, { decoration?: keyof typeof Decoration; capability?: keyof typeof Capability }> = {
  linear: {},
  centroid: { decoration: 'Centroid' },
  nointerpolation: { decoration: 'Flat' },
  noperspective: { decoration: 'NoPerspective' },
  sample: { decoration: 'Sample', capability: 'SampleRateShading' },
};

/** A stage variable after struct flattening: one leaf of a parameter or the return value. */
export interface Leaf {
  type: Type;
  io: StageValue;
  /** Member indices from the parameter/return value down to this leaf. */
  path: number[];
  varId?: number;
  /** The variable's element type (without the per-vertex array of an arrayed leaf). */
  varType?: Type;
  /** Input or Output, once declared. */
  storage?: number;
  /** For packed array builtins: the first array element this leaf occupies. */
  packOffset?: number;
  /** A per-vertex value of a geometry or tessellation stage: its variable is an array of this many. */
  arrayed?: number;
  /** A per-patch value of a tessellation stage (Patch decoration). */
  patch?: boolean;
  /** The builtin this leaf's variable is, if any. */
  builtin?: keyof typeof BuiltIn;
  /** The stage whose variable this is, once declared (the -fvk-* stage options depend on it). */
  stage?: ShaderStage;
  /** With a nonzero-base option: the BaseVertex/BaseInstance variable subtracted from the index. */
  baseVarId?: number;
  /** The variable's id when function code already names it (interpolate.ts). */
  reservedId?: number;
  /** A pixel input read per vertex: a PerVertexKHR array of 3 (`arrayed`), whose vertex 0 is the value. */
  perVertex?: boolean;
  /** A pixel input that EvaluateAttribute* or GetAttributeAtVertex read through its variable. */
  interpolated?: boolean;
  /** -pack-optimized: the element variables an array or matrix is split into (interface-parts.ts). */
  parts?: InterfacePart[];
}

export interface StageIoError {
  message: string;
}

export function flatten(type: Type, io: StageValue, path: number[], out: Leaf[], errors: string[], inherited?: InheritedSemantic): void {
  if (type.kind === 'struct') {
    // DXC: a semantic on the struct itself names its leaves (semantic-inheritance.ts).
    const enclosing = inherited ?? (io.semantic ? inheritSemantic(io.semantic) : undefined);
    type.fields.forEach((f, i) => {
      const fio: StageValue = {
        ...(f.semantic && !enclosing ? { semantic: f.semantic } : {}),
        ...(f.location !== undefined ? { location: f.location } : {}),
        ...(f.builtin !== undefined ? { builtin: f.builtin } : {}),
        ...(f.index !== undefined ? { index: f.index } : {}),
        ...(f.decorations ? { decorations: f.decorations } : {}),
        ...(f.interpolation ? { interpolation: f.interpolation } : io.interpolation ? { interpolation: io.interpolation } : {}),
      };
      flatten(f.type, fio, [...path, i], out, errors, enclosing);
    });
    return;
  }
  if (inherited) io = { ...io, semantic: nextLeafSemantic(inherited) };
  if (!io.semantic && io.builtin === undefined) errors.push(`missing semantic on a stage ${path.length ? 'struct member' : 'parameter'} of type '${type.kind}'`);
  out.push({ type, io: withWrittenLocation(io), path });
}

/**
 * A builtin leaf whose value the wrapper cannot fit to the builtin's type (fitValue drops components of
 * an input or extra output components, and converts scalars): wider than the builtin, or not a scalar or
 * vector. DXC's own check (SV_Position of a vertex shader must be a 32-bit float4) comes first, in its words.
 */
function builtinShapeError(leaf: Leaf, rule: BuiltinRule, dir: 'in' | 'out', stage: ShaderStage): string | undefined {
  const t = leaf.type;
  const count = (x: Type) => (x.kind === 'vector' ? x.size : 1);
  if (rule.builtin === 'Position' && stage === 'vertex' && dir === 'out') {
    const ok = t.kind === 'vector' && t.size === 4 && t.element.base === 'float' && t.element.width === 32;
    return ok ? undefined : 'SV_Position must be a 4-component 32-bit float vector or a composite which recursively contains only such a vector';
  }
  const fits = (t.kind === 'scalar' || t.kind === 'vector') && (dir === 'in' ? count(t) <= count(rule.type) : count(t) >= count(rule.type));
  if (!fits) return `semantic '${leaf.io.semantic}' (${rule.builtin}) cannot hold a value of type '${typeToString(t)}'`;
  if (rule.declaredAs && typeKey(t) !== typeKey(rule.declaredAs)) return `'${leaf.io.semantic}' must be declared ${typeToString(rule.declaredAs)}, not '${typeToString(t)}' (as DXC)`;
  return undefined;
}

function splitSemantic(s: string): { base: string; index: number } {
  // The trailing digits are the index (a scan, not a lazy regex: this runs several times per stage variable).
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) >= 48 && s.charCodeAt(end - 1) <= 57) end--;
  return { base: s.slice(0, end).toUpperCase(), index: end < s.length ? Number(s.slice(end)) : 0 };
}

/** The stage and entry a set of stage variables belongs to (for builtin rules and messages). */
export interface StageOwner {
  stage: ShaderStage;
  name: string;
}

/**
 * Declares the Input and Output variables of flattened leaves (inputs first, then outputs) with
 * their builtins, locations and decorations; sets each leaf's varId/varType. Returns the interface ids.
 * Arrayed leaves (per-vertex values of geometry and tessellation stages) are arrays of `arrayed`
 * elements; `patch` leaves are per-patch (Patch decoration).
 */
export function declareStageVariables(fe: FunctionEmitter, ep: StageOwner, inputs: Leaf[], outputs: Leaf[], errors: string[]): number[] {
  const b = fe.b;
  const t = fe.t;
  const interfaceIds: number[] = [];
  const ruleFor = (semantic: string | undefined, dir: 'in' | 'out') =>
    BUILTINS[splitSemantic(semantic ?? '').base]?.find((r) => r.dir === dir && (r.stages.includes(ep.stage) || r.stages.includes('*')));
  const arrayed = (leaf: Leaf, type: Type): Type => (leaf.arrayed !== undefined ? arrayOf(type, leaf.arrayed) : type);
  // SV_Barycentrics (DXC's rules): not nointerpolation, index 0 or 1, at most one perspective and
  // one noperspective input; centroid and sample apply to the builtin as to a located input.
  const baryBuiltins = new Set<string>();
  const barycentrics = (leaf: Leaf, builtin: keyof typeof BuiltIn, id: number) => {
    const interp = leaf.io.interpolation ?? [];
    if (interp.includes('nointerpolation')) errors.push(`'${leaf.io.semantic}' cannot be nointerpolation`);
    if (splitSemantic(leaf.io.semantic ?? '').index > 1) errors.push(`'${leaf.io.semantic}': the index of SV_Barycentrics is 0 or 1`);
    if (baryBuiltins.has(builtin)) errors.push(`'${leaf.io.semantic}': at most one ${builtin === 'BaryCoordKHR' ? 'perspective' : 'noperspective'} SV_Barycentrics input`);
    baryBuiltins.add(builtin);
    for (const m of interp) {
      if (m !== 'centroid' && m !== 'sample') continue;
      const d = INTERPOLATION_DECORATIONS[m];
      b.decorate(id, Decoration[d.decoration!]);
      if (d.capability) b.capability(Capability[d.capability]);
    }
  };
  // Packed array builtins: one variable per builtin and direction, leaves at ascending semantic index.
  const packedVars = new Map<string, { id: number; element: ScalarType }>();
  const packLeaves = (leaves: Leaf[], dir: 'in' | 'out') => {
    const groups = new Map<string, Leaf[]>();
    for (const leaf of leaves) {
      const rule = ruleFor(leaf.io.semantic, dir);
      if (rule?.packed) groups.set(rule.builtin, [...(groups.get(rule.builtin) ?? []), leaf]);
    }
    for (const [builtin, group] of groups) {
      const vertices = group[0]!.arrayed;
      if (group.some((l) => l.arrayed !== vertices)) {
        errors.push(`${builtin} (semantic '${group[0]!.io.semantic}') of a ${ep.stage} shader mixes per-vertex and per-primitive values`);
        continue;
      }
      group.sort((x, y) => splitSemantic(x.io.semantic!).index - splitSemantic(y.io.semantic!).index);
      let size = 0;
      for (const leaf of group) {
        leaf.packOffset = size;
        size += componentPaths(leaf.type).length;
      }
      const rule = ruleFor(group[0]!.io.semantic, dir)!;
      if (rule.packedSize !== undefined) {
        // Tess levels: a fixed-size array whose leading elements the declared value fills (manual: float[4], float[2]).
        if (size > rule.packedSize) errors.push(`semantic '${group[0]!.io.semantic}' has ${size} components, but ${rule.builtin} has ${rule.packedSize}`);
        size = rule.packedSize;
      }
      const id = b.id();
      const storage = dir === 'in' ? StorageClass.Input : StorageClass.Output;
      const packed = arrayOf(rule.packed!, size);
      b.global(Op.Variable, [t.pointer(storage, t.type(vertices !== undefined ? arrayOf(packed, vertices) : packed)), id, storage]);
      b.name(id, `gl_${builtin}`);
      b.decorate(id, Decoration.BuiltIn, BuiltIn[rule.builtin]);
      if (rule.patch) b.decorate(id, Decoration.Patch);
      if (rule.capability) b.capability(Capability[rule.capability]);
      // Integer builtins read by a fragment shader are flat, as Vulkan requires for integer inputs.
      if (dir === 'in' && ep.stage === 'pixel' && rule.packed!.base !== 'float') b.decorate(id, Decoration.Flat);
      packedVars.set(`${dir}:${builtin}`, { id, element: rule.packed! });
      interfaceIds.push(id);
    }
  };
  packLeaves(inputs, 'in');
  packLeaves(outputs, 'out');
  const declare = (leaf: Leaf, dir: 'in' | 'out', locations: Set<number>) => {
    leaf.stage = ep.stage;
    const { base, index } = splitSemantic(leaf.io.semantic ?? '');
    const rule = ruleFor(leaf.io.semantic, dir);
    if (rule?.packed) {
      const packed = packedVars.get(`${dir}:${rule.builtin}`);
      if (!packed) return;
      leaf.varId = packed.id;
      leaf.varType = withElement(leaf.type, packed.element);
      leaf.storage = dir === 'in' ? StorageClass.Input : StorageClass.Output;
      if (leaf.io.semantic) fe.userSemantic(packed.id, leaf.io.semantic);
      if (leaf.io.decorations) errors.push(`vk::ext_decorate on '${leaf.io.semantic}' is not supported: it is one element of a packed builtin array`);
      return;
    }
    const shapeError = rule && leaf.io.builtin === undefined ? builtinShapeError(leaf, rule, dir, ep.stage) : undefined;
    if (shapeError) {
      errors.push(shapeError);
      return;
    }
    const id = leaf.reservedId ?? b.id();
    const vkBuiltin = leaf.io.builtin !== undefined ? VK_BUILTINS[leaf.io.builtin] : undefined;
    // A vk::builtin variable has the declared type (int or uint, as written); the checker vetted it.
    const varType = vkBuiltin ? leaf.type : rule ? rule.type : withBoolAsUint(leaf.type);
    const storage = dir === 'in' ? StorageClass.Input : StorageClass.Output;
    // -pack-optimized: a located array or matrix is one variable per element (interface-parts.ts).
    const parts = fe.m.stageIo.packSignature && !vkBuiltin && !rule && leaf.io.builtin === undefined ? interfaceParts(leaf.type, locationCount) : undefined;
    if (parts && leaf.interpolated) errors.push(`-pack-optimized splits the input '${leaf.io.semantic}' into one variable per element (as DXC), which EvaluateAttribute*/GetAttributeAtVertex cannot read`);
    const vars = parts ? parts.map((part) => Object.assign(part, { varId: b.id(), varType: withBoolAsUint(part.type) })) : [{ varId: id, varType, locationOffset: 0 }];
    const ruleBuiltin = rule?.noPerspective && leaf.io.interpolation?.includes('noperspective') ? rule.noPerspective : rule?.builtin;
    const builtinName = vkBuiltin?.builtin ?? ruleBuiltin;
    for (const v of vars) {
      b.global(Op.Variable, [t.pointer(storage, t.type(arrayed(leaf, v.varType))), v.varId, storage]);
      b.name(v.varId, builtinName ? `gl_${builtinName}` : `${dir}.var.${leaf.io.semantic ?? 'value'}`);
    }
    const decorate = (decoration: number, ...operands: number[]) => vars.forEach((v) => b.decorate(v.varId, decoration, ...operands));
    // Vulkan requires integer fragment inputs to be flat, builtins included (PrimitiveId, Layer, …).
    const flatBuiltin = dir === 'in' && ep.stage === 'pixel' && (scalarOf(varType)?.base === 'int' || scalarOf(varType)?.base === 'uint');
    if (leaf.io.builtin !== undefined && !vkBuiltin) {
      errors.push(`vk::builtin("${leaf.io.builtin}") is not supported`);
    } else if (vkBuiltin) {
      b.decorate(id, Decoration.BuiltIn, BuiltIn[vkBuiltin.builtin]);
      if (vkBuiltin.capability) b.capability(Capability[vkBuiltin.capability]);
      if (vkBuiltin.extension) requireExtension(b, vkBuiltin.extension);
      if (flatBuiltin) b.decorate(id, Decoration.Flat);
    } else if (rule) {
      b.decorate(id, Decoration.BuiltIn, BuiltIn[ruleBuiltin!]);
      leaf.builtin = ruleBuiltin!;
      if (rule.noPerspective) barycentrics(leaf, ruleBuiltin!, id);
      if (rule.capability) b.capability(Capability[rule.capability]);
      if (rule.extension) requireExtension(b, rule.extension);
      if (rule.preGeometry && Number(b.version.split('.')[1]) >= 5) b.capability(Capability[rule.preGeometry]);
      else if (rule.preGeometry) {
        b.capability(Capability.ShaderViewportIndexLayerEXT);
        b.extension('SPV_EXT_shader_viewport_index_layer');
      }
      for (const mode of rule.executionModes ?? []) fe.pendingModes.push(ExecutionMode[mode]);
      if (flatBuiltin) b.decorate(id, Decoration.Flat);
      if (rule.patch) b.decorate(id, Decoration.Patch);
    } else if (BUILTINS[base] && !PASSED_THROUGH[base]?.includes(`${ep.stage}:${dir}`)) {
      errors.push(`semantic '${leaf.io.semantic}' cannot be used as a ${dir === 'in' ? 'input' : 'output'} of a ${ep.stage} shader`);
    } else if (base.startsWith('SV_') && base !== 'SV_TARGET' && !BUILTINS[base]) {
      // Never a located value in disguise: a misspelt SV_Position would read or write nothing.
      const builtin = NOT_YET_BUILTINS[base];
      errors.push(
        builtin
          ? `semantic '${leaf.io.semantic}' (DXC: BuiltIn ${builtin}) is not supported yet`
          : `'${leaf.io.semantic}' is not a system-value semantic: SV_ names are reserved for the system values HLSL defines`,
      );
    } else {
      const slot = packed.get(leaf);
      let location = leaf.io.location ?? slot?.location;
      if (location === undefined && base === 'SV_TARGET') location = index;
      const count = locationCount(leaf.type);
      const free = (at: number) => {
        for (let l = at; l < at + count; l++) if (locations.has(l)) return false;
        return true;
      };
      if (location === undefined) {
        location = 0;
        while (!free(location)) location++;
      }
      // The second source of dual-source blending shares its location with the first (vk::index(1)).
      const secondSource = (leaf.io.index ?? 0) > 0;
      if (!secondSource && !slot) {
        if (!free(location)) errors.push(`location ${location} is used twice among the ${dir === 'in' ? 'inputs' : 'outputs'} of '${ep.name}'`);
        for (let i = 0; i < count; i++) locations.add(location + i);
      }
      for (const v of vars) b.decorate(v.varId, Decoration.Location, location + v.locationOffset);
      if (leaf.patch) decorate(Decoration.Patch);
      const component = slot?.component ?? (parts ? 0 : undefined);
      if (component !== undefined) decorate(Decoration.Component, component);
      if (leaf.io.index !== undefined) decorate(Decoration.Index, leaf.io.index);
      if (ep.stage === 'pixel' && dir === 'in' && leaf.perVertex) {
        // Per-vertex values are not interpolated: PerVertexKHR replaces Flat (DXC).
        decorate(Decoration.PerVertexKHR);
        b.capability(Capability.FragmentBarycentricKHR);
        requireExtension(b, 'SPV_KHR_fragment_shader_barycentric');
      } else if (ep.stage === 'pixel' && dir === 'in') {
        const el = scalarOf(withoutArrays(leaf.type));
        const interp = leaf.io.interpolation ?? [];
        // Vulkan requires integer fragment inputs to be flat; DXC adds Flat for them.
        if (el && el.base !== 'float' && !interp.includes('nointerpolation')) decorate(Decoration.Flat);
        for (const m of interp) {
          const d = INTERPOLATION_DECORATIONS[m];
          if (d.decoration) decorate(Decoration[d.decoration]);
          if (d.capability) b.capability(Capability[d.capability]);
        }
      }
    }
    for (const v of vars) if (leaf.io.semantic) fe.userSemantic(v.varId, leaf.io.semantic);
    const replaced = replacedStageDecoration(leaf.io);
    if (replaced) errors.push(replaced);
    else for (const v of vars) applyDecorations(b, t, v.varId, leaf.io.decorations);
    leaf.varId = vars[0]!.varId;
    leaf.varType = varType;
    leaf.storage = storage;
    if (parts) leaf.parts = parts;
    interfaceIds.push(...vars.map((v) => v.varId));
    const counted = rule && !vkBuiltin && leaf.io.builtin === undefined ? BASE_OF[rule.builtin] : undefined;
    if (counted && dir === 'in' && fe.m.stageIo[counted.option]) leaf.baseVarId = baseVariable(fe, counted.base, varType, interfaceIds);
  };
  // Explicit locations (and SV_Target indices) are claimed before sequential assignment.
  const claimExplicit = (leaves: Leaf[]) =>
    new Set(
      leaves.flatMap((l) => {
        if ((l.io.index ?? 0) > 0) return [];
        const at = l.io.location ?? (splitSemantic(l.io.semantic ?? '').base === 'SV_TARGET' ? splitSemantic(l.io.semantic!).index : undefined);
        return at === undefined ? [] : Array.from({ length: locationCount(l.type) }, (_, i) => at + i);
      }),
    );
  const inLocs = claimExplicit(inputs);
  const outLocs = claimExplicit(outputs);
  const explicitIn = new Set(inLocs);
  const explicitOut = new Set(outLocs);
  // -pack-optimized, as DXC: not a vertex shader's inputs nor a pixel shader's outputs (their
  // signatures are the application's), and not with alphabetical order (which DXC applies first).
  const packed = new Map<Leaf, PackedSlot>();
  const packable = (leaves: Leaf[], dir: 'in' | 'out') =>
    leaves.filter((l) => l.io.builtin === undefined && !ruleFor(l.io.semantic, dir) && !BUILTINS[splitSemantic(l.io.semantic ?? '').base]);
  if (fe.m.stageIo.packSignature && !fe.m.stageIo.alphaOrder) {
    for (const [leaves, dir] of [[inputs, 'in'], [outputs, 'out']] as const) {
      if ((dir === 'in' && ep.stage === 'vertex') || (dir === 'out' && ep.stage === 'pixel')) continue;
      const vars = packable(leaves, dir);
      if (vars.some((l) => l.io.location !== undefined)) continue;
      const kind = (l: Leaf) => {
        const s = scalarOf(withoutArrays(l.type));
        return `${s?.base}${s?.width}:${[...(l.io.interpolation ?? [])].sort().join(',')}`;
      };
      packSignature(vars.map((l) => ({ type: l.type, kind: kind(l) }))).forEach((slot, i) => packed.set(vars[i]!, slot));
    }
  }
  // -fvk-stage-io-order=alpha: locations are handed out in the semantic strings' order (stable), as DXC.
  const inOrder = fe.m.stageIo.alphaOrder ? bySemantic(inputs) : inputs;
  const outOrder = fe.m.stageIo.alphaOrder ? bySemantic(outputs) : outputs;
  for (const leaf of inOrder) declare(leaf, 'in', leaf.io.location !== undefined ? withoutOwn(inLocs, leaf, leaf.io.location, explicitIn) : inLocs);
  for (const leaf of outOrder) declare(leaf, 'out', leaf.io.location !== undefined || splitSemantic(leaf.io.semantic ?? '').base === 'SV_TARGET' ? withoutOwn(outLocs, leaf, leaf.io.location ?? splitSemantic(leaf.io.semantic!).index, explicitOut) : outLocs);
  return interfaceIds;
}

/**
 * Emits the wrapper function for an entry point and returns its id plus interface variables.
 * `userSemantics` adds UserSemantic decorations (DXC's -fspv-reflect), which reflection reads.
 */
export function emitEntryWrapper(
  fe: FunctionEmitter,
  ep: IrEntryPoint,
  srcFunctionId: number,
  errors: string[],
  /** Builtins function code reads through Private copies; asked after the body is emitted (it may add some). */
  builtinCopies: () => { input: number; copy: number; type: Type }[] = () => [],
  /** Emit the entry function's body in the wrapper instead of calling it (optimising). */
  inline = false,
  /** The HLSL function uses rasterizer-ordered views: call it inside the fragment interlock (interlock.ts). */
  interlock = false,
): { id: number; interfaceIds: number[] } {
  const b = fe.b;
  const t = fe.t;
  const inputs: Leaf[] = [];
  const outputs: Leaf[] = [];
  const perVertex = ep.stage === 'pixel' && readsPerVertex(ep.function);
  const interpolated = ep.stage === 'pixel' ? interpolatedInputs(ep.function) : new Map();
  const paramLeaves = ep.params.map((p) => {
    const leaves: Leaf[] = [];
    flatten(p.var.type, p.io, [], leaves, errors);
    const asInput = (l: Leaf): Leaf => {
      // A pixel input's variable takes the id function code names it by (inlined bodies come after this).
      const reservedId = ep.stage === 'pixel' ? fe.m.stageInputs.id(p.var, l.path) : undefined;
      const flat = perVertex && (l.io.interpolation?.includes('nointerpolation') ?? false) && l.io.builtin === undefined && !/^sv_/i.test(l.io.semantic ?? '');
      const read = interpolated.get(p.var)?.has(l.path.join('.')) ?? false;
      return { ...l, ...(reservedId !== undefined ? { reservedId } : {}), ...(flat ? { perVertex: true, arrayed: 3 } : {}), ...(read ? { interpolated: true } : {}) };
    };
    if (p.direction !== 'out') inputs.push(...leaves.map(asInput));
    if (p.direction !== 'in') outputs.push(...leaves.map((l) => ({ ...l })));
    return leaves;
  });
  const resultLeaves: Leaf[] = [];
  if (ep.function.returnType.kind !== 'void') flatten(ep.function.returnType, ep.result ?? {}, [], resultLeaves, errors);
  outputs.push(...resultLeaves);
  const interfaceIds = declareStageVariables(fe, ep, inputs, outputs, errors);

  // The builtin copies go into the entry block's prologue once the body has asked for them.
  const id = beginWrapper(fe, ep, []);
  if (interlock) beginInterlock(fe);
  // Optimising, the entry function's body is emitted here (DXC's inlining): a parameter it only reads is
  // the value assembled from the inputs, not a variable.
  const bindable = ep.params.map((p) => inline && p.direction === 'in' && fe.m.valueFacts.bindableParameter(ep.function, p.var));
  const temps = ep.params.map((p, i) => (bindable[i] ? undefined : fe.temp(p.var.type, `param.var.${p.var.name}`)));
  const values: number[] = [];
  let inputIndex = 0;
  ep.params.forEach((p, i) => {
    if (p.direction === 'out') return;
    const leaves = inputs.slice(inputIndex, (inputIndex += paramLeaves[i]!.length));
    values[i] = loadLeaves(fe, p.var.type, leaves);
    if (temps[i]) fe.storePtr(temps[i]!, values[i]!, p.var.type);
  });
  const writeOutputs = (result: number | undefined) => {
    if (interlock) endInterlock(fe);
    let outputIndex = 0;
    ep.params.forEach((p, i) => {
      if (p.direction === 'in') return;
      storeLeaves(fe, fe.loadPtr(temps[i]!), p.var.type, outputs.slice(outputIndex, (outputIndex += paramLeaves[i]!.length)));
    });
    if (resultLeaves.length && result !== undefined) storeLeaves(fe, result, ep.function.returnType, outputs.slice(outputIndex));
    fe.f.terminate(Op.Return);
  };
  if (inline) {
    const params = new Map(ep.params.map((p, i) => [p.var, temps[i] ? { pointer: temps[i]!.id } : { value: values[i]! }] as const));
    fe.emitInlineBody(ep.function, params, writeOutputs);
  } else {
    const result = b.id();
    fe.f.emit(Op.FunctionCall, [t.type(ep.function.returnType), result, srcFunctionId, ...temps.map((x) => x!.id)]);
    writeOutputs(result);
  }
  storeBuiltinCopies(fe, builtinCopies());
  fe.f.emit(Op.FunctionEnd, []);
  return { id, interfaceIds };
}

/** The Private copies of builtins that function code reads, filled first in the entry block. */
export function storeBuiltinCopies(fe: FunctionEmitter, copies: { input: number; copy: number; type: Type }[]): void {
  for (const c of copies) {
    const v = fe.b.id();
    fe.f.prologue(Op.Load, [fe.t.type(c.type), v, c.input]);
    fe.f.prologue(Op.Store, [c.copy, v]);
  }
}

/** Opens the wrapper function `void main()`: copies builtins that function code reads, runs static initializers. */
export function beginWrapper(fe: FunctionEmitter, ep: IrEntryPoint, builtinCopies: { input: number; copy: number; type: Type }[]): number {
  const b = fe.b;
  const t = fe.t;
  const id = b.id();
  const voidT = t.void();
  fe.f.emit(Op.Function, [voidT, id, 0, t.function(voidT, [])]);
  b.name(id, ep.name);
  fe.f.label(b.id());
  // Builtins that function code reads through Private copies (see emit.ts) are copied in first.
  if (ep.staticInit) fe.f.emit(Op.FunctionCall, [voidT, b.id(), fe.functionIdOf(ep.staticInit)]);
  return id;
}

export function endWrapper(fe: FunctionEmitter): void {
  fe.f.terminate(Op.Return);
  fe.f.emit(Op.FunctionEnd, []);
}

/**
 * Reads the value of `type` from its declared leaves; for arrayed leaves, element `element` (an id
 * of a uint) of each, or with `element` absent, the whole per-vertex array as `type` (an array).
 */
export function loadLeaves(fe: FunctionEmitter, type: Type, leaves: Leaf[], element?: number): number {
  const b = fe.b;
  const t = fe.t;
  const arrayedWhole = element === undefined && leaves.length > 0 && leaves[0]!.arrayed !== undefined && !leaves[0]!.perVertex;
  if (arrayedWhole) {
    if (type.kind !== 'array' || type.length === null) throw new Error('internal: per-vertex leaves read as a non-array');
    return fe.construct(type, Array.from({ length: type.length }, (_, i) => loadLeaves(fe, type.element, leaves, t.uintConst(i))));
  }
  const values = leaves.map((leaf) => {
    if (leaf.varId === undefined) return b.id();
    if (leaf.io.builtin === 'PointSize' && leaf.stage === 'pixel') {
      // Declared but never loaded: Vulkan forbids reading it in a fragment shader, and the checker
      // refuses code that reads it (check/pixel-point-size.ts), so this member's value is unused.
      const undef = b.id();
      fe.f.emit(Op.Undef, [t.type(leaf.varType!), undef]);
      return fitValue(fe, undef, leaf.varType!, leaf.type);
    }
    if (leaf.packOffset !== undefined) return fitValue(fe, loadPacked(fe, leaf, element), leaf.varType!, leaf.type);
    const at = leaf.arrayed === undefined ? undefined : leaf.perVertex ? t.uintConst(0) : element!;
    if (leaf.parts) return loadParts(fe, leaf.type, leaf.parts, leaf.storage ?? StorageClass.Input, at, fitValue);
    let ptr = leaf.varId;
    if (leaf.arrayed !== undefined) {
      ptr = b.id();
      fe.f.emit(Op.AccessChain, [t.pointer(leaf.storage ?? StorageClass.Input, t.type(leaf.varType!)), ptr, leaf.varId, leaf.perVertex ? t.uintConst(0) : element!]);
    }
    const loaded = b.id();
    fe.f.emit(Op.Load, [t.type(leaf.varType!), loaded, ptr]);
    return fitValue(fe, adjustInput(fe, leaf.stage!, leaf, loaded), leaf.varType!, leaf.type);
  });
  return assemble(fe, type, values);
}

/** Writes a value of `type` to its declared output leaves; for arrayed leaves, element `element` of each. */
export function storeLeaves(fe: FunctionEmitter, value: number, type: Type, leaves: Leaf[], element?: number): void {
  const b = fe.b;
  const t = fe.t;
  for (const leaf of leaves) {
    if (leaf.varId === undefined) continue;
    let v = value;
    let vt = type;
    for (const idx of leaf.path) {
      const next = (vt as Extract<Type, { kind: 'struct' }>).fields[idx]!.type;
      v = fe.extractPart(v, next, idx);
      vt = next;
    }
    if (leaf.parts) {
      storeParts(fe, v, leaf.parts, leaf.arrayed !== undefined ? element! : undefined, fitValue);
      continue;
    }
    const fitted = adjustOutput(fe, leaf.stage!, leaf, fitValue(fe, v, leaf.type, leaf.varType!));
    if (leaf.packOffset !== undefined) storePacked(fe, leaf, fitted, element);
    else if (leaf.arrayed !== undefined) {
      const ptr = b.id();
      fe.f.emit(Op.AccessChain, [t.pointer(StorageClass.Output, t.type(leaf.varType!)), ptr, leaf.varId, element!]);
      fe.f.emit(Op.Store, [ptr, fitted]);
    } else fe.f.emit(Op.Store, [leaf.varId, fitted]);
  }
}

/** The BaseVertex/BaseInstance input a nonzero-base option reads (DrawParameters, core in SPIR-V 1.3). */
function baseVariable(fe: FunctionEmitter, builtin: keyof typeof BuiltIn, type: Type, interfaceIds: number[]): number {
  const id = fe.b.id();
  fe.b.global(Op.Variable, [fe.t.pointer(StorageClass.Input, fe.t.type(type)), id, StorageClass.Input]);
  fe.b.name(id, `gl_${builtin}`);
  fe.b.decorate(id, Decoration.BuiltIn, BuiltIn[builtin]);
  fe.b.capability(Capability.DrawParameters);
  requireExtension(fe.b, 'SPV_KHR_shader_draw_parameters');
  interfaceIds.push(id);
  return id;
}

/** What an input holds before the entry function sees it: index - base, DirectX's position w. */
function adjustInput(fe: FunctionEmitter, stage: ShaderStage, leaf: Leaf, value: number): number {
  const type = fe.t.type(leaf.varType!);
  if (leaf.baseVarId !== undefined) {
    const base = fe.b.id();
    fe.f.emit(Op.Load, [type, base, leaf.baseVarId]);
    const index = fe.b.id();
    fe.f.emit(Op.ISub, [type, index, value, base]);
    return index;
  }
  if (leaf.builtin === 'BaryCoordKHR' || leaf.builtin === 'BaryCoordNoPerspKHR') {
    // DXC: the three coordinates need not add up to 1 exactly; the third is 1 - x - y.
    const float = fe.t.type(FLOAT);
    const [x, y, xy, z, coords] = [fe.b.id(), fe.b.id(), fe.b.id(), fe.b.id(), fe.b.id()];
    fe.f.emit(Op.CompositeExtract, [float, x, value, 0]);
    fe.f.emit(Op.CompositeExtract, [float, y, value, 1]);
    fe.f.emit(Op.FAdd, [float, xy, x, y]);
    fe.f.emit(Op.FSub, [float, z, fe.splatConst(FLOAT, 1, 1), xy]);
    fe.f.emit(Op.CompositeConstruct, [type, coords, x, y, z]);
    return coords;
  }
  if (leaf.builtin === 'FragCoord' && stage === 'pixel' && fe.m.stageIo.useDxPositionW) {
    const float = fe.t.type(FLOAT);
    const w = fe.b.id();
    fe.f.emit(Op.CompositeExtract, [float, w, value, 3]);
    const clipW = fe.b.id();
    fe.f.emit(Op.FDiv, [float, clipW, fe.splatConst(FLOAT, 1, 1), w]);
    const position = fe.b.id();
    fe.f.emit(Op.CompositeInsert, [type, position, clipW, value, 3]);
    return position;
  }
  return value;
}

/** What an output gets before it is written: -fvk-invert-y negates the position's y. */
function adjustOutput(fe: FunctionEmitter, stage: ShaderStage, leaf: Leaf, value: number): number {
  if (leaf.builtin !== 'Position' || !fe.m.stageIo.invertY || !INVERT_Y_STAGES.includes(stage)) return value;
  const float = fe.t.type(FLOAT);
  const y = fe.b.id();
  fe.f.emit(Op.CompositeExtract, [float, y, value, 1]);
  const negated = fe.b.id();
  fe.f.emit(Op.FNegate, [float, negated, y]);
  const position = fe.b.id();
  fe.f.emit(Op.CompositeInsert, [fe.t.type(leaf.varType!), position, negated, value, 1]);
  return position;
}

/** Index paths to every scalar of a stage value, in order (float4 clips[2]: [0,0] … [1,3]). */
function componentPaths(t: Type): number[][] {
  if (t.kind === 'vector') return Array.from({ length: t.size }, (_, i) => [i]);
  if (t.kind === 'array') return Array.from({ length: t.length ?? 0 }, (_, i) => componentPaths(t.element).map((p) => [i, ...p])).flat();
  return [[]];
}

/** The same shape with another scalar element (a packed builtin's element type). */
function withElement(t: Type, el: ScalarType): Type {
  if (t.kind === 'vector') return vector(el, t.size);
  if (t.kind === 'array') return { ...t, element: withElement(t.element, el) };
  return el;
}

/** The elements of a packed array builtin that belong to one leaf (scalar, vector or array of them). */
function loadPacked(fe: FunctionEmitter, leaf: Leaf, element?: number): number {
  const el = scalarOf(withoutArrays(leaf.varType!))!;
  // A per-vertex packed array (float[N][vertices]) is indexed by the vertex first.
  const vertex = leaf.arrayed !== undefined ? [element!] : [];
  const scalars = componentPaths(leaf.varType!).map((_, i) => {
    const ptr = fe.b.id();
    fe.f.emit(Op.AccessChain, [fe.t.pointer(leaf.storage ?? StorageClass.Input, fe.t.type(el)), ptr, leaf.varId!, ...vertex, fe.t.uintConst(leaf.packOffset! + i)]);
    const v = fe.b.id();
    fe.f.emit(Op.Load, [fe.t.type(el), v, ptr]);
    return v;
  });
  let next = 0;
  const build = (t: Type): number => {
    if (t.kind === 'vector') return fe.construct(t, Array.from({ length: t.size }, () => scalars[next++]!));
    if (t.kind === 'array') return fe.construct(t, Array.from({ length: t.length ?? 0 }, () => build(t.element)));
    return scalars[next++]!;
  };
  return build(leaf.varType!);
}

function storePacked(fe: FunctionEmitter, leaf: Leaf, value: number, element?: number): void {
  const el = scalarOf(withoutArrays(leaf.varType!))!;
  const vertex = leaf.arrayed !== undefined ? [element!] : [];
  componentPaths(leaf.varType!).forEach((path, i) => {
    let part = value;
    if (path.length > 0) {
      part = fe.b.id();
      fe.f.emit(Op.CompositeExtract, [fe.t.type(el), part, value, ...path]);
    }
    const ptr = fe.b.id();
    fe.f.emit(Op.AccessChain, [fe.t.pointer(StorageClass.Output, fe.t.type(el)), ptr, leaf.varId!, ...vertex, fe.t.uintConst(leaf.packOffset! + i)]);
    fe.f.emit(Op.Store, [ptr, part]);
  });
}

function withoutArrays(t: Type): Type {
  return t.kind === 'array' ? withoutArrays(t.element) : t;
}

function withoutOwn(set: Set<number>, leaf: Leaf, location: number, explicit: Set<number>): Set<number> {
  // An explicit location range is checked against the others, not against itself.
  const copy = new Set(set);
  for (let i = 0; i < locationCount(leaf.type); i++) if (explicit.has(location + i)) copy.delete(location + i);
  return copy;
}

function scalarOf(t: Type): ScalarType | undefined {
  return t.kind === 'scalar' ? t : t.kind === 'vector' || t.kind === 'matrix' ? t.element : undefined;
}

/** Builds a (possibly struct) parameter value from its flattened leaves. */
function assemble(fe: FunctionEmitter, type: Type, values: number[]): number {
  if (type.kind !== 'struct' && !isEmptyAggregate(type)) return values[0]!;
  let pos = 0;
  const build = (t: Type): number => {
    if (t.kind === 'struct') return fe.construct(t, t.fields.map((f) => build(f.type)));
    // An array of empty structs has no leaf and holds no data (a geometry shader's `Empty e[2]`): an undef
    // value (Mesa's SPIR-V parser refuses an OpCompositeConstruct of an empty struct).
    if (t.kind === 'array' && isEmptyAggregate(t)) {
      const undef = fe.b.id();
      fe.f.emit(Op.Undef, [fe.t.type(t), undef]);
      return undef;
    }
    return values[pos++]!;
  };
  return build(type);
}

/** Converts between a builtin's fixed type and the declared type (uint3 → uint2, uint → int, bool). */
function fitValue(fe: FunctionEmitter, value: number, from: Type, to: Type): number {
  if (typeKey(from) === typeKey(to)) return value;
  const fs = scalarOf(from);
  const ts = scalarOf(to);
  if (!fs || !ts) return value;
  let v = value;
  let shape: Type = from;
  const fromN = from.kind === 'vector' ? from.size : 1;
  const toN = to.kind === 'vector' ? to.size : 1;
  if (fromN > toN) {
    const id = fe.b.id();
    if (toN === 1) fe.f.emit(Op.CompositeExtract, [fe.t.type(fs), id, v, 0]);
    else fe.f.emit(Op.VectorShuffle, [fe.t.type(vector(fs, toN)), id, v, v, ...Array.from({ length: toN }, (_, i) => i)]);
    v = id;
    shape = vector(fs, toN);
  }
  const target = toN === 1 ? ts : vector(ts, toN);
  return fe.convert(v, shape, target);
}

