// Assembles a SPIR-V module: ids, the logical-layout sections in the order the spec requires,
// and deduplication of types and constants (one OpTypeX / OpConstant per distinct key).
import { MagicNumber, Op, Version } from '../spirv-spec/spec.js';

/** Our generator id (SPIR-V registry: 0 = unregistered) in the high 16 bits, tool version low. */
const GENERATOR = 0x0000_0001;

export function encodeString(s: string): number[] {
  const words = new Array<number>((s.length >> 2) + 1).fill(0);
  let ascii = true;
  for (let i = 0; i < s.length && ascii; i++) ascii = s.charCodeAt(i) < 0x80;
  if (!ascii) return encodeUtf8(s);
  // ASCII (nearly every name): one byte per char, no encoder and no byte array.
  for (let i = 0; i < s.length; i++) words[i >> 2]! |= s.charCodeAt(i) << ((i & 3) * 8);
  return words.map((w) => w >>> 0);
}

function encodeUtf8(s: string): number[] {
  const bytes = new TextEncoder().encode(s);
  const words = new Array<number>(Math.floor(bytes.length / 4) + 1).fill(0);
  for (let i = 0; i < bytes.length; i++) words[i >> 2]! |= bytes[i]! << ((i & 3) * 8);
  return words.map((w) => w >>> 0);
}

function instruction(opcode: number, operands: readonly number[]): number[] {
  const words = [((operands.length + 1) << 16) | opcode];
  for (let i = 0; i < operands.length; i++) words.push(operands[i]!);
  return words;
}

/** Appends an instruction to `target` (no intermediate array: this runs for every instruction). */
function append(target: number[], opcode: number, operands: readonly number[]): void {
  target.push(((operands.length + 1) << 16) | opcode);
  for (let i = 0; i < operands.length; i++) target.push(operands[i]!);
}

export class ModuleBuilder {
  private nextId = 1;
  private readonly capabilities = new Set<number>();
  private readonly extensions = new Set<string>();
  private readonly extInstImports = new Map<string, number>();
  private readonly entryPoints: number[] = [];
  private readonly executionModes: number[] = [];
  private readonly debugSource: number[] = [];
  /** OpName per id: naming an id again replaces its name (the entry function becomes `src.main`). */
  private readonly names = new Map<number, number[]>();
  private readonly memberNames: number[] = [];
  private readonly annotations: number[] = [];
  private readonly globals: number[] = [];
  /** Each function's code, in emission order (kept as chunks: copied once, into the binary). */
  private readonly functions: number[][] = [];
  private readonly interned = new Map<string, number>();
  private readonly decorated = new Set<string>();
  memoryModel = { addressing: 0, memory: 1 };

  /**
   * Mesh and task shaders use SPV_NV_mesh_shader: before SPIR-V 1.4 always, after it when -fspv-extension
   * allows NV's but not SPV_EXT_mesh_shader (DXC's FeatureManager choice). Decided once, before any code.
   */
  readonly nvMeshShading: boolean;

  constructor(readonly version: keyof typeof Version = '1.0', allowedExtensions?: readonly string[]) {
    const allowed = (name: string) => !allowedExtensions || allowedExtensions.includes(name);
    this.nvMeshShading = Number(version.split('.')[1]) < 4 || (!allowed('SPV_EXT_mesh_shader') && allowed('SPV_NV_mesh_shader'));
  }

  id(): number {
    return this.nextId++;
  }

  capability(cap: number): void {
    this.capabilities.add(cap);
  }

  hasCapability(cap: number): boolean {
    return this.capabilities.has(cap);
  }

  extension(name: string): void {
    this.extensions.add(name);
  }

  /** The extensions declared so far, in declaration order. */
  declaredExtensions(): readonly string[] {
    return [...this.extensions];
  }

  /** Every instruction of the function code so far: its opcode, and its words with `at` its first. */
  scanFunctionCode(visit: (opcode: number, words: readonly number[], at: number) => void): void {
    for (const words of this.functions) {
      for (let at = 0; at < words.length; at += words[at]! >>> 16 || 1) visit(words[at]! & 0xffff, words, at);
    }
  }

