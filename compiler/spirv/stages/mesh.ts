// Mesh and amplification (task) shaders. As DXC: SPV_EXT_mesh_shader (MeshEXT/TaskEXT) from SPIR-V
// 1.4 on, SPV_NV_mesh_shader (MeshNV/TaskNV) before it. The outputs are mesh-outputs.ts's; here are
// the stage rows, the payload and the intrinsics (the manual's mesh-shading tables):
//   EXT: `in payload` reads a TaskPayloadWorkgroupEXT variable; the amplification shader's
//        DispatchMesh payload is its groupshared variable moved to that storage class, and
//        DispatchMesh is OpEmitMeshTasksEXT; SetMeshOutputCounts is OpSetMeshOutputsEXT.
//   NV:  the payload travels as PerTaskNV Output (task) / Input (mesh) variables, one per member at
//        its std430 offset, written by DispatchMesh with TaskCountNV = x*y*z; SetMeshOutputCounts
//        writes PrimitiveCountNV.
import type { IrEntryOf, IrExpr, IrGlobal } from '../../ir/ir.js';
import { layoutOf } from '../../layout/index.js';
import { UINT, type StructType, type Type } from '../../types.js';
import { BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass } from '../../spirv-spec/spec.js';
import type { ModuleBuilder } from '../builder.js';
import type { FunctionEmitter, ModuleContext } from '../function.js';
import { beginWrapper, declareStageVariables, emitEntryWrapper, endWrapper, flatten, loadLeaves, type Leaf } from '../stage-io.js';
import type { StageEmitters } from './index.js';
import { declareMeshOutputs, MeshOutputRedirect } from './mesh-outputs.js';

/** The manual's `[outputtopology]` table (the NV and EXT modes share their values). */
const TOPOLOGY_MODES = { point: ExecutionMode.OutputPoints, line: ExecutionMode.OutputLinesEXT, triangle: ExecutionMode.OutputTrianglesEXT } as const;

const VARIANTS = {
  ext: { capability: Capability.MeshShadingEXT, extension: 'SPV_EXT_mesh_shader', mesh: ExecutionModel.MeshEXT, task: ExecutionModel.TaskEXT },
  nv: { capability: Capability.MeshShadingNV, extension: 'SPV_NV_mesh_shader', mesh: ExecutionModel.MeshNV, task: ExecutionModel.TaskNV },
} as const;

/** DXC's choice: the NV extension before SPIR-V 1.4 (TaskPayloadWorkgroupEXT needs 1.4). */
export function isNvMeshShading(b: ModuleBuilder): boolean {
  return b.nvMeshShading;
}

function variant(b: ModuleBuilder) {
  return VARIANTS[isNvMeshShading(b) ? 'nv' : 'ext'];
}

function declareMeshShading(b: ModuleBuilder): void {
  b.capability(variant(b).capability);
  b.extension(variant(b).extension);
}

/** Module state the mesh-shading stages share with function code (SetMeshOutputCounts, DispatchMesh under NV). */
export interface MeshModuleState {
  /** NV: the PrimitiveCountNV output SetMeshOutputCounts writes. */
  primitiveCount?: number;
  /** NV: per payload global, the PerTaskNV outputs DispatchMesh writes, and TaskCountNV. */
  taskOutputs: Map<IrGlobal, { members: number[]; taskCount: number }>;
}

function meshState(m: ModuleContext): MeshModuleState {
  return (m.meshShading ??= { taskOutputs: new Map() });
}

