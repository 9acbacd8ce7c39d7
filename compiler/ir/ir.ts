// The typed, structured IR between the checker and the back ends (SPIR-V now, WGSL later).
// Like naga's: resolved types, explicit address spaces, pointers as "places", structured control
// flow, entry points described by their HLSL signature (each back end maps stage I/O its own way).
import type { SourceLocation } from '../diagnostics.js';
import type { ShaderStage } from '../common/stage.js';
import type { Interpolation, Majorness, ResourceKind, Type } from '../types.js';
import type { IntrinsicName } from './intrinsics.js';

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
  | 'spec-constant';

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
  readonly: boolean;
  init?: IrConst;
  loc: SourceLocation;
  /** The counter block of a RW/Append/Consume structured buffer (manual: it takes its own binding). */
  counter?: IrGlobal;
  /** `[[vk::constant_id(N)]]` of a spec-constant global. */
  specId?: number;
  /** `[[vk::input_attachment_index(N)]]` of a subpass input. */
  inputAttachmentIndex?: number;
  /** `globallycoherent`: decorated Coherent. */
  coherent?: boolean;
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
  | { kind: 'texel'; image: IrPlace; coord: IrExpr; type: Type };

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
  /** Sample/SampleLevel/SampleGrad/SampleBias/SampleCmp/SampleCmpLevelZero. */
  | { kind: 'sample'; image: IrPlace; sampler: IrPlace; coord: IrExpr; dref?: IrExpr; explicitLod: boolean; operands: ImageOperands; sparse?: boolean }
  /** Gather/GatherRed.../GatherCmp: OpImageGather / OpImageDrefGather. */
  | { kind: 'gather'; image: IrPlace; sampler: IrPlace; coord: IrExpr; component: number; dref?: IrExpr; operands: ImageOperands; sparse?: boolean }
  /** `.Load()` (OpImageFetch on sampled images and Buffer, OpImageRead on storage images). */
  | { kind: 'fetch'; image: IrPlace; coord: IrExpr; operands: ImageOperands; sparse?: boolean }
  /** CheckAccessFullyMapped(status): OpImageSparseTexelsResident. */
  | { kind: 'texelsResident'; status: IrExpr }
  /** Size of an image (with `lod`: OpImageQuerySizeLod) as a uint vector. */
  | { kind: 'querySize'; image: IrPlace; lod?: IrExpr }
  | { kind: 'queryLevels'; image: IrPlace }
  | { kind: 'querySamples'; image: IrPlace }
  /** CalculateLevelOfDetail(Unclamped): component 0 (clamped) or 1 of OpImageQueryLod. */
  | { kind: 'queryLod'; image: IrPlace; sampler: IrPlace; coord: IrExpr; clamped: boolean }
  /** Interlocked*: on a buffer/groupshared place or a texel. Returns the original value. */
  | { kind: 'atomic'; operation: AtomicOperation; target: IrPlace; value: IrExpr; comparator?: IrExpr }
  /** IncrementCounter/Append (+1: the old count) and DecrementCounter/Consume (-1: the new count). */
  | { kind: 'counter'; counter: IrGlobal; delta: 1 | -1; /** Element of an array of counters (arrays of buffers). */ index?: IrExpr }
  /** Element count of the runtime array that is member 0 of a buffer block (OpArrayLength). */
  | { kind: 'arrayLength'; buffer: IrPlace }
  /** SubpassInput(MS).SubpassLoad([sample]). */
  | { kind: 'subpassLoad'; image: IrPlace; sample?: IrExpr };

export type BinaryOperator =
  | 'add' | 'sub' | 'mul' | 'div' | 'rem'
  | 'shl' | 'shr' | 'bitand' | 'bitor' | 'bitxor'
  | 'logand' | 'logor'
  | 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';

export type UnaryOperator = 'neg' | 'lognot' | 'bitnot';

export type IrExpr =
  | { op: 'const'; type: Type; value: IrConst }
  | { op: 'load'; type: Type; place: IrPlace }
  | { op: 'unary'; type: Type; operator: UnaryOperator; arg: IrExpr }
  /** Component-wise on operands of the result's shape (the checker has splatted/converted them). */
  | { op: 'binary'; type: Type; operator: BinaryOperator; left: IrExpr; right: IrExpr }
  | { op: 'convert'; type: Type; arg: IrExpr }
  /** Composite from parts: a vector from scalars/vectors, a matrix from rows, a struct/array from members. */
  | { op: 'construct'; type: Type; parts: IrExpr[] }
  /** Constant-index extraction: member of struct, element of vector/array, row of matrix. */
  | { op: 'extract'; type: Type; arg: IrExpr; index: number }
  /** Dynamic-index extraction from a value (spilled to a temporary by back ends that need it). */
  | { op: 'dynamicExtract'; type: Type; arg: IrExpr; index: IrExpr }
  | { op: 'swizzle'; type: Type; arg: IrExpr; components: number[] }
  | { op: 'splat'; type: Type; arg: IrExpr }
  | { op: 'select'; type: Type; cond: IrExpr; then: IrExpr; else: IrExpr }
  | { op: 'call'; type: Type; callee: IrFunction; args: IrCallArg[] }
  /** `loc`: the call, for back ends that reject an intrinsic their target lacks. */
  | { op: 'intrinsic'; type: Type; name: IntrinsicName; args: IrExpr[]; loc?: SourceLocation }
  /** A resource method; `type` is the HLSL result type (the back end narrows the 4-component image results). */
  | { op: 'resource'; type: Type; call: ResourceCall };

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
  | { op: 'discard' };

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
}

export interface IrEntryParam {
  var: IrVar;
  direction: 'in' | 'out' | 'inout';
  io: StageValue;
}

export interface IrEntryPoint {
  name: string;
  stage: ShaderStage;
  function: IrFunction;
  params: IrEntryParam[];
  result?: StageValue;
  workgroupSize?: [number, number, number];
  /** Runs the non-constant initializers of `static` globals; the wrapper calls it before the entry function. */
  staticInit?: IrFunction;
  /** Globals the entry point's call tree references (for SPIR-V 1.4+ interfaces and reflection). */
  globals: IrGlobal[];
}

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
}
