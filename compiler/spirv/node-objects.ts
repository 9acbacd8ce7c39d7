// Work-graph node objects in SPIR-V (SPV_AMDX_shader_enqueue, as DXC lowers them): each node
// parameter of a node entry has its own OpTypeNodePayloadArrayAMDX of its record struct, decorated
// with what the parameter's attributes say (node name, max records, …). The input is a
// NodePayloadAMDX variable; an output is only its type, which OpAllocateNodePayloadsAMDX returns a
// pointer to. A node object's place is a pointer to its payload array, a record an access chain into
// it. SPIR-V has no NodePayloadAMDX function parameters, so node objects stay in the entry function
// (helpers taking them are inlined: inlineNodeCall) and the redirect below owns every place rooted at one.
import type { IrCallArg, IrFunction, IrPlace, IrVar, NodeCall, NodeParamInfo } from '../ir/ir.js';
import { placeRoot } from '../ir/walk.js';
import { Decoration, Op, StorageClass } from '../spirv-spec/spec.js';
import { typeToString, UINT, type NodeType, type StructType, type Type } from '../types.js';
import { encodeString } from './builder.js';
import type { FunctionEmitter, ModuleContext, PlaceRedirect, Pointer } from './function.js';
import { ScopeId } from './operators.js';
import { inlineCall, inlineCallWithReturns } from './inline-call.js';
import { inlinable, inlinableWithReturns } from './values.js';
import type { LayoutContext } from './types.js';

/** What a node-typed variable stands for: a parameter's payload array type, and a pointer where one exists. */
/** Records are laid out as DXC lays them out (its Scalar rule), explicitly: the application reads and writes them. */
function recordLayout(m: ModuleContext): LayoutContext {
  return { rule: 'scalar', buffer: 'storage', defaultMajorness: m.defaultMajorness };
}

interface NodeBinding {
  arrayType: number;
  /** The input's variable, or the allocated records' pointer. */
  pointer?: number;
  /** An output parameter (array): allocations of it take this type. */
  output?: boolean;
  /** A local naming allocated records. */
  records?: boolean;
  /** An output's `[NodeID(name, index)]` index: IsValid's node index without a subscript (as DXC). */
  baseIndex?: number;
}

function isNode(t: Type): t is NodeType {
  return t.kind === 'node';
}

/** OpConstantStringAMDX: the node names of decorations and execution modes. */
export function amdxString(m: ModuleContext, text: string): number {
  return m.b.intern(`amdxString:${text}`, Op.ConstantStringAMDX, encodeString(text), 0);
}

export class NodeRedirect implements PlaceRedirect {
  private readonly bindings = new Map<IrVar, NodeBinding>();
  /** Module variables of the entry's interface (its input). */
  readonly interfaceIds: number[] = [];

  constructor(
    private readonly m: ModuleContext,
    fn: IrFunction,
    params: readonly (NodeParamInfo | undefined)[],
    private readonly errors: string[],
  ) {
    const arrays = fn.params.map((p) => (isNode(p.var.type) ? this.payloadArray(p.var, p.var.type) : undefined));
    fn.params.forEach((p, i) => {
      const t = p.var.type;
      if (!isNode(t)) return;
      const arrayType = arrays[i]!;
      const info = params[i];
      // The record's SV_DispatchGrid member, for inputs and for outputs to dynamically sized nodes.
      if (t.record.kind === 'struct') dispatchGrid(m, t.record);
      if (/Input/.test(t.object)) {
        const id = m.b.id();
        m.b.global(Op.Variable, [m.types.pointer(StorageClass.NodePayloadAMDX, arrayType), id, StorageClass.NodePayloadAMDX]);
        m.b.name(id, p.var.name);
        this.interfaceIds.push(id);
        this.bindings.set(p.var, { arrayType, pointer: id });
        if (t.record.kind === 'struct' && t.record.trackRWInputSharing) m.b.decorate(m.types.type(t.record, recordLayout(m)), Decoration.TrackFinishWritingAMDX);
      } else this.bindings.set(p.var, { arrayType, output: true, baseIndex: info?.baseIndex ?? 0 });
      if (info) this.decorate(arrayType, info, /Output/.test(t.object), arrays);
    });
  }

  /** One payload array type per parameter: its decorations are the parameter's. */
  private payloadArray(v: IrVar, t: NodeType): number {
    return this.m.b.intern(`nodePayloadArray:${v.id}`, Op.TypeNodePayloadArrayAMDX, [this.m.types.type(t.record, recordLayout(this.m))], 0);
  }