export const meshStages: Pick<StageEmitters, 'mesh' | 'amplification'> = {
  mesh: {
    model: ExecutionModel.MeshEXT,
    modelFor: (b) => variant(b).mesh,
    prepare(m, ep, errors) {
      declareMeshShading(m.b);
      const nv = isNvMeshShading(m.b);
      const outputs = declareMeshOutputs(m, ep, nv, errors);
      m.placeRedirects.set(ep.function, outputs);
      if (nv) {
        const id = outputVariable(m, UINT, 'gl_PrimitiveCountNV', StorageClass.Output);
        m.b.decorate(id, Decoration.BuiltIn, BuiltIn.PrimitiveCountNV);
        meshState(m).primitiveCount = id;
        outputs.interfaceIds.push(id);
      }
    },
    wrapper({ m, fe, ep, srcId, errors, copies }) {
      const outputs = m.placeRedirects.get(ep.function);
      if (!(outputs instanceof MeshOutputRedirect)) throw new Error('internal: mesh entry without its outputs');
      const special = new Set([ep.vertices, ep.indices, ep.primitives, ep.payload]);
      // The checker allows only system-value inputs besides the mesh parameters.
      const inputs: Leaf[][] = ep.params.map((p, i) => {
        const leaves: Leaf[] = [];
        if (!special.has(i)) flatten(p.var.type, p.io, [], leaves, errors);
        return leaves;
      });
      const payload = ep.payload !== undefined ? declareMeshPayload(m, ep, ep.payload) : undefined;
      const interfaceIds = [...declareStageVariables(fe, ep, inputs.flat(), [], errors), ...outputs.interfaceIds, ...(payload?.ids ?? [])];
      const id = beginWrapper(fe, ep, copies);
      const args = ep.params.map((p, i) => {
        const temp = fe.temp(p.var.type, `param.var.${p.var.name}`);
        // The payload is copied in: HLSL's `in` lets the function write its own copy.
        if (i === ep.payload) fe.storePtr(temp, payload!.load(fe), p.var.type);
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
      b.executionMode(id, TOPOLOGY_MODES[ep.topology]);
    },
  },
  amplification: {
    model: ExecutionModel.TaskEXT,
    modelFor: (b) => variant(b).task,
    prepare(m, ep) {
      declareMeshShading(m.b);
      if (!isNvMeshShading(m.b)) return;
      // NV: the payload leaves through PerTaskNV outputs, with the task count.
      for (const g of ep.globals.filter((x) => x.taskPayload)) {
        if (meshState(m).taskOutputs.has(g)) continue;
        const members = perTaskVariables(m, g.type, `out.var.`, StorageClass.Output);
        const taskCount = outputVariable(m, UINT, 'gl_TaskCountNV', StorageClass.Output);
        m.b.decorate(taskCount, Decoration.BuiltIn, BuiltIn.TaskCountNV);
        meshState(m).taskOutputs.set(g, { members, taskCount });
      }
    },
    wrapper({ m, fe, ep, srcId, errors, copies }) {
      const wrapped = emitEntryWrapper(fe, ep, srcId, errors, () => copies);
      const task = ep.globals.flatMap((g) => {
        const out = m.meshShading?.taskOutputs.get(g);
        return out ? [...out.members, out.taskCount] : [];
      });
      return { id: wrapped.id, interfaceIds: [...wrapped.interfaceIds, ...task] };
    },
    modes: (b, id, ep) => b.executionMode(id, ExecutionMode.LocalSize, ...ep.workgroupSize),
  },
};

function outputVariable(m: ModuleContext, type: Type, name: string, storage: number): number {
  const id = m.b.id();
  m.b.global(Op.Variable, [m.types.pointer(storage, m.types.type(type)), id, storage]);
  m.b.name(id, name);
  return id;
}

/** NV: one PerTaskNV variable per payload member, decorated with its std430 offset (as DXC). */
function perTaskVariables(m: ModuleContext, type: Type, prefix: string, storage: number): number[] {
  const struct = type as StructType;
  const layout = layoutOf(struct, { rule: 'relaxed', buffer: 'storage', defaultMajorness: 'column_major' });
  return struct.fields.map((f, i) => {
    const id = outputVariable(m, f.type, `${prefix}${f.name}`, storage);
    m.b.decorate(id, Decoration.PerTaskNV);
    m.b.decorate(id, Decoration.Offset, layout.members![i]!.offset);
    return id;
  });
}

/** The mesh shader's `in payload` variable(s) and how the wrapper reads the whole payload. */
function declareMeshPayload(m: ModuleContext, ep: IrEntryOf<'mesh'>, param: number): { ids: number[]; load(fe: FunctionEmitter): number } {
  const type = ep.params[param]!.var.type;
  const name = ep.params[param]!.var.name;
  if (isNvMeshShading(m.b)) {
    const ids = perTaskVariables(m, type, 'in.var.', StorageClass.Input);
    const fields = (type as StructType).fields;
    return {
      ids,
      load: (fe) => fe.construct(type, ids.map((id, i) => {
        const value = fe.b.id();
        fe.f.emit(Op.Load, [fe.t.type(fields[i]!.type), value, id]);
        return value;
      })),
    };
  }
  const id = outputVariable(m, type, `in.var.${name}`, StorageClass.TaskPayloadWorkgroupEXT);
  return {
    ids: [id],
    load: (fe) => {
      const value = fe.b.id();
      fe.f.emit(Op.Load, [fe.t.type(type), value, id]);
      return value;
    },
  };
}

/** The manual's intrinsic table: SetMeshOutputCounts and DispatchMesh per extension. */
export function emitMeshIntrinsic(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'intrinsic' }>): number {
  const nv = isNvMeshShading(fe.b);
  if (e.name === 'SetMeshOutputCounts') {
    const [vertices, primitives] = e.args.map((a) => fe.expr(a));
    if (!nv) fe.f.emit(Op.SetMeshOutputsEXT, [vertices!, primitives!]);
    else fe.f.emit(Op.Store, [fe.m.meshShading!.primitiveCount!, primitives!]);
    return 0;
  }
  const [x, y, z] = e.args.slice(0, 3).map((a) => fe.expr(a));
  const payload = e.args[3]!;
  if (payload.op !== 'load' || payload.place.kind !== 'global') throw new Error('internal: DispatchMesh payload is not a global');
  // Every invocation's payload writes are visible before the mesh shaders start (as DXC emits it).
  const workgroup = fe.t.uintConst(2);
  fe.f.emit(Op.ControlBarrier, [workgroup, workgroup, fe.t.uintConst(0x108)]);
  if (!nv) {
    fe.f.terminate(Op.EmitMeshTasksEXT, [x!, y!, z!, fe.m.globals.get(payload.place.global)!.id]);
    return 0;
  }
  const outputs = fe.m.meshShading?.taskOutputs.get(payload.place.global);
  if (!outputs) throw new Error('internal: DispatchMesh outside an amplification entry point');
  const value = fe.expr(payload);
  const fields = (payload.type as StructType).fields;
  outputs.members.forEach((id, i) => {
    const part = fe.b.id();
    fe.f.emit(Op.CompositeExtract, [fe.t.type(fields[i]!.type), part, value, i]);
    fe.f.emit(Op.Store, [id, part]);
  });
  const uint = fe.t.type(UINT);
  const xy = fe.b.id();
  fe.f.emit(Op.IMul, [uint, xy, x!, y!]);
  const count = fe.b.id();
  fe.f.emit(Op.IMul, [uint, count, xy, z!]);
  fe.f.emit(Op.Store, [outputs.taskCount, count]);
  return 0;
}
