// The physical layer of a SPIR-V module: header, endianness and the instruction stream. Every read is
// bounds-checked so that a truncated or corrupted binary surfaces as a SpirvReflectError.
import { MagicNumber } from '../spirv-spec/spec.js';
import { SpirvReflectError } from './errors.js';
import { opName } from './enum-names.js';

export const HEADER_WORDS = 5;

export interface Header {
  major: number;
  minor: number;
  generator: number;
  bound: number;
}

/**
 * One instruction: its opcode, its word offset in the module and its word count; its words are read
 * in place from the module's (no view per instruction).
 */
export class Instruction {
  constructor(
    readonly opcode: number,
    readonly offset: number,
    readonly wordCount: number,
    private readonly module: Uint32Array,
  ) {}

  get name(): string {
    return opName(this.opcode);
  }

  /** Number of words after the opcode word. */
  get operandCount(): number {
    return this.wordCount - 1;
  }

  fail(message: string): never {
    throw new SpirvReflectError(`${this.name}: ${message}`, this.offset);
  }

  /** Word `index` (1 = first operand), failing when the instruction is too short to hold it. */
  word(index: number): number {
    if (index >= this.wordCount) {
      this.fail(`has ${this.wordCount} words, operand ${index} is missing`);
    }
    return this.module[this.offset + index]!;
  }

  /** Word `index` without a bounds check, for loops bounded by wordCount. */
  at(index: number): number {
    return this.module[this.offset + index]!;
  }

  /** Words from `index` to the end (possibly none). */
  wordsFrom(index: number): number[] {
    const out: number[] = [];
    for (let i = index; i < this.wordCount; i++) out.push(this.module[this.offset + i]!);
    return out;
  }

  /** A nul-terminated UTF-8 literal string starting at word `index`. */
  string(index: number): { value: string; next: number } {
    const bytes: number[] = [];
    let ascii = true;
    for (let i = index; i < this.wordCount; i++) {
      const w = this.module[this.offset + i]!;
      for (let shift = 0; shift < 32; shift += 8) {
        const byte = (w >>> shift) & 0xff;
        if (byte === 0) {
          // ASCII (nearly every name) decodes to the same string without a decoder call.
          const value = ascii && bytes.length <= 1024 ? String.fromCharCode(...bytes) : utf8.decode(new Uint8Array(bytes));
          return { value, next: i + 1 };
        }
        if (byte >= 0x80) ascii = false;
        bytes.push(byte);
      }
    }
    this.fail(`literal string at operand ${index} is not nul-terminated within the instruction`);
  }
}

const utf8 = new TextDecoder('utf-8');

/** Reads the header, normalising a byte-swapped module to host word order. */
export function readHeader(input: Uint32Array): { header: Header; words: Uint32Array } {
  if (input.length < HEADER_WORDS) {
    throw new SpirvReflectError(
      `truncated module: ${input.length} words, the header alone needs ${HEADER_WORDS}`,
    );
  }
  let words = input;
  if (input[0] !== MagicNumber) {
    if (byteSwap(input[0]!) !== MagicNumber) {
      throw new SpirvReflectError(
        `bad magic number 0x${input[0]!.toString(16).padStart(8, '0')}, expected 0x07230203`,
        0,
      );
    }
    words = input.map(byteSwap);
  }
  const version = words[1]!;
  const major = (version >>> 16) & 0xff;
  const minor = (version >>> 8) & 0xff;
  if ((version & 0xff0000ff) !== 0 || major !== 1) {
    throw new SpirvReflectError(`unsupported SPIR-V version word 0x${version.toString(16)}`, 1);
  }
  const bound = words[3]!;
  if (bound === 0) throw new SpirvReflectError('id bound is 0', 3);
  return { header: { major, minor, generator: words[2]!, bound }, words };
}

/** Visits the instructions after the header in order, each checked to lie within the module before it is visited. */
export function forEachInstruction(words: Uint32Array, visit: (inst: Instruction) => void): void {
  let offset = HEADER_WORDS;
  while (offset < words.length) {
    const first = words[offset]!;
    const wordCount = first >>> 16;
    const opcode = first & 0xffff;
    if (wordCount === 0) {
      throw new SpirvReflectError(`${opName(opcode)} has a word count of 0`, offset);
    }
    if (offset + wordCount > words.length) {
      throw new SpirvReflectError(
        `${opName(opcode)} has a word count of ${wordCount} and runs past the end of the module ` +
          `(${words.length} words)`,
        offset,
      );
    }
    visit(new Instruction(opcode, offset, wordCount, words));
    offset += wordCount;
  }
}

function byteSwap(w: number): number {
  return (((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24)) >>> 0;
}
