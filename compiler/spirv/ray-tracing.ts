// Ray-tracing calls and system values in SPIR-V (SPV_KHR_ray_tracing; the manual's ray-tracing
// tables): system values are loads of module-level builtin Input variables; TraceRay and CallShader
// copy their payload into a RayPayloadKHR / CallableDataKHR variable around OpTraceRayKHR /
// OpExecuteCallableKHR; ReportHit stores its attributes into the HitAttributeKHR variable; IgnoreHit
// and AcceptHitAndEndSearch end the block. Which module variables each function touches is recorded,
// so that each entry point lists exactly the ones its call tree uses.
// With -fspv-extension=SPV_NV_ray_tracing the module takes DXC's NV form instead (SPIR-V 1.0 and
// later): RayTracingNV, OpTraceNV / OpExecuteCallableNV naming the payload's or callable data's
// Location, OpIgnoreIntersectionNV / OpTerminateRayNV as ordinary instructions, RayTCurrent as HitTNV.
// The other enumerants are shared by both extensions.
import type { IrFunction, ResourceCall } from '../ir/ir.js';
import type { RaySystemValue } from '../ir/ray-tracing.js';
import { FLOAT, matrix, typeToString, type Type } from '../types.js';
import type { ModuleBuilder } from './builder.js';
import type { FunctionEmitter } from './function.js';
import { BuiltIn, Capability, Decoration, Op, StorageClass } from '../spirv-spec/spec.js';
import type { TypeEmitter } from './types.js';

/** The builtin behind each system value; the 3x4 forms load the 4x3 matrix and transpose it. */
const BUILTINS: Record<RaySystemValue, { builtin: keyof typeof BuiltIn; transpose?: boolean }> = {
  DispatchRaysIndex: { builtin: 'LaunchIdKHR' },
  DispatchRaysDimensions: { builtin: 'LaunchSizeKHR' },
  WorldRayOrigin: { builtin: 'WorldRayOriginKHR' },
  WorldRayDirection: { builtin: 'WorldRayDirectionKHR' },
  RayTMin: { builtin: 'RayTminKHR' },
  RayTCurrent: { builtin: 'RayTmaxKHR' },
  RayFlags: { builtin: 'IncomingRayFlagsKHR' },
  InstanceIndex: { builtin: 'InstanceId' },
  InstanceID: { builtin: 'InstanceCustomIndexKHR' },
  GeometryIndex: { builtin: 'RayGeometryIndexKHR' },
  PrimitiveIndex: { builtin: 'PrimitiveId' },
  ObjectRayOrigin: { builtin: 'ObjectRayOriginKHR' },
  ObjectRayDirection: { builtin: 'ObjectRayDirectionKHR' },
  ObjectToWorld3x4: { builtin: 'ObjectToWorldKHR', transpose: true },
  ObjectToWorld4x3: { builtin: 'ObjectToWorldKHR' },
  WorldToObject3x4: { builtin: 'WorldToObjectKHR', transpose: true },
  WorldToObject4x3: { builtin: 'WorldToObjectKHR' },
  HitKind: { builtin: 'HitKindKHR' },
};

/** Storage classes whose variables the NV calls name by Location, numbered per class as DXC. */
const LOCATED: ReadonlySet<number> = new Set([StorageClass.RayPayloadKHR, StorageClass.CallableDataKHR]);

/** Module-level ray-tracing variables, created on first use. */
export class RayTracingModule {
  private readonly builtins = new Map<string, number>();
  private readonly data = new Map<string, number>();
  /** NV form: the Location of each located variable, and how many each storage class has. */
  private readonly locations = new Map<number, number>();
  private readonly locationCounts = new Map<number, number>();
  /** Variables each function's code touches (by its emitter), and the emitter of each IR function. */
  private readonly uses = new Map<FunctionEmitter, Set<number>>();
  readonly emitters = new Map<IrFunction, FunctionEmitter>();

  constructor(
    private readonly b: ModuleBuilder,
    private readonly t: TypeEmitter,
    /** SPV_NV_ray_tracing instead of SPV_KHR_ray_tracing. */
    readonly nv: boolean,
    /** SPIR-V 1.4 or later: entry points list every variable they use, not only Input/Output ones. */
    private readonly listsAllVariables: boolean,
  ) {}

  /** Declares the ray-tracing capability and extension of the module's form. */
  declare(): void {
    this.b.capability(this.nv ? Capability.RayTracingNV : Capability.RayTracingKHR);
    this.b.extension(this.nv ? 'SPV_NV_ray_tracing' : 'SPV_KHR_ray_tracing');
  }

  /** The Location of a located variable (NV form). */
  location(id: number): number {
    const location = this.locations.get(id);
    if (location === undefined) throw new Error('internal: ray-tracing variable without a Location');
    return location;
  }

  /** An entry point's interface: before SPIR-V 1.4 it lists only the (Input) builtins. */
  entryInterface(ids: Iterable<number>): number[] {
    const builtins = new Set(this.builtins.values());
    return [...ids].filter((id) => this.listsAllVariables || builtins.has(id));
  }

  private use(fe: FunctionEmitter, id: number): number {
    let set = this.uses.get(fe);
    if (!set) this.uses.set(fe, (set = new Set()));
    set.add(id);
    return id;
  }

  builtin(fe: FunctionEmitter, name: keyof typeof BuiltIn, type: Type): number {
    let id = this.builtins.get(name);
    if (id === undefined) {
      id = this.b.id();
      this.b.global(Op.Variable, [this.t.pointer(StorageClass.Input, this.t.type(type)), id, StorageClass.Input]);
      this.b.name(id, `gl_${name}`);
      this.b.decorate(id, Decoration.BuiltIn, BuiltIn[name]);
      this.builtins.set(name, id);
    }
    return this.use(fe, id);
  }

