// The SPIR-V back end's module level: header, capabilities, resource variables with their storage
// classes, block decorations and layouts (the manual's buffer table), functions and entry points.
import { layoutOf, type BufferKind, type Layout } from '../layout/index.js';
import { BUFFER_KIND, globalsLayout } from '../layout/buffer-layout.js';
import type { IrFunction, IrGlobal, IrModule } from '../ir/ir.js';
import type { LayoutRuleOption, TargetEnv } from '../options.js';
import type { ShaderStage } from '../common/stage.js';
import type { StructType, Type } from '../types.js';
import { ModuleBuilder } from './builder.js';
import type { ArithmeticMode } from './defined-arithmetic.js';
import { constantId, FunctionEmitter, isRelaxed, type GlobalInfo, type ModuleContext } from './function.js';
import { BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel, Op, SourceLanguage, StorageClass, type Version } from '../spirv-spec/spec.js';
import { declareDerivatives, type DerivativeUse } from './derivatives.js';
import { requireExtension } from './extensions.js';
import { decorateResourceVariable, emitSpecConstant } from './resource-globals.js';
import { emitEntryWrapper } from './stage-io.js';
import { compactSpirv } from './compact.js';
import { walkStmts } from '../ir/walk.js';
import { TypeEmitter, type LayoutContext } from './types.js';

export interface EmitOptions {
  targetEnv: TargetEnv;
  layoutRule: LayoutRuleOption;
  /** `-fspv-reflect`: semantic strings and counter-buffer decorations, with their SPV_GOOGLE_* extensions. */
  reflect?: boolean;
  /** Default 'defined': see defined-arithmetic.ts. */
  arithmetic?: ArithmeticMode;
  /** -O1…-O3 without -fcgl: entry functions inlined into their wrappers, unreachable functions, dead types and local names left out. */
  optimize?: boolean;
  /** `-Zi`: the file name recorded by OpString/OpSource. Without it, as DXC, only `OpSource HLSL 600`. */
  debugSourceName?: string;
}

/** SPIR-V version per Vulkan target environment, as DXC picks it. */
const SPIRV_VERSION: Record<TargetEnv, keyof typeof Version> = {
  'vulkan1.0': '1.0',
  'vulkan1.1': '1.3',
  'vulkan1.2': '1.5',
  'vulkan1.3': '1.6',
};

const EXECUTION_MODEL: Partial<Record<ShaderStage, number>> = {
  vertex: ExecutionModel.Vertex,
  pixel: ExecutionModel.Fragment,
  compute: ExecutionModel.GLCompute,
  // Geometry, hull and domain shaders are not emitted: without their execution modes, the patch
  // constant function and arrayed stage I/O the module would be wrong, so they are a clear error.
};

export interface EmitResult {
  spirv: Uint32Array;
  errors: { message: string; global?: IrGlobal }[];
}

