// The typed, structured IR between the checker and the back ends (SPIR-V now, WGSL later).
// Like naga's: resolved types, explicit address spaces, pointers as "places", structured control
// flow, entry points described by their HLSL signature (each back end maps stage I/O its own way).
import type { Loc } from '../diagnostics.js';
import type { ShaderStage } from '../common/stage.js';
import type { Interpolation, Majorness, ResourceKind, SpirvDecoration, Type } from '../types.js';
import type { IntrinsicName } from './intrinsics.js';
import type { RayQueryMethod } from './ray-query.js';
import type { RaySystemValue } from './ray-tracing.js';

/** Where a global lives. Maps 1:1 to SPIR-V storage classes / WGSL address spaces. */
export type AddressSpace =
  | 'uniform' // cbuffer / ConstantBuffer: Uniform + Block
  | 'storage' // tbuffer, structured and byte-address buffers: Uniform + BufferBlock (or StorageBuffer)
  | 'handle' // textures, samplers: UniformConstant
  | 'push-constant'
  | 'private' // static globals
  | 'workgroup' // groupshared
  | 'function'
  /** `[[vk::constant_id(N)]] const` scalars: OpSpecConstant*, read as values, never through pointers. */
  | 'spec-constant'
  /** `[[vk::shader_record_ext]] ConstantBuffer<S>`: the shader binding table record (ShaderRecordBufferKHR, no binding). */
  | 'shader-record';

/** Which HLSL buffer form a uniform/storage global came from: it decides layout rule and decorations. */
export type BufferForm =
  | Extract<
      ResourceKind,
      | 'ConstantBuffer'
      | 'TextureBuffer'
      | 'StructuredBuffer'
      | 'RWStructuredBuffer'
      | 'AppendStructuredBuffer'
      | 'ConsumeStructuredBuffer'
      | 'ByteAddressBuffer'
      | 'RWByteAddressBuffer'
    >
  | 'cbuffer'
  | 'tbuffer'
  | 'Globals'
  | 'PushConstant'
  /** `[[vk::shader_record_ext]]`: laid out as push constants are (DXC's storage-buffer rule). */
  | 'ShaderRecord'
  /** The hidden `{ int }` counter block of a RW/Append/Consume structured buffer. */
  | 'Counter';

export interface Binding {
  set: number;
  binding: number;
}

export interface IrGlobal {
  id: number;
  name: string;
  /** For buffers, the block struct (cbuffer members, or `{ T data[]; }` for structured buffers). */
  type: Type;
  space: AddressSpace;
  buffer?: BufferForm;
  binding?: Binding;
  /** Name of the block's type as DXC names it (`type.Params`, `type.RWStructuredBuffer.float`). */
  typeName?: string;
  /** A rasterizer-ordered buffer: its accesses run inside a fragment shader interlock. */
  rasterizerOrdered?: true;
  readonly: boolean;
  init?: IrConst;
  loc: Loc;
  /** The counter block of a RW/Append/Consume structured buffer (manual: it takes its own binding). */
  counter?: IrGlobal;
  /** `[[vk::ext_builtin_input/output(N)]]` on a static: the Input/Output variable of SPIR-V builtin N (a private global otherwise). */
  stageBuiltin?: { storage: 'input' | 'output'; builtin: number };
  /** `[[vk::constant_id(N)]]` of a spec-constant global. */
  specId?: number;
  /** `[[vk::ext_decorate…]]` on the variable. */
  decorations?: SpirvDecoration[];
  /** `[[vk::ext_capability]]` / `[[vk::ext_extension]]` on the variable: declared when the module has it. */
  requirements?: SpirvRequirements;
  /** `[[vk::input_attachment_index(N)]]` of a subpass input. */
  inputAttachmentIndex?: number;
  /** `globallycoherent`: decorated Coherent. */
  coherent?: boolean;
  /** A groupshared variable passed to DispatchMesh: the amplification shader's payload for its mesh shaders. */
  taskPayload?: boolean;
  /**
   * -fspv-flatten-resource-arrays: the variables of this array's elements. The array itself is not
   * part of the module; run-time indices into it are rewritten (opt/flatten-resource-arrays.ts).
   */
  elements?: IrGlobal[];
}

