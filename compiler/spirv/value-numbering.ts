// Value numbering on the assembled binary (issue 19, -O1+): an instruction that computes what a
// dominating one already computed (same opcode, result type and operands) goes, and its uses take
// the earlier result — as spirv-opt's redundancy elimination in DXC's -O3. Pure instructions only:
// access chains, composites, conversions, arithmetic, GLSL.std.450 functions, and loads from memory
// nothing in the shader writes (inputs, uniform blocks, push constants, resource handles; not
// HelperInvocation, RayTmax or Volatile inputs, which change during the invocation).
//
// This runs on the binary, not the IR, because most repeats exist only after lowering: one IR node
// becomes several instructions (a float3x3 cast of a matrix: extracts and shuffles; a vector
// constructor: extracts of a loaded input) and two different IR expressions (`ubo.m` and
// `(float3x3)ubo.m`) share their first instructions. A function holding an instruction whose operand
// layout is not listed below (inline SPIR-V, rare extensions) is left as it is: a literal operand
// must never be mistaken for an id.
import { BuiltIn, Decoration, Op, StorageClass } from '../spirv-spec/spec.js';

interface Inst {
  at: number;
  op: number;
  length: number;
  /** Goes from the output (a flag here, not a set of instructions: set lookups were much of this pass's time). */
  dropped: boolean;
  /** A removable value dropDeadValues considers (each instruction is in one function, seen once). */
  candidate: boolean;
}

/** Where literal operands start (word offset), or which single offsets are literals. */
type Layout = { from?: number; at?: number };

// Shared, frozen: layoutOf runs several times per instruction.
const IMAGE_AT_5: Layout = Object.freeze({ at: 5 });
const IMAGE_AT_6: Layout = Object.freeze({ at: 6 });
const ALL_IDS: Layout = Object.freeze({});
const AT_3: Layout = Object.freeze({ at: 3 });
const AT_4: Layout = Object.freeze({ at: 4 });
const FROM_2: Layout = Object.freeze({ from: 2 });
const FROM_3: Layout = Object.freeze({ from: 3 });
const FROM_4: Layout = Object.freeze({ from: 4 });
const FROM_5: Layout = Object.freeze({ from: 5 });

/** Operand layouts of the opcodes a function may hold for the pass to run on it. */
function layoutOf(op: number): Layout | undefined {
  if ((op >= 109 && op <= 124) || (op >= 126 && op <= 205) || (op >= 207 && op <= 215) || (op >= 227 && op <= 242)) return ALL_IDS;
  // Subgroup operations (a GroupOperation literal in the reductions), ray queries (KHR getters too).
  if ((op >= 333 && op <= 341) || (op >= 343 && op <= 348) || op === 365 || op === 366) return ALL_IDS;
  if (op === 342 || (op >= 349 && op <= 364)) return AT_4;
  if ((op >= 4473 && op <= 4479) || (op >= 6016 && op <= 6035)) return ALL_IDS;
  switch (op) {
    case Op.Undef: case 57 /* FunctionCall */: case 55 /* FunctionParameter */: case 56 /* FunctionEnd */:
    case 65: case 66: case 67 /* access chains */: case 80: case 83 /* CompositeConstruct, CopyObject */: case 84 /* Transpose */:
    case Op.SampledImage: case Op.Image: case 101: case 102: case 103: case 104: case 105: case 106: case 107:
    case 218: case 219: case 220: case 221 /* vertex emission */: case 224: case 225 /* barriers */:
    case Op.Phi: case 248 /* Label */: case 249 /* Branch */: case 252: case 253: case 254: case 255:
    case Op.TerminateInvocation: case Op.DemoteToHelperInvocation: case Op.IsHelperInvocationEXT:
    case 60 /* ImageTexelPointer */: case 77: case 78 /* dynamic vector extract/insert */:
    case 4445: case 4446: case 4448: case 4449 /* TraceRayKHR, ExecuteCallableKHR, IgnoreIntersection, TerminateRay */:
    case 5334 /* ReportIntersectionKHR */: case 5294: case 5295 /* EmitMeshTasks, SetMeshOutputs */:
      return ALL_IDS;
    case 8 /* Line */:
      return FROM_2;
    case 68 /* ArrayLength: member index */:
      return AT_4;
    case 12 /* ExtInst: instruction number */:
      return AT_4;
    case 54 /* Function */: case 59 /* Variable */:
      return AT_3;
    case Op.Load: case 81 /* CompositeExtract */:
      return FROM_4;
    case 62 /* Store */: case 246 /* LoopMerge */: case 251 /* Switch */:
      return FROM_3;
    case 79 /* VectorShuffle */: case 82 /* CompositeInsert */:
      return FROM_5;
    case 247 /* SelectionMerge */:
      return FROM_2;
    case 250 /* BranchConditional: weights */:
      return FROM_4;
    // Image operands follow the coordinate (ImageSample[Proj]{Implicit,Explicit}Lod, ImageFetch,
    // ImageRead), or the Dref / component after it (the Dref samples, ImageGather, ImageDrefGather).
    case 87: case 88: case 91: case 92: case 95: case 98:
      return IMAGE_AT_5;
    case 89: case 90: case 93: case 94: case 96: case 97:
      return IMAGE_AT_6;
    case 99 /* ImageWrite */:
      return AT_4;
  }
  return undefined;
}

