// The node stage's entry attributes (SM 6.8 work graphs: `[NodeLaunch]`, `[NodeDispatchGrid]`,
// `[NodeID]`, …) and its parameters' (`[MaxRecords]`, `[NodeArraySize]`, …): what the back end turns
// into SPV_AMDX_shader_enqueue execution modes and payload-array decorations.
import type { NodeLaunch, NodeParamInfo, NodeStageInfo, WorkgroupSize } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
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
  const inputs = entry.params.filter((p) => p.var.type.kind === 'node' && nodeKind(p.var.type) === 'input');
  if (inputs.length > 1) {
    c.error(`node entry point '${decl.name}' has ${inputs.length} input records; a node has at most one`, decl.nameLoc, decl.name.length);
    return undefined;
  }
  return info;
}

function nodeKind(t: import('../types.js').NodeType): string {
  return /Input/.test(t.object) ? 'input' : 'output';
}