export interface IrVar {
  id: number;
  name: string;
  type: Type;
  /** `[[vk::ext_decorate…]]` on the variable or parameter (it then stays a variable when optimising). */
  decorations?: SpirvDecoration[];
  /** `[[vk::ext_capability]]` / `[[vk::ext_extension]]` on the variable: declared when it is emitted. */
  requirements?: SpirvRequirements;
  /** `[[vk::aliased_pointer]]` on a buffer-pointer variable: AliasedPointer (else RestrictPointer, as DXC). */
  aliasedPointer?: true;
  /** Where a declared local or parameter is declared (temporaries have none): for back ends that refuse its type. */
  loc?: Loc;
}

export type IrConst =
  | { kind: 'scalar'; type: Type; value: number | bigint | boolean }
  | { kind: 'composite'; type: Type; parts: IrConst[] };

// ---------------------------------------------------------------------------------------------
// Places (pointers) and expressions

export type IrPlace =
  | { kind: 'global'; global: IrGlobal; type: Type }
  | { kind: 'local'; local: IrVar; type: Type }
  /** Member of a struct, element of an array/vector, row of a matrix (HLSL terms). */
  | { kind: 'member'; base: IrPlace; index: number; type: Type }
  | { kind: 'element'; base: IrPlace; index: IrExpr; type: Type }
  /**
   * One texel of a texture or typed buffer (`tex[coord]`): not addressable memory; loads become
   * OpImageFetch/OpImageRead and stores OpImageWrite, atomics go through OpImageTexelPointer.
   */
  | { kind: 'texel'; image: IrPlace; coord: IrExpr; type: Type }
  /**
   * The value at a 64-bit device address (`vk::RawBufferLoad/Store`): PhysicalStorageBuffer memory,
   * laid out as a storage buffer; every access is `Aligned` (the root's `alignment`, members their own).
   */
  | { kind: 'address'; address: IrExpr; alignment: number; type: Type };

/** Optional image operands of sampling/fetch instructions (SPIR-V Image Operands, HLSL's extra arguments). */
export interface ImageOperands {
  bias?: IrExpr;
  lod?: IrExpr;
  grad?: [IrExpr, IrExpr];
  /** A dynamic offset (Offset, needs ImageGatherExtended); constant ones go in `constOffset`. */
  offset?: IrExpr;
  /** A compile-time constant offset (ConstOffset). */
  constOffset?: IrExpr;
  /** Gather's four constant offsets, an `int2[4]` constant (ConstOffsets). */
  constOffsets?: IrExpr;
  minLod?: IrExpr;
  sample?: IrExpr;
}

export type AtomicOperation = 'add' | 'and' | 'or' | 'xor' | 'min' | 'max' | 'exchange' | 'compareExchange';

/**
 * Resource methods (the manual's method tables), each lowered by the back end's resource module.
 * `sparse` (a status out-argument): OpImageSparse*, the expression's type is then the struct
 * `{ uint status; T value }` with T the usual result type.
 */
