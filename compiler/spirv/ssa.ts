// Locals held as SSA values across structured control flow (issue 19): the optimising emitter binds
// each value local (values.ts) to the id of its current value; where control flow joins (a
// selection's or switch's merge, a case reached by fallthrough, a loop's continue target or
// merge) the values that differ between the incoming edges become OpPhi, and a loop header gets a
// phi for every value local the loop writes, its back-edge operand filled in once the continuing
// block is emitted. Edges are recorded where the branch is emitted, so a join knows its
// predecessors exactly as the CFG has them.
import type { IrStmt, IrVar } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';
import type { Type } from '../types.js';
import type { FunctionBuilder, ModuleBuilder } from './builder.js';
import { Op } from '../spirv-spec/spec.js';
import type { TypeEmitter } from './types.js';
import { constantPath, isPlainData } from './values.js';

/** The value locals' current values. */
export type Values = Map<IrVar, number>;

/** A branch into a join: the block it leaves and the values there. */
export interface Edge {
  label: number;
  values: Values;
}

export interface SsaHost {
  readonly f: FunctionBuilder;
  readonly b: ModuleBuilder;
  readonly t: TypeEmitter;
  relax(id: number, type: Type): number;
  /** The parts of a struct/array composite the emitter built (or undefined). */
  knownParts(id: number): number[] | undefined;
  construct(type: Type, parts: number[]): number;
}

/** A joined value: an id, or a struct/array to build from joined parts once every phi is emitted. */
type Joined = number | { type: Type; parts: Joined[] };

/** Phis of a loop header whose back-edge operands are patched after the continuing block. */
export interface HeaderPhis {
  phis: { v: IrVar; id: number; at: number }[];
}

export class SsaValues {
  /** The value locals in scope and their current values. */
  readonly current: Values = new Map();
  private readonly undefs = new Map<number, number>();
  /** How many places name each local, over the functions counted (see count). */
  private readonly mentions = new Map<IrVar, number>();
  private readonly counted = new Set<readonly IrStmt[]>();
  /** The IR type of each OpUndef id made here. */
  private readonly undefTypes = new Map<number, Type>();

  constructor(private readonly host: SsaHost) {}

  /** Counts the places naming each local in a function body about to be emitted (once per body). */
  count(body: readonly IrStmt[]): void {
    if (this.counted.has(body)) return;
    this.counted.add(body);
    for (const [v, n] of mentionsIn(body)) this.mentions.set(v, (this.mentions.get(v) ?? 0) + n);
  }

  /** Starts tracking `v` with an undefined value (a local read before any store reads OpUndef). */
  declare(v: IrVar): void {
    if (isPlainData(v.type)) this.current.set(v, this.undef(v.type));
  }

  /** An OpUndef of `type`, emitted once at the top of the function (it dominates every use). */
  undef(type: Type): number {
    const typeId = this.host.t.type(type);
    let id = this.undefs.get(typeId);
    if (id === undefined) {
      id = this.host.b.id();
      this.host.f.prologue(Op.Undef, [typeId, id]);
      this.undefs.set(typeId, id);
      this.undefTypes.set(id, type);
    }
    return id;
  }

  /** The parts of an OpUndef composite made here (undefined parts), or undefined. */
  undefParts(id: number): number[] | undefined {
    const t = this.undefTypes.get(id);
    if (!t) return undefined;
    const parts = partTypes(t);
    return parts?.map((p) => this.undef(p));
  }

  /** The edge out of the current block, taken now. */
  edge(): Edge {
    return { label: this.host.f.currentLabel, values: new Map(this.current) };
  }

  restore(values: Values): void {
    this.current.clear();
    for (const [v, id] of values) this.current.set(v, id);
  }

  /**
   * At a block just labelled whose predecessors are `incoming`: each value local's value, an OpPhi
   * where they differ. No predecessors (an unreachable merge): `fallback`'s values.
   */
  join(incoming: Edge[], fallback: Values): void {
    const seen = new Set<number>();
    const edges = incoming.filter((e) => !seen.has(e.label) && seen.add(e.label));
    if (!edges.length) return this.restore(fallback);
    if (edges.length === 1) return this.restore(edges[0]!.values);
    // Phis first (a block's phis precede its other instructions), then the composites built of them.
    const plans = new Map<IrVar, Joined>();
    for (const v of edges[0]!.values.keys()) {
      const ids = edges.map((e) => e.values.get(v));
      if (ids.some((id) => id === undefined)) continue; // declared on some paths only: out of scope here
      if (ids.every((id) => id === ids[0])) {
        plans.set(v, ids[0]!);
        continue;
      }
      // Not plain data (values.ts binds such a local only where no join sees two values).
      if (!isPlainData(v.type)) continue;
      plans.set(v, this.phi(v.type, ids as number[], edges));
    }
    const build = (j: Joined): number => (typeof j === 'number' ? j : this.host.construct(j.type, j.parts.map(build)));
    const joined: Values = new Map();
    for (const [v, plan] of plans) joined.set(v, build(plan));
    this.restore(joined);
  }

