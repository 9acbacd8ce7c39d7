// Emits IR functions as SPIR-V: places become access chains, expressions become instructions, and
// structured control flow gets its merge/continue blocks. Parameters are pointers to Function
// variables (as DXC does), so in/out/inout are copies made by the caller.
import { emitPrintf } from './printf.js';
import { emitInterpolate } from './interpolate.js';
import type { GuardNeed, IrCallArg, IrExpr, IrFunction, IrPlace, IrStmt, IrVar } from '../ir/ir.js';
import { elementScalar, type MatrixType, type ScalarType, type SpirvInlineType, type Type } from '../types.js';
import { FunctionBuilder, type ModuleBuilder } from './builder.js';
import { emitIntrinsic } from './intrinsics.js';
import { constantPath, inlinable, inlinableWithReturns, maskConstant, wholeVectorParts } from './values.js';
import { inlineCall, inlineCallWithReturns } from './inline-call.js';
import { inlineNodeCall, takesNodeObjects } from './node-objects.js';
import { constantId } from './constants.js';

export { constantId, scalarWords } from './constants.js';
import { emitResourceCall, isTexelPlace, loadTexelPlace, storeTexelPlace } from './resources.js';
import { definedDivRem, maskShiftAmount } from './defined-arithmetic.js';
import { binaryOpcode, FunctionControl, ScopeId } from './operators.js';
import { type BuiltIn, Decoration, Op, StorageClass } from '../spirv-spec/spec.js';
import { NonUniformIds } from './non-uniform.js';
import { matrixShape, type TypeEmitter } from './types.js';
import { layoutOf } from '../layout/index.js';
import { declareRequirements, emitInlineSpirv } from './inline-spirv.js';
import { applyDecorations } from './decorations.js';
import { isDevicePointer, isInlinePointer } from './inline-types.js';
import { interlocked } from './interlock.js';
import { declareLinkage } from './linkage.js';
import { SsaValues, type Edge } from './ssa.js';
import { ifStmt, loop, selectionControl, switchStmt } from './control-flow.js';
import { convertValue, fromStorage, rebuild, toStorage } from './conversions.js';

export type { GlobalInfo, ModuleContext, PlaceRedirect, Pointer } from './module-context.js';
import type { ModuleContext, PlaceRedirect, Pointer } from './module-context.js';

const INT_TYPE: ScalarType = { kind: 'scalar', base: 'int', width: 32 };

interface LoopTargets {
  merge: number;
  continue: number;
}

export class FunctionEmitter {
  readonly f = new FunctionBuilder();
  /** Variables of locals and parameters (inline-call.ts binds a callee's). */
  readonly locals = new Map<IrVar, Pointer>();
  readonly loops: LoopTargets[] = [];
  /** Innermost break target: a loop's or a switch's merge block. */
  readonly breakTargets: number[] = [];
  /** Execution modes the entry wrapper's stage variables require (SV_Depth → DepthReplacing, …). */
  readonly pendingModes: number[] = [];
  /** The first construct here that takes implicit derivatives (ddx, Sample, …): a stage check per entry point. */
  derivative?: string;
  /** The first construct here only a fragment shader may execute (pixel-only.ts). */
  pixelOnly?: string;
  /** Functions this one calls: with `derivative`, what an entry point's call graph reaches. */
  readonly callees = new Set<IrFunction>();
  /** Inline SPIR-V pointer types given a Function variable here, which logical addressing forbids (emit.ts refuses them). */
  readonly storedPointers: SpirvInlineType[] = [];
  /** It accesses a rasterizer-ordered view (interlock.ts). */
  interlock?: boolean;
  /** Set for an entry function whose stage keeps some parameters elsewhere (stages/mesh.ts). */
  redirect?: PlaceRedirect;
  /** Ids decorated NonUniform (NonUniformResourceIndex and what is computed from it). */
  readonly nonUniform: NonUniformIds;
  /**
   * Variables bound to values (entry parameters of an inlined entry function that it never writes):
   * loads through constant paths read the value, with no variable (DXC's optimised output).
   */
  readonly bound = new Map<IrVar, number>();
  /** Locals that are values (see valueLocals()): their one store binds them. */
  valueLocals = new Set<IrVar>();
  /** The value locals' current values, and the phis where control flow joins. */
  readonly ssa = new SsaValues(this);
  /** Per enclosing loop or switch: the edges its `break`s take to its merge. */
  readonly breakEdges: Edge[][] = [];
  /** Per enclosing loop: the edges its `continue`s take to its continue target. */
  readonly continueEdges: Edge[][] = [];
  readonly memo = new Map<IrExpr, { id: number; block: number }>();
  /** The parts of the struct/array composites this emitter constructed: extracting one reuses it. */
  private readonly partsOf = new Map<number, number[]>();
  /** The base and indices of each OpAccessChain this emitter made. */
  private readonly chains = new Map<number, number[]>();
  /** Set while an entry function's body is emitted into its wrapper: what a `return` does there. */
  onReturn: ((value: number | undefined) => void) | undefined;