export type ResourceCall =
  /** `sampler` is absent when the image is a combined image sampler (`vk::SampledTexture*`). */
  /** Sample/SampleLevel/SampleGrad/SampleBias/SampleCmp/SampleCmpLevelZero. */
  | { kind: 'sample'; image: IrPlace; sampler?: IrPlace; coord: IrExpr; dref?: IrExpr; explicitLod: boolean; operands: ImageOperands; sparse?: boolean }
  /** Gather/GatherRed.../GatherCmp: OpImageGather / OpImageDrefGather. */
  | { kind: 'gather'; image: IrPlace; sampler?: IrPlace; coord: IrExpr; component: number; dref?: IrExpr; operands: ImageOperands; sparse?: boolean }
  /** `.Load()` (OpImageFetch on sampled images and Buffer, OpImageRead on storage images). */
  | { kind: 'fetch'; image: IrPlace; coord: IrExpr; operands: ImageOperands; sparse?: boolean }
  /** CheckAccessFullyMapped(status): OpImageSparseTexelsResident. */
  | { kind: 'texelsResident'; status: IrExpr }
  /** Size of an image (with `lod`: OpImageQuerySizeLod) as a uint vector. */
  | { kind: 'querySize'; image: IrPlace; lod?: IrExpr }
  | { kind: 'queryLevels'; image: IrPlace }
  | { kind: 'querySamples'; image: IrPlace }
  /** CalculateLevelOfDetail(Unclamped): component 0 (clamped) or 1 of OpImageQueryLod. */
  | { kind: 'queryLod'; image: IrPlace; sampler?: IrPlace; coord: IrExpr; clamped: boolean }
  /** Interlocked*: on a buffer/groupshared place or a texel. Returns the original value. */
  | { kind: 'atomic'; operation: AtomicOperation; target: IrPlace; value: IrExpr; comparator?: IrExpr }
  /** IncrementCounter/Append (+1: the old count) and DecrementCounter/Consume (-1: the new count). */
  | { kind: 'counter'; counter: IrGlobal; delta: 1 | -1; /** Element of an array of counters (arrays of buffers). */ index?: IrExpr }
  /** Element count of the runtime array that is member 0 of a buffer block (OpArrayLength). */
  | { kind: 'arrayLength'; buffer: IrPlace }
  /** SubpassInput(MS).SubpassLoad([sample]). */
  | { kind: 'subpassLoad'; image: IrPlace; sample?: IrExpr }
  /**
   * A `RayQuery` method on the query variable `query`. TraceRayInline has `accel` and args [ray flags
   * (the template's already OR-ed in), cull mask, RayDesc]; CommitProceduralPrimitiveHit [t].
   * `primitiveCulling`: the flags may skip triangles or procedural primitives. `loc`: the call.
   */
  | { kind: 'rayQuery'; method: RayQueryMethod; query: IrPlace; accel?: IrPlace; args: IrExpr[]; primitiveCulling?: boolean; loc: Loc }
  /** A ray-tracing system value (DispatchRaysIndex(), HitKind(), …): a builtin of the ray-tracing stages. */
  | { kind: 'raySystemValue'; value: RaySystemValue; loc: Loc }
  /** TraceRay: args [flags, mask, hit-group offset, geometry stride, miss index, RayDesc]; `payload` is read and written. */
  | { kind: 'traceRay'; accel: IrPlace; args: IrExpr[]; payload: IrPlace; loc: Loc }
  /** ReportHit(t, hitKind, attributes): whether the hit was accepted. */
  | { kind: 'reportHit'; args: IrExpr[]; loc: Loc }
  /** CallShader(index, data): `data` is read and written. */
  | { kind: 'callShader'; index: IrExpr; data: IrPlace; loc: Loc }
  /** IgnoreHit (`ignore`) or AcceptHitAndEndSearch: ends the any-hit invocation. */
  | { kind: 'rayTerminate'; ignore: boolean; loc: Loc }
  | NodeCall;

/**
 * Work-graph node methods (SM 6.8; ir/ir.ts NodeType objects are places rooted at a node entry's
 * parameters or at locals initialised once). A record of a node object is its `element` place.
 */