export function emitSpirv(ir: IrModule, options: EmitOptions): EmitResult {
  const version = SPIRV_VERSION[options.targetEnv];
  const modern = Number(version.split('.')[1]) >= 4;
  const b = new ModuleBuilder(version);
  const types = new TypeEmitter(b);
  const errors: EmitResult['errors'] = [];
  b.capability(Capability.Shader);
  // File names only when debug information is asked for: builds stay reproducible and leak no paths.
  if (options.debugSourceName !== undefined) b.source(SourceLanguage.HLSL, 600, b.string(options.debugSourceName));
  else b.source(SourceLanguage.HLSL, 600);

  const globals = new Map<IrGlobal, GlobalInfo>();
  const functionIds = new Map<IrFunction, number>();
  let glslId: number | undefined;
  let googleExtensions = false;
  /** SPV_GOOGLE_hlsl_functionality1 carries both -fspv-reflect decorations; before SPIR-V 1.4 OpDecorateString needs decorate_string too. */
  const enableGoogleExtensions = () => {
    if (googleExtensions) return;
    googleExtensions = true;
    b.extension('SPV_GOOGLE_hlsl_functionality1');
    if (!modern) b.extension('SPV_GOOGLE_decorate_string');
  };
  /**
   * Builtins read by function code (wave lane count/index): function code reads a Private copy that
   * each entry wrapper fills from its own Input variable, because a vertex input must not be Flat
   * while a fragment integer input must be, and one helper function may serve both stages.
   */
  const builtinCopies = new Map<keyof typeof BuiltIn, { id: number; type: Type }>();
  const m: ModuleContext = {
    b,
    types,
    globals,
    functionId: (fn) => {
      let id = functionIds.get(fn);
      if (id === undefined) {
        id = b.id();
        functionIds.set(fn, id);
      }
      return id;
    },
    glsl: () => (glslId ??= b.extInstImport('GLSL.std.450')),
    arithmetic: options.arithmetic ?? 'defined',
    optimize: !!options.optimize,
    userSemantic: (id, semantic) => {
      // DXC emits semantic strings only with -fspv-reflect; they declare extensions an app must enable.
      if (!options.reflect) return;
      enableGoogleExtensions();
      b.decorateString(id, Decoration.UserSemantic, semantic);
    },
    builtinInput: (builtin, type) => {
      let copy = builtinCopies.get(builtin);
      if (!copy) {
        copy = { id: b.id(), type };
        b.global(Op.Variable, [types.pointer(StorageClass.Private, types.type(type)), copy.id, StorageClass.Private]);
        b.name(copy.id, `copy.gl_${builtin}`);
        builtinCopies.set(builtin, copy);
      }
      return copy.id;
    },
  };

  // DXC's optimizer removes counter variables nothing uses; their bindings stay assigned, as in DXC.
  const used = new Set(ir.entryPoints.flatMap((ep) => ep.globals));
  for (const g of ir.globals) {
    if (g.buffer === 'Counter' && !used.has(g)) continue;
    try {
      globals.set(g, emitGlobal(m, g, ir, options, modern));
    } catch (e) {
      errors.push({ message: e instanceof Error ? e.message : String(e), global: g });
    }
  }
  if (errors.length) return { spirv: new Uint32Array(), errors };
  if (options.reflect) {
    // -fspv-reflect ties each RW/Append/Consume structured buffer to its counter (manual, reflection).
    for (const [g, info] of globals) {
      const counter = g.counter && globals.get(g.counter);
      if (!counter) continue;
      enableGoogleExtensions();
      b.decorateId(info.id, Decoration.CounterBuffer, counter.id);
    }
  }

  const derivativeUses = new Map<IrFunction, DerivativeUse>();
  const functionCode = new Map<IrFunction, number[]>();
  const optimize = !!options.optimize;
  // Optimising, an entry function no other function calls lives only inlined in its wrapper.
  const inlinedOnly = new Set<IrFunction>();
  if (optimize) {
    const called = new Set<IrFunction>();
    for (const fn of ir.functions) walkStmts(fn.body, { expr: (e) => void (e.op === 'call' && called.add(e.callee)) });
    for (const ep of ir.entryPoints) if (!called.has(ep.function)) inlinedOnly.add(ep.function);
  }
  for (const fn of ir.functions) {
    if (inlinedOnly.has(fn)) continue;
    const fe = new FunctionEmitter(m);
    functionCode.set(fn, fe.emitFunction(fn, m.functionId(fn)));
    derivativeUses.set(fn, fe);
  }
  // Optimising, each wrapper holds its entry function's body; only functions they reach are emitted.
  const wrapperCode: number[][] = [];
  const reached = new Set<IrFunction>();
  const reach = (fn: IrFunction) => {
    if (reached.has(fn)) return;
    reached.add(fn);
    for (const callee of derivativeUses.get(fn)?.callees ?? []) reach(callee);
  };
  if (!optimize) for (const fn of ir.functions) reach(fn);
  for (const ep of ir.entryPoints) {
    const model = EXECUTION_MODEL[ep.stage];
    if (model === undefined) {
      errors.push({ message: `the ${ep.stage} stage is not supported yet` });
      continue;
    }
    const fe = new FunctionEmitter(m);
    const wrapperErrors: string[] = [];
    const srcId = m.functionId(ep.function);
    // Unoptimised, the copies are known before (the entry function was emitted); inlined, after its body.
    let copyList: { input: number; copy: number; type: Type }[] | undefined;
    const copiesOf = () => (copyList ??= [...builtinCopies].map(([builtin, copy]) => ({ input: builtinInputVariable(b, types, builtin, copy.type, ep.stage), copy: copy.id, type: copy.type })));
    if (!optimize) copiesOf();
    const { id, interfaceIds } = emitEntryWrapper(fe, ep, srcId, wrapperErrors, copiesOf, optimize);
    const copies = copiesOf();
    errors.push(...wrapperErrors.map((message) => ({ message })));
    wrapperCode.push(fe.f.finish());
    if (inlinedOnly.has(ep.function)) derivativeUses.set(ep.function, fe);
    if (optimize) {
      for (const callee of fe.callees) reach(callee);
      if (ep.staticInit) reach(ep.staticInit);
    }
    // DXC names the HLSL function `src.main` and the wrapper `main`.
    b.name(srcId, `src.${ep.name}`);
    const used = modern ? ep.globals.filter((g) => g.space !== 'spec-constant').map((g) => globals.get(g)!.id) : [];
    const copyIds = modern ? copies.map((c) => c.copy) : [];
    b.entryPoint(model, id, ep.name, [...interfaceIds, ...copies.map((c) => c.input), ...copyIds, ...used]);
    if (ep.stage === 'pixel') b.executionMode(id, ExecutionMode.OriginUpperLeft);
    if (ep.workgroupSize) b.executionMode(id, ExecutionMode.LocalSize, ...ep.workgroupSize);
    for (const mode of new Set(fe.pendingModes)) b.executionMode(id, mode);
    const derivativeError = declareDerivatives(b, id, ep, derivativeUses);
    if (derivativeError) errors.push({ message: derivativeError });
  }
  if (errors.length) return { spirv: new Uint32Array(), errors };
  // Unoptimised, functions come first as before; optimised, the entry points lead (as DXC's output).
  if (!optimize) for (const fn of ir.functions) b.functionCode(functionCode.get(fn)!);
  for (const code of wrapperCode) b.functionCode(code);
  if (optimize) for (const fn of ir.functions) if (reached.has(fn)) b.functionCode(functionCode.get(fn)!);
  const spirv = b.assemble();
  return { spirv: optimize ? compactSpirv(spirv, { stripLocalNames: true }) : spirv, errors };
}

