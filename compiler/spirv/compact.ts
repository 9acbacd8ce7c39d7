// The SPIR-V side of dead code, type, constant and name elimination (issue 19), on the assembled
// binary: instructions without side effects whose results are unused, types and constants nothing references any more (after inlining the entry function and leaving
// out unreachable functions) go, with their names and decorations, as do names and decorations of
// ids no instruction defines any more (in functions left out); and, as DXC's optimised output,
// names of function-local things (Function variables, parameters, functions other than entry points)
// and of struct types that no module-scope variable holds, and of builtin stage variables (DXC gives
// them none at any level). Names of module-scope variables, their types and members (resources,
// blocks, located stage variables), entry points and spec constants stay: reflection reads them.
// With `dropUnusedInputs`, as DXC's optimizer (spirv-opt's ADCE without
// -fspv-preserve-interface), Input variables nothing but the OpEntryPoint interface lists mention
// go too; the other stage variables keep their locations and builtins. This is done here, on the
// binary, because the IR has no stage variables (the back end makes them from the signature) and
// only after inlining and dead-code removal is it known which ones the code still loads.
import { BuiltIn, Decoration, Op, StorageClass } from '../spirv-spec/spec.js';

/** Opcodes that declare a type (OpTypeVoid … OpTypeForwardPointer): removable when unreferenced. */
const isType = (op: number) => op >= Op.TypeVoid && op <= Op.TypeForwardPointer;
/** Non-specialisation constants (OpConstantTrue … OpConstantNull). */
const isConstant = (op: number) => op >= Op.ConstantTrue && op <= Op.ConstantNull;
/**
 * Function-body instructions without side effects (loads, access chains, composites, conversions,
 * arithmetic, comparisons, bit operations): removable when nothing uses their result.
 */
const isPure = (op: number) =>
  op === Op.Undef || op === Op.Phi || op === Op.Load || op === 65 || op === 66 || (op >= Op.VectorShuffle && op <= 83) || (op >= Op.ConvertFToU && op <= Op.Bitcast) || (op >= Op.SNegate && op <= Op.BitCount && op !== 153 && op !== 192 && op !== 193);
/** Debug names and annotations, whose first operand is the id they describe. */
const DESCRIBES = new Set<number>([Op.Name, Op.MemberName, Op.Decorate, Op.MemberDecorate, Op.DecorateId, Op.DecorateString, Op.MemberDecorateString]);

/** Instructions whose result id is their first operand (types, labels, strings, imports, groups). */
const RESULT_FIRST = new Set<number>([Op.Label, Op.String, Op.ExtInstImport, Op.DecorationGroup, Op.TypeNodePayloadArrayAMDX, Op.ConstantStringAMDX]);
/**
 * Instructions without a result id (the rest have result type then result id). An opcode missing
 * here is read as having one: at worst a dead name stays.
 */
const NO_RESULT = new Set<number>([
  0, 3, 4, 5, 6, 8, 10, 14, 15, 16, 17, 56, 62, 63, 71, 72, 74, 75, 99, 218, 219, 220, 221, 224, 225, 228, 246, 247,
  249, 250, 251, 252, 253, 254, 255, 317, 331, 332, 4416, 4445, 4446, 4448, 4449, 4473, 4474, 4475, 4476, 5294, 5295,
  5364, 5365, 5380, 5632, 5633, Op.EnqueueNodePayloadsAMDX,
]);

/** Where an instruction's result id is (word offset from its start), or undefined. */
function definedAt(op: number): number | undefined {
  if (isType(op) || RESULT_FIRST.has(op) || op === 4456 || op === 4472 || op === 5341) return 1;
  return NO_RESULT.has(op) ? undefined : 2;
}

/**
 * Word offsets [from, to] (to open: to the end) of literal operands of common instructions: they
 * are not references (other literals are read as ids, which at worst keeps something alive).
 */
const LITERALS_FROM: ReadonlyMap<number, readonly [number, number?]> = new Map<number, readonly [number, number?]>([
  [Op.Source, [1]],
  [Op.MemoryModel, [1]],
  [Op.Capability, [1]],
  [Op.ExecutionMode, [2]],
  [Op.TypeInt, [2]],
  [Op.TypeFloat, [2]],
  [Op.TypeVector, [3]],
  [Op.TypeMatrix, [3]],
  [Op.TypeImage, [3]],
  [Op.TypePointer, [2, 2]],
  [Op.Constant, [3]],
  [Op.ConstantStringAMDX, [2]],
  [Op.Variable, [3, 3]],
  [Op.Function, [3, 3]],
  [Op.ExtInst, [4, 4]],
  [Op.VectorShuffle, [5]],
  [Op.CompositeExtract, [4]],
  [Op.CompositeInsert, [5]],
  [Op.SelectionMerge, [2]],
  [Op.LoopMerge, [3]],
]);

interface Inst {
  at: number;
  op: number;
  length: number;
}

