// Per-stage parts of an entry point (ir.ts StagePayloads), one builder per stage: each reads the
// parsed stage attributes (stage-attributes.ts) and the entry's signature, and reports what the
// stage requires. A stage without one yet is refused by the back ends, not here.
import type { GsInputPrimitive, IrEntryCommon, IrPatchConstantFunction, PatchParam, StagePayloads, TessOutputTopology, WorkgroupSize } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import type { ShaderStage } from '../common/stage.js';
import type { Checker } from './checker.js';
import { isEmptyAggregate } from '../types.js';
import { amplificationPayload, meshPayload } from './mesh-stage.js';
import { rayTracingEntry } from './ray-tracing-entries.js';
import { nodePayload } from './node-stage.js';
import { readStageAttributes, type StageAttributes, type StageAttributeSite } from './stage-attributes.js';

export interface PayloadSite {
  c: Checker;
  decl: ast.FunctionDecl;
  entry: IrEntryCommon;
  attrs: StageAttributes;
  sites: StageAttributeSite;
  /** Lowers another function as stage code (the hull shader's patch-constant function). */
  lowerStageFunction(decl: ast.FunctionDecl): Omit<IrPatchConstantFunction, 'patches'> | undefined;
}

type Builder<S extends ShaderStage> = (s: PayloadSite) => StagePayloads[S] | undefined;

/** Vertices per input primitive (the manual's geometry-shader table). */
const INPUT_VERTICES: Record<GsInputPrimitive, number> = { point: 1, line: 2, triangle: 3, lineadj: 4, triangleadj: 6 };
const INPUT_PRIMITIVES = Object.keys(INPUT_VERTICES) as GsInputPrimitive[];
const TESS_TOPOLOGIES: readonly TessOutputTopology[] = ['point', 'line', 'triangle_cw', 'triangle_ccw'];

function required<K extends keyof StageAttributes>(s: PayloadSite, name: K, stage: string, example: string): NonNullable<StageAttributes[K]> | undefined {
  const value = s.attrs[name];
  if (value !== undefined) return value as NonNullable<StageAttributes[K]>;
  // An attribute that was written but did not parse has been reported already.
  if (!s.decl.attributes.some((a) => a.name.toLowerCase() === name)) {
    s.c.error(`${stage} entry point '${s.decl.name}' needs a [${name}(${example})] attribute`, s.decl.nameLoc, s.decl.name.length);
  }
  return undefined;
}

function workgroup(stage: string): (s: PayloadSite) => { workgroupSize: WorkgroupSize } | undefined {
  return (s) => {
    const workgroupSize = required(s, 'numthreads', stage, 'x, y, z');
    return workgroupSize && { workgroupSize };
  };
}

/** Parameters written `InputPatch<T, N>` / `OutputPatch<T, N>` (typed T[N] by the checker). */
export function patchParams(params: readonly ast.Param[]): PatchParam[] {
  const out: PatchParam[] = [];
  params.forEach((p, param) => {
    if (p.type.name !== 'InputPatch' && p.type.name !== 'OutputPatch') return;
    const size = p.type.templateArgs?.[1];
    const n = size && size.kind === 'IntLiteral' ? Number(size.value) : undefined;
    out.push({ param, kind: p.type.name === 'InputPatch' ? 'input' : 'output', size: n ?? 0 });
  });
  return out;
}

/** Fills patch sizes from the checked types (the written count may be a constant expression). */
function sizedPatches(s: PayloadSite, patches: PatchParam[], params: IrEntryCommon['params']): PatchParam[] {
  return patches.map((p) => {
    const t = params[p.param]!.var.type;
    return { ...p, size: t.kind === 'array' && t.length !== null ? t.length : p.size };
  });
}

const geometry: Builder<'geometry'> = (s) => {
  const { c, decl, entry } = s;
  const maxVertexCount = required(s, 'maxvertexcount', 'geometry', 'N');
  const inputs = decl.params.flatMap((p, i) => {
    const primitive = INPUT_PRIMITIVES.find((m) => p.modifiers.includes(m));
    return primitive ? [{ primitive, param: i, p }] : [];
  });
  const streams = entry.params.flatMap((p, i) => (p.var.type.kind === 'stream' ? [{ param: i, type: p.var.type }] : []));
  if (inputs.length === 0 || inputs.some((x) => x.primitive !== inputs[0]!.primitive)) {
    c.error(`geometry entry point '${decl.name}' needs input array parameters qualified with one primitive type: point, line, triangle, lineadj or triangleadj`, decl.nameLoc, decl.name.length);
    return undefined;
  }
  if (streams.length !== 1) {
    const why = streams.length ? 'several output streams ([StreamN]) are not supported' : 'it needs one inout PointStream, LineStream or TriangleStream parameter';
    c.error(`geometry entry point '${decl.name}': ${why}`, decl.nameLoc, decl.name.length);
    return undefined;
  }
  const primitive = inputs[0]!.primitive;
  const expected = INPUT_VERTICES[primitive];
  for (const input of inputs) {
    const inputType = entry.params[input.param]!.var.type;
    // An array of empty structs declares no input variable, so its length does not matter (DXC accepts it).
    if (inputType.kind === 'array' && isEmptyAggregate(inputType.element)) continue;
    if (inputType.kind !== 'array' || inputType.length !== expected) {
      c.error(`the '${primitive}' input of geometry entry point '${decl.name}' must be an array of ${expected} vertices`, input.p.loc, input.p.name.length || 1);
      return undefined;
    }
  }
  const stream = streams[0]!;
  if (decl.params[stream.param]!.modifiers.includes('in') || !decl.params[stream.param]!.modifiers.includes('inout')) {
    c.error(`the stream parameter of geometry entry point '${decl.name}' must be 'inout'`, decl.params[stream.param]!.loc, decl.params[stream.param]!.name.length || 1);
    return undefined;
  }
  if (maxVertexCount === undefined) return undefined;
  if (entry.function.returnType.kind !== 'void') {
    c.error(`geometry entry point '${decl.name}' must return void: its outputs go through the stream`, decl.nameLoc, decl.name.length);
    return undefined;
  }
  return {
    maxVertexCount,
    invocations: s.attrs.instance ?? 1,
    inputPrimitive: primitive,
    inputParams: inputs.map((x) => x.param),
    inputVertices: expected,
    streamParam: stream.param,
    outputTopology: stream.type.kind === 'stream' ? stream.type.topology : 'triangle',
  };
};