  constructor(readonly m: ModuleContext) {
    this.nonUniform = new NonUniformIds(m.b);
  }

  glslSet(): number {
    return this.m.glsl();
  }

  userSemantic(id: number, semantic: string): void {
    this.m.userSemantic(id, semantic);
  }

  builtinInput(builtin: keyof typeof BuiltIn, type: Type): number {
    return this.m.builtinInput(builtin, type);
  }

  /** A memory scope operand: Device becomes QueueFamily under the Vulkan memory model, as DXC's upgrade does. */
  memoryScope(scope: number): number {
    return this.t.uintConst(this.m.vulkanMemoryModel && scope === ScopeId.Device ? ScopeId.QueueFamily : scope);
  }

  functionIdOf(fn: IrFunction): number {
    return this.m.functionId(fn);
  }

  get b(): ModuleBuilder {
    return this.m.b;
  }

  get t(): TypeEmitter {
    return this.m.types;
  }

  /**
   * Min-precision values (min16float, min16int, …) are 32-bit with RelaxedPrecision (manual's
   * minimal precision table): their variables and the results of arithmetic on them are decorated.
   */
  relax(id: number, type: Type): number {
    if (id && isRelaxed(type)) this.b.decorate(id, Decoration.RelaxedPrecision);
    return id;
  }

  /** Emits a whole IR function under the given result id. */
  emitFunction(fn: IrFunction, id: number): number[] {
    const ret = this.t.type(fn.returnType);
    // A stream parameter carries no data: Append writes the entry's output variables directly.
    // Nor does a node object: the node stage's redirect names it (node-objects.ts).
    const params = fn.params.filter((p) => p.var.type.kind !== 'stream' && p.var.type.kind !== 'node');
    const paramPtrs = params.map((p) => this.t.pointer(StorageClass.Function, this.t.type(p.var.type)));
    this.f.emit(Op.Function, [ret, id, FunctionControl.None, this.t.function(ret, paramPtrs)]);
    declareRequirements(this, fn.requirements);
    applyDecorations(this.b, this.t, id, fn.decorations);
    if (fn.linkage) declareLinkage(this.b, id, fn.linkage.name);
    this.b.name(id, fn.name);
    params.forEach((p, i) => {
      const pid = this.b.id();
      this.f.emit(Op.FunctionParameter, [paramPtrs[i]!, pid]);
      this.b.name(pid, p.var.name);
      if (isDevicePointer(p.var.type)) this.b.decorate(pid, pointerAliasing(p.var));
      applyDecorations(this.b, this.t, pid, p.var.decorations);
      declareRequirements(this, p.var.requirements);
      this.locals.set(p.var, { id: pid, type: p.var.type, storageClass: StorageClass.Function });
      this.relax(pid, p.var.type);
    });
    this.f.label(this.b.id());
    if (this.m.optimize) this.valueLocals = new Set([...this.m.valueFacts.valueLocals(fn)].filter((v) => v.type.kind !== 'node'));
    for (const v of fn.locals) if (!this.valueLocals.has(v) && v.type.kind !== 'node') this.local(v);
    this.ssa.count(fn.body);
    for (const v of this.valueLocals) this.ssa.declare(v);
    this.stmts(fn.body);
    if (this.f.blockOpen) {
      if (fn.returnType.kind === 'void') this.f.terminate(Op.Return);
      else this.f.terminate(Op.Unreachable);
    }
    this.f.emit(Op.FunctionEnd, []);
    return this.f.finish();
  }

  /** vk::BufferPointer from/to uint64_t (OpConvertUToPtr/OpConvertPtrToU), or to another pointee (OpBitcast). */
  private pointerConvert(value: number, from: Type, to: Type): number {
    const id = this.b.id();
    const opcode = from.kind !== 'pointer' ? Op.ConvertUToPtr : to.kind !== 'pointer' ? Op.ConvertPtrToU : Op.Bitcast;
    this.f.emit(opcode, [this.t.type(to), id, value]);
    return id;
  }