  private decorate(id: number, info: NodeParamInfo, output: boolean, arrays: (number | undefined)[]): void {
    const { b, types } = this.m;
    if (output) {
      b.decorateId(id, Decoration.PayloadNodeNameAMDX, amdxString(this.m, info.name));
      if (info.baseIndex) b.decorateId(id, Decoration.PayloadNodeBaseIndexAMDX, types.uintConst(info.baseIndex));
    }
    b.decorateId(id, Decoration.NodeMaxPayloadsAMDX, types.uintConst(info.maxRecords ?? 1));
    const shared = info.sharesWith !== undefined ? arrays[info.sharesWith] : undefined;
    if (shared !== undefined) b.decorateId(id, Decoration.NodeSharesPayloadLimitsWithAMDX, shared);
    if (info.sparse) b.decorate(id, Decoration.PayloadNodeSparseArrayAMDX);
    if (info.arraySize !== undefined) b.decorateId(id, Decoration.PayloadNodeArraySizeAMDX, types.uintConst(info.arraySize));
  }

  owns(p: IrPlace): boolean {
    const root = placeRoot(p);
    return root.kind === 'local' && this.bindings.has(root.local) || (root.kind === 'local' && isNode(root.local.type));
  }

  /** One access chain from the node object to the place, as DXC folds them. */
  pointer(fe: FunctionEmitter, p: IrPlace): Pointer {
    const indices: number[] = [];
    let q = p;
    for (; q.kind === 'member' || q.kind === 'element'; q = q.base) {
      // A 1xN matrix is a SPIR-V vector: its only row is the vector itself.
      if (q.kind === 'element' && q.base.type.kind === 'matrix' && q.base.type.rows === 1) continue;
      indices.unshift(q.kind === 'member' ? fe.t.intConst(q.index) : fe.expr(q.index));
    }
    const root = this.root(q);
    return indices.length ? fe.chainTo(root, indices, p.type) : root;
  }

  private root(p: IrPlace): Pointer {
    switch (p.kind) {
      case 'local': {
        const pointer = this.bindings.get(p.local)?.pointer;
        if (pointer === undefined) {
          this.errors.push(`node object '${p.local.name}' of type '${typeToString(p.type)}' has no records here: allocate them with GetThreadNodeOutputRecords or GetGroupNodeOutputRecords`);
          return { id: 0, type: p.type, storageClass: StorageClass.NodePayloadAMDX, ctx: recordLayout(this.m) };
        }
        return { id: pointer, type: p.type, storageClass: StorageClass.NodePayloadAMDX, ctx: recordLayout(this.m) };
      }
      default:
        throw new Error(`internal: a ${p.kind} place under a node object`);
    }
  }

  load(fe: FunctionEmitter, p: IrPlace): number {
    // A whole node object (`records = other`) is its pointer.
    if (isNode(p.type)) return this.pointer(fe, p).id;
    return fe.loadPtr(this.pointer(fe, p));
  }

  store(fe: FunctionEmitter, p: IrPlace, value: number): void {
    if (p.kind === 'local' && isNode(p.type)) {
      // `ThreadNodeOutputRecords<R> r = output.Get…Records(n)`: r names the allocation's pointer.
      // The checker allows a later `r = other` only where it dominates every use that follows.
      const binding = this.bindings.get(p.local);
      if (binding && !binding.records) this.errors.push(`node parameter '${p.local.name}' cannot be assigned`);
      else this.bindings.set(p.local, { arrayType: 0, pointer: value, records: true });
      return;
    }
    fe.storePtr(this.pointer(fe, p), value, p.type);
  }

  /** An error of the entry this redirect belongs to. */
  refuse(message: string): void {
    this.errors.push(message);
  }

  /** A helper's node object parameter, inlined: the caller's node object under another name. */
  alias(v: IrVar, arg: IrPlace): void {
    const binding = arg.kind === 'local' ? this.bindings.get(arg.local) : undefined;
    if (binding) this.bindings.set(v, binding);
    else this.errors.push(`internal: node object argument '${arg.kind === 'local' ? arg.local.name : arg.kind}' has no binding`);
  }

  /** The payload array type of the output a node call names. */
  outputArray(p: IrPlace): number | undefined {
    const root = placeRoot(p);
    return root.kind === 'local' ? this.bindings.get(root.local)?.arrayType : undefined;
  }

