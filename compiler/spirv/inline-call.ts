// Optimising: calls replaced by the callee's body (DXC inlines every function, issue 19). Arguments
// are evaluated in order as for a call; an `in` parameter the body only reads is the argument's
// value, others are copies written back after the body (out/inout), as the call's copy-in/copy-out.
// A callee that returns only at its end is emitted straight into the caller's block; one with early
// returns (or discards) goes in a one-iteration loop construct, each `return` branching to its merge
// (structured: a return is a break of that loop), where the result is a phi of the returned values.
import type { IrCallArg, IrFunction, IrPlace, IrVar } from '../ir/ir.js';
import type { Type } from '../types.js';
import { Op } from '../spirv-spec/spec.js';
import type { FunctionEmitter, Pointer } from './function.js';
import type { Edge } from './ssa.js';
import { LoopControlMask } from './operators.js';

/** Where an out/inout argument is read and written back: its pointer, or a mesh output the redirect owns. */
interface Target {
  load(): number;
  store(value: number, type: Type): void;
}

function targetOf(fe: FunctionEmitter, place: IrPlace): Target {
  const redirect = fe.redirect;
  // A mesh output (its SV_Position may be negated on the way: -fvk-invert-y) goes through the redirect.
  if (redirect?.owns(place)) return { load: () => redirect.load(fe, place), store: (value) => redirect.store(fe, place, value) };
  const ptr = fe.place(place);
  return { load: () => fe.loadPtr(ptr), store: (value, type) => fe.storePtr(ptr, value, type) };
}

/** Binds the parameters and locals of `callee`; returns the copies to write back and its value locals. */
function enter(fe: FunctionEmitter, callee: IrFunction, args: IrCallArg[]) {
  const backs: { back: Target; from: Pointer | IrVar }[] = [];
  // Parameters the body writes are value locals too where they qualify (SSA: no copy variable).
  const values = new Set(fe.m.valueFacts.inlinedValueLocals(callee));
  fe.ssa.count(callee.body);
  args.forEach((a, i) => {
    const p = callee.params[i]!;
    // A node object parameter names the caller's (node-objects.ts inlineNodeCall binds it).
    if (p.var.type.kind === 'node') return;
    if (a.kind === 'value' && fe.m.valueFacts.bindableParameter(callee, p.var)) {
      fe.bound.set(p.var, fe.expr(a.value));
      values.delete(p.var);
      return;
    }
    fe.bound.delete(p.var);
    if (values.has(p.var)) {
      fe.valueLocals.add(p.var);
      if (a.kind === 'value') fe.ssa.current.set(p.var, fe.expr(a.value));
      else {
        const target = targetOf(fe, a.place);
        if (p.direction === 'inout') fe.ssa.current.set(p.var, target.load());
        else fe.ssa.declare(p.var);
        backs.push({ back: target, from: p.var });
      }
      return;
    }
    const tmp = fe.temp(p.var.type, p.var.name);
    fe.locals.set(p.var, tmp);
    if (a.kind === 'value') fe.storePtr(tmp, fe.expr(a.value), p.var.type);
    else {
      const target = targetOf(fe, a.place);
      if (p.direction === 'inout') fe.storePtr(tmp, target.load(), p.var.type);
      backs.push({ back: target, from: tmp });
    }
  });
  for (const v of callee.locals) {
    if (v.type.kind === 'node') continue; // records: values the node redirect binds
    if (values.has(v)) (fe.valueLocals.add(v), fe.ssa.declare(v));
    else if (!fe.locals.has(v)) fe.local(v);
  }
  // The callee's nodes are evaluated afresh in each inlined instance: no memo across instances.
  fe.memo.clear();
  return { backs, values };
}

function leave(fe: FunctionEmitter, backs: { back: Target; from: Pointer | IrVar }[], values: Set<IrVar>): void {
  fe.memo.clear();
  for (const t of backs) {
    if (!fe.f.blockOpen) break;
    if ('storageClass' in t.from) t.back.store(fe.loadPtr(t.from), t.from.type);
    else t.back.store(fe.ssa.current.get(t.from)!, t.from.type);
  }
  // The callee's locals end with the call: no phis for them where the caller's branches join.
  for (const v of values) fe.ssa.current.delete(v);
}

/** A callee that returns only at its end (values.ts inlinable()). */
export function inlineCall(fe: FunctionEmitter, callee: IrFunction, args: IrCallArg[]): number {
  const { backs, values } = enter(fe, callee, args);
  const last = callee.body[callee.body.length - 1];
  const trailing = last?.op === 'return' ? last : undefined;
  fe.stmts(trailing ? callee.body.slice(0, -1) : callee.body);
  fe.memo.clear();
  const result = trailing?.value && fe.f.blockOpen ? fe.expr(trailing.value) : 0;
  leave(fe, backs, values);
  return result;
}

/** A callee with early returns or discards outside its loops and switches (values.ts inlinableWithReturns()). */
export function inlineCallWithReturns(fe: FunctionEmitter, callee: IrFunction, args: IrCallArg[]): number {
  const { backs, values } = enter(fe, callee, args);
  const b = fe.b;
  const header = b.id();
  const body = b.id();
  const cont = b.id();
  const merge = b.id();
  fe.f.terminate(Op.Branch, [header]);
  fe.f.label(header);
  // No phis here: the back edge comes from the continue block, which nothing reaches.
  const atHeader = new Map(fe.ssa.current);
  fe.f.emit(Op.LoopMerge, [merge, cont, LoopControlMask.None]);
  fe.f.terminate(Op.Branch, [body]);
  fe.f.label(body);
  const returns: { edge: Edge; value: number | undefined }[] = [];
  const outer = fe.onReturn;
  fe.onReturn = (value) => {
    returns.push({ edge: fe.ssa.edge(), value });
    fe.f.terminate(Op.Branch, [merge]);
  };
  fe.stmts(callee.body);
  if (fe.f.blockOpen) fe.onReturn(undefined);
  fe.onReturn = outer;
  fe.f.label(cont);
  fe.f.terminate(Op.Branch, [header]);
  fe.f.label(merge);
  // The result's phi first (a block's phis precede the rest), then the value locals' joins.
  let result = 0;
  if (callee.returnType.kind !== 'void' && returns.length) {
    const ids = returns.map((r) => r.value ?? fe.ssa.undef(callee.returnType));
    if (ids.every((id) => id === ids[0])) result = ids[0]!;
    else {
      result = b.id();
      fe.f.emit(Op.Phi, [fe.t.type(callee.returnType), result, ...returns.flatMap((r, i) => [ids[i]!, r.edge.label])]);
      fe.relax(result, callee.returnType);
    }
  } else if (callee.returnType.kind !== 'void') result = fe.ssa.undef(callee.returnType);
  fe.ssa.join(
    returns.map((r) => r.edge),
    atHeader,
  );
  leave(fe, backs, values);
  return result;
}