const hull: Builder<'hull'> = (s) => {
  const { c, decl } = s;
  // [domain] and [partitioning] are optional, as in DXC: without them the hull shader has no primitive or
  // spacing execution mode and Vulkan takes the domain shader's (one of the two stages must declare each).
  const domain = s.attrs.domain;
  const partitioning = s.attrs.partitioning;
  if (partitioning === undefined && !decl.attributes.some((a) => a.name.toLowerCase() === 'partitioning')) {
    c.sink.warning(`hull entry point '${decl.name}' has no [partitioning(...)]: the tessellation spacing must then come from the domain shader, and an HLSL domain shader cannot declare one`, decl.nameLoc, decl.name.length);
  }
  const topology = required(s, 'outputtopology', 'hull', '"triangle_cw"');
  const outputControlPoints = required(s, 'outputcontrolpoints', 'hull', 'N');
  const pcfName = required(s, 'patchconstantfunc', 'hull', '"PatchConstants"');
  if (topology !== undefined && !TESS_TOPOLOGIES.includes(topology as TessOutputTopology)) {
    c.error(`[outputtopology] of a hull shader expects one of ${TESS_TOPOLOGIES.map((t) => `"${t}"`).join(', ')}`, s.sites.outputtopology!.loc);
    return undefined;
  }
  if (partitioning === 'pow2') {
    c.error(`pow2 partitioning has no equivalent in Vulkan`, s.sites.partitioning!.loc);
    return undefined;
  }
  if (topology === undefined || outputControlPoints === undefined || pcfName === undefined) return undefined;
  const found = c.global.lookup(pcfName);
  const pcfDecl = found?.kind === 'functions' ? found.overloads.find((f) => f.decl.body)?.decl : undefined;
  if (!pcfDecl) {
    c.error(`patch constant function '${pcfName}' of hull entry point '${decl.name}' not found`, s.sites.patchconstantfunc!.loc);
    return undefined;
  }
  const pcf = s.lowerStageFunction(pcfDecl);
  if (!pcf) return undefined;
  const patchConstant: IrPatchConstantFunction = { ...pcf, patches: sizedPatches(s, patchParams(pcfDecl.params), pcf.params) };
  const patches = sizedPatches(s, patchParams(decl.params), s.entry.params);
  for (const p of patchConstant.patches.filter((x) => x.kind === 'output')) {
    if (p.size !== outputControlPoints) c.error(`OutputPatch of '${pcfName}' has ${p.size} control points, but [outputcontrolpoints] says ${outputControlPoints}`, pcfDecl.params[p.param]!.loc);
  }
  return {
    ...(domain !== undefined ? { domain } : {}),
    ...(partitioning !== undefined ? { partitioning } : {}),
    outputTopology: topology as TessOutputTopology,
    outputControlPoints,
    ...(s.attrs.maxtessfactor !== undefined ? { maxTessFactor: s.attrs.maxtessfactor } : {}),
    patchConstant,
    patches,
  };
};

const domain: Builder<'domain'> = (s) => {
  const d = required(s, 'domain', 'domain', '"tri"');
  return d && { domain: d, patches: sizedPatches(s, patchParams(s.decl.params), s.entry.params) };
};

const nothing = () => ({});

const BUILDERS: { [S in ShaderStage]: Builder<S> } = {
  vertex: nothing,
  pixel: (s) => ({ earlyDepthStencil: s.attrs.earlydepthstencil === true }),
  compute: workgroup('compute'),
  geometry,
  hull,
  domain,
  mesh: (s) => meshPayload(s, workgroup('mesh')(s)?.workgroupSize),
  amplification: (s) => amplificationPayload(s, workgroup('amplification')(s)?.workgroupSize),
  raygeneration: rayTracingEntry('raygeneration'),
  intersection: rayTracingEntry('intersection'),
  anyhit: rayTracingEntry('anyhit'),
  closesthit: rayTracingEntry('closesthit'),
  miss: rayTracingEntry('miss'),
  callable: rayTracingEntry('callable'),
  node: nodePayload,
};

/** The stage's payload for an entry, or undefined after reporting what is missing. */
export function stagePayload<S extends ShaderStage>(stage: S, site: Omit<PayloadSite, 'attrs' | 'sites'>): StagePayloads[S] | undefined {
  const { values, sites } = readStageAttributes(site.c, site.decl, stage);
  return BUILDERS[stage]({ ...site, attrs: values, sites });
}