export type NodeCall =
  /**
   * Get{Thread,Group}NodeOutputRecords(count) (and the Increment*OutputCount forms, whose result is
   * unused) on `output`, an output or an element `index` of an output array: the records' object.
   */
  | { kind: 'nodeAllocate'; output: IrPlace; index?: IrExpr; count: IrExpr; group: boolean; loc: Loc }
  /** OutputComplete() on allocated records. */
  | { kind: 'nodeComplete'; records: IrPlace; loc: Loc }
  /** IsValid() on an output (or an element `index` of an output array). */
  | { kind: 'nodeValid'; output: IrPlace; index?: IrExpr; loc: Loc }
  /** Count() of GroupNodeInputRecords. */
  | { kind: 'nodeCount'; input: IrPlace; loc: Loc }
  /** FinishedCrossGroupSharing() of a RWDispatchNodeInputRecord. */
  | { kind: 'nodeFinishSharing'; input: IrPlace; loc: Loc }
  /** GetRemainingRecursionLevels(). */
  | { kind: 'nodeRecursionLevels'; loc: Loc };

export type BinaryOperator =
  | 'add' | 'sub' | 'mul' | 'div' | 'rem'
  | 'shl' | 'shr' | 'bitand' | 'bitor' | 'bitxor'
  | 'logand' | 'logor'
  | 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';

export type UnaryOperator = 'neg' | 'lognot' | 'bitnot';

/**
 * What the optimiser proved (opt/guard-elision.ts) of the guard a back end puts around a `/`, `%`,
 * shift or float → int conversion for defined results: `none`, the operands make the bare
 * instruction defined; `nan` (float → int), only NaN → 0 is still needed. Absent: the full guard.
 */
export type GuardNeed = 'none' | 'nan';

export type IrExpr =
  | { op: 'const'; type: Type; value: IrConst }
  | { op: 'load'; type: Type; place: IrPlace }
  | { op: 'unary'; type: Type; operator: UnaryOperator; arg: IrExpr }
  /** Component-wise on operands of the result's shape (the checker has splatted/converted them). */
  | { op: 'binary'; type: Type; operator: BinaryOperator; left: IrExpr; right: IrExpr; guard?: GuardNeed }
  | { op: 'convert'; type: Type; arg: IrExpr; guard?: GuardNeed }
  /** Composite from parts: a vector from scalars/vectors, a matrix from rows, a struct/array from members. */
  | { op: 'construct'; type: Type; parts: IrExpr[] }
  /** Constant-index extraction: member of struct, element of vector/array, row of matrix. */
  | { op: 'extract'; type: Type; arg: IrExpr; index: number }
  /** Dynamic-index extraction from a value (spilled to a temporary by back ends that need it). */
  | { op: 'dynamicExtract'; type: Type; arg: IrExpr; index: IrExpr }
  | { op: 'swizzle'; type: Type; arg: IrExpr; components: number[] }
  | { op: 'splat'; type: Type; arg: IrExpr }
  | { op: 'select'; type: Type; cond: IrExpr; then: IrExpr; else: IrExpr }
  | { op: 'call'; type: Type; callee: IrFunction; args: IrCallArg[]; /** The call's name, for diagnostics about its arguments. */ loc?: Loc }
  /** `loc`: the call, for back ends that reject an intrinsic their target lacks. */
  | { op: 'intrinsic'; type: Type; name: IntrinsicName; args: IrExpr[]; loc?: Loc }
  /** A resource method; `type` is the HLSL result type (the back end narrows the 4-component image results). */
  | { op: 'resource'; type: Type; call: ResourceCall }
  /** Inline SPIR-V: a call of a `[[vk::ext_instruction]]` function. */
  | { op: 'spirv'; type: Type; instruction: SpirvInstruction; loc?: Loc }
  /**
   * A pixel input read other than by its own interpolation: GetAttributeAtVertex (`vertex`, `arg` the
   * vertex index) and EvaluateAttributeAtSample/Centroid/Snapped (`sample` with the sample index,
   * `centroid`, `offset` with an int2). `input` is the place of the input as the entry function names it.
   */
  | { op: 'interpolate'; type: Type; mode: InterpolateMode; input: IrPlace; arg?: IrExpr; loc: Loc }
  /** `printf(format, args…)` (void): NonSemantic.DebugPrintf's DebugPrintf with the format as an OpString. */
  | { op: 'printf'; type: Type; format: string; args: IrExpr[]; loc: Loc };