  /** Every instruction of the global section (types, constants, variables), as scanFunctionCode. */
  scanGlobals(visit: (opcode: number, words: readonly number[], at: number) => void): void {
    const words = this.globals;
    for (let at = 0; at < words.length; at += words[at]! >>> 16 || 1) visit(words[at]! & 0xffff, words, at);
  }

  /** Rewrites function code: `map` returns an instruction's new operands, or undefined to keep it. */
  mapFunctionCode(map: (opcode: number, operands: number[]) => number[] | undefined): void {
    this.functions.forEach((words, i) => {
      const out: number[] = [];
      for (let at = 0; at < words.length; ) {
        const count = words[at]! >>> 16 || 1;
        const opcode = words[at]! & 0xffff;
        const replaced = map(opcode, words.slice(at + 1, at + count));
        if (replaced) append(out, opcode, replaced);
        else for (let k = 0; k < count; k++) out.push(words[at + k]!);
        at += count;
      }
      this.functions[i] = out;
    });
  }

  extInstImport(name: string): number {
    let id = this.extInstImports.get(name);
    if (id === undefined) {
      id = this.id();
      this.extInstImports.set(name, id);
    }
    return id;
  }

  entryPoint(model: number, fn: number, name: string, interfaceIds: number[]): void {
    append(this.entryPoints, Op.EntryPoint, [model, fn, ...encodeString(name), ...interfaceIds]);
  }

  executionMode(fn: number, mode: number, ...literals: number[]): void {
    append(this.executionModes, Op.ExecutionMode, [fn, mode, ...literals]);
  }

  /** OpExecutionModeId: a mode whose operands are ids (the AMDX node modes). */
  executionModeId(fn: number, mode: number, ...operandIds: number[]): void {
    append(this.executionModes, Op.ExecutionModeId, [fn, mode, ...operandIds]);
  }

  source(language: number, version: number, fileId?: number): void {
    append(this.debugSource, Op.Source, fileId === undefined ? [language, version] : [language, version, fileId]);
  }

  string(text: string): number {
    const id = this.id();
    append(this.debugSource, Op.String, [id, ...encodeString(text)]);
    return id;
  }

  name(id: number, name: string): void {
    this.names.set(id, instruction(Op.Name, [id, ...encodeString(name)]));
  }

  memberName(id: number, member: number, name: string): void {
    append(this.memberNames, Op.MemberName, [id, member, ...encodeString(name)]);
  }

  /** Decorations are idempotent: decorating the same (id, decoration, operands) twice emits once. */
  decorate(id: number, decoration: number, ...operands: number[]): void {
    const key = `d${id}:${decoration}:${operands.join(',')}`;
    if (this.decorated.has(key)) return;
    this.decorated.add(key);
    append(this.annotations, Op.Decorate, [id, decoration, ...operands]);
  }

  /** Whether `id` was decorated with `decoration` and exactly these operands. */
  hasDecoration(id: number, decoration: number, ...operands: number[]): boolean {
    return this.decorated.has(`d${id}:${decoration}:${operands.join(',')}`);
  }

  decorateString(id: number, decoration: number, text: string): void {
    append(this.annotations, Op.DecorateString, [id, decoration, ...encodeString(text)]);
  }

  /** Any other annotation-section instruction (OpDecorateString with several strings, OpMemberDecorateString). */
  annotation(opcode: number, operands: number[]): void {
    this.annotations.push(...instruction(opcode, operands));
  }

  /** OpDecorateId: decorations whose operands are ids (HlslCounterBufferGOOGLE). */
  decorateId(id: number, decoration: number, ...operandIds: number[]): void {
    append(this.annotations, Op.DecorateId, [id, decoration, ...operandIds]);
  }

  memberDecorate(id: number, member: number, decoration: number, ...operands: number[]): void {
    const key = `m${id}:${member}:${decoration}:${operands.join(',')}`;
    if (this.decorated.has(key)) return;
    this.decorated.add(key);
    append(this.annotations, Op.MemberDecorate, [id, member, decoration, ...operands]);
  }

