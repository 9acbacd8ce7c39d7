// GetAttributeAtVertex and EvaluateAttribute*: they read a pixel input's Input variable itself.
// Function code runs before the entry wrapper declares stage variables, so it takes the variable's id
// from stageInput (reserved per parameter and member path); the wrapper declares the variable with it.
// Per-vertex inputs (SPV_KHR_fragment_shader_barycentric): every nointerpolation input of a pixel entry
// that uses GetAttributeAtVertex becomes a PerVertexKHR array of 3, as DXC does; the parameter's own
// value is vertex 0's.
import type { IrExpr, IrFunction, IrPlace, IrVar } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';
import { FLOAT, scalar, vector } from '../types.js';
import { Capability, Op, StorageClass } from '../spirv-spec/spec.js';
import type { FunctionEmitter } from './function.js';

/** GLSL.std.450 InterpolateAt* instruction numbers. */
const INTERPOLATE_AT = { centroid: 76, sample: 77, offset: 78 } as const;

/** Reserved ids of the Input variables that function code reads directly, by parameter and member path. */
export class StageInputs {
  private readonly ids = new Map<IrVar, Map<string, number>>();
  constructor(private readonly nextId: () => number) {}

  id(param: IrVar, path: readonly number[]): number {
    let byPath = this.ids.get(param);
    if (!byPath) this.ids.set(param, (byPath = new Map()));
    let id = byPath.get(path.join('.'));
    if (id === undefined) byPath.set(path.join('.'), (id = this.nextId()));
    return id;
  }
}

/** Does the entry function read an input per vertex (then its nointerpolation inputs are per-vertex)? */
export function readsPerVertex(fn: IrFunction): boolean {
  let found = false;
  walkStmts(fn.body, { expr: (e) => void (e.op === 'interpolate' && (e.mode === 'vertex' || e.mode === 'vertices') && (found = true)) });
  return found;
}

/** The inputs (parameter, member path) whose variables the entry function and the helpers it calls read directly. */
export function interpolatedInputs(entry: IrFunction): Map<IrVar, Set<string>> {
  const found = new Map<IrVar, Set<string>>();
  const visited = new Set<IrFunction>();
  const visit = (fn: IrFunction): void => {
    if (visited.has(fn)) return;
    visited.add(fn);
    walkStmts(fn.body, { expr: (e) => void (e.op === 'call' && visit(e.callee)) });
  };
  visit(entry);
  for (const fn of visited) walkStmts(fn.body, {
    expr: (e) => {
      if (e.op !== 'interpolate' || e.input.kind === 'global') return;
      const at = memberPath(e.input);
      if (!found.has(at.root)) found.set(at.root, new Set());
      found.get(at.root)!.add(at.path.join('.'));
    },
  });
  return found;
}

function memberPath(p: IrPlace): { root: IrVar; path: number[] } {
  if (p.kind === 'local') return { root: p.local, path: [] };
  if (p.kind !== 'member') throw new Error('internal: an attribute evaluation of a place the checker should have refused');
  const base = memberPath(p.base);
  return { root: base.root, path: [...base.path, p.index] };
}

function stageInput(fe: FunctionEmitter, input: IrPlace): number {
  const at = memberPath(input);
  return fe.m.stageInputs.id(at.root, at.path);
}

export function emitInterpolate(fe: FunctionEmitter, e: Extract<IrExpr, { op: 'interpolate' }>): number {
  const { b, t } = fe;
  // A `[[vk::ext_builtin_input]]` global (gl_PointCoord) is its own Input variable.
  const variable = e.input.kind === 'global' ? fe.m.globals.get(e.input.global)!.id : stageInput(fe, e.input);
  const type = t.type(e.type);
  const result = b.id();
  if (e.mode === 'vertices') {
    fe.f.emit(Op.Load, [type, result, variable]);
    return result;
  }
  if (e.mode === 'vertex') {
    const ptr = b.id();
    fe.f.emit(Op.AccessChain, [t.pointer(StorageClass.Input, type), ptr, variable, fe.expr(e.arg!)]);
    fe.f.emit(Op.Load, [type, result, ptr]);
    return result;
  }
  b.capability(Capability.InterpolationFunction);
  const operands = [variable];
  if (e.mode === 'sample') operands.push(fe.expr(e.arg!));
  if (e.mode === 'offset') {
    // HLSL's snapped offset is in 1/16 pixel (D3D's 16x16 grid); InterpolateAtOffset's is in pixels.
    const f2 = vector(FLOAT, 2);
    const asFloat = b.id();
    fe.f.emit(Op.ConvertSToF, [t.type(f2), asFloat, fe.expr(e.arg!)]);
    const scaled = b.id();
    fe.f.emit(Op.VectorTimesScalar, [t.type(f2), scaled, asFloat, fe.expr({ op: 'const', type: FLOAT, value: { kind: 'scalar', type: scalar('float', 32), value: 1 / 16 } })]);
    operands.push(scaled);
  }
  fe.f.emit(Op.ExtInst, [type, result, fe.m.glsl(), INTERPOLATE_AT[e.mode], ...operands]);
  return result;
}