/** `vertices`: all three vertices' values (T[3]), passed to a helper's nointerpolation parameter. */
export type InterpolateMode = 'vertex' | 'vertices' | 'sample' | 'centroid' | 'offset';

/** One instruction as the source spelled it (opcode, or an extended-instruction set and number). */
export interface SpirvInstruction {
  opcode: number;
  /** `vk::ext_instruction(n, "set")`: OpExtInst of that set's instruction n. */
  set?: string;
  operands: SpirvOperand[];
  /** What the function's `vk::ext_capability` / `vk::ext_extension` attributes declare. */
  requirements: SpirvRequirements;
}

/**
 * An id of a value, a literal word (`[[vk::ext_literal]]` parameters), a pointer (`[[vk::ext_reference]]`)
 * or a type's id (OpCooperativeMatrixLengthKHR's operand).
 */
export type SpirvOperand = { kind: 'value'; value: IrExpr } | { kind: 'literal'; value: number } | { kind: 'pointer'; place: IrPlace } | { kind: 'type'; type: Type };

export interface SpirvRequirements {
  capabilities: number[];
  extensions: string[];
  /** The first attribute, for targets that cannot express it. */
  loc?: Loc;
}

/** `in` arguments are values; `out`/`inout` arguments are places written back after the call. */
export type IrCallArg = { kind: 'value'; value: IrExpr } | { kind: 'place'; place: IrPlace };

// ---------------------------------------------------------------------------------------------
// Statements

export type LoopControl = { unroll?: number | true; dontUnroll?: boolean };
/** `[flatten]` / `[branch]` on `if` and `switch`: SPIR-V Selection Control Flatten / DontFlatten. */
export type SelectionHint = 'flatten' | 'dontFlatten';

export type IrStmt =
  | { op: 'store'; place: IrPlace; value: IrExpr }
  /** Store to some components of a vector place (`v.zx = …`). */
  | { op: 'storeSwizzle'; place: IrPlace; components: number[]; value: IrExpr }
  | { op: 'eval'; expr: IrExpr }
  | { op: 'if'; cond: IrExpr; then: IrStmt[]; else: IrStmt[]; hint?: SelectionHint }
  /** `while (true) { body; continuing }`: for/while/do loops lower to this with explicit breaks. */
  | { op: 'loop'; body: IrStmt[]; continuing: IrStmt[]; control: LoopControl }
  | { op: 'switch'; selector: IrExpr; cases: { values: (number | bigint)[]; isDefault: boolean; body: IrStmt[] }[]; hint?: SelectionHint }
  | { op: 'break' }
  | { op: 'continue' }
  | { op: 'return'; value?: IrExpr }
  | { op: 'discard' }
  /** A geometry shader's `stream.Append(value)`: writes value to the stage outputs, then emits a vertex. */
  | { op: 'emitVertex'; stream: IrPlace; value: IrExpr }
  /** `stream.RestartStrip()`: ends the current primitive. */
  | { op: 'endPrimitive'; stream: IrPlace };

export interface IrParam {
  var: IrVar;
  direction: 'in' | 'out' | 'inout';
}

export interface IrFunction {
  id: number;
  name: string;
  params: IrParam[];
  returnType: Type;
  locals: IrVar[];
  body: IrStmt[];
  /** `[[vk::ext_capability]]` / `[[vk::ext_extension]]` on the function: declared when the module has it. */
  requirements?: SpirvRequirements;
  /** `[[vk::ext_decorate(d, literals…)]]` on the function: OpDecorate of the OpFunction. */
  decorations?: SpirvDecoration[];
  /** `vk::ext_execution_mode(mode, operands…)` calls in its body: execution modes of the entry points that run it. */
  executionModes?: { mode: number; operands: number[]; /** vk::ext_execution_mode_id: OpExecutionModeId's constant operands. */ ids?: IrExpr[]; loc?: Loc }[];
  /** An `export` function: LinkageAttributes `name` Export (linkable from other modules). */
  linkage?: { name: string; loc: Loc };
}

