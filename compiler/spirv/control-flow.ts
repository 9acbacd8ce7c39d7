// Structured control flow of the emitter (function.ts): selection, loop and switch constructs with
// their merge and continue blocks, and, optimising, the edges into each join (ssa.ts) so that value
// locals get phis where the paths that reach it disagree.
import type { IrExpr, IrStmt, SelectionHint } from '../ir/ir.js';
import { elementScalar } from '../types.js';
import { Op } from '../spirv-spec/spec.js';
import type { FunctionEmitter } from './function.js';
import { LoopControlMask as SpvLoopControl, SelectionControl } from './operators.js';
import type { Edge } from './ssa.js';

/** `if`: a selection construct; value locals that differ at its merge become phis. */
export function ifStmt(fe: FunctionEmitter, cond: IrExpr, then: IrStmt[], els: IrStmt[], control: number = SelectionControl.None): void {
  const c = fe.expr(cond);
  const thenLabel = fe.b.id();
  const merge = fe.b.id();
  const elseLabel = els.length ? fe.b.id() : merge;
  const header = fe.ssa.edge();
  const ends: Edge[] = [];
  const end = () => {
    if (!fe.f.blockOpen) return;
    ends.push(fe.ssa.edge());
    fe.f.terminate(Op.Branch, [merge]);
  };
  fe.f.emit(Op.SelectionMerge, [merge, control]);
  fe.f.terminate(Op.BranchConditional, [c, thenLabel, elseLabel]);
  fe.f.label(thenLabel);
  fe.stmts(then);
  end();
  fe.ssa.restore(header.values);
  if (els.length) {
    fe.f.label(elseLabel);
    fe.stmts(els);
    end();
  } else ends.push(header);
  fe.f.label(merge);
  fe.ssa.join(ends, header.values);
}

/** A loop construct: header (phis, OpLoopMerge), body, continue target, back edge; `break`s join at the merge. */
export function loop(fe: FunctionEmitter, s: Extract<IrStmt, { op: 'loop' }>): void {
  const header = fe.b.id();
  const body = fe.b.id();
  const cont = fe.b.id();
  const merge = fe.b.id();
  const entry = fe.ssa.edge();
  fe.f.terminate(Op.Branch, [header]);
  fe.f.label(header);
  const phis = fe.ssa.openLoop(entry, s.body, s.continuing);
  const atHeader = new Map(fe.ssa.current);
  const control = s.control.unroll !== undefined ? SpvLoopControl.Unroll : s.control.dontUnroll ? SpvLoopControl.DontUnroll : SpvLoopControl.None;
  fe.f.emit(Op.LoopMerge, [merge, cont, control]);
  fe.f.terminate(Op.Branch, [body]);
  fe.f.label(body);
  fe.loops.push({ merge, continue: cont });
  fe.breakTargets.push(merge);
  const breaks: Edge[] = [];
  const continues: Edge[] = [];
  fe.breakEdges.push(breaks);
  fe.continueEdges.push(continues);
  fe.stmts(s.body);
  if (fe.f.blockOpen) {
    continues.push(fe.ssa.edge());
    fe.f.terminate(Op.Branch, [cont]);
  }
  fe.continueEdges.pop();
  fe.f.label(cont);
  fe.ssa.join(continues, atHeader);
  // A do-while condition (`if (!cond) break;` last in the continuing statements) becomes the
  // back-edge's conditional branch: a continue construct may not contain a branch to the merge.
  const last = s.continuing[s.continuing.length - 1];
  const exitTest = last?.op === 'if' && last.then.length === 0 && last.else.length === 1 && last.else[0]!.op === 'break' ? last : undefined;
  fe.stmts(exitTest ? s.continuing.slice(0, -1) : s.continuing);
  // The condition first: evaluating it may open blocks, and the back edge leaves the last.
  const c = fe.f.blockOpen && exitTest ? fe.expr(exitTest.cond) : undefined;
  const back = fe.ssa.edge();
  if (fe.f.blockOpen && c !== undefined) {
    breaks.push(back);
    fe.f.terminate(Op.BranchConditional, [c, header, merge]);
  } else if (fe.f.blockOpen) fe.f.terminate(Op.Branch, [header]);
  fe.ssa.closeLoop(phis, back);
  fe.loops.pop();
  fe.breakTargets.pop();
  fe.breakEdges.pop();
  fe.f.label(merge);
  fe.ssa.join(breaks, atHeader);
}

/** `switch`: OpSwitch to one block per case (fallthrough to the next), joined at the merge. */
export function switchStmt(fe: FunctionEmitter, s: Extract<IrStmt, { op: 'switch' }>): void {
  const selector = fe.expr(s.selector);
  const merge = fe.b.id();
  const labels = s.cases.map(() => fe.b.id());
  const defaultIndex = s.cases.findIndex((k) => k.isDefault);
  const defaultLabel = defaultIndex >= 0 ? labels[defaultIndex]! : merge;
  const targets: number[] = [];
  const wide = elementScalar(s.selector.type)!.width === 64;
  s.cases.forEach((k, i) => {
    for (const v of k.values) {
      if (wide) {
        const big = BigInt.asUintN(64, BigInt(v));
        targets.push(Number(big & 0xffffffffn), Number(big >> 32n), labels[i]!);
      } else targets.push(Number(BigInt.asUintN(32, BigInt(v))), labels[i]!);
    }
  });
  const header = fe.ssa.edge();
  fe.f.emit(Op.SelectionMerge, [merge, selectionControl(s.hint)]);
  fe.f.terminate(Op.Switch, [selector, defaultLabel, ...targets]);
  fe.breakTargets.push(merge);
  const breaks: Edge[] = defaultIndex < 0 ? [header] : [];
  fe.breakEdges.push(breaks);
  let fallthrough: Edge | undefined;
  s.cases.forEach((k, i) => {
    fe.f.label(labels[i]!);
    const incoming = k.values.length || k.isDefault ? [header] : [];
    if (fallthrough) incoming.push(fallthrough);
    fe.ssa.join(incoming, header.values);
    fallthrough = undefined;
    fe.stmts(k.body);
    // Fallthrough to the next case's block, as C does.
    if (fe.f.blockOpen) {
      fallthrough = fe.ssa.edge();
      fe.f.terminate(Op.Branch, [labels[i + 1] ?? merge]);
    }
  });
  if (fallthrough) breaks.push(fallthrough);
  fe.breakTargets.pop();
  fe.breakEdges.pop();
  fe.f.label(merge);
  fe.ssa.join(breaks, header.values);
}

export function selectionControl(hint: SelectionHint | undefined): number {
  return hint === 'flatten' ? SelectionControl.Flatten : hint === 'dontFlatten' ? SelectionControl.DontFlatten : SelectionControl.None;
}