/** GLSL.std.450 instructions that are not functions of their operands' values (pointer operands). */
const GLSL_IMPURE = new Set([35 /* Modf */, 37 /* Frexp */, 76, 77, 78 /* InterpolateAt* */]);

const isTerminator = (op: number) =>
  op === 249 || op === 250 || op === 251 || op === 252 || op === 253 || op === 254 || op === 255 || op === Op.TerminateInvocation || op === 4448 || op === 4449 || op === 5294;

function instructions(words: Uint32Array): Inst[] {
  const list: Inst[] = [];
  for (let at = 5; at < words.length; at += words[at]! >>> 16) list.push({ at, op: words[at]! & 0xffff, length: words[at]! >>> 16, dropped: false, candidate: false });
  return list;
}

/** Module-level facts: which variables nothing writes, the GLSL.std.450 import, decorated ids. */
function moduleFacts(words: Uint32Array, list: Inst[]) {
  const blocks = new Set<number>();
  const decorated = new Set<number>();
  /** Inputs whose value changes during the invocation (after a demote, a reported intersection). */
  const changing = new Set<number>();
  const pointee = new Map<number, number>();
  let glsl = -1;
  for (const i of list) {
    if (i.op === Op.Decorate || i.op === Op.DecorateId) {
      decorated.add(words[i.at + 1]!);
      const d = words[i.at + 2];
      if (d === Decoration.Block) blocks.add(words[i.at + 1]!);
      if (d === Decoration.Volatile || (d === Decoration.BuiltIn && (words[i.at + 3] === BuiltIn.HelperInvocation || words[i.at + 3] === BuiltIn.RayTmaxKHR))) changing.add(words[i.at + 1]!);
    } else if (i.op === Op.ExtInstImport && String.fromCharCode(...new Uint8Array(words.buffer, words.byteOffset + (i.at + 2) * 4, 12)).startsWith('GLSL.std.450')) {
      glsl = words[i.at + 1]!;
    } else if (i.op === 32 /* TypePointer */) {
      pointee.set(words[i.at + 1]!, words[i.at + 3]!);
    }
  }
  const readOnly = new Set<number>();
  for (const i of list) {
    if (i.op !== 59 || i.length !== 4) continue;
    const sc = words[i.at + 3]!;
    const id = words[i.at + 2]!;
    if (changing.has(id)) continue;
    if (sc === StorageClass.Input || sc === StorageClass.UniformConstant || sc === StorageClass.PushConstant) readOnly.add(id);
    else if (sc === StorageClass.Uniform && blocks.has(pointee.get(words[i.at + 1]!)!)) readOnly.add(id);
  }
  return { decorated, glsl, readOnly };
}

export function numberValues(words: Uint32Array): Uint32Array {
  const list = instructions(words);
  const facts = moduleFacts(words, list);
  const replace = new Map<number, number>();
  for (let n = 0; n < list.length; n++) {
    if (list[n]!.op !== 54) continue;
    let end = n;
    while (list[end]!.op !== 56) end++;
    numberFunction(words, list.slice(n, end + 1), facts, replace);
    n = end;
  }
  if (!list.some((i) => i.dropped)) return words;
  const out = new Uint32Array(words.length);
  out.set(words.subarray(0, 5));
  let length = 5;
  for (const i of list) {
    if (i.dropped) continue;
    const start = length;
    // A word loop, not set(subarray()): a view per instruction was a good share of this pass's garbage.
    for (let w = 0; w < i.length; w++) out[start + w] = words[i.at + w]!;
    length += i.length;
    const layout = layoutOf(i.op);
    if (!layout || i.op === 54) continue;
    // Uses of a dropped result take the kept one (result type and id are never replaced ids).
    for (let w = 1; w < i.length; w++) {
      if ((layout.from !== undefined && w >= layout.from) || layout.at === w) continue;
      if (replace.has(out[start + w]!)) out[start + w] = resolve(replace, out[start + w]!);
    }
  }
  return out.slice(0, length);
}