// ---------------------------------------------------------------------------------------------
// Entry points: the HLSL signature, with the semantics that the back end maps to builtins/locations.

/** A semantic-bearing value of an entry point, after struct flattening is left to the back end. */
export interface StageValue {
  semantic?: string;
  location?: number;
  interpolation?: Interpolation[];
  /** `[[vk::builtin("Name")]]`: a Vulkan builtin without an HLSL semantic (PointSize, HelperInvocation, …). */
  builtin?: string;
  /** `[[vk::index(N)]]`: the fragment output's blend-equation index (dual-source blending). */
  index?: number;
  /** `[[vk::ext_decorate…]]`: decorations of the stage variable. */
  decorations?: SpirvDecoration[];
}

export interface IrEntryParam {
  var: IrVar;
  direction: 'in' | 'out' | 'inout';
  io: StageValue;
}

/** A `[shader]` entry's common part: the HLSL function, its stage I/O and the globals it reaches. */
export interface IrEntryCommon {
  name: string;
  function: IrFunction;
  params: IrEntryParam[];
  result?: StageValue;
  /** Runs the non-constant initializers of `static` globals; the wrapper calls it before the entry function. */
  staticInit?: IrFunction;
  /** Globals the entry point's call tree references (for SPIR-V 1.4+ interfaces and reflection). */
  globals: IrGlobal[];
  /** The entry function's name, for back ends that refuse a stage. */
  loc: Loc;
}

export type WorkgroupSize = [number, number, number];
/** A geometry shader's input primitive: the qualifier on its input array parameter. */
export type GsInputPrimitive = 'point' | 'line' | 'triangle' | 'lineadj' | 'triangleadj';
/** A geometry shader's output stream: PointStream, LineStream or TriangleStream. */
export type StreamTopology = 'point' | 'line' | 'triangle';
export type TessDomain = 'tri' | 'quad' | 'isoline';
export type TessPartitioning = 'integer' | 'fractional_even' | 'fractional_odd' | 'pow2';
export type TessOutputTopology = 'point' | 'line' | 'triangle_cw' | 'triangle_ccw';

/** An entry parameter that is an input or output patch (`InputPatch<T, N>` / `OutputPatch<T, N>`, typed `T[N]`). */
export interface PatchParam {
  /** Index into the entry's (or the patch-constant function's) parameters. */
  param: number;
  kind: 'input' | 'output';
  size: number;
}

/** The hull shader's patch-constant function: called once per patch after every control point is written. */
export interface IrPatchConstantFunction {
  function: IrFunction;
  params: IrEntryParam[];
  result?: StageValue;
  patches: PatchParam[];
}


/** `[outputtopology]` of a mesh shader. */
export type MeshOutputTopology = 'point' | 'line' | 'triangle';

/**
 * A mesh shader's special parameters: `out vertices T v[N]`, `out indices uintK i[M]`,
 * `out primitives P p[M]` are written in place by every invocation (shared outputs, no copy-out),
 * `in payload S p` is read from the amplification shader's payload.
 */
export interface MeshStageInfo {
  topology: MeshOutputTopology;
  /** Parameter indices. */
  vertices: number;
  indices: number;
  primitives?: number;
  payload?: number;
  maxVertices: number;
  maxPrimitives: number;
}

/**
 * What each stage adds to the common part, keyed by stage: the entry point is the union of these.
 * A new stage fills its slot here, its attribute handlers in check/stage-attributes.ts and its
 * emitter in spirv/stages/.
 */