function instructions(words: Uint32Array): Inst[] {
  const list: Inst[] = [];
  for (let at = 5; at < words.length; ) {
    const length = words[at]! >>> 16;
    if (length === 0) throw new Error('internal: zero-length SPIR-V instruction');
    list.push({ at, op: words[at]! & 0xffff, length });
    at += length;
  }
  return list;
}

export interface CompactOptions {
  /** Also drop names of function-local things and of struct types no module-scope variable holds. */
  stripLocalNames: boolean;
  /** Also drop Input variables no instruction reads (out of the entry points' interfaces). */
  dropUnusedInputs?: boolean;
}

/** Word offset (from the instruction's start) of an OpEntryPoint's first interface id: after its name. */
function interfaceStart(words: Uint32Array, i: Inst): number {
  let w = i.at + 3;
  // The name's last word holds its terminating zero byte (every later byte of that word is zero too).
  while (w < i.at + i.length && words[w]! >>> 24 !== 0) w++;
  return w + 1 - i.at;
}

/**
 * Input variables that may go when unread: all but those whose mere presence in the interface
 * changes how the stage runs. An input decorated SampleId or SamplePosition, or with Sample
 * interpolation, turns on sample shading in Vulkan (a pixel shader that declares SV_SampleIndex
 * runs per sample in D3D), so it stays even when unread (DXC's optimizer drops it).
 */
function removableInputs(words: Uint32Array, list: Inst[]): Set<number> {
  const keep = new Set<number>();
  const inputs = new Set<number>();
  for (const i of list) {
    if (i.op === Op.Decorate) {
      const d = words[i.at + 2];
      if (d === Decoration.Sample || (d === Decoration.BuiltIn && (words[i.at + 3] === BuiltIn.SampleId || words[i.at + 3] === BuiltIn.SamplePosition))) keep.add(words[i.at + 1]!);
    } else if (i.op === Op.Variable && words[i.at + 3] === StorageClass.Input) inputs.add(words[i.at + 2]!);
  }
  for (const id of keep) inputs.delete(id);
  return inputs;
}

export function compactSpirv(words: Uint32Array, options: CompactOptions): Uint32Array {
  const list = instructions(words);
  const inputs = options.dropUnusedInputs ? removableInputs(words, list) : new Set<number>();
  // Each instruction's removable result id (-1: none), found once: the passes below ask several times.
  const resultAt = new Float64Array(list.length);
  for (let n = 0; n < list.length; n++) {
    const i = list[n]!;
    resultAt[n] = isType(i.op) ? words[i.at + 1]! : isConstant(i.op) || isPure(i.op) || (i.op === Op.Variable && inputs.has(words[i.at + 2]!)) ? words[i.at + 2]! : -1;
  }
  // Per-id tables are arrays indexed by id (below the header's bound, or the largest result id):
  // a word at or past the end is a literal, never an id that has a result here.
  let size = words[3]!;
  for (let n = 0; n < list.length; n++) if (resultAt[n]! >= size) size = resultAt[n]! + 1;
  // References: every operand word of instructions other than names and annotations (a literal that
  // equals an id only keeps something alive: safe).
  const refs = new Int32Array(size);
  const addRefs = (n: number, delta: number) => {
    const i = list[n]!;
    const own = resultAt[n];
    const literal = LITERALS_FROM.get(i.op);
    // An entry point references its function and interface (not its execution model and name), and
    // its interface list does not keep an input alive.
    const interfaceFrom = i.op === Op.EntryPoint ? i.at + interfaceStart(words, i) : Infinity;
    for (let w = i.at + 1; w < i.at + i.length; w++) {
      const id = words[w]!;
      if (id === own && w === (isType(i.op) ? i.at + 1 : i.at + 2)) continue;
      if (w < interfaceFrom ? interfaceFrom !== Infinity && w !== i.at + 2 : inputs.has(id)) continue;
      if (literal !== undefined && w - i.at >= literal[0] && (literal[1] === undefined || w - i.at <= literal[1])) continue;
      if (id < size) refs[id]! += delta;
    }
  };
  for (let n = 0; n < list.length; n++) if (!DESCRIBES.has(list[n]!.op)) addRefs(n, 1);
  // OpDecorateId's operands (AMDX node names and record counts) are constants it keeps alive.
  for (const i of list) if (i.op === Op.DecorateId) for (let w = i.at + 3; w < i.at + i.length; w++) if (words[w]! < size) refs[words[w]!]! += 1;
  const removed = new Uint8Array(size);
  /** The instruction defining each id with a removable result (index into list + 1; 0: none). */
  const byId = new Int32Array(size);
  const work: number[] = [];
  for (let n = 0; n < list.length; n++) {
    const id = resultAt[n]!;
    if (id < 0) continue;
    if (byId[id] === 0) work.push(id);
    byId[id] = n + 1;
  }
  while (work.length) {
    const id = work.pop()!;
    if (removed[id] || refs[id]! > 0) continue;
    const n = byId[id]! - 1;
    const i = list[n]!;
    removed[id] = 1;
    addRefs(n, -1);
    for (let w = i.at + 1; w < i.at + i.length; w++) if (words[w]! < size && byId[words[w]!]) work.push(words[w]!);
  }
  const dropNames = options.stripLocalNames ? localNames(words, list) : new Set<number>();
  // Ids a kept instruction defines: a name or decoration of any other id (in a function left out) goes.
  const mentioned = new Uint8Array(size);
  for (let n = 0; n < list.length; n++) {
    const i = list[n]!;
    const id = resultAt[n]!;
    if (id >= 0 && removed[id]) continue;
    const at = definedAt(i.op);
    if (at !== undefined && i.length > at && words[i.at + at]! < size) mentioned[words[i.at + at]!] = 1;
  }
  // Kept instructions: an Inst of `words`, or a rewritten OpEntryPoint. Copied by word loops, not
  // set(subarray()): a view per instruction was a good share of this pass's garbage.
  const kept: (Inst | Uint32Array)[] = [];
  let length = 5;
  for (let n = 0; n < list.length; n++) {
    const i = list[n]!;
    const id = resultAt[n]!;
    if (id >= 0 && removed[id]) continue;
    if (DESCRIBES.has(i.op) && !(words[i.at + 1]! < size && mentioned[words[i.at + 1]!])) continue;
    if ((i.op === Op.Name || i.op === Op.MemberName) && dropNames.has(words[i.at + 1]!)) continue;
    const inst = i.op === Op.EntryPoint && inputs.size ? withoutRemoved(words, i, removed) : i;
    kept.push(inst);
    length += inst.length;
  }
  if (length === words.length) return words;
  const result = new Uint32Array(length);
  for (let w = 0; w < 5; w++) result[w] = words[w]!;
  let at = 5;
  for (const inst of kept) {
    if (inst instanceof Uint32Array) result.set(inst, at);
    else for (let w = 0; w < inst.length; w++) result[at + w] = words[inst.at + w]!;
    at += inst.length;
  }
  return result;
}