interface Block {
  label: number;
  insts: Inst[];
  succ: number[];
}

function numberFunction(words: Uint32Array, fn: Inst[], facts: ReturnType<typeof moduleFacts>, replace: Map<number, number>): void {
  if (fn.some((i) => layoutOf(i.op) === undefined)) return;
  const blocks: Block[] = [];
  const byLabel = new Map<number, Block>();
  for (const i of fn) {
    if (i.op === 248) {
      const b: Block = { label: words[i.at + 1]!, insts: [], succ: [] };
      blocks.push(b);
      byLabel.set(b.label, b);
    } else if (blocks.length) {
      const b = blocks[blocks.length - 1]!;
      b.insts.push(i);
      if (i.op === 249) b.succ.push(words[i.at + 1]!);
      else if (i.op === 250) b.succ.push(words[i.at + 2]!, words[i.at + 3]!);
      else if (i.op === 251) {
        // Default, then (literal, label) pairs: 32-bit selectors (checked below: every target is a block).
        b.succ.push(words[i.at + 2]!);
        for (let w = 4; w < i.length; w += 2) b.succ.push(words[i.at + w]!);
      }
    }
  }
  if (!blocks.length || blocks.some((b) => b.succ.some((s) => !byLabel.has(s)))) return;
  dropTrivialPhis(words, fn, replace);
  const idom = dominators(blocks, byLabel);
  const children = new Map<number, number[]>();
  for (const b of blocks) {
    const d = idom.get(b.label);
    if (d !== undefined && d !== b.label) (children.get(d) ?? children.set(d, []).get(d)!).push(b.label);
  }
  // Pointers: the variable each one is derived from.
  const root = new Map<number, number>();
  for (const v of facts.readOnly) root.set(v, v);
  const table = new Map<string, number>();
  // The instruction `operand` reads: one closure per function, not one per instruction.
  let at = 0;
  const operand = (w: number) => resolve(replace, words[at + w]!);
  // Numbers one block's instructions; returns the keys it added, removed again when its subtree is done.
  const enter = (label: number): string[] => {
    const added: string[] = [];
    for (const i of byLabel.get(label)!.insts) {
      if (isTerminator(i.op)) continue;
      at = i.at;
      if ((i.op === 65 || i.op === 66) && root.has(operand(3))) root.set(words[i.at + 2]!, root.get(operand(3))!);
      const key = keyOf(words, i, operand, facts, root, label);
      if (key === undefined) continue;
      const result = words[i.at + 2]!;
      const known = table.get(key);
      if (known !== undefined) {
        replace.set(result, known);
        i.dropped = true;
      } else if (!facts.decorated.has(result)) {
        table.set(key, result);
        added.push(key);
      }
    }
    return added;
  };
  // The dominator tree in pre-order with an explicit stack: a long shader's tree is thousands of
  // blocks deep (each inlined helper's branches nest the rest), deeper than the call stack.
  const stack: { children: readonly number[]; next: number; added: string[] }[] = [];
  const open = (label: number) => stack.push({ children: children.get(label) ?? [], next: 0, added: enter(label) });
  open(blocks[0]!.label);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.children.length) open(top.children[top.next++]!);
    else {
      for (const key of top.added) table.delete(key);
      stack.pop();
    }
  }
  dropDeadValues(words, fn, facts, replace);
}

/** Instructions without effects whose results may go when nothing that matters uses them. */
function removable(words: Uint32Array, i: Inst, glsl: number): boolean {
  const op = i.op;
  if (op === Op.Phi || op === Op.Undef || op === 65 || op === 66 || (op >= 77 && op <= 84) || (op >= 109 && op <= 124) || (op >= 126 && op <= 205)) return true;
  if (op === Op.Load) return i.length === 4;
  return op === 12 && words[i.at + 3] === glsl && !GLSL_IMPURE.has(words[i.at + 4]!);
}

/**
 * Values nothing that matters reads, cycles included (a loop-header phi that only its own loop's
 * updates use), as ADCE marks: from every other instruction through operands. Compaction's use counts
 * cannot see a cycle is dead.
 */