  /**
   * Emits `fn`'s body into the function being built (the entry wrapper, whose block is open): its
   * parameters are `params` (a value binds a parameter the body never writes, a pointer is a
   * variable), and each `return` calls `onReturn`, which must terminate the block unless the body
   * returns only at its end (values.ts inlinable()).
   */
  /**
   * A parameter is bound to a value it only reads (`value`), held in a Function variable (`pointer`),
   * or an SSA value local starting as `ssa` (undefined: undef) that the caller reads back at returns.
   */
  emitInlineBody(fn: IrFunction, params: Map<IrVar, { value: number } | { pointer: number } | { ssa: number | undefined }>, onReturn: (value: number | undefined) => void): void {
    for (const [v, p] of params) {
      if ('value' in p) this.bound.set(v, p.value);
      else if ('pointer' in p) this.locals.set(v, { id: p.pointer, type: v.type, storageClass: StorageClass.Function });
    }
    if (this.m.optimize) this.valueLocals = new Set([...this.m.valueFacts.valueLocals(fn)].filter((v) => v.type.kind !== 'node'));
    for (const v of fn.locals) if (!this.valueLocals.has(v) && v.type.kind !== 'node') this.local(v);
    this.ssa.count(fn.body);
    for (const v of this.valueLocals) this.ssa.declare(v);
    for (const [v, p] of params) {
      if (!('ssa' in p)) continue;
      this.valueLocals.add(v);
      if (p.ssa === undefined) this.ssa.declare(v);
      else this.ssa.current.set(v, p.ssa);
    }
    // A wrapper code follows (a hull's): `onReturn` may leave the block open at a trailing return.
    let returned = false;
    this.onReturn = (value) => {
      onReturn(value);
      if (this.f.blockOpen) returned = true;
    };
    this.stmts(fn.body);
    if (this.f.blockOpen && !returned) {
      if (fn.returnType.kind === 'void') onReturn(undefined);
      else this.f.terminate(Op.Unreachable);
    }
    this.onReturn = undefined;
  }

  /** A load of a bound variable through constant member/element indices: the value's part, or undefined. */
  private boundLoad(p: IrPlace): number | undefined {
    if (!this.bound.size && !this.ssa.current.size) return undefined;
    const path = constantPath(p);
    if (!path) return undefined;
    let value = this.bound.get(path.root) ?? this.ssa.current.get(path.root);
    if (value === undefined) return undefined;
    for (const step of path.steps) value = this.extractPart(value, step.type, step.index);
    return value;
  }

  /** A float vector times a splatted scalar (or a constant of equal components): OpVectorTimesScalar, as DXC. */
  private vectorTimesScalar(e: Extract<IrExpr, { op: 'binary' }>): number | undefined {
    if (e.operator !== 'mul' || e.type.kind !== 'vector' || e.type.element.base !== 'float') return undefined;
    const scalarOf = (x: IrExpr): IrExpr | undefined => {
      if (x.op === 'splat' && x.arg.type.kind === 'scalar') return x.arg;
      if (x.op === 'const' && x.value.kind === 'composite') {
        const [first, ...rest] = x.value.parts;
        if (first?.kind === 'scalar' && rest.every((p) => p.kind === 'scalar' && p.value === first.value)) return { op: 'const', type: first.type, value: first };
      }
      return undefined;
    };
    const rightScalar = scalarOf(e.right);
    const leftScalar = rightScalar ? undefined : scalarOf(e.left);
    if (!rightScalar && !leftScalar) return undefined;
    // Operands in source order.
    const l = this.expr(leftScalar ?? e.left);
    const r = this.expr(rightScalar ?? e.right);
    const id = this.b.id();
    this.f.emit(Op.VectorTimesScalar, [this.t.type(e.type), id, rightScalar ? l : r, rightScalar ? r : l]);
    return id;
  }

  /** OpCompositeInsert of `value` at `steps` into `composite` (of `type`); a one-step insert keeps known parts known. */
  private insertPart(composite: number, type: Type, value: number, steps: { index: number; type: Type }[]): number {
    const parts = this.partsOf.get(composite) ?? this.ssa.undefParts(composite);
    const [first, ...rest] = steps;
    // A part of a known composite: insert into that part, then rebuild one level (extracts stay known).
    if (parts && first && rest.length) value = this.insertPart(this.extractPart(composite, first.type, first.index), first.type, value, rest);
    const id = this.b.id();
    this.f.emit(Op.CompositeInsert, [this.t.type(type), id, value, composite, ...(parts ? [first!.index] : steps.map((s) => s.index))]);
    if (parts) this.partsOf.set(id, parts.map((p, i) => (i === first!.index ? value : p)));
    return id;
  }

  /** The parts of a struct/array (or partly written vector) value this emitter built, if known. */
  knownParts(id: number): number[] | undefined {
    return this.partsOf.get(id);
  }

  /** OpCompositeExtract, or the part itself when this emitter constructed the composite. */
  extractPart(composite: number, type: Type, index: number): number {
    const known = this.partsOf.get(composite)?.[index];
    if (known !== undefined) return known;
    if (this.ssa.undefParts(composite)) return this.ssa.undef(type);
    const id = this.b.id();
    this.f.emit(Op.CompositeExtract, [this.t.type(type), id, composite, index]);
    return id;
  }

  /** A Function-storage variable (declared in the entry block). */
  local(v: IrVar): Pointer {
    // A PhysicalStorageBuffer pointer may live in a variable; a logical one may not.
    if (isInlinePointer(v.type) && !isDevicePointer(v.type)) this.storedPointers.push(v.type);
    const id = this.b.id();
    this.f.variable(this.t.pointer(StorageClass.Function, this.t.type(v.type)), id, StorageClass.Function);
    if (isDevicePointer(v.type)) this.b.decorate(id, pointerAliasing(v));
    applyDecorations(this.b, this.t, id, v.decorations);
    declareRequirements(this, v.requirements);
    if (v.name) this.b.name(id, v.name);
    const p = { id, type: v.type, storageClass: StorageClass.Function };
    this.locals.set(v, p);
    this.relax(id, v.type);
    return p;
  }

