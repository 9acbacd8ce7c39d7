// The SPIR-V back end's module level: header, capabilities, resource variables with their storage
// classes, block decorations and layouts (the manual's buffer table), functions and entry points.
import type { Loc } from '../diagnostics.js';
import { StageInputs } from './interpolate.js';
import { layoutOf, type BufferKind, type Layout } from '../layout/index.js';
import { BUFFER_KIND, globalsLayout } from '../layout/buffer-layout.js';
import type { IrEntryPoint, IrFunction, IrGlobal, IrModule } from '../ir/ir.js';
import type { LayoutRuleOption, TargetEnv } from '../options.js';
import type { ShaderStage } from '../common/stage.js';
import { elementScalar, type StructType, type Type } from '../types.js';
import { applyDecorations } from './decorations.js';
import { declareInlineCapability, extensionVersionErrors } from './inline-enablers.js';
import { ModuleBuilder } from './builder.js';
import type { ArithmeticMode } from './defined-arithmetic.js';
import { ValueFacts } from './values.js';
import { constantId, FunctionEmitter, isRelaxed, type GlobalInfo, type ModuleContext } from './function.js';
import { AddressingModel, BuiltIn, Capability, Decoration, ExecutionMode, Op, SourceLanguage, StorageClass } from '../spirv-spec/spec.js';
import { declareDerivatives, type DerivativeUse } from './derivatives.js';
import { pixelOnlyError, type PixelOnlyUse } from './pixel-only.js';
import { requireExtension } from './extensions.js';
import { GLOBAL_BUILTINS } from '../spirv-spec/builtin-globals.js';
import { declareInterlock, reachesInterlock } from './interlock.js';
import { reachableFunctions } from './entry-reach.js';
import { executionModeIdError, requireExecutionMode } from './execution-modes.js';
import { decorateResourceVariable, emitSpecConstant } from './resource-globals.js';
import { emitEntryWrapper, NO_STAGE_IO_OPTIONS, type StageIoOptions } from './stage-io.js';
import { stageEmitter } from './stages/index.js';
import { compactSpirv } from './compact.js';
import { numberValues } from './value-numbering.js';
import { walkStmts } from '../ir/walk.js';
import { inlinable as inlinableFunction } from './values.js';
import { TypeEmitter, type LayoutContext } from './types.js';
import { SPIRV_VERSION } from '../common/target-env.js';
import { declareFloatControls, decorateNoContraction, type FloatControls } from './float-controls.js';
import { barriersOnOutputMemory, useVulkanMemoryModel } from './memory-model.js';
import { takesNodeObjects } from './node-objects.js';
import { declare16BitStorage } from './storage-16bit.js';
import { disallowedExtensionErrors } from './extension-policy.js';
import { RayTracingModule } from './ray-tracing.js';
import { RAY_STAGES, type RayStage } from '../ir/ray-tracing.js';

export interface EmitOptions {
  targetEnv: TargetEnv;
  layoutRule: LayoutRuleOption;
  /** `-fspv-reflect`: semantic strings and counter-buffer decorations, with their SPV_GOOGLE_* extensions. */
  reflect?: boolean;
  /** Default 'defined': see defined-arithmetic.ts. */
  arithmetic?: ArithmeticMode;
  /** -O1…-O3 without -fcgl: entry functions inlined into their wrappers, unreachable functions, dead types and local names left out. */
  optimize?: boolean;
  /** `-fspv-preserve-interface`: optimising, unread stage inputs stay in the interface. */
  preserveInterface?: boolean;
  /** `-Zi`: the file name recorded by OpString/OpSource. Without it, as DXC, only `OpSource HLSL 600`. */
  debugSourceName?: string;
  /** -fvk-invert-y, -fvk-use-dx-position-w, -fvk-support-nonzero-base-vertex/-instance. */
  stageIo?: Partial<StageIoOptions>;
  /** -fspv-use-unknown-image-format. */
  useUnknownImageFormat?: boolean;
  /** -denorm and -Gis. */
  floatControls?: FloatControls;
  finiteMathOnly?: boolean;
  vulkanMemoryModel?: boolean;
  /** -fspv-enable-maximal-reconvergence: MaximallyReconvergesKHR on every entry point. */
  maximalReconvergence?: boolean;
  /** -fspv-entrypoint-name: the SPIR-V name of the module's one entry point. */
  entryPointName?: string;
  /** -fspv-extension: undefined allows every extension. */
  allowedExtensions?: readonly string[];
}