/** An OpEntryPoint without the removed ids of its interface list. */
function withoutRemoved(words: Uint32Array, i: Inst, removed: Uint8Array): Uint32Array {
  const from = interfaceStart(words, i);
  const head = Array.from(words.subarray(i.at, i.at + from));
  const ids = Array.from(words.subarray(i.at + from, i.at + i.length)).filter((id) => !(id < removed.length && removed[id]));
  const inst = Uint32Array.from([...head, ...ids]);
  inst[0] = (inst.length << 16) | Op.EntryPoint;
  return inst;
}

/** Ids whose names DXC's optimised output does not keep. */
function localNames(words: Uint32Array, list: Inst[]): Set<number> {
  const entries = new Set<number>();
  const local = new Set<number>();
  const builtins = new Set<number>();
  const structs = new Set<number>();
  const held = new Set<number>();
  const typeOperands = new Map<number, number[]>();
  const moduleVarTypes: number[] = [];
  for (const i of list) {
    const o = i.at + 1;
    switch (i.op) {
      case Op.EntryPoint:
        entries.add(words[o + 1]!);
        break;
      case Op.Function:
        local.add(words[o + 1]!);
        break;
      case Op.FunctionParameter:
        local.add(words[o + 1]!);
        break;
      case Op.Decorate:
        if (words[o + 1] === Decoration.BuiltIn) builtins.add(words[o]!);
        break;
      case Op.Variable:
        if (words[o + 2] === StorageClass.Function) local.add(words[o + 1]!);
        else moduleVarTypes.push(words[o]!);
        // DXC never names builtin stage variables (reflection knows them by their BuiltIn).
        if ((words[o + 2] === StorageClass.Input || words[o + 2] === StorageClass.Output) && builtins.has(words[o + 1]!)) local.add(words[o + 1]!);
        break;
      case Op.TypeStruct:
        structs.add(words[o]!);
        typeOperands.set(words[o]!, Array.from(words.subarray(o + 1, i.at + i.length)));
        break;
      case Op.TypePointer:
        typeOperands.set(words[o]!, [words[o + 2]!]);
        break;
      case Op.TypeArray:
      case Op.TypeRuntimeArray:
        typeOperands.set(words[o]!, [words[o + 1]!]);
        break;
      case Op.TypeNodePayloadArrayAMDX:
        // A node's records are interface types, as DXC keeps them named.
        typeOperands.set(words[o]!, [words[o + 1]!]);
        moduleVarTypes.push(words[o]!);
        break;
    }
  }
  for (const e of entries) local.delete(e);
  // Struct types reachable from a module-scope variable keep their names (resource blocks and their members).
  const stack = [...moduleVarTypes];
  while (stack.length) {
    const t = stack.pop()!;
    if (held.has(t)) continue;
    held.add(t);
    stack.push(...(typeOperands.get(t) ?? []));
  }
  for (const s of structs) if (!held.has(s)) local.add(s);
  return local;
}