  /**
   * The join of `ids` (one per edge): the same id, a phi, or, for structs and arrays whose parts
   * are known on every edge, a phi per differing part (scalar replacement: parts read later need
   * no extract, and the composite, built after the phis, goes if unused).
   */
  private phi(type: Type, ids: number[], edges: Edge[]): Joined {
    if (ids.every((id) => id === ids[0])) return ids[0]!;
    if (type.kind === 'struct' || type.kind === 'array') {
      const parts = ids.map((id) => this.host.knownParts(id) ?? this.undefParts(id));
      const types = partTypes(type);
      if (types && parts.every((p) => p && p.length === types.length)) {
        return { type, parts: types.map((t, k) => this.phi(t, parts.map((p) => p![k]!), edges)) };
      }
    }
    const id = this.host.b.id();
    this.host.f.emit(Op.Phi, [this.host.t.type(type), id, ...edges.flatMap((e, i) => [ids[i]!, e.label])]);
    this.host.relax(id, type);
    return id;
  }

  /**
   * At a loop header just labelled (entered by `entry`): a phi for each value local that the loop's
   * statements write and whose value can reach the header, its back-edge operands left to closeLoop.
   */
  openLoop(entry: Edge, body: readonly IrStmt[], continuing: readonly IrStmt[]): HeaderPhis {
    const all = [...body, ...continuing];
    const written = writtenLocals(all);
    const inside = mentionsIn(all);
    const inContinuing = mentionsIn(continuing);
    const phis: HeaderPhis['phis'] = [];
    for (const [v, value] of entry.values) {
      if (!written.has(v) || !isPlainData(v.type)) continue;
      // A local of the loop's own (named only inside it, never in the continuing statements), which
      // each iteration stores whole before reading: no value crosses the back edge.
      if (inside.get(v) === this.mentions.get(v) && !inContinuing.has(v) && storedBeforeRead(body, v)) continue;
      const id = this.host.b.id();
      const at = this.host.f.words.length;
      this.host.f.emit(Op.Phi, [this.host.t.type(v.type), id, value, entry.label, value, entry.label]);
      this.host.relax(id, v.type);
      phis.push({ v, id, at });
      this.current.set(v, id);
    }
    return { phis };
  }

  /** The back edge (from the end of the continuing block) completes the header's phis. */
  closeLoop(header: HeaderPhis, back: Edge): void {
    const words = this.host.f.words;
    for (const p of header.phis) {
      words[p.at + 5] = back.values.get(p.v) ?? p.id;
      words[p.at + 6] = back.label;
    }
  }
}

/** Locals stored (through constant paths) by statements of `list`, at any depth. */
function writtenLocals(list: readonly IrStmt[]): Set<IrVar> {
  const out = new Set<IrVar>();
  const visit = (l: readonly IrStmt[]) => {
    for (const s of l) {
      if (s.op === 'store' || s.op === 'storeSwizzle') {
        const root = constantPath(s.place)?.root;
        if (root) out.add(root);
      } else if (s.op === 'if') (visit(s.then), visit(s.else));
      else if (s.op === 'loop') (visit(s.body), visit(s.continuing));
      else if (s.op === 'switch') for (const c of s.cases) visit(c.body);
    }
  };
  visit(list);
  return out;
}

/** The types of a composite's parts (struct members, array or vector elements, matrix columns). */
function partTypes(t: Type): Type[] | undefined {
  switch (t.kind) {
    case 'struct':
      return t.fields.map((f) => f.type);
    case 'array':
      return t.length !== null && t.length <= 64 ? Array<Type>(t.length).fill(t.element) : undefined;
    case 'vector':
      return Array<Type>(t.size).fill(t.element);
    default:
      return undefined;
  }
}

/** How many places name each local in `list`. */
function mentionsIn(list: readonly IrStmt[]): Map<IrVar, number> {
  const out = new Map<IrVar, number>();
  walkStmts(list, { place: (p) => void (p.kind === 'local' && out.set(p.local, (out.get(p.local) ?? 0) + 1)) });
  return out;
}

/**
 * Every path through `list` stores `v` whole before reading it: the first statement naming `v` is
 * such a store, or an `if` (the last statement naming it, its condition not) each of whose branches
 * does not name it or stores it so.
 */
function storedBeforeRead(list: readonly IrStmt[], v: IrVar): boolean {
  const names = (l: readonly IrStmt[]) => {
    let found = false;
    walkStmts(l, { place: (p) => void (found ||= p.kind === 'local' && p.local === v) });
    return found;
  };
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    if (!names([s])) continue;
    if (s.op === 'store') return s.place.kind === 'local' && s.place.local === v && !names([{ op: 'eval', expr: s.value }]);
    if (s.op === 'if' && !names([{ op: 'eval', expr: s.cond }]) && !names(list.slice(i + 1))) {
      return [s.then, s.else].every((branch) => !names(branch) || storedBeforeRead(branch, v));
    }
    return false;
  }
  return false;
}
