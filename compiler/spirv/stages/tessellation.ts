// Hull and domain shaders (manual, "Hull shaders"): per-vertex values travel in arrays (InputPatch
// and OutputPatch are `T[N]`); the hull wrapper runs the control-point function once per invocation
// and stores its result at [InvocationId], waits at a barrier, then invocation 0 runs the
// patch-constant function, whose outputs are per-patch (Patch), SV_TessFactor/SV_InsideTessFactor
// filling TessLevelOuter float[4]/TessLevelInner float[2]. DXC assigns the hull's output and the
// domain's input locations in alphabetical semantic order so that both sides agree.
import type { IrEntryParam, IrFunction, PatchParam, TessDomain, TessOutputTopology, TessPartitioning } from '../../ir/ir.js';
import { BOOL, sameType, typeToString, UINT, type Type } from '../../types.js';
import { Capability, ExecutionMode, ExecutionModel, Op } from '../../spirv-spec/spec.js';
import { SelectionControl } from '../operators.js';
import type { FunctionEmitter, Pointer } from '../function.js';
import { beginWrapper, declareStageVariables, endWrapper, flatten, loadLeaves, storeBuiltinCopies, storeLeaves, type Leaf } from '../stage-io.js';
import type { EntryEmit, StageEmitters } from './index.js';

const DOMAIN_MODES: Record<TessDomain, keyof typeof ExecutionMode> = { tri: 'Triangles', quad: 'Quads', isoline: 'Isolines' };
/** pow2 has no Vulkan equivalent: the checker refuses it. */
const SPACING_MODES: Record<Exclude<TessPartitioning, 'pow2'>, keyof typeof ExecutionMode> = {
  integer: 'SpacingEqual',
  fractional_even: 'SpacingFractionalEven',
  fractional_odd: 'SpacingFractionalOdd',
};
/** `line` has no mode: isolines are drawn as lines anyway. */
const TOPOLOGY_MODES: Record<TessOutputTopology, keyof typeof ExecutionMode | undefined> = {
  point: 'PointMode',
  line: undefined,
  triangle_cw: 'VertexOrderCw',
  triangle_ccw: 'VertexOrderCcw',
};

const semanticKey = (leaf: Leaf) => (leaf.io.semantic ?? '').toUpperCase();

/** DXC's order for hull outputs and domain inputs: by semantic string (stable). */
function alphabetical(leaves: Leaf[]): Leaf[] {
  return [...leaves].sort((a, b) => ((a.io.semantic ?? '') < (b.io.semantic ?? '') ? -1 : (a.io.semantic ?? '') > (b.io.semantic ?? '') ? 1 : 0));
}

/** Leaves of each parameter: a patch's element leaves arrayed, others per patch where `patch` says so. */
function paramLeaves(params: IrEntryParam[], patches: PatchParam[], perPatch: boolean, errors: string[]): Leaf[][] {
  return params.map((p, i) => {
    const leaves: Leaf[] = [];
    const patch = patches.find((x) => x.param === i);
    if (patch && p.var.type.kind === 'array') {
      flatten(p.var.type.element, p.io, [], leaves, errors);
      for (const leaf of leaves) leaf.arrayed = patch.size;
    } else {
      flatten(p.var.type, p.io, [], leaves, errors);
      if (perPatch) for (const leaf of leaves) leaf.patch = true;
    }
    return leaves;
  });
}

function onlyInputs(ep: { name: string }, params: IrEntryParam[], errors: string[]): void {
  for (const p of params) if (p.direction !== 'in') errors.push(`parameter '${p.var.name}' of '${ep.name}': tessellation stage outputs are return values, not out parameters`);
}

/** Calls with each parameter in a temporary (`values[i]` undefined: an out parameter); returns the result and the temporaries. */
function callWith(fe: FunctionEmitter, fnId: number, returnType: Type, params: IrEntryParam[], values: (number | undefined)[]) {
  const temps = params.map((p, i) => {
    const temp = fe.temp(p.var.type, `param.var.${p.var.name}`);
    if (values[i] !== undefined) fe.storePtr(temp, values[i], p.var.type);
    return temp;
  });
  const result = fe.b.id();
  fe.f.emit(Op.FunctionCall, [fe.t.type(returnType), result, fnId, ...temps.map((x) => x.id)]);
  return { result, temps };
}