/** One entry point's Input variable for a builtin; integer fragment inputs must be Flat in Vulkan. */
function builtinInputVariable(b: ModuleBuilder, types: TypeEmitter, builtin: keyof typeof BuiltIn, type: Type, stage: ShaderStage): number {
  const id = b.id();
  b.global(Op.Variable, [types.pointer(StorageClass.Input, types.type(type)), id, StorageClass.Input]);
  b.name(id, `gl_${builtin}`);
  b.decorate(id, Decoration.BuiltIn, BuiltIn[builtin]);
  if (stage === 'pixel') b.decorate(id, Decoration.Flat);
  return id;
}

function emitGlobal(m: ModuleContext, g: IrGlobal, ir: IrModule, options: EmitOptions, modern: boolean): GlobalInfo {
  const { b, types } = m;
  if (g.space === 'spec-constant') return { id: emitSpecConstant(m, g), storageClass: 0 };
  if (g.type.kind === 'array' && g.type.length === null && (g.space === 'uniform' || g.space === 'storage' || g.space === 'handle')) {
    // An unsized array of descriptors (`Texture2D t[]`): Vulkan's descriptor indexing, core from SPIR-V 1.5.
    b.capability(Capability.RuntimeDescriptorArray);
    if (Number(SPIRV_VERSION[options.targetEnv].split('.')[1]) < 5) b.extension('SPV_EXT_descriptor_indexing');
  }
  const id = b.id();
  const name = g.name;
  const ctxFor = (buffer: BufferKind): LayoutContext => ({ rule: options.layoutRule, buffer, defaultMajorness: ir.defaultMajorness });
  let storageClass: number;
  let ctx: LayoutContext | undefined;
  let typeId: number;
  let storedType: number | undefined;
  let blockType: number | undefined;
  switch (g.space) {
    case 'uniform':
    case 'storage':
    case 'push-constant': {
      const kind = BUFFER_KIND[g.buffer ?? 'cbuffer'];
      ctx = ctxFor(kind);
      const layout: Layout | undefined = g.buffer === 'Globals' ? globalsLayout(g, ctx) : undefined;
      const element = innerStruct(g);
      let block: number;
      if (g.typeName !== undefined && element.name !== g.typeName) {
        // ConstantBuffer<S>, TextureBuffer<S>, push constants: a block of their own, named as DXC does.
        block = types.renamedBlock(element, g.typeName, ctx, layout);
        typeId = types.descriptorArray(block, g.type);
        storedType = typeId;
        blockType = block;
      } else {
        typeId = types.type(g.type, ctx, layout ?? (g.type.kind === 'struct' ? layoutOf(g.type, ctx) : undefined));
        block = g.type.kind === 'array' ? innerStructId(m, g, ctx) : typeId;
      }
      if (g.space === 'push-constant') {
        storageClass = StorageClass.PushConstant;
        b.decorate(block, Decoration.Block);
      } else if (g.space === 'uniform') {
        storageClass = StorageClass.Uniform;
        b.decorate(block, Decoration.Block);
      } else if (modern) {
        storageClass = StorageClass.StorageBuffer;
        b.decorate(block, Decoration.Block);
      } else {
        storageClass = StorageClass.Uniform;
        b.decorate(block, Decoration.BufferBlock);
      }
      if (g.space === 'storage' && g.readonly) {
        const struct = innerStruct(g);
        struct.fields.forEach((_, i) => b.memberDecorate(block, i, Decoration.NonWritable));
      }
      break;
    }
    case 'handle':
      storageClass = StorageClass.UniformConstant;
      typeId = types.type(g.type);
      break;
    case 'private':
      storageClass = StorageClass.Private;
      typeId = types.type(g.type);
      break;
    case 'workgroup':
      storageClass = StorageClass.Workgroup;
      typeId = types.type(g.type);
      break;
    case 'function':
      throw new Error(`internal: global '${name}' in function storage`);
  }
  if (g.type.kind === 'array' && g.type.length === null && (g.space === 'handle' || g.space === 'uniform' || g.space === 'storage')) {
    // An unsized array of resources (`Texture2D t[]`, `ConstantBuffer<S> c[]`): a runtime descriptor array.
    b.capability(Capability.RuntimeDescriptorArray);
    requireExtension(b, 'SPV_EXT_descriptor_indexing');
  }
  const ptr = types.pointer(storageClass, typeId);
  const init = g.init && g.space === 'private' ? [constantId(m, g.init)] : [];
  b.global(Op.Variable, [ptr, id, storageClass, ...init]);
  b.name(id, name);
  // Min-precision globals (static/groupshared) carry RelaxedPrecision like locals do.
  if ((g.space === 'private' || g.space === 'workgroup') && isRelaxed(g.type)) b.decorate(id, Decoration.RelaxedPrecision);
  if (g.binding) {
    b.decorate(id, Decoration.DescriptorSet, g.binding.set);
    b.decorate(id, Decoration.Binding, g.binding.binding);
  }
  decorateResourceVariable(m, g, id);
  return { id, storageClass, ...(ctx ? { ctx } : {}), ...(storedType !== undefined ? { storedType, blockType } : {}) };
}

function innerStruct(g: IrGlobal): StructType {
  let t = g.type;
  while (t.kind === 'array') t = t.element;
  if (t.kind !== 'struct') throw new Error(`internal: buffer '${g.name}' is not a struct`);
  return t;
}

/** For arrays of buffers, the block decoration goes on the element struct. */
function innerStructId(m: ModuleContext, g: IrGlobal, ctx: LayoutContext): number {
  return m.types.type(innerStruct(g), ctx);
}
