// What a function emitter shares with the module emitter (globals, builder, options, per-module
// state of the stages) and the pointers it passes around.
import type { IrFunction, IrGlobal, IrPlace } from '../ir/ir.js';
import type { Majorness, Type } from '../types.js';
import type { BuiltIn } from '../spirv-spec/spec.js';
import type { ModuleBuilder } from './builder.js';
import type { ArithmeticMode } from './defined-arithmetic.js';
import type { FunctionEmitter } from './function.js';
import type { StageInputs } from './interpolate.js';
import type { CoherentVariables } from './memory-model.js';
import type { RayTracingModule } from './ray-tracing.js';
import type { StageIoOptions } from './stage-io.js';
import type { LayoutContext, TypeEmitter } from './types.js';
import type { ValueFacts } from './values.js';

/** What the module emitter knows about each global: its variable, storage class and layout. */
export interface GlobalInfo {
  id: number;
  storageClass: number;
  ctx?: LayoutContext;
  /**
   * The variable's pointee type when it is not the laid-out IR type: ConstantBuffer<S> and friends get
   * a block struct of their own (`type.ConstantBuffer.S`, as DXC), so that S stays a plain struct.
   */
  storedType?: number;
  /** The renamed block struct itself, for arrays of such buffers (their elements are blocks). */
  blockType?: number;
}

export interface ModuleContext {
  b: ModuleBuilder;
  types: TypeEmitter;
  globals: Map<IrGlobal, GlobalInfo>;
  functionId(fn: IrFunction): number;
  glsl(): number;
  /** Keeps a semantic string on a stage variable (UserSemantic / HlslSemanticGOOGLE). */
  userSemantic(id: number, semantic: string): void;
  /** The module's Input variable for a builtin read by function code (not a stage parameter). */
  builtinInput(builtin: keyof typeof BuiltIn, type: Type): number;
  /** Guards for results Vulkan leaves undefined (defined-arithmetic.ts), or DXC's bare instructions. */
  arithmetic: ArithmeticMode;
  /** A geometry shader's `Append(value)`: stores value to the module's stream output variables. */
  streamOutput(fe: FunctionEmitter, value: number, type: Type): void;
  /** Set by a geometry stage's prepare(): the stream's output variables, for the entry's interface. */
  streamInterface?: { type: Type; ids: number[] };
  /** Majorness of matrices declared without one (-Zpc/-Zpr), for layouts a stage chooses itself. */
  defaultMajorness: Majorness;
  /** The layout of memory reached through device addresses (a storage buffer's), declaring what it needs on first use. */
  physicalStorage(): LayoutContext;
  /** -ffinite-math-only: float min/max are FMin/FMax instead of NaN-aware NMin/NMax. */
  finiteMathOnly: boolean;
  /** -fspv-use-vulkan-memory-model (memory-model.ts), and the globallycoherent variables it must treat. */
  vulkanMemoryModel: boolean;
  coherent: CoherentVariables;
  /** Stage-variable options (stage-io.ts). */
  stageIo: StageIoOptions;
  /** Set by a mesh stage's prepare(): entry functions whose output parameters live in module variables. */
  readonly placeRedirects: Map<IrFunction, PlaceRedirect>;
  /** Set by the mesh-shading stages' prepare(): what SetMeshOutputCounts/DispatchMesh write under NV. */
  meshShading?: import('./stages/mesh.js').MeshModuleState;
  /** Ray-tracing builtins, payload, attribute and callable-data variables (ray-tracing.ts). */
  rayTracing: RayTracingModule;
  /** Optimising (-O1…-O3): values instead of variables where the IR allows, shared expressions emitted once. */
  optimize?: boolean;
  /** Input variables function code reads directly (GetAttributeAtVertex, EvaluateAttribute*; interpolate.ts). */
  stageInputs: StageInputs;
  /** OpString ids of printf formats, one per distinct text. */
  readonly debugStrings: Map<string, number>;
  /** valueLocals/bindableParameter of each function, computed once per compile (a function is inlined at every call). */
  valueFacts: ValueFacts;
}

/** A pointer to a place: its id, the IR type there, and the layout context if inside a buffer. */
export interface Pointer {
  id: number;
  type: Type;
  storageClass: number;
  ctx?: LayoutContext;
  /** See GlobalInfo.storedType: a whole renamed block (or array of them) has one; chains into a block do not. */
  storedType?: number;
  blockType?: number;
  /** PhysicalStorageBuffer pointers: the alignment every load and store through this one states. */
  aligned?: number;
  /** Into a rasterizer-ordered buffer: accesses run inside the fragment interlock. */
  interlocked?: boolean;
}

/**
 * Places a stage keeps outside the function's own variables (a mesh shader's output arrays, written
 * in place): loads and stores under them go through the stage's emitter.
 */
export interface PlaceRedirect {
  owns(p: IrPlace): boolean;
  /** A pointer to the place; undefined when the place is an aggregate split over several variables. */
  pointer(fe: FunctionEmitter, p: IrPlace): Pointer | undefined;
  load(fe: FunctionEmitter, p: IrPlace): number;
  store(fe: FunctionEmitter, p: IrPlace, value: number): void;
}