  /**
   * The module's variable of `storageClass` for values of `type` (one per type: TraceRay and
   * CallShader calls in sequence share it). No Location in the KHR form: OpTraceRayKHR and
   * OpExecuteCallableKHR name the variable itself (Mesa warns about a Location there); the NV calls
   * name the Location.
   */
  variable(fe: FunctionEmitter | undefined, storageClass: number, type: Type, name: string): number {
    const typeId = this.t.type(type);
    const key = `${storageClass}:${typeId}`;
    let id = this.data.get(key);
    if (id === undefined) {
      id = this.b.id();
      this.b.global(Op.Variable, [this.t.pointer(storageClass, typeId), id, storageClass]);
      this.b.name(id, name);
      this.data.set(key, id);
      if (this.nv && LOCATED.has(storageClass)) {
        const location = this.locationCounts.get(storageClass) ?? 0;
        this.locationCounts.set(storageClass, location + 1);
        this.locations.set(id, location);
        this.b.decorate(id, Decoration.Location, location);
      }
    }
    return fe ? this.use(fe, id) : id;
  }

  /** The variables that the call tree of `root` touches. */
  reachable(root: IrFunction): number[] {
    const out = new Set<number>();
    const seen = new Set<IrFunction>();
    const visit = (fn: IrFunction) => {
      if (seen.has(fn)) return;
      seen.add(fn);
      const fe = this.emitters.get(fn);
      if (!fe) return;
      for (const id of this.uses.get(fe) ?? []) out.add(id);
      for (const callee of fe.callees) visit(callee);
    };
    visit(root);
    return [...out];
  }
}

/** Emits one ray-tracing call or system value; returns its result id (0 for the void ones). */
export function emitRayTracingCall(fe: FunctionEmitter, call: Extract<ResourceCall, { kind: 'raySystemValue' | 'traceRay' | 'reportHit' | 'callShader' | 'rayTerminate' }>, type: Type): number {
  const rt = fe.m.rayTracing;
  rt.declare();
  const result = (opcode: number, t: Type, operands: number[]): number => {
    const id = fe.b.id();
    fe.f.emit(opcode, [fe.t.type(t), id, ...operands]);
    return id;
  };
  switch (call.kind) {
    case 'raySystemValue': {
      const { builtin, transpose } = rt.nv && call.value === 'RayTCurrent' ? { builtin: 'HitTNV' as const, transpose: false } : BUILTINS[call.value];
      const stored = transpose && type.kind === 'matrix' ? matrix(FLOAT, type.cols, type.rows) : type;
      const loaded = result(Op.Load, stored, [rt.builtin(fe, builtin, stored)]);
      return transpose ? result(Op.Transpose, type, [loaded]) : loaded;
    }
    case 'traceRay': {
      const payloadType = call.payload.type;
      const variable = rt.variable(fe, StorageClass.RayPayloadKHR, payloadType, `payload.${typeToString(payloadType)}`);
      const accel = fe.loadPtr(fe.place(call.accel));
      const [flags, mask, offset, stride, miss, ray] = call.args.map((a) => fe.expr(a)) as number[];
      const v3 = matrixRow();
      const parts = [[v3, 0], [FLOAT, 1], [v3, 2], [FLOAT, 3]].map(([t, i]) => result(Op.CompositeExtract, t as Type, [ray!, i as number]));
      fe.f.emit(Op.Store, [variable, fe.loadPtr(fe.place(call.payload))]);
      if (rt.nv) fe.f.emit(Op.TraceNV, [accel, flags!, mask!, offset!, stride!, miss!, ...parts, fe.t.uintConst(rt.location(variable))]);
      else fe.f.emit(Op.TraceRayKHR, [accel, flags!, mask!, offset!, stride!, miss!, ...parts, variable]);
      fe.storePtr(fe.place(call.payload), result(Op.Load, payloadType, [variable]), payloadType);
      return 0;
    }
    case 'callShader': {
      const dataType = call.data.type;
      const variable = rt.variable(fe, StorageClass.CallableDataKHR, dataType, `callable.${typeToString(dataType)}`);
      const index = fe.expr(call.index);
      fe.f.emit(Op.Store, [variable, fe.loadPtr(fe.place(call.data))]);
      if (rt.nv) fe.f.emit(Op.ExecuteCallableNV, [index, fe.t.uintConst(rt.location(variable))]);
      else fe.f.emit(Op.ExecuteCallableKHR, [index, variable]);
      fe.storePtr(fe.place(call.data), result(Op.Load, dataType, [variable]), dataType);
      return 0;
    }
    case 'reportHit': {
      const [t, kind, attributes] = call.args.map((a) => fe.expr(a)) as [number, number, number];
      const attributeType = call.args[2]!.type;
      const variable = rt.variable(fe, StorageClass.HitAttributeKHR, attributeType, `attributes.${typeToString(attributeType)}`);
      fe.f.emit(Op.Store, [variable, attributes]);
      return result(Op.ReportIntersectionKHR, type, [t, kind]);
    }
    case 'rayTerminate':
      // The NV instructions end the invocation without ending the block.
      if (rt.nv) {
        fe.f.emit(call.ignore ? Op.IgnoreIntersectionNV : Op.TerminateRayNV, []);
        return 0;
      }
      // Both are block terminators (SPV_KHR_ray_tracing): what follows in the block is unreachable.
      fe.f.terminate(call.ignore ? Op.IgnoreIntersectionKHR : Op.TerminateRayKHR);
      return 0;
  }
}

function matrixRow(): Type {
  return { kind: 'vector', element: FLOAT, size: 3 };
}
