// The node stage's entry attributes (SM 6.8 work graphs: `[NodeLaunch]`, `[NodeDispatchGrid]`,
// `[NodeID]`, …) and its parameters' (`[MaxRecords]`, `[NodeArraySize]`, …): what the back end turns
// into SPV_AMDX_shader_enqueue execution modes and payload-array decorations.
import type { NodeLaunch, NodeParamInfo, NodeStageInfo, WorkgroupSize } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import type { NodeObject, StructType } from '../types.js';
import type { Checker } from './checker.js';
import type { PayloadSite } from './stage-payloads.js';

const LAUNCHES: readonly NodeLaunch[] = ['broadcasting', 'coalescing', 'thread'];

function find(attributes: readonly ast.Attribute[], name: string): ast.Attribute | undefined {
  return attributes.find((a) => a.name.toLowerCase() === name);
}

function string(c: Checker, attr: ast.Attribute, index: number): string | undefined {
  const arg = attr.args[index];
  if (arg?.kind === 'StringLiteral') return arg.value;
  c.error(`[${attr.name}] argument ${index + 1} must be a string`, arg?.loc ?? attr.loc);
  return undefined;
}

function count(c: Checker, attr: ast.Attribute, index: number): number | undefined {
  const n = c.attrInt(attr, index, c.global);
  if (n !== undefined && n < 0) {
    c.error(`[${attr.name}] argument ${index + 1} must not be negative`, attr.args[index]?.loc ?? attr.loc);
    return undefined;
  }
  return n;
}

function grid(c: Checker, attr: ast.Attribute | undefined): WorkgroupSize | undefined {
  if (!attr) return undefined;
  const dims = [0, 1, 2].map((i) => count(c, attr, i));
  if (dims.some((d) => d === undefined || d < 1)) {
    c.error(`[${attr.name}] takes three positive integer constants`, attr.loc);
    return undefined;
  }
  return dims as WorkgroupSize;
}

/** A `[NodeID("name", index)]` (the index defaults to 0). */
function nodeId(c: Checker, attr: ast.Attribute): { name: string; index: number } | undefined {
  const name = string(c, attr, 0);
  const index = attr.args.length > 1 ? count(c, attr, 1) : 0;
  return name !== undefined && index !== undefined ? { name, index } : undefined;
}

function paramInfo(c: Checker, decl: ast.FunctionDecl, p: ast.Param): NodeParamInfo {
  const info: NodeParamInfo = { name: p.name, baseIndex: 0, sparse: false };
  const id = find(p.attributes, 'nodeid');
  const named = id && nodeId(c, id);
  if (named) Object.assign(info, { name: named.name, baseIndex: named.index });
  const max = find(p.attributes, 'maxrecords');
  const maxRecords = max && count(c, max, 0);
  if (maxRecords !== undefined) info.maxRecords = maxRecords;
  const shared = find(p.attributes, 'maxrecordssharedwith');
  if (shared) {
    const arg = shared.args[0];
    const other = arg?.kind === 'Name' ? decl.params.findIndex((q) => q.name === arg.name) : -1;
    if (other < 0 || decl.params[other] === p) c.error(`[MaxRecordsSharedWith] must name another parameter of '${decl.name}'`, arg?.loc ?? shared.loc);
    else info.sharesWith = other;
  }
  info.sparse = !!(find(p.attributes, 'allowsparsenodes') || find(p.attributes, 'unboundedsparsenodes'));
  const size = find(p.attributes, 'nodearraysize');
  const arraySize = size && count(c, size, 0);
  if (arraySize !== undefined) info.arraySize = arraySize;
  return info;
}

export function nodePayload(s: PayloadSite): NodeStageInfo | undefined {
  const { c, decl, entry } = s;
  const launchAttr = find(decl.attributes, 'nodelaunch');
  const launchText = launchAttr ? string(c, launchAttr, 0)?.toLowerCase() : 'broadcasting';
  const launch = LAUNCHES.find((l) => l === launchText);
  if (!launch) {
    if (launchText === 'mesh') c.error(`[NodeLaunch("mesh")]: mesh nodes are not supported (DXC's SPIR-V back end has none either)`, launchAttr!.args[0]?.loc ?? launchAttr!.loc);
    else if (launchText !== undefined) c.error(`[NodeLaunch] expects one of ${LAUNCHES.map((l) => `"${l}"`).join(', ')}`, launchAttr!.args[0]?.loc ?? launchAttr!.loc);
    return undefined;
  }
  const info: NodeStageInfo = {
    workgroupSize: s.attrs.numthreads ?? [1, 1, 1],
    launch,
    nodeIndex: 0,
    nodeParams: entry.params.map((p, i) => (p.var.type.kind === 'node' ? paramInfo(c, decl, decl.params[i]!) : undefined)),
  };
  const id = find(decl.attributes, 'nodeid');
  const named = id && nodeId(c, id);
  if (named) info.nodeIndex = named.index;
  const dispatchGrid = grid(c, find(decl.attributes, 'nodedispatchgrid'));
  if (dispatchGrid) info.dispatchGrid = dispatchGrid;
  const maxDispatchGrid = grid(c, find(decl.attributes, 'nodemaxdispatchgrid'));
  if (maxDispatchGrid) info.maxDispatchGrid = maxDispatchGrid;
  const recursion = find(decl.attributes, 'nodemaxrecursiondepth');
  const maxRecursion = recursion && count(c, recursion, 0);
  if (maxRecursion !== undefined) info.maxRecursion = maxRecursion;
  const share = find(decl.attributes, 'nodeshareinputof');
  const shareInputOf = share && nodeId(c, share);
  if (shareInputOf) info.shareInputOf = shareInputOf;
  return launchErrors(s, info) ? undefined : info;
}

