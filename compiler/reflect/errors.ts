/** Thrown for any binary the reader cannot reflect: malformed, truncated or inconsistent SPIR-V. */
export class SpirvReflectError extends Error {
  /** Word offset of the offending instruction, when one is to blame. */
  readonly wordOffset: number | undefined;

  constructor(message: string, wordOffset?: number) {
    super(wordOffset === undefined ? message : `${message} (at word ${wordOffset})`);
    this.name = 'SpirvReflectError';
    this.wordOffset = wordOffset;
  }
}