export interface EmitResult {
  spirv: Uint32Array;
  /** `global` or `entry` locates the error (the global's or the entry function's name). */
  errors: { message: string; global?: IrGlobal; entry?: IrEntryPoint; loc?: Loc }[];
}

export function emitSpirv(ir: IrModule, options: EmitOptions): EmitResult {
  const version = SPIRV_VERSION[options.targetEnv];
  const modern = Number(version.split('.')[1]) >= 4;
  const b = new ModuleBuilder(version, options.allowedExtensions);
  const types = new TypeEmitter(b, options.useUnknownImageFormat ?? false);
  const errors: EmitResult['errors'] = [];
  b.capability(Capability.Shader);
  // Before any type: an acceleration structure in a ray-tracing module needs no ray-query capability.
  const rayTracing = new RayTracingModule(b, types, options.allowedExtensions?.includes('SPV_NV_ray_tracing') ?? false, modern);
  if (ir.entryPoints.some((ep) => RAY_STAGES.includes(ep.stage as RayStage))) rayTracing.declare();
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
    defaultMajorness: ir.defaultMajorness,
    physicalStorage: () => {
      b.capability(Capability.PhysicalStorageBufferAddresses);
      requireExtension(b, 'SPV_KHR_physical_storage_buffer');
      b.memoryModel.addressing = AddressingModel.PhysicalStorageBuffer64;
      return { rule: options.layoutRule, buffer: 'storage', defaultMajorness: ir.defaultMajorness };
    },
    finiteMathOnly: options.finiteMathOnly ?? false,
    vulkanMemoryModel: (options.vulkanMemoryModel ?? false) || !!ir.vulkanMemoryModel || barriersOnOutputMemory(ir),
    coherent: new Set(),
    stageIo: { ...NO_STAGE_IO_OPTIONS, ...options.stageIo },
    optimize: !!options.optimize,
    valueFacts: new ValueFacts(),
    userSemantic: (id, semantic) => {
      // DXC emits semantic strings only with -fspv-reflect; they declare extensions an app must enable.
      if (!options.reflect) return;
      enableGoogleExtensions();
      b.decorateString(id, Decoration.UserSemantic, semantic);
    },
    // Replaced by a geometry stage's prepare(); without one, Append has no outputs to write.
    placeRedirects: new Map(),
    streamOutput: () => {
      errors.push({ message: 'stream Append is only available in a geometry shader' });
    },
    rayTracing,
    stageInputs: new StageInputs(() => b.id()),
    debugStrings: new Map(),
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
  types.physicalStorage = m.physicalStorage;

  // Counters: a RWStructuredBuffer's exists only if used (the checker drops the others); an
  // Append/Consume buffer's always does, and dead-resource elimination removes it like DXC's optimizer.
  for (const g of ir.globals) {
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

  for (const ep of ir.entryPoints) {
    const stage = stageEmitter(ep);
    const prepareErrors: string[] = [];
    if (typeof stage.model === 'number') stage.prepare?.(m, ep, prepareErrors);
    errors.push(...prepareErrors.map((message) => ({ message, entry: ep })));
  }
  // Function code relies on what the stages prepared (a mesh shader's output variables).
  if (errors.length) return { spirv: new Uint32Array(), errors };
  const derivativeUses = new Map<IrFunction, DerivativeUse>();
  const functionCode = new Map<IrFunction, number[]>();
  const optimize = !!options.optimize;
  // Optimising, an entry function no other function calls lives only inlined in its wrapper.
  const inlinedOnly = new Set<IrFunction>();
  // Helpers taking node objects exist only inlined (node-objects.ts), at every optimisation level.
  const entryFunctions = new Set(ir.entryPoints.map((ep) => ep.function));
  for (const fn of ir.functions) if (takesNodeObjects(fn) && !entryFunctions.has(fn)) inlinedOnly.add(fn);
  if (optimize) {
    const called = new Set<IrFunction>();
    for (const fn of ir.functions) walkStmts(fn.body, { expr: (e) => void (e.op === 'call' && called.add(e.callee)) });
    for (const ep of ir.entryPoints) if (!called.has(ep.function) && inlinable(ep, m)) inlinedOnly.add(ep.function);
  }
  const emitters = new Map<IrFunction, FunctionEmitter>();
  for (const fn of ir.functions) {
    if (inlinedOnly.has(fn)) continue;
    const fe = new FunctionEmitter(m);
    emitters.set(fn, fe);
    const redirect = m.placeRedirects.get(fn);
    if (redirect) fe.redirect = redirect;
    functionCode.set(fn, fe.emitFunction(fn, m.functionId(fn)));
    derivativeUses.set(fn, fe);
    m.rayTracing.emitters.set(fn, fe);
  }
  if (options.entryPointName !== undefined && ir.entryPoints.length > 1) {
    errors.push({ message: `-fspv-entrypoint-name names one entry point, but the module has ${ir.entryPoints.length}` });
  }
  // Optimising, each wrapper holds its entry function's body; only functions they reach are emitted.
  const wrapperCode: number[][] = [];
  const wrapperEmitters: FunctionEmitter[] = [];
  const reached = new Set<IrFunction>();
  const reach = (fn: IrFunction) => {
    if (reached.has(fn)) return;
    reached.add(fn);
    for (const callee of derivativeUses.get(fn)?.callees ?? []) reach(callee);
  };
  if (!optimize) for (const fn of ir.functions) reach(fn);
  // A library's export functions are emitted for other modules to link to, called or not.
  else for (const fn of ir.exports ?? []) if (!inlinedOnly.has(fn)) reach(fn);
  for (const ep of ir.entryPoints) {
    const stage = stageEmitter(ep);
    const model = stage.model;
    if (typeof model !== 'number') {
      errors.push({ message: model.unsupported, entry: ep });
      continue;
    }
    const fe = new FunctionEmitter(m);
    const wrapperErrors: string[] = [];
    const srcId = m.functionId(ep.function);
    // Unoptimised, the copies are known before (the entry function was emitted); inlined, after its body.
    let copyList: { input: number; copy: number; type: Type }[] | undefined;
    const copiesOf = () =>
      (copyList ??= [...builtinCopies].map(([builtin, copy]) => {
        if (WORKGROUP_BUILTINS.includes(builtin) && !['compute', 'mesh', 'amplification'].includes(ep.stage)) {
          errors.push({ message: `${builtin} (GetGroupWaveCount/GetGroupWaveIndex) exists in compute, mesh and amplification shaders only, not in the ${ep.stage} entry point '${ep.name}'` });
        }
        return { input: builtinInputVariable(b, types, builtin, copy.type, ep.stage), copy: copy.id, type: copy.type };
      }));
    const inline = inlinedOnly.has(ep.function);
    if (!inline) copiesOf();
    // Rasterizer-ordered views: a pixel shader runs its HLSL function inside the fragment interlock.
    const interlock = ep.stage === 'pixel' && !inline && reachesInterlock(ep, derivativeUses);
    const { id, interfaceIds } = stage.wrapper
      ? stage.wrapper({ m, fe, ep, srcId, errors: wrapperErrors, copies: inline ? [] : copiesOf(), inline, inlinePatchConstant: inline && inlinesPatchConstant(ep, m), copiesOf })
      : emitEntryWrapper(fe, ep, srcId, wrapperErrors, copiesOf, inline, interlock);
    const copies = copiesOf();
    errors.push(...wrapperErrors.map((message) => ({ message, entry: ep })));
    wrapperCode.push(fe.f.finish());
    wrapperEmitters.push(fe);
    if (inline) {
      derivativeUses.set(ep.function, fe);
      m.rayTracing.emitters.set(ep.function, fe);
    }
    if (optimize) {
      if (!inline) reach(ep.function);
      // A hull wrapper also calls the patch-constant function.
      if ('patchConstant' in ep && !(inline && inlinesPatchConstant(ep, m))) reach(ep.patchConstant.function);
      for (const callee of fe.callees) reach(callee);
      if (ep.staticInit) reach(ep.staticInit);
    }
    // DXC names the HLSL function `src.main` and the wrapper `main`.
    b.name(srcId, `src.${ep.name}`);
    for (const g of ep.globals) {
      const known = g.stageBuiltin && GLOBAL_BUILTINS[g.stageBuiltin.builtin];
      if (known && !known.stages.includes(ep.stage)) errors.push({ message: `builtin ${known.name} ('${g.name}', [[vk::ext_builtin_${g.stageBuiltin!.storage}]]) is not available in the ${ep.stage} entry point '${ep.name}' (only ${known.stages.join(', ')})`, global: g });
    }
    // Builtin globals are Input/Output variables: in the interface at every version.
    const used = ep.globals.filter((g) => g.space !== 'spec-constant' && (modern || g.stageBuiltin)).map((g) => globals.get(g)!.id);
    const copyIds = modern ? copies.map((c) => c.copy) : [];
    const executionModel = stage.modelFor?.(b) ?? model;
    b.entryPoint(executionModel, id, spirvName(ep.name, ir, options), [...interfaceIds, ...copies.map((c) => c.input), ...copyIds, ...used]);
    // vk::ext_execution_mode_id(LocalSizeId, …) gives the workgroup size in place of [numthreads]'s LocalSize.
    const modeIds = [...reachableFunctions(ep, derivativeUses)].flatMap((fn) => (fn.executionModes ?? []).filter((md) => md.ids));
    if (!modeIds.some((md) => md.mode === ExecutionMode.LocalSizeId)) stage.modes(b, id, ep);
    for (const md of modeIds) {
      const error = executionModeIdError(md.mode, ep.stage, version);
      if (error) errors.push({ message: `entry point '${ep.name}': ${error}`, ...(md.loc ? { loc: md.loc } : { entry: ep }) });
      else b.executionModeId(id, md.mode, ...md.ids!.map((e) => (e.op === 'const' ? constantId(m, e.value) : globals.get((e as { place: { global: IrGlobal } }).place.global)!.id)));
    }
    if (options.floatControls) declareFloatControls(b, id, options.floatControls);
    for (const mode of new Set(fe.pendingModes)) b.executionMode(id, mode);
    if (options.maximalReconvergence) {
      requireExecutionMode(b, ExecutionMode.MaximallyReconvergesKHR);
      b.executionMode(id, ExecutionMode.MaximallyReconvergesKHR);
    }
    const derivativeError = declareDerivatives(b, id, ep, derivativeUses, options.allowedExtensions, executionModel);
    if (derivativeError) errors.push({ message: derivativeError });
    const pixelError = pixelOnlyError(ep, derivativeUses as ReadonlyMap<IrFunction, PixelOnlyUse>);
    if (pixelError) errors.push({ message: pixelError });
    const interlockError = declareInterlock(b, id, ep, reachesInterlock(ep, derivativeUses), interfaceIds);
    // vk::ext_execution_mode calls and [[vk::spvexecutionmode]] in the functions this entry point runs.
    const modes = new Set<string>();
    for (const fn of reachableFunctions(ep, derivativeUses)) {
      for (const m of fn.executionModes ?? []) {
        if (m.ids) continue;
        const key = [m.mode, ...m.operands].join(' ');
        if (modes.has(key)) continue;
        modes.add(key);
        const modeError = requireExecutionMode(b, m.mode);
        if (modeError) errors.push({ message: `entry point '${ep.name}': ${modeError}` });
        else b.executionMode(id, m.mode, ...m.operands);
      }
    }
    if (interlockError) errors.push({ message: interlockError });
  }
  errors.push(...storedPointerErrors([...wrapperEmitters, ...[...reached].flatMap((fn) => emitters.get(fn) ?? [])]));
  if (errors.length) return { spirv: new Uint32Array(), errors };
  // Unoptimised, functions come first as before; optimised, the entry points lead (as DXC's output).
  if (!optimize) for (const fn of ir.functions) if (!inlinedOnly.has(fn)) b.functionCode(functionCode.get(fn)!);
  for (const code of wrapperCode) b.functionCode(code);
  if (optimize) for (const fn of ir.functions) if (reached.has(fn)) b.functionCode(functionCode.get(fn)!);
  if (options.floatControls?.ieeeStrict) decorateNoContraction(b);
  if (m.vulkanMemoryModel) useVulkanMemoryModel(b, types, m.coherent);
  declare16BitStorage(b);
  const disallowed = disallowedExtensionErrors(b.declaredExtensions(), options.allowedExtensions, m.vulkanMemoryModel);
  errors.push(...disallowed.map((message) => ({ message })));
  errors.push(...extensionVersionErrors(b).map((message) => ({ message })));
  if (errors.length) return { spirv: new Uint32Array(), errors };
  const spirv = b.assemble();
  return { spirv: optimize ? compactSpirv(numberValues(spirv), { stripLocalNames: true, dropUnusedInputs: !options.preserveInterface }) : spirv, errors };
}

/** -fspv-entrypoint-name renames the module's one entry point (checked in emitSpirv). */
function spirvName(name: string, ir: IrModule, options: EmitOptions): string {
  return options.entryPointName !== undefined && ir.entryPoints.length === 1 ? options.entryPointName : name;
}

/** Builtins of a workgroup's subgroups: Vulkan has them in the compute-like stages only. */
const WORKGROUP_BUILTINS: readonly (keyof typeof BuiltIn)[] = ['NumSubgroups', 'SubgroupId'];

/** One entry point's Input variable for a builtin; integer fragment inputs must be Flat in Vulkan. */
/** A `[[vk::ext_builtin_input/output]]` global's BuiltIn decoration and needs; an integer pixel input is Flat (DXC). */
function declareBuiltinGlobal(m: ModuleContext, g: IrGlobal, id: number, ir: IrModule): void {
  const { b } = m;
  const known = GLOBAL_BUILTINS[g.stageBuiltin!.builtin]!;
  b.decorate(id, Decoration.BuiltIn, g.stageBuiltin!.builtin);
  if (known.capability !== undefined) b.capability(known.capability);
  if (known.extension) requireExtension(b, known.extension);
  const el = elementScalar(g.type);
  const pixel = ir.entryPoints.some((ep) => ep.stage === 'pixel' && ep.globals.includes(g));
  if (pixel && g.stageBuiltin!.storage === 'input' && (el?.base === 'int' || el?.base === 'uint')) b.decorate(id, Decoration.Flat);
}

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
    case 'push-constant':
    case 'shader-record': {
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
      } else if (g.type.kind === 'array') {
        // Arrays of buffers are descriptor arrays: no ArrayStride (manual, arrays of opaque/buffer types).
        block = innerStructId(m, g, ctx);
        typeId = types.descriptorArray(block, g.type);
      } else {
        typeId = types.type(g.type, ctx, layout ?? (g.type.kind === 'struct' ? layoutOf(g.type, ctx) : undefined));
        block = typeId;
      }
      if (g.space === 'push-constant' || g.space === 'shader-record') {
        storageClass = g.space === 'push-constant' ? StorageClass.PushConstant : StorageClass.ShaderRecordBufferKHR;
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
      storageClass = g.stageBuiltin ? (g.stageBuiltin.storage === 'input' ? StorageClass.Input : StorageClass.Output) : StorageClass.Private;
      typeId = types.type(g.type);
      if (g.stageBuiltin) declareBuiltinGlobal(m, g, id, ir);
      break;
    case 'workgroup':
      // DispatchMesh's payload: shared with the mesh shaders it launches (SPV_EXT_mesh_shader).
      // (Under SPV_NV_mesh_shader, before SPIR-V 1.4, it stays groupshared and is copied out by DispatchMesh.)
      storageClass = g.taskPayload && modern ? StorageClass.TaskPayloadWorkgroupEXT : StorageClass.Workgroup;
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
  applyDecorations(b, types, id, g.decorations);
  for (const c of g.requirements?.capabilities ?? []) declareInlineCapability(b, c);
  for (const e of g.requirements?.extensions ?? []) b.extension(e);
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

/** A function whose body can go where it is called (values.ts inlinable()), parameters judged once per compile. */
function inlinableBody(fn: IrFunction, m: ModuleContext): boolean {
  return inlinableFunction(fn, (v) => m.valueFacts.bindableParameter(fn, v));
}

/** A hull's patch-constant function returns only at its end: its body can go in the wrapper. */
function inlinesPatchConstant(ep: IrEntryPoint, m: ModuleContext): boolean {
  return 'patchConstant' in ep && ep.patchConstant.function !== ep.function && inlinableBody(ep.patchConstant.function, m);
}

/**
 * Whether an entry function may live only inlined in its wrapper: the plain wrapper's stages, and
 * not where function code must be the entry function's own (a stage wrapper calls it, a mesh
 * shader's outputs are redirected in it, ray-tracing calls and the fragment interlock are found in it).
 */
function inlinable(ep: IrEntryPoint, m: ModuleContext): boolean {
  const stage = stageEmitter(ep);
  if ((stage.wrapper && !stage.inlines) || m.placeRedirects.has(ep.function)) return false;
  if (ep.stage !== 'vertex' && ep.stage !== 'pixel' && ep.stage !== 'compute' && ep.stage !== 'domain' && ep.stage !== 'hull' && !(RAY_STAGES as readonly string[]).includes(ep.stage)) return false;
  // The hull wrapper goes on after the entry function's body: it may return only at its end.
  if (ep.stage === 'hull' && !inlinableBody(ep.function, m)) return false;
  return !ep.globals.some((g) => g.rasterizerOrdered || (g.type.kind === 'resource' && g.type.rasterizerOrdered));
}

/**
 * A logical pointer (vk::WorkgroupSpirvPointer) in a Function variable is invalid SPIR-V. DXC's
 * legalization inlines calls and forwards such values; optimising, so do we where a parameter is only
 * read and a local is stored once. What is left (-O0, a parameter written to) is refused here.
 */
function storedPointerErrors(emitters: readonly FunctionEmitter[]): EmitResult['errors'] {
  const seen = new Set<string>();
  const errors: EmitResult['errors'] = [];
  for (const t of emitters.flatMap((fe) => fe.storedPointers)) {
    if (seen.has(t.key)) continue;
    seen.add(t.key);
    errors.push({
      message: `'${t.spelling}' is a SPIR-V pointer, which no function variable may hold: a local or a call argument of this type needs one here (optimising, a local assigned once and a parameter only read are values instead; not at -O0)`,
      ...(t.loc ? { loc: t.loc } : {}),
    });
  }
  return errors;
}