  temp(type: Type, name = 'temp'): Pointer {
    return this.local({ id: -1, name, type });
  }

  // -------------------------------------------------------------------------------------------
  // Statements

  stmts(list: IrStmt[]): void {
    for (const s of list) {
      if (!this.f.blockOpen) return; // code after a terminator is unreachable
      this.stmt(s);
    }
  }

  private stmt(s: IrStmt): void {
    this.memo.clear();
    switch (s.op) {
      case 'store': {
        if (this.redirect?.owns(s.place)) return this.redirect.store(this, s.place, this.expr(s.value));
        const path = this.valueLocals.size ? constantPath(s.place) : undefined;
        if (path && this.valueLocals.has(path.root)) {
          const value = this.expr(s.value);
          this.ssa.current.set(path.root, path.steps.length ? this.insertPart(this.ssa.current.get(path.root)!, path.root.type, value, path.steps) : value);
          return;
        }
        if (isTexelPlace(s.place)) return storeTexelPlace(this, s.place, this.expr(s.value));
        const ptr = this.place(s.place);
        this.storePtr(ptr, this.expr(s.value), s.value.type);
        return;
      }
      case 'storeSwizzle': {
        if (this.redirect?.owns(s.place)) {
          // Mesh outputs are written component by component (NV's indices are a flat uint array).
          const value = this.expr(s.value);
          const vt = s.place.type as Extract<Type, { kind: 'vector' }>;
          s.components.forEach((c, j) => {
            const part = s.components.length === 1 ? value : this.b.id();
            if (s.components.length > 1) this.f.emit(Op.CompositeExtract, [this.t.type(vt.element), part, value, j]);
            this.redirect!.store(this, { kind: 'element', base: s.place, index: { op: 'const', type: INT_TYPE, value: { kind: 'scalar', type: INT_TYPE, value: c } }, type: vt.element }, part);
          });
          return;
        }
        const path = this.valueLocals.size ? constantPath(s.place) : undefined;
        if (path && this.valueLocals.has(path.root)) {
          const vt = s.place.type as Extract<Type, { kind: 'vector' }>;
          const value = this.expr(s.value);
          let vector: number;
          if (s.components.length === 1) vector = this.insertPart(this.boundLoad(s.place)!, vt, value, [{ index: s.components[0]!, type: vt.element }]);
          else {
            const old = this.boundLoad(s.place)!;
            vector = this.b.id();
            const sel = Array.from({ length: vt.size }, (_, i) => (s.components.indexOf(i) >= 0 ? vt.size + s.components.indexOf(i) : i));
            this.f.emit(Op.VectorShuffle, [this.t.type(vt), vector, old, value, ...sel]);
          }
          this.ssa.current.set(path.root, path.steps.length ? this.insertPart(this.ssa.current.get(path.root)!, path.root.type, vector, path.steps) : vector);
          return;
        }
        if (isTexelPlace(s.place)) return storeTexelPlace(this, s.place, this.expr(s.value), s.components);
        const ptr = this.place(s.place);
        const vt = ptr.type as Extract<Type, { kind: 'vector' }>;
        const value = this.expr(s.value);
        if (s.components.length === 1) {
          const el = this.accessChain(ptr, [this.t.intConst(s.components[0]!)], vt.element);
          this.storePtr(el, value, vt.element);
          return;
        }
        const old = this.loadPtr(ptr);
        // Shuffle: component i of the result comes from the new value where it is written.
        const sel = Array.from({ length: vt.size }, (_, i) => {
          const j = s.components.indexOf(i);
          return j >= 0 ? vt.size + j : i;
        });
        const id = this.b.id();
        this.f.emit(Op.VectorShuffle, [this.t.type(vt), id, old, value, ...sel]);
        this.storePtr(ptr, id, vt);
        return;
      }
      case 'eval':
        this.expr(s.expr);
        return;
      case 'if':
        // A constant condition (`if (false)` from a macro) keeps only the branch taken, as DXC's
        // optimizer does: the other may hold code the stage cannot have (ddx in a vertex shader).
        if (s.cond.op === 'const' && s.cond.value.kind === 'scalar') {
          this.stmts(s.cond.value.value ? s.then : s.else);
          return;
        }
        ifStmt(this, s.cond, s.then, s.else, selectionControl(s.hint));
        return;
      case 'loop':
        loop(this, s);
        return;
      case 'switch':
        switchStmt(this, s);
        return;
      case 'break':
        this.breakEdges[this.breakEdges.length - 1]!.push(this.ssa.edge());
        this.f.terminate(Op.Branch, [this.breakTargets[this.breakTargets.length - 1]!]);
        return;
      case 'continue':
        this.continueEdges[this.continueEdges.length - 1]!.push(this.ssa.edge());
        this.f.terminate(Op.Branch, [this.loops[this.loops.length - 1]!.continue]);
        return;
      case 'return':
        if (this.onReturn) return this.onReturn(s.value ? this.expr(s.value) : undefined);
        if (s.value) this.f.terminate(Op.ReturnValue, [this.expr(s.value)]);
        else this.f.terminate(Op.Return);
        return;
      case 'discard':
        this.f.terminate(Op.Kill);
        return;
      case 'emitVertex':
        this.m.streamOutput(this, this.expr(s.value), s.value.type);
        this.f.emit(Op.EmitVertex, []);
        return;
      case 'endPrimitive':
        this.f.emit(Op.EndPrimitive, []);
        return;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Places

  place(p: IrPlace): Pointer {
    if (this.redirect?.owns(p)) {
      const ptr = this.redirect.pointer(this, p);
      if (!ptr) throw new Error('internal: a mesh output aggregate has no single pointer');
      return ptr;
    }
    switch (p.kind) {
      case 'local': {
        const ptr = this.locals.get(p.local);
        if (!ptr) throw new Error(`internal: local '${p.local.name}' has no variable`);
        return ptr;
      }
      case 'global': {
        const g = this.m.globals.get(p.global);
        if (!g) throw new Error(`internal: global '${p.global.name}' was not emitted`);
        return {
          id: g.id,
          type: p.global.type,
          storageClass: g.storageClass,
          ...(g.ctx ? { ctx: g.ctx } : {}),
          ...(g.storedType !== undefined ? { storedType: g.storedType } : {}),
          ...(g.blockType !== undefined ? { blockType: g.blockType } : {}),
          ...(p.global.rasterizerOrdered ? { interlocked: true } : {}),
        };
      }
      case 'member': {
        const base = this.place(p.base);
        return this.accessChain(base, [this.t.intConst(p.index)], p.type);
      }
      case 'element': {
        const base = this.place(p.base);
        // A 1xN matrix is a SPIR-V vector: its only row is the vector itself.
        if (base.type.kind === 'matrix' && base.type.rows === 1) return { ...base, type: p.type };
        if (base.blockType !== undefined) return this.blockArrayElement(base, this.expr(p.index), p.type);
        return this.accessChain(base, [this.expr(p.index)], p.type);
      }
      case 'texel':
        throw new Error(`internal: a texel has no pointer (only loads, stores and atomics reach it)`);
      case 'address': {
        const ctx = this.m.physicalStorage();
        // No alignment given (vk::BufferPointer<T>): T's own under the storage-buffer layout, as DXC.
        const aligned = p.alignment || layoutOf(p.type, ctx).alignment;
        if (p.address.type.kind === 'pointer') return { id: this.expr(p.address), type: p.type, storageClass: StorageClass.PhysicalStorageBuffer, ctx, aligned };
        const ptrType = this.t.pointer(StorageClass.PhysicalStorageBuffer, this.t.type(p.type, ctx));
        const id = this.b.id();
        this.f.emit(Op.Bitcast, [ptrType, id, this.expr(p.address)]);
        return { id, type: p.type, storageClass: StorageClass.PhysicalStorageBuffer, ctx, aligned };
      }
    }
  }

  /** An element of an array of renamed blocks (`ConstantBuffer<S> cbs[4]`): a block, or an inner array of them. */
  private blockArrayElement(base: Pointer, index: number, type: Type): Pointer {
    const stored = this.t.descriptorArray(base.blockType!, type);
    const id = this.b.id();
    this.f.emit(Op.AccessChain, [this.t.pointer(base.storageClass, stored), id, base.id, index]);
    this.nonUniform.spread(id, [base.id, index], type);
    return { id, type, storageClass: base.storageClass, ...(base.ctx ? { ctx: base.ctx } : {}), storedType: stored, blockType: base.blockType!, ...(base.interlocked ? { interlocked: true } : {}) };
  }

  /** An access chain from `base` (for stage emitters that own variables of their own). */
  chainTo(base: Pointer, indices: number[], type: Type): Pointer {
    return this.accessChain(base, indices, type);
  }

  private accessChain(base: Pointer, indices: number[], type: Type): Pointer {
    const ptrType = this.t.pointer(base.storageClass, this.t.type(type, base.ctx, undefined));
    const id = this.b.id();
    // Optimising, a chain from a chain is one chain from the root (the inner one goes if unused).
    const inner = this.m.optimize ? this.chains.get(base.id) : undefined;
    const operands = inner ? [...inner, ...indices] : [base.id, ...indices];
    this.f.emit(Op.AccessChain, [ptrType, id, ...operands]);
    if (this.m.optimize) this.chains.set(id, operands);
    this.nonUniform.spread(id, [base.id, ...indices], type);
    // Through a device address, a member or element is aligned as its type (DXC's Aligned operand).
    const aligned = base.aligned !== undefined && base.ctx ? { aligned: layoutOf(type, base.ctx).alignment } : {};
    return { id, type, storageClass: base.storageClass, ...(base.ctx ? { ctx: base.ctx } : {}), ...aligned, ...(base.interlocked ? { interlocked: true } : {}) };
  }

  loadPtr(ptr: Pointer): number {
    const stored = ptr.storedType ?? this.t.type(ptr.type, ptr.ctx);
    const id = this.b.id();
    interlocked(this, ptr.interlocked, () => this.f.emit(Op.Load, [stored, id, ptr.id, ...alignedAccess(ptr)]));
    this.nonUniform.spread(id, [ptr.id], ptr.type);
    if (ptr.storedType !== undefined && ptr.ctx) {
      // A renamed block has S's members: rebuild the plain S from them.
      return rebuild(this, id, ptr.type, ptr.ctx, (part, pt) => fromStorage(this, part, pt, ptr.ctx!), false);
    }
    return ptr.ctx ? fromStorage(this, id, ptr.type, ptr.ctx) : id;
  }

  storePtr(ptr: Pointer, value: number, type: Type): void {
    if (ptr.storedType !== undefined) throw new Error('internal: a whole read-only buffer block is never stored to');
    const v = ptr.ctx ? toStorage(this, value, type, ptr.ctx) : value;
    interlocked(this, ptr.interlocked, () => this.f.emit(Op.Store, [ptr.id, v, ...alignedAccess(ptr)]));
  }

  // -------------------------------------------------------------------------------------------
  // Expressions

  /**
   * Optimising: an expression node the checker shares (a vector constructor's components all read
   * one value) is emitted once per block; nodes are never shared across statements.
   */
  expr(e: IrExpr): number {
    if (!this.m.optimize || e.op === "const") return this.exprOnce(e);
    const known = this.memo.get(e);
    if (known && known.block === this.f.blocks) return known.id;
    const id = this.exprOnce(e);
    this.memo.set(e, { id, block: this.f.blocks });
    return id;
  }

  private exprOnce(e: IrExpr): number {
    switch (e.op) {
      case 'const':
        return constantId(this.m, e.value);
      case 'load':
        if (this.redirect?.owns(e.place)) return this.redirect.load(this, e.place);
        if (isTexelPlace(e.place)) return loadTexelPlace(this, e.place);
        // Spec constants are values (OpSpecConstant*), not variables.
        if (e.place.kind === 'global' && e.place.global.space === 'spec-constant') return this.m.globals.get(e.place.global)!.id;
        return this.boundLoad(e.place) ?? this.loadPtr(this.place(e.place));
      case 'unary':
        return this.relax(this.unary(e), e.type);
      case 'binary': {
        const scaled = this.m.optimize ? this.vectorTimesScalar(e) : undefined;
        if (scaled !== undefined) return this.relax(scaled, e.type);
        const l = this.expr(e.left);
        const r = this.expr(e.right);
        return this.nonUniform.spread(this.relax(this.binary(e.operator, e.type, e.left, l, r, e.right, e.guard), e.type), [l, r]);
      }
      case 'convert': {
        const arg = this.expr(e.arg);
        if (e.type.kind === 'pointer' || e.arg.type.kind === 'pointer') return this.pointerConvert(arg, e.arg.type, e.type);
        return this.nonUniform.spread(this.convert(arg, e.arg.type, e.type, e.guard), [arg]);
      }
      case 'construct': {
        // Optimising: a vector of another's components (converted alike) is that vector (converted).
        const whole = this.m.optimize ? wholeVectorParts(e) : undefined;
        if (whole) return e.parts[0]!.op === 'convert' ? this.convert(this.expr(whole), whole.type, e.type) : this.expr(whole);
        return this.construct(e.type, e.parts.map((p) => this.expr(p)));
      }
      case 'extract': {
        if (e.arg.type.kind === 'matrix' && e.arg.type.rows === 1) return this.expr(e.arg);
        return this.extractPart(this.expr(e.arg), e.type, e.index);
      }
      case 'dynamicExtract': {
        const arg = this.expr(e.arg);
        const index = this.expr(e.index);
        if (e.arg.type.kind === 'vector') {
          const id = this.b.id();
          this.f.emit(Op.VectorExtractDynamic, [this.t.type(e.type), id, arg, index]);
          return id;
        }
        const tmp = this.temp(e.arg.type);
        this.storePtr(tmp, arg, e.arg.type);
        return this.loadPtr(this.accessChain(tmp, [index], e.type));
      }
      case 'swizzle': {
        const v = this.expr(e.arg);
        // `v.xyz` of a float3: the value itself (optimising, as DXC's output).
        const at = e.arg.type;
        if (this.m.optimize && at.kind === 'vector' && at.size === e.components.length && e.components.every((c, i) => c === i)) return v;
        const id = this.b.id();
        this.f.emit(Op.VectorShuffle, [this.t.type(e.type), id, v, v, ...e.components]);
        return id;
      }
      case 'splat': {
        const s = this.expr(e.arg);
        return this.splat(s, e.type);
      }
      case 'select': {
        const c = this.expr(e.cond);
        const a = this.expr(e.then);
        const b = this.expr(e.else);
        if (e.type.kind === 'matrix' || e.type.kind === 'struct' || e.type.kind === 'array') {
          if (e.cond.type.kind !== 'scalar') throw new Error('internal: component-wise select on an aggregate');
        }
        const id = this.b.id();
        this.f.emit(Op.Select, [this.t.type(e.type), id, c, a, b]);
        return id;
      }
      case 'call':
        return this.call(e.callee, e.args, e.type);
      case 'intrinsic':
        return this.relax(emitIntrinsic(this, e), e.type);
      case 'resource':
        return emitResourceCall(this, e);
      case 'spirv':
        return emitInlineSpirv(this, e);
      case 'interpolate':
        return emitInterpolate(this, e);
      case 'printf':
        return emitPrintf(this, e);
    }
  }

  private unary(e: Extract<IrExpr, { op: 'unary' }>): number {
    const arg = this.expr(e.arg);
    const el = elementScalar(e.type)!;
    const opcode = e.operator === 'lognot' ? Op.LogicalNot : e.operator === 'bitnot' ? Op.Not : el.base === 'float' ? Op.FNegate : Op.SNegate;
    const id = this.perRow(e.type, [arg], (t, [a]) => {
      const id = this.b.id();
      this.f.emit(opcode, [this.t.type(t), id, a!]);
      return id;
    });
    return this.nonUniform.spread(id, [arg]);
  }

  /** `guard`: what the optimiser proved of the operands (opt/guard-elision.ts): 'none' drops the guard. */
  binary(op: Extract<IrExpr, { op: 'binary' }>['operator'], type: Type, left: IrExpr, l: number, r: number, right?: IrExpr, guard?: GuardNeed): number {
    const operand = elementScalar(left.type)!;
    const opcode = binaryOpcode(op, operand);
    const integer = operand.base === 'int' || operand.base === 'uint';
    // A constant shift amount is masked here, not at run time (the same value).
    const maskedConstant = this.m.optimize && integer && (op === 'shl' || op === 'shr') && right?.op === 'const' && type.kind !== 'matrix' ? constantId(this.m, maskConstant(right.value, operand.width - 1)) : undefined;
    return this.perRow(type, [l, r], (t, [a, b]) => {
      if (integer && (op === 'div' || op === 'rem') && this.m.arithmetic === 'defined' && guard !== 'none') return definedDivRem(this, op, t, operand, a!, b!);
      const amount = maskedConstant ?? (integer && (op === 'shl' || op === 'shr') && guard !== 'none' ? maskShiftAmount(this, t, operand, b!) : b!);
      const id = this.b.id();
      this.f.emit(opcode, [this.t.type(t), id, a!, amount]);
      return id;
    }, left.type);
  }

  /**
   * Applies a component-wise operation; SPIR-V arithmetic does not take matrices, so a matrix is
   * done row vector by row vector (the manual: "conducted on each component vector").
   */
  perRow(type: Type, args: number[], f: (t: Type, args: number[]) => number, operandType?: Type, argTypes?: readonly Type[]): number {
    const m = (operandType ?? type) as MatrixType;
    if ((operandType ?? type).kind !== 'matrix' || matrixShape(m) === 'vector' || matrixShape(m) === 'scalar') return f(type, args);
    const resultRow: Type = { kind: 'vector', element: elementScalar(type)!, size: m.cols as 2 | 3 | 4 };
    // Each operand's row has its own element type (ldexp's float matrix beside an int exponent matrix).
    const argRow = (i: number): Type => ({ kind: 'vector', element: elementScalar(argTypes?.[i] ?? m) ?? m.element, size: m.cols as 2 | 3 | 4 });
    const rows: number[] = [];
    for (let i = 0; i < m.rows; i++) {
      const parts = args.map((a, k) => {
        const id = this.b.id();
        this.f.emit(Op.CompositeExtract, [this.t.type(argRow(k)), id, a, i]);
        return id;
      });
      rows.push(f(resultRow, parts));
    }
    return this.construct(type, rows);
  }

  /** `guard` (float → int): 'none' converts bare, 'nan' keeps only NaN → 0 (opt/guard-elision.ts). */
  convert(value: number, from: Type, to: Type, guard?: GuardNeed): number {
    return convertValue(this, value, from, to, guard);
  }

  construct(type: Type, parts: number[]): number {
    if (type.kind === 'scalar') return parts[0]!;
    if (type.kind === 'matrix') {
      const shape = matrixShape(type);
      if (shape === 'scalar') return parts[0]!;
      if (shape === 'vector' && type.cols === 1) {
        // Rx1: the rows are scalars, the SPIR-V value is a vector of them.
        const id = this.b.id();
        this.f.emit(Op.CompositeConstruct, [this.t.type(type), id, ...parts]);
        return id;
      }
      if (shape === 'vector') return parts[0]!;
    }
    const id = this.b.id();
    this.f.emit(Op.CompositeConstruct, [this.t.type(type), id, ...parts]);
    if (type.kind === 'struct' || type.kind === 'array') this.partsOf.set(id, parts);
    return id;
  }

  splat(s: number, t: Type): number {
    if (t.kind === 'scalar') return s;
    if (t.kind === 'vector') return this.construct(t, Array(t.size).fill(s));
    if (t.kind === 'matrix') {
      const shape = matrixShape(t);
      if (shape === 'scalar') return s;
      if (shape === 'vector') return this.construct({ kind: 'vector', element: t.element, size: (t.rows * t.cols) as 2 | 3 | 4 }, Array(t.rows * t.cols).fill(s));
      const row = this.construct({ kind: 'vector', element: t.element, size: t.cols as 2 | 3 | 4 }, Array(t.cols).fill(s));
      return this.construct(t, Array(t.rows).fill(row));
    }
    throw new Error(`internal: splat to ${t.kind}`);
  }

  zeroOf(s: ScalarType, count: number): number {
    return this.splatConst(s, 0, count);
  }

  splatConst(s: ScalarType, value: number, count: number): number {
    const scalarValue = s.base === 'bool' ? value !== 0 : s.width === 64 && s.base !== 'float' ? BigInt(value) : value;
    const scalarConst = constantId(this.m, { kind: 'scalar', type: s, value: scalarValue });
    if (count === 1) return scalarConst;
    const vt: Type = { kind: 'vector', element: s, size: count as 2 | 3 | 4 };
    return constantId(this.m, { kind: 'composite', type: vt, parts: Array(count).fill({ kind: 'scalar', type: s, value: scalarValue }) });
  }

  /** Copy-in/copy-out through Function variables: SPIR-V pointer arguments must be variables. */
  private call(callee: IrFunction, args: IrCallArg[], type: Type): number {
    if (takesNodeObjects(callee)) return inlineNodeCall(this, callee, args);
    if (this.m.optimize && inlinable(callee, (v) => this.m.valueFacts.bindableParameter(callee, v))) return inlineCall(this, callee, args);
    if (this.m.optimize && inlinableWithReturns(callee)) return inlineCallWithReturns(this, callee, args);
    this.callees.add(callee);
    const temps: { tmp: Pointer; back?: Pointer; redirected?: IrPlace }[] = [];
    args.forEach((a, i) => {
      const p = callee.params[i]!;
      if (p.var.type.kind === 'stream') return;
      // A RayQuery is passed by reference: the caller's query variable itself (check/ray-query.ts).
      if (p.var.type.kind === 'rayQuery' && a.kind === 'place') return void temps.push({ tmp: this.place(a.place) });
      const tmp = this.temp(p.var.type, p.var.name);
      if (a.kind === 'value') this.storePtr(tmp, this.expr(a.value), p.var.type);
      else if (this.redirect?.owns(a.place)) {
        // A whole mesh vertex or primitive passed out/inout: copied member by member.
        if (p.direction === 'inout') this.storePtr(tmp, this.redirect.load(this, a.place), p.var.type);
        temps.push({ tmp, redirected: a.place });
        return;
      } else {
        const target = this.place(a.place);
        if (p.direction === 'inout') this.storePtr(tmp, this.loadPtr(target), p.var.type);
        temps.push({ tmp, back: target });
        return;
      }
      temps.push({ tmp });
    });
    const id = this.b.id();
    this.f.emit(Op.FunctionCall, [this.t.type(type), id, this.m.functionId(callee), ...temps.map((t) => t.tmp.id)]);
    for (const t of temps) {
      if (t.back) this.storePtr(t.back, this.loadPtr(t.tmp), t.tmp.type);
      else if (t.redirected) this.redirect!.store(this, t.redirected, this.loadPtr(t.tmp));
    }
    return id;
  }
}

export function isRelaxed(t: Type): boolean {
  const el = t.kind === 'array' ? undefined : elementScalar(t);
  return t.kind === 'array' ? isRelaxed(t.element) : !!el?.relaxed;
}

/** Components of a value the back end holds as a scalar or vector (a 1xN or Nx1 matrix is a vector). */
export function componentCount(t: Type): number {
  if (t.kind === 'vector') return t.size;
  if (t.kind === 'matrix' && (t.rows === 1 || t.cols === 1)) return t.rows * t.cols;
  return 1;
}

/**
 * A variable holding a PhysicalStorageBuffer pointer must say whether it aliases. A vk::BufferPointer
 * one is RestrictPointer unless `[[vk::aliased_pointer]]` (DXC's rule); a temporary (id -1) and an
 * inline SPIR-V pointer, which DXC's rule does not cover, are taken to alias, which is always sound.
 */
function pointerAliasing(v: IrVar): number {
  return v.aliasedPointer || v.id < 0 || v.type.kind !== 'pointer' ? Decoration.AliasedPointer : Decoration.RestrictPointer;
}

/** The `Aligned` memory operand (0x2) that PhysicalStorageBuffer loads and stores must carry. */
function alignedAccess(ptr: Pointer): number[] {
  return ptr.aligned === undefined ? [] : [0x2, ptr.aligned];
}