function emitHull({ fe, ep, srcId, errors, copies, inline, inlinePatchConstant, copiesOf }: EntryEmit<'hull'>) {
  const b = fe.b;
  const t = fe.t;
  const pcf = ep.patchConstant;
  onlyInputs(ep, ep.params, errors);
  for (const p of pcf.params) if (p.direction === 'inout') errors.push(`parameter '${p.var.name}' of '${pcf.function.name}': a patch-constant function's parameters are inputs or outputs, not inout`);
  const mainLeaves = paramLeaves(ep.params, ep.patches, false, errors);
  const inputs = mainLeaves.flat();
  const known = (semantic: string) => inputs.find((l) => l.arrayed === undefined && semanticKey(l) === semantic);
  // The wrapper indexes the outputs with InvocationId even when the entry does not read it.
  const invocationLeaf = known('SV_OUTPUTCONTROLPOINTID') ?? { type: UINT, io: { semantic: 'SV_OutputControlPointID' }, path: [] };
  if (!inputs.includes(invocationLeaf)) inputs.push(invocationLeaf);
  // The patch-constant function's inputs: patches come from the entry's, system values are shared.
  const patchOutputs: Leaf[] = [];
  const pcfOutputs: Leaf[][] = pcf.params.map((p) => {
    if (p.direction !== 'out') return [];
    const leaves: Leaf[] = [];
    flatten(p.var.type, p.io, [], leaves, errors);
    patchOutputs.push(...leaves);
    return leaves;
  });
  const pcfLeaves = pcf.params.map((p, i): Leaf[] | 'input-patch' | 'output-patch' | 'output' => {
    if (p.direction === 'out') return 'output';
    const patch = pcf.patches.find((x) => x.param === i);
    if (patch?.kind === 'input') {
      const own = ep.patches.find((x) => x.kind === 'input');
      if (!own || !sameType(ep.params[own.param]!.var.type, p.var.type)) errors.push(`InputPatch '${p.var.name}' of '${pcf.function.name}' must have the type of the hull entry's InputPatch ('${typeToString(p.var.type)}')`);
      return 'input-patch';
    }
    if (patch?.kind === 'output') {
      if (p.var.type.kind !== 'array' || !sameType(p.var.type.element, ep.function.returnType)) errors.push(`OutputPatch '${p.var.name}' of '${pcf.function.name}' must hold the hull entry's return type '${typeToString(ep.function.returnType)}'`);
      return 'output-patch';
    }
    const leaves: Leaf[] = [];
    flatten(p.var.type, p.io, [], leaves, errors);
    return leaves.map((leaf) => {
      const shared = known(semanticKey(leaf));
      if (shared) return shared;
      inputs.push(leaf);
      return leaf;
    });
  });
  const controlPoints: Leaf[] = [];
  if (ep.function.returnType.kind !== 'void') flatten(ep.function.returnType, ep.result ?? {}, [], controlPoints, errors);
  for (const leaf of controlPoints) leaf.arrayed = ep.outputControlPoints;
  const returned: Leaf[] = [];
  if (pcf.function.returnType.kind !== 'void') flatten(pcf.function.returnType, pcf.result ?? {}, [], returned, errors);
  patchOutputs.push(...returned);
  for (const leaf of patchOutputs) leaf.patch = true;
  const interfaceIds = declareStageVariables(fe, ep, inputs, alphabetical([...controlPoints, ...patchOutputs]), errors);
  if (errors.length) return { id: 0, interfaceIds };

  const id = beginWrapper(fe, ep, copies);
  const invocation = b.id();
  fe.f.emit(Op.Load, [t.type(UINT), invocation, invocationLeaf.varId!]);
  const mainValues = ep.params.map((p, i) => loadLeaves(fe, p.var.type, mainLeaves[i]!));
  const controlPoint = inline ? inlineWith(fe, ep.function, ep.params, mainValues).result : callWith(fe, srcId, ep.function.returnType, ep.params, mainValues).result;
  if (controlPoints.length) storeLeaves(fe, controlPoint, ep.function.returnType, controlPoints, invocation);
  // Every control point is written before the patch-constant function reads the OutputPatch.
  fe.f.emit(Op.ControlBarrier, [t.uintConst(2), t.uintConst(4), t.uintConst(0)]);
  const first = b.id();
  fe.f.emit(Op.IEqual, [t.type(BOOL), first, invocation, t.uintConst(0)]);
  const then = b.id();
  const merge = b.id();
  fe.f.emit(Op.SelectionMerge, [merge, SelectionControl.None]);
  fe.f.terminate(Op.BranchConditional, [first, then, merge]);
  fe.f.label(then);
  const inputPatch = ep.patches.find((x) => x.kind === 'input');
  const pcfValues = pcf.params.map((p, i) => {
    const leaves = pcfLeaves[i]!;
    if (leaves === 'input-patch') return inputPatch ? mainValues[inputPatch.param]! : b.id();
    if (leaves === 'output-patch') return loadLeaves(fe, p.var.type, controlPoints);
    if (leaves === 'output') return undefined;
    return loadLeaves(fe, p.var.type, leaves);
  });
  const constants = inlinePatchConstant ? inlineWith(fe, pcf.function, pcf.params, pcfValues) : callWith(fe, fe.functionIdOf(pcf.function), pcf.function.returnType, pcf.params, pcfValues);
  pcf.params.forEach((p, i) => {
    if (p.direction === 'out') storeLeaves(fe, fe.loadPtr(constants.temps[i]!), p.var.type, pcfOutputs[i]!);
  });
  if (returned.length) storeLeaves(fe, constants.result, pcf.function.returnType, returned);
  fe.f.terminate(Op.Branch, [merge]);
  fe.f.label(merge);
  if (inline) storeBuiltinCopies(fe, copiesOf?.() ?? []);
  endWrapper(fe);
  return { id, interfaceIds };
}

