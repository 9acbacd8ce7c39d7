// Mesh and amplification entry points (SM 6.5): `[outputtopology]`, the `vertices`/`indices`/
// `primitives`/`payload` parameters of a mesh shader, and the stage rules DXC checks (its messages,
// word for word). Both stages take only system-value inputs besides these.
import type { IrEntryCommon, IrEntryPoint, IrFunction, IrPlace, MeshOutputTopology, MeshStageInfo, WorkgroupSize } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';
import type * as ast from '../parse/ast.js';
import type { ShaderStage } from '../common/stage.js';
import { typeToString, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { PayloadSite } from './stage-payloads.js';

const TOPOLOGIES: readonly MeshOutputTopology[] = ['point', 'line', 'triangle'];
/** Index vector width per topology: the `indices` array holds uint, uint2 or uint3. */
const INDEX_WIDTH: Record<MeshOutputTopology, number> = { point: 1, line: 2, triangle: 3 };
const INDEX_TYPE_NAME: Record<MeshOutputTopology, string> = { point: 'uint', line: 'uint2', triangle: 'uint3' };
const MESH_MODIFIERS = ['vertices', 'indices', 'primitives', 'payload'] as const;
type MeshModifier = (typeof MESH_MODIFIERS)[number];
/** The manual: X*Y*Z <= 128 for both stages. */
const MAX_THREADS = 128;

function isSystemValue(p: ast.Param): boolean {
  const semantic = p.semantic?.name.toUpperCase() ?? '';
  return semantic.startsWith('SV_') || p.attributes.some((a) => a.name === 'vk::builtin');
}

/** The mesh shader's payload (stage-payloads.ts): workgroup size, topology and parameter roles. */
export function meshPayload(s: PayloadSite, workgroupSize: WorkgroupSize | undefined): ({ workgroupSize: WorkgroupSize } & MeshStageInfo) | undefined {
  const info = checkMeshFamilyEntry(s.c, s.decl, s.entry, 'mesh', workgroupSize, s.attrs.outputtopology);
  return workgroupSize && info && typeof info === 'object' ? { workgroupSize, ...info } : undefined;
}

/** The amplification shader's payload: its workgroup size, once its signature checks out. */
export function amplificationPayload(s: PayloadSite, workgroupSize: WorkgroupSize | undefined): { workgroupSize: WorkgroupSize } | undefined {
  const ok = checkMeshFamilyEntry(s.c, s.decl, s.entry, 'amplification', workgroupSize, undefined);
  return workgroupSize && ok ? { workgroupSize } : undefined;
}

/** Checks a mesh or amplification entry function's signature; the mesh shader's parameter roles. */
function checkMeshFamilyEntry(
  c: Checker,
  decl: ast.FunctionDecl,
  ep: IrEntryCommon,
  stage: 'mesh' | 'amplification',
  size: WorkgroupSize | undefined,
  outputTopology: string | undefined,
): MeshStageInfo | boolean {
  const before = c.sink.errorCount;
  if (size && size[0] * size[1] * size[2] > MAX_THREADS) {
    c.error(`${stage} entry point's numthreads (${size.join(' x ')}) exceeds ${MAX_THREADS} threads`, decl.nameLoc, decl.name.length);
  }
  if (ep.function.returnType.kind !== 'void') c.error(`${stage} entry point '${decl.name}' must return void`, decl.nameLoc, decl.name.length);
  const roles = new Map<MeshModifier, number>();
  decl.params.forEach((p, i) => {
    const role = MESH_MODIFIERS.find((m) => p.modifiers.includes(m));
    if (role && stage === 'mesh') {
      const direction = ep.params[i]!.direction;
      const wanted = role === 'payload' ? 'in' : 'out';
      if (direction !== wanted) c.error(`'${role}' object must be an ${wanted} parameter`, p.loc);
      else if (roles.has(role)) c.error(`only one object with '${role}' modifier is allowed`, p.loc, p.name.length || 1);
      else roles.set(role, i);
      return;
    }
    if (role) {
      c.error(`'${role}' objects are parameters of mesh shaders only`, p.loc);
      return;
    }
    if (!isSystemValue(p)) {
      const semantic = p.semantic?.name ?? p.name;
      c.error(`invalid usage of semantic '${semantic}' in shader profile ${stage === 'mesh' ? 'ms' : 'as'}`, p.semantic?.loc ?? p.loc);
    }
  });
  if (stage === 'amplification') return c.sink.errorCount === before;

  const topology = TOPOLOGIES.find((t) => t === outputTopology);
  if (!topology) {
    const attr = decl.attributes.find((a) => a.name.toLowerCase() === 'outputtopology');
    c.error(`mesh entry point must have a valid outputtopology attribute`, attr?.loc ?? decl.nameLoc);
    return false;
  }
  const vertices = roles.get('vertices');
  const indices = roles.get('indices');
  if (vertices === undefined) c.error(`expected vertices object declaration`, decl.nameLoc, decl.name.length);
  if (indices === undefined) c.error(`expected indices object declaration`, decl.nameLoc, decl.name.length);
  if (vertices === undefined || indices === undefined) return false;

  const arrayLength = (i: number): number | undefined => {
    const t = ep.params[i]!.var.type;
    if (t.kind === 'array' && t.length !== null && t.element.kind !== 'array') return t.length;
    c.error(`expected 1D array of indices/vertices/primitives object`, decl.params[i]!.loc, decl.params[i]!.name.length || 1);
    return undefined;
  };
  const maxVertices = arrayLength(vertices);
  const maxPrimitives = arrayLength(indices);
  const primitives = roles.get('primitives');
  const primitiveCount = primitives !== undefined ? arrayLength(primitives) : undefined;
  if (maxVertices === undefined || maxPrimitives === undefined) return false;
  const indexElement = (ep.params[indices]!.var.type as Extract<Type, { kind: 'array' }>).element;
  if (!isIndexType(indexElement, INDEX_WIDTH[topology])) {
    c.error(`expected 1D array of ${INDEX_TYPE_NAME[topology]} type`, decl.params[indices]!.loc, decl.params[indices]!.name.length || 1);
  }
  if (primitives !== undefined && primitiveCount !== undefined && primitiveCount !== maxPrimitives) {
    c.error(`array size of primitives object should match 'indices' object`, decl.params[primitives]!.loc, decl.params[primitives]!.name.length || 1);
  }
  const payload = roles.get('payload');
  if (payload !== undefined && ep.params[payload]!.var.type.kind !== 'struct') {
    c.error(`'payload' object must be a struct, not '${typeToString(ep.params[payload]!.var.type)}'`, decl.params[payload]!.loc);
  }
  if (c.sink.errorCount !== before) return false;
  const info: MeshStageInfo = { topology, vertices, indices, maxVertices, maxPrimitives };
  if (primitives !== undefined) info.primitives = primitives;
  if (payload !== undefined) info.payload = payload;
  checkWholeOutputUses(c, decl, ep, [vertices, indices, ...(primitives !== undefined ? [primitives] : [])]);
  return c.sink.errorCount === before ? info : false;
}

/**
 * Mesh outputs are written in place, element by element (the back end splits `verts[i]` into its
 * members' arrays): the whole array as a value or argument has no single variable to stand for it.
 */
function checkWholeOutputUses(c: Checker, decl: ast.FunctionDecl, ep: IrEntryCommon, params: number[]): void {
  const outputs = new Map(params.map((i) => [ep.params[i]!.var, i]));
  const reported = new Set<number>();
  const check = (p: IrPlace) => {
    if (p.kind !== 'local') return;
    const param = outputs.get(p.local);
    if (param === undefined || reported.has(param)) return;
    reported.add(param);
    const d = decl.params[param]!;
    c.error(`mesh output '${d.name}' can only be used element by element (${d.name}[i]), not as a whole array`, d.loc, d.name.length || 1);
  };
  walkStmts(ep.function.body, {
    expr: (e) => {
      if (e.op === 'load') check(e.place);
    },
    written: check,
    argument: check,
  });
}

function isIndexType(t: Type, width: number): boolean {
  const scalar = t.kind === 'scalar' ? t : t.kind === 'vector' && t.size === width ? t.element : undefined;
  return !!scalar && scalar.base === 'uint' && scalar.width === 32 && (t.kind === 'scalar' ? width === 1 : true);
}

/** Intrinsics only one stage may reach: checked over each entry point's call tree. */
const STAGE_INTRINSICS: Partial<Record<string, ShaderStage>> = { SetMeshOutputCounts: 'mesh', DispatchMesh: 'amplification' };

/** Reports SetMeshOutputCounts outside mesh shaders and DispatchMesh outside amplification shaders. */
export function checkStageIntrinsics(c: Checker, ep: IrEntryPoint, decl: ast.FunctionDecl): void {
  // No call tree to walk when the compile lowered neither intrinsic.
  if (!c.stageIntrinsicsLowered) return;
  const seen = new Set<IrFunction>();
  const found = new Set<string>();
  const visit = (fn: IrFunction): void => {
    if (seen.has(fn)) return;
    seen.add(fn);
    walkStmts(fn.body, {
      expr(e) {
        if (e.op === 'intrinsic' && STAGE_INTRINSICS[e.name] !== undefined) found.add(e.name);
        if (e.op === 'call') visit(e.callee);
      },
    });
  };
  visit(ep.function);
  for (const name of found) {
    const stage = STAGE_INTRINSICS[name]!;
    if (stage !== ep.stage) c.error(`${name} can only be used in ${stage} shaders, not in the ${ep.stage} entry point '${ep.name}'`, decl.nameLoc, decl.name.length);
  }
}