  /**
   * A Function variable of an output's payload array, declared on first use: IsValid asks about the
   * output itself, which SPIR-V names by a pointer, as DXC passes its output parameter's variable
   * (never read or written; a NodePayloadAMDX variable would read as a second input payload).
   */
  outputVariable(fe: FunctionEmitter, p: IrPlace): { variable: number; baseIndex: number } | undefined {
    const root = placeRoot(p);
    const binding = root.kind === 'local' ? this.bindings.get(root.local) : undefined;
    if (!binding?.output || root.kind !== 'local') return undefined;
    if (binding.pointer === undefined) {
      binding.pointer = this.m.b.id();
      fe.f.variable(fe.t.pointer(StorageClass.Function, binding.arrayType), binding.pointer, StorageClass.Function);
      this.m.b.name(binding.pointer, root.local.name);
    }
    return { variable: binding.pointer, baseIndex: binding.baseIndex ?? 0 };
  }
}

/**
 * DXC's PayloadDispatchIndirectAMDX: the record member with the SV_DispatchGrid semantic (searched
 * through nested structs, decorating the struct that has it) says where a node's grid size is.
 */
function dispatchGrid(m: ModuleContext, s: StructType): boolean {
  for (const [i, f] of s.fields.entries()) {
    if (f.semantic?.toLowerCase() === 'sv_dispatchgrid') {
      m.b.memberDecorate(m.types.type(s, recordLayout(m)), i, Decoration.PayloadDispatchIndirectAMDX);
      return true;
    }
    if (f.type.kind === 'struct' && dispatchGrid(m, f.type)) return true;
  }
  return false;
}

/** A function (not a node entry) with node object parameters: only ever inlined into its callers. */
export function takesNodeObjects(fn: IrFunction): boolean {
  return fn.params.some((p) => p.var.type.kind === 'node');
}

/**
 * A call passing node objects, inlined at every optimisation level (SPIR-V has no NodePayloadAMDX
 * function parameters): the callee's node parameters name the caller's objects, the rest is an
 * ordinary inlined call.
 */
export function inlineNodeCall(fe: FunctionEmitter, callee: IrFunction, args: IrCallArg[]): number {
  const redirect = redirectOf(fe);
  callee.params.forEach((p, i) => {
    const a = args[i];
    if (p.var.type.kind === 'node' && a?.kind === 'place') redirect.alias(p.var, a.place);
  });
  const plain = { ...callee, params: callee.params.filter((p) => p.var.type.kind !== 'node') };
  if (inlinable(plain, (v) => fe.m.valueFacts.bindableParameter(callee, v))) return inlineCall(fe, callee, args);
  if (inlinableWithReturns(plain)) return inlineCallWithReturns(fe, callee, args);
  redirect.refuse(`'${callee.name}' takes node objects, so it is inlined, but it cannot be (a return or discard inside a loop or switch, or a body too large): restructure it or inline it by hand`);
  return 0;
}

function redirectOf(fe: FunctionEmitter): NodeRedirect {
  if (!(fe.redirect instanceof NodeRedirect)) throw new Error('internal: a node method outside a node entry function');
  return fe.redirect;
}

/** The node methods (ir.ts NodeCall). */
export function emitNodeCall(fe: FunctionEmitter, call: NodeCall): number {
  const { b, t } = fe;
  const result = (opcode: number, type: number, operands: number[]): number => {
    const id = b.id();
    fe.f.emit(opcode, [type, id, ...operands]);
    return id;
  };
  switch (call.kind) {
    case 'nodeRecursionLevels':
      return fe.loadPtr({ id: fe.builtinInput('RemainingRecursionLevelsAMDX', UINT), type: UINT, storageClass: StorageClass.Private });
    case 'nodeCount':
      return result(Op.NodePayloadArrayLengthAMDX, t.scalar(UINT), [fe.place(call.input).id]);
    case 'nodeFinishSharing':
      return result(Op.FinishWritingNodePayloadAMDX, t.bool(), [fe.place(call.input).id]);
    case 'nodeComplete':
      fe.f.emit(Op.EnqueueNodePayloadsAMDX, [fe.place(call.records).id]);
      return 0;
    case 'nodeAllocate': {
      const array = redirectOf(fe).outputArray(call.output);
      if (array === undefined) throw new Error('internal: an allocation from an unknown node output');
      const scope = t.uintConst(call.group ? ScopeId.Workgroup : ScopeId.Invocation);
      const count = fe.expr(call.count);
      const index = call.index ? fe.expr(call.index) : t.uintConst(0);
      return result(Op.AllocateNodePayloadsAMDX, t.pointer(StorageClass.NodePayloadAMDX, array), [scope, count, index]);
    }
    case 'nodeValid': {
      const output = redirectOf(fe).outputVariable(fe, call.output);
      if (output === undefined) throw new Error('internal: IsValid of an unknown node output');
      const index = call.index ? fe.expr(call.index) : t.uintConst(output.baseIndex);
      return result(Op.IsNodePayloadValidAMDX, t.bool(), [output.variable, index]);
    }
  }
}