/** The node input objects each launch takes (DXC's Sema rules for node entries). */
const LAUNCH_INPUTS: Record<NodeLaunch, { objects: readonly NodeObject[]; spelled: string }> = {
  broadcasting: { objects: ['DispatchNodeInputRecord', 'RWDispatchNodeInputRecord'], spelled: 'DispatchNodeInputRecord or RWDispatchNodeInputRecord' },
  coalescing: { objects: ['GroupNodeInputRecords', 'RWGroupNodeInputRecords', 'EmptyNodeInput'], spelled: 'GroupNodeInputRecords, RWGroupNodeInputRecords, or EmptyNodeInput' },
  thread: { objects: ['ThreadNodeInputRecord', 'RWThreadNodeInputRecord'], spelled: 'ThreadNodeInputRecord or RWThreadNodeInputRecord' },
};

/** What a node entry's attributes and input must agree on; true after reporting. */
function launchErrors(s: PayloadSite, info: NodeStageInfo): boolean {
  const { c, decl, entry } = s;
  const at = (loc = decl.nameLoc, length = decl.name.length) => [loc, length] as const;
  const before = c.sink.errorCount;
  const { launch } = info;
  if (launch === 'thread' && s.attrs.numthreads && s.attrs.numthreads.some((n) => n !== 1)) c.error(`Thread launch nodes must have a thread group size of (1,1,1)`, ...at(s.sites.numthreads?.loc, s.sites.numthreads?.name.length));
  if (launch !== 'thread' && !s.attrs.numthreads && !s.sites.numthreads) c.error(`Node shader '${decl.name}' with ${launch} launch type requires 'NumThreads' attribute`, ...at());
  const dispatch = find(decl.attributes, 'nodedispatchgrid');
  const maxDispatch = find(decl.attributes, 'nodemaxdispatchgrid');
  if (launch === 'broadcasting') {
    if (dispatch && maxDispatch) c.error(`Node shader '${decl.name}' may not use both 'NodeDispatchGrid' and 'NodeMaxDispatchGrid'`, ...at(maxDispatch.loc, maxDispatch.name.length));
    else if (!dispatch && !maxDispatch) c.error(`Broadcasting node shader '${decl.name}' must have either the NodeDispatchGrid or NodeMaxDispatchGrid attribute`, ...at());
  } else {
    for (const attr of [dispatch, maxDispatch]) if (attr) c.error(`'${attr.name}' may only be used with broadcasting nodes`, ...at(attr.loc, attr.name.length));
  }
  const inputs = entry.params.flatMap((p, i) => (p.var.type.kind === 'node' && /Input/.test(p.var.type.object) ? [{ type: p.var.type, param: decl.params[i]! }] : []));
  if (inputs.length > 1) c.error(`Node shader '${decl.name}' may not have more than one input record`, ...at(inputs[1]!.param.loc, inputs[1]!.param.name.length || 1));
  const allowed = LAUNCH_INPUTS[launch];
  for (const input of inputs) {
    if (!allowed.objects.includes(input.type.object)) c.error(`'${input.type.object}' may not be used with ${launch} nodes (only ${allowed.spelled})`, ...at(input.param.loc, input.param.name.length || 1));
  }
  if (maxDispatch && launch === 'broadcasting' && !inputs.some((x) => x.type.record.kind === 'struct' && hasDispatchGrid(x.type.record))) {
    c.error(`Broadcasting node shader '${decl.name}' with NodeMaxDispatchGrid attribute must declare an input record containing a field with SV_DispatchGrid semantic`, ...at());
  }
  const recursion = find(decl.attributes, 'nodemaxrecursiondepth');
  if (recursion && info.maxRecursion !== undefined && info.maxRecursion > 32) c.error(`NodeMaxRecursionDepth may not exceed 32`, ...at(recursion.loc, recursion.name.length));
  return c.sink.errorCount > before;
}

function hasDispatchGrid(s: StructType): boolean {
  return s.fields.some((f) => f.semantic?.toLowerCase() === 'sv_dispatchgrid' || (f.type.kind === 'struct' && hasDispatchGrid(f.type)));
}