/**
 * Optimising, callWith's counterpart: `fn`'s body emitted here (it returns only at its end, values.ts
 * inlinable()); an input it only reads is its value, other parameters are temporaries.
 */
function inlineWith(fe: FunctionEmitter, fn: IrFunction, params: IrEntryParam[], values: (number | undefined)[]) {
  const temps = params.map((p, i) => {
    if (p.direction === 'in' && values[i] !== undefined && fe.m.valueFacts.bindableParameter(fn, p.var)) return undefined;
    const temp = fe.temp(p.var.type, `param.var.${p.var.name}`);
    if (values[i] !== undefined) fe.storePtr(temp, values[i], p.var.type);
    return temp;
  });
  let result = 0;
  const bound = new Map(params.map((p, i) => [p.var, temps[i] ? { pointer: temps[i].id } : { value: values[i]! }] as const));
  fe.emitInlineBody(fn, bound, (value) => void (result = value ?? 0));
  return { result, temps };
}

function emitDomain({ fe, ep, srcId, errors, copies, inline, copiesOf }: EntryEmit<'domain'>) {
  // A domain shader's outputs are per vertex: out parameters and the result, in that order.
  for (const p of ep.params) if (p.direction === 'inout') errors.push(`parameter '${p.var.name}' of '${ep.name}': a domain shader's parameters are inputs or outputs, not inout`);
  const inputs = ep.params.map((p, i) => (p.direction === 'in' ? paramLeaves([p], ep.patches.filter((x) => x.param === i).map((x) => ({ ...x, param: 0 })), true, errors)[0]! : []));
  const outParams = ep.params.map((p) => {
    const leaves: Leaf[] = [];
    if (p.direction === 'out') flatten(p.var.type, p.io, [], leaves, errors);
    return leaves;
  });
  const returned: Leaf[] = [];
  if (ep.function.returnType.kind !== 'void') flatten(ep.function.returnType, ep.result ?? {}, [], returned, errors);
  const interfaceIds = declareStageVariables(fe, ep, alphabetical(inputs.flat()), [...outParams.flat(), ...returned], errors);
  if (errors.length) return { id: 0, interfaceIds };
  const id = beginWrapper(fe, ep, copies);
  const values = ep.params.map((p, i) => (p.direction === 'in' ? loadLeaves(fe, p.var.type, inputs[i]!) : undefined));
  const writeOutputs = (result: number | undefined, temps: (Pointer | undefined)[]) => {
    ep.params.forEach((p, i) => {
      if (p.direction === 'out') storeLeaves(fe, fe.loadPtr(temps[i]!), p.var.type, outParams[i]!);
    });
    if (returned.length && result !== undefined) storeLeaves(fe, result, ep.function.returnType, returned);
    fe.f.terminate(Op.Return);
  };
  if (inline) {
    // Optimising: the entry function's body here (as the plain wrapper's); an input it only reads is a value.
    const temps = ep.params.map((p, i) => (p.direction === 'in' && fe.m.valueFacts.bindableParameter(ep.function, p.var) ? undefined : fe.temp(p.var.type, `param.var.${p.var.name}`)));
    temps.forEach((temp, i) => temp && values[i] !== undefined && fe.storePtr(temp, values[i], ep.params[i]!.var.type));
    const params = new Map(ep.params.map((p, i) => [p.var, temps[i] ? { pointer: temps[i].id } : { value: values[i]! }] as const));
    // A domain shader's wrapper ends where the body returns: early returns are fine here.
    fe.emitInlineBody(ep.function, params, (result) => writeOutputs(result, temps));
    storeBuiltinCopies(fe, copiesOf?.() ?? []);
    fe.f.emit(Op.FunctionEnd, []);
    return { id, interfaceIds };
  }
  const { result, temps } = callWith(fe, srcId, ep.function.returnType, ep.params, values);
  writeOutputs(result, temps);
  fe.f.emit(Op.FunctionEnd, []);
  return { id, interfaceIds };
}

export const tessellationStages: Pick<StageEmitters, 'hull' | 'domain'> = {
  hull: {
    model: ExecutionModel.TessellationControl,
    wrapper: emitHull,
    inlines: true,
    modes(b, id, ep) {
      b.capability(Capability.Tessellation);
      if (ep.domain) b.executionMode(id, ExecutionMode[DOMAIN_MODES[ep.domain]]);
      if (ep.partitioning && ep.partitioning !== 'pow2') b.executionMode(id, ExecutionMode[SPACING_MODES[ep.partitioning]]);
      const topology = TOPOLOGY_MODES[ep.outputTopology];
      if (topology) b.executionMode(id, ExecutionMode[topology]);
      b.executionMode(id, ExecutionMode.OutputVertices, ep.outputControlPoints);
    },
  },
  domain: {
    model: ExecutionModel.TessellationEvaluation,
    wrapper: emitDomain,
    inlines: true,
    modes(b, id, ep) {
      b.capability(Capability.Tessellation);
      b.executionMode(id, ExecutionMode[DOMAIN_MODES[ep.domain]]);
    },
  },
};