  /**
   * Returns the id of the type/constant/global-section instruction with this key, emitting it on
   * first use. `operands` excludes the result id, which is inserted at `resultIndex` (0 for types,
   * 1 for constants whose first operand is the result type).
   */
  intern(key: string, opcode: number, operands: number[], resultIndex: 0 | 1): number {
    const existing = this.interned.get(key);
    if (existing !== undefined) return existing;
    const id = this.id();
    // The result id goes in at resultIndex.
    this.globals.push(((operands.length + 2) << 16) | opcode);
    if (resultIndex === 1) this.globals.push(operands[0]!);
    this.globals.push(id);
    for (let i = resultIndex; i < operands.length; i++) this.globals.push(operands[i]!);
    this.interned.set(key, id);
    return id;
  }

  /** intern() for a type whose id was taken earlier (a pointer declared ahead by OpTypeForwardPointer). */
  internAs(key: string, id: number, opcode: number, operands: number[]): void {
    this.globals.push(((operands.length + 2) << 16) | opcode, id, ...operands);
    this.interned.set(key, id);
  }

  /** A global-section instruction that is not deduplicated (variables, distinct structs). */
  global(opcode: number, operands: number[]): void {
    append(this.globals, opcode, operands);
  }

  functionCode(words: number[]): void {
    this.functions.push(words);
  }

  assemble(): Uint32Array {
    const head: number[] = [MagicNumber, Version[this.version], GENERATOR, this.nextId, 0];
    for (const cap of [...this.capabilities].sort((a, b) => a - b)) append(head, Op.Capability, [cap]);
    for (const ext of this.extensions) append(head, Op.Extension, encodeString(ext));
    for (const [name, id] of this.extInstImports) append(head, Op.ExtInstImport, [id, ...encodeString(name)]);
    append(head, Op.MemoryModel, [this.memoryModel.addressing, this.memoryModel.memory]);
    const sections = [head, this.entryPoints, this.executionModes, this.debugSource, ...this.names.values()];
    sections.push(this.memberNames, this.annotations, this.globals);
    for (const fn of this.functions) sections.push(fn);
    // One allocation for the binary, each section copied in natively (no growing word array).
    let length = 0;
    for (const section of sections) length += section.length;
    const binary = new Uint32Array(length);
    let at = 0;
    for (const section of sections) {
      binary.set(section, at);
      at += section.length;
    }
    return binary;
  }
}

/** Collects one function's instructions; blocks are opened with label() and closed by a terminator. */
export class FunctionBuilder {
  readonly words: number[] = [];
  /** OpVariable instructions must come first in the first block; they are spliced in at the end. */
  private readonly variables: number[] = [];
  private readonly prologueWords: number[] = [];
  private firstLabelEnd = -1;
  blockOpen = false;
  /** Blocks opened so far: a value computed in the current block is available in it. */
  blocks = 0;
  /** The label of the block being emitted. */
  currentLabel = 0;

  emit(opcode: number, operands: number[]): void {
    append(this.words, opcode, operands);
  }

  label(id: number): void {
    this.emit(Op.Label, [id]);
    if (this.firstLabelEnd < 0) this.firstLabelEnd = this.words.length;
    this.blockOpen = true;
    this.blocks++;
    this.currentLabel = id;
  }

  /** Code that runs first, after the entry block's variables (emitted later than it runs). */
  prologue(opcode: number, operands: number[]): void {
    append(this.prologueWords, opcode, operands);
  }

  variable(typePtr: number, id: number, storageClass: number): void {
    append(this.variables, Op.Variable, [typePtr, id, storageClass]);
  }

  terminate(opcode: number, operands: number[] = []): void {
    this.emit(opcode, operands);
    this.blockOpen = false;
  }

  finish(): number[] {
    return this.words.slice(0, this.firstLabelEnd).concat(this.variables, this.prologueWords, this.words.slice(this.firstLabelEnd));
  }
}