function dropDeadValues(words: Uint32Array, fn: Inst[], facts: ReturnType<typeof moduleFacts>, replace: Map<number, number>): void {
  const defs = new Map<number, Inst>();
  for (const i of fn) {
    if (i.dropped || !removable(words, i, facts.glsl) || facts.decorated.has(words[i.at + 2]!)) continue;
    defs.set(words[i.at + 2]!, i);
    i.candidate = true;
  }
  if (!defs.size) return;
  const live = new Set<number>();
  const work: Inst[] = [];
  const use = (i: Inst) => {
    const layout = layoutOf(i.op)!;
    for (let w = 1; w < i.length; w++) {
      if ((layout.from !== undefined && w >= layout.from) || layout.at === w) continue;
      const id = resolve(replace, words[i.at + w]!);
      const def = defs.get(id);
      if (def && !live.has(id)) {
        live.add(id);
        work.push(def);
      }
    }
  };
  for (const i of fn) if (!i.dropped && !i.candidate) use(i);
  while (work.length) use(work.pop()!);
  for (const [id, i] of defs) if (!live.has(id)) i.dropped = true;
}

/** Follows replacements to the kept value. */
function resolve(replace: Map<number, number>, id: number): number {
  for (let next = replace.get(id); next !== undefined; next = replace.get(id)) id = next;
  return id;
}

/**
 * A phi whose incoming values are one value (besides itself: a loop-header phi of a value the loop
 * never changes) is that value, which then dominates it (Braun et al., "Simple and Efficient
 * Construction of SSA Form"); dropping one may make another trivial.
 */
function dropTrivialPhis(words: Uint32Array, fn: Inst[], replace: Map<number, number>): void {
  const phis = fn.filter((i) => i.op === Op.Phi);
  for (let changed = true; changed; ) {
    changed = false;
    for (const phi of phis) {
      if (phi.dropped) continue;
      const self = words[phi.at + 2]!;
      let only: number | undefined;
      let trivial = true;
      for (let w = 3; w < phi.length; w += 2) {
        const v = resolve(replace, words[phi.at + w]!);
        if (v === self || v === only) continue;
        if (only !== undefined) trivial = false;
        only = v;
      }
      if (!trivial || only === undefined) continue;
      replace.set(self, only);
      phi.dropped = true;
      changed = true;
    }
  }
}

/** The value key of a pure instruction, or undefined for one that must stay. */
function keyOf(words: Uint32Array, i: Inst, operand: (w: number) => number, facts: ReturnType<typeof moduleFacts>, root: Map<number, number>, label: number): string | undefined {
  const op = i.op;
  const pure = op === 65 || op === 66 || op === 77 || op === 78 || (op >= 79 && op <= 84) || (op >= 109 && op <= 124) || (op >= 126 && op <= 205);
  let scope = '';
  if (!pure) {
    if (op === Op.Load) {
      if (i.length !== 4 || !root.has(operand(3))) return undefined;
    } else if (op === 12) {
      if (words[i.at + 3] !== facts.glsl || GLSL_IMPURE.has(words[i.at + 4]!)) return undefined;
    } else if (op === Op.SampledImage || op === Op.Image) {
      // Their results are used only in the block that makes them.
      scope = `@${label}`;
    } else {
      return undefined;
    }
  }
  if (facts.decorated.has(words[i.at + 2]!)) return undefined;
  let key = `${op}${scope}:${words[i.at + 1]}`;
  for (let w = 3; w < i.length; w++) key += `,${operand(w)}`;
  return key;
}

/** Immediate dominators by label (Cooper, Harvey and Kennedy's iteration over reverse postorder). */
function dominators(blocks: Block[], byLabel: Map<number, Block>): Map<number, number> {
  const order: number[] = [];
  const seen = new Set<number>();
  const stack: [number, number][] = [[blocks[0]!.label, 0]];
  seen.add(blocks[0]!.label);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const succ = byLabel.get(top[0])!.succ;
    if (top[1] < succ.length) {
      const next = succ[top[1]++]!;
      if (!seen.has(next) && byLabel.has(next)) {
        seen.add(next);
        stack.push([next, 0]);
      }
    } else {
      order.push(top[0]);
      stack.pop();
    }
  }
  const rpo = order.reverse();
  const index = new Map(rpo.map((l, n) => [l, n]));
  const preds = new Map<number, number[]>();
  for (const l of rpo) for (const s of byLabel.get(l)!.succ) if (index.has(s)) (preds.get(s) ?? preds.set(s, []).get(s)!).push(l);
  const idom = new Map<number, number>([[rpo[0]!, rpo[0]!]]);
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (index.get(a)! > index.get(b)!) a = idom.get(a)!;
      while (index.get(b)! > index.get(a)!) b = idom.get(b)!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const l of rpo.slice(1)) {
      let d: number | undefined;
      for (const p of preds.get(l) ?? []) if (idom.has(p)) d = d === undefined ? p : intersect(p, d);
      if (d !== undefined && idom.get(l) !== d) {
        idom.set(l, d);
        changed = true;
      }
    }
  }
  return idom;
}
