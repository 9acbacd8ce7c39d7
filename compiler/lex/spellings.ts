// Identifier spellings interned per preprocess call: one string per distinct name, shared by all
// files, so tokens keep no copies and the lexer slices a name from the text only the first time it
// sees it. An open-addressing table keyed by a hash the lexer computes while scanning the name.

// Small to start: most tables hold a few hundred names, and each compile (and each tokenize call
// without a table of its own) makes one, so a big empty table was a fixed cost of every compile.
const INITIAL_SIZE = 64;

export class SpellingTable {
  private keys: (string | undefined)[] = new Array<string | undefined>(INITIAL_SIZE).fill(undefined);
  private hashes = new Int32Array(INITIAL_SIZE);
  private count = 0;

  /** The interned spelling of `text[start, end)`, whose hash (see `spellingHash`) is `hash`. */
  intern(text: string, start: number, end: number, hash: number): string {
    const keys = this.keys;
    const mask = keys.length - 1;
    const length = end - start;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const key = keys[i];
      if (key === undefined) {
        const spelling = text.slice(start, end);
        keys[i] = spelling;
        this.hashes[i] = hash;
        if (++this.count * 2 > keys.length) this.grow();
        return spelling;
      }
      if (this.hashes[i] === hash && key.length === length && sameChars(key, text, start)) return key;
    }
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldHashes = this.hashes;
    const size = oldKeys.length * 2;
    this.keys = new Array<string | undefined>(size).fill(undefined);
    this.hashes = new Int32Array(size);
    const mask = size - 1;
    for (let j = 0; j < oldKeys.length; j++) {
      const key = oldKeys[j];
      if (key === undefined) continue;
      let i = oldHashes[j]! & mask;
      while (this.keys[i] !== undefined) i = (i + 1) & mask;
      this.keys[i] = key;
      this.hashes[i] = oldHashes[j]!;
    }
  }
}

/** The hash `intern` expects, one character at a time: start with the first code, then `step`. */
export function spellingHashStep(hash: number, code: number): number {
  return (Math.imul(hash, 31) + code) | 0;
}

/** The hash of a whole string (for spellings not scanned in one piece). */
export function spellingHash(s: string): number {
  let h = s.charCodeAt(0);
  for (let i = 1; i < s.length; i++) h = spellingHashStep(h, s.charCodeAt(i));
  return h;
}

function sameChars(key: string, text: string, start: number): boolean {
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}