export interface StagePayloads {
  vertex: Record<never, never>;
  pixel: { earlyDepthStencil: boolean };
  compute: { workgroupSize: WorkgroupSize };
  geometry: {
    maxVertexCount: number;
    /** `[instance(N)]`: invocations per input primitive (1 without the attribute). */
    invocations: number;
    inputPrimitive: GsInputPrimitive;
    /** The array parameters qualified with the input primitive (one per-vertex value each), and their length. */
    inputParams: number[];
    inputVertices: number;
    /** The stream parameter (`inout TriangleStream<T>`): its index and topology. */
    streamParam: number;
    outputTopology: StreamTopology;
  };
  hull: {
    /** Absent without [domain(...)]: the domain shader then gives the tessellation primitive. */
    domain?: TessDomain;
    /** Absent without [partitioning(...)]: the domain shader then gives the spacing. */
    partitioning?: TessPartitioning;
    outputTopology: TessOutputTopology;
    outputControlPoints: number;
    maxTessFactor?: number;
    patchConstant: IrPatchConstantFunction;
    patches: PatchParam[];
  };
  domain: { domain: TessDomain; patches: PatchParam[] };
  /** SPV_EXT_mesh_shader (spirv/stages/mesh.ts). */
  mesh: { workgroupSize: WorkgroupSize } & MeshStageInfo;
  amplification: { workgroupSize: WorkgroupSize };
  /** Ray-tracing stages (SPV_KHR_ray_tracing); refused by the back ends until filled. */
  raygeneration: Record<never, never>;
  intersection: Record<never, never>;
  anyhit: Record<never, never>;
  closesthit: Record<never, never>;
  miss: Record<never, never>;
  callable: Record<never, never>;
  /** Work-graph nodes (SPV_AMDX_shader_enqueue; spirv/stages/node.ts). */
  node: NodeStageInfo;
}

export type NodeLaunch = 'broadcasting' | 'coalescing' | 'thread';

/** The attributes of a node entry (`[NodeLaunch]`, `[NodeDispatchGrid]`, …) and its node parameters. */
export interface NodeStageInfo {
  workgroupSize: WorkgroupSize;
  launch: NodeLaunch;
  /** `[NodeID("name", index)]`: only the index reaches SPIR-V (ShaderIndexAMDX). */
  nodeIndex: number;
  dispatchGrid?: WorkgroupSize;
  maxDispatchGrid?: WorkgroupSize;
  maxRecursion?: number;
  shareInputOf?: { name: string; index: number };
  /** Per parameter: what its node object is declared with (absent for a system-value parameter). */
  nodeParams: (NodeParamInfo | undefined)[];
}

export interface NodeParamInfo {
  /** The output's node name: `[NodeID]`'s, else the parameter's. */
  name: string;
  /** `[NodeID(name, index)]`'s index: the base of an output array. */
  baseIndex: number;
  maxRecords?: number;
  /** `[MaxRecordsSharedWith(p)]`: that parameter's index. */
  sharesWith?: number;
  sparse: boolean;
  arraySize?: number;
}

/** An entry point of one stage: `stage` discriminates, and brings that stage's payload. */
export type IrEntryOf<S extends ShaderStage> = IrEntryCommon & { stage: S } & StagePayloads[S];
export type IrEntryPoint = { [S in ShaderStage]: IrEntryOf<S> }[ShaderStage];

export interface IrModule {
  globals: IrGlobal[];
  functions: IrFunction[];
  entryPoints: IrEntryPoint[];
  defaultMajorness: Majorness;
  /** Source files, main first, for OpSource/OpString. */
  sourceFile: string;
  /**
   * The checker resolved resources held in locals, parameters or struct members to their globals
   * (what DXC's legalization does; at -O0 that legalization still drops unused resources).
   */
  legalizedResources?: boolean;
  /**
   * Inline SPIR-V declares the VulkanMemoryModel capability (`<vk/khr/cooperative_matrix.h>` does): the
   * module takes the Vulkan memory model, as DXC upgrades such a module (-fspv-use-vulkan-memory-model).
   */
  vulkanMemoryModel?: boolean;
  /** A library's `export` functions (-T lib_6_x): kept and emitted though no entry point may call them. */
  exports?: IrFunction[];
}
