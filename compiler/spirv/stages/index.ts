// One emitter per stage: its execution model, execution modes and, where the stage needs more than
// the plain wrapper (read inputs, call, write outputs), its own wrapper. Each stage family lives in
// its own file; this table is what emit.ts consults, and `tsc` proves it covers every stage.
import type { ShaderStage } from '../../common/stage.js';
import type { IrEntryOf } from '../../ir/ir.js';
import type { Type } from '../../types.js';
import type { ModuleBuilder } from '../builder.js';
import type { FunctionEmitter, ModuleContext } from '../function.js';
import { computeStages } from './compute.js';
import { geometryStage } from './geometry.js';
import { graphicsStages } from './graphics.js';
import { meshStages } from './mesh.js';
import { rayTracingStages } from './ray-tracing.js';
import { tessellationStages } from './tessellation.js';
import { nodeStages } from './node.js';

/** A builtin that function code reads through a Private copy, and this entry's Input variable for it. */
export interface BuiltinCopy {
  input: number;
  copy: number;
  type: Type;
}

export interface EntryEmit<S extends ShaderStage> {
  m: ModuleContext;
  fe: FunctionEmitter;
  ep: IrEntryOf<S>;
  /** The HLSL entry function's id. */
  srcId: number;
  errors: string[];
  copies: BuiltinCopy[];
  /** Optimising, for a stage whose emitter `inlines`: emit the entry function's body in the wrapper. */
  inline?: boolean;
  /** A hull's patch-constant function's body is emitted in the wrapper too (optimising). */
  inlinePatchConstant?: boolean;
  /** The builtin copies, asked after an inlined body is emitted (it may add some). */
  copiesOf?: () => BuiltinCopy[];
}

export interface StageEmitter<S extends ShaderStage> {
  /** The execution model, or why the stage cannot be emitted yet. */
  model: number | { unsupported: string };
  /** Where the model depends on the module (SPV_NV_mesh_shader's before SPIR-V 1.4): it, instead of `model`. */
  modelFor?(b: ModuleBuilder): number;
  /** Before any function body: module-level state function code needs (a geometry shader's stream outputs). */
  prepare?(m: ModuleContext, ep: IrEntryOf<S>, errors: string[]): void;
  /** The wrapper function and the interface variables; absent: the plain wrapper (stage-io.ts). */
  wrapper?(x: EntryEmit<S>): { id: number; interfaceIds: number[] };
  /** The wrapper can hold the entry function's body (EntryEmit.inline). */
  inlines?: boolean;
  /** Execution modes (and capabilities) of the entry. */
  modes(b: ModuleBuilder, id: number, ep: IrEntryOf<S>): void;
}

export type StageEmitters = { [S in ShaderStage]: StageEmitter<S> };

export const STAGE_EMITTERS: StageEmitters = {
  ...graphicsStages,
  ...computeStages,
  geometry: geometryStage,
  ...tessellationStages,
  ...meshStages,
  ...rayTracingStages,
  ...nodeStages,
};

/** The table's row for an entry's stage, typed for that entry. */
export function stageEmitter<S extends ShaderStage>(ep: IrEntryOf<S>): StageEmitter<S> {
  return STAGE_EMITTERS[ep.stage as S] as StageEmitter<S>;
}
