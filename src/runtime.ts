// Helpers and types that modules generated for imported shaders use at run time. Every export is a
// pure function or a type, so bundlers drop what a module does not use; nothing here holds state.

/** Anything a buffer writer can pack into; views are written starting at their own byteOffset. */
export type BufferTarget = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

/** Any typed array of numbers (not DataView, not the 64-bit bigint arrays). */
export type NumericArray =
  | Float32Array
  | Float64Array
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array;

export type BigIntArray = BigInt64Array | BigUint64Array;

/** HLSL `bool` in a buffer is a 32-bit 0/1; numbers are stored as 0 when 0 (or NaN) and 1 otherwise. */
export type BoolLike = boolean | number;

// Vectors: a tuple of exact length, or a typed array (whose length is checked when written).
export type Vec2Like = readonly [number, number] | NumericArray;
export type Vec3Like = readonly [number, number, number] | NumericArray;
export type Vec4Like = readonly [number, number, number, number] | NumericArray;
export type BigVec2Like = readonly [bigint, bigint] | BigIntArray;
export type BigVec3Like = readonly [bigint, bigint, bigint] | BigIntArray;
export type BigVec4Like = readonly [bigint, bigint, bigint, bigint] | BigIntArray;
export type BoolVec2Like = readonly [BoolLike, BoolLike];
export type BoolVec3Like = readonly [BoolLike, BoolLike, BoolLike];
export type BoolVec4Like = readonly [BoolLike, BoolLike, BoolLike, BoolLike];

type N = number;
// Matrices `R`x`C` (HLSL rows x columns): flat arrays of R*C numbers in the order the generated
// module was built for (default column-major: element (r, c) at index c*R + r, as gl-matrix stores).
export type Mat2x2Like = readonly [N, N, N, N] | NumericArray;
export type Mat2x3Like = readonly [N, N, N, N, N, N] | NumericArray;
export type Mat2x4Like = readonly [N, N, N, N, N, N, N, N] | NumericArray;
export type Mat3x2Like = readonly [N, N, N, N, N, N] | NumericArray;
export type Mat3x3Like = readonly [N, N, N, N, N, N, N, N, N] | NumericArray;
export type Mat3x4Like = readonly [N, N, N, N, N, N, N, N, N, N, N, N] | NumericArray;
export type Mat4x2Like = readonly [N, N, N, N, N, N, N, N] | NumericArray;
export type Mat4x3Like = readonly [N, N, N, N, N, N, N, N, N, N, N, N] | NumericArray;
export type Mat4x4Like = readonly [N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N] | NumericArray;
export type Mat2Like = Mat2x2Like;
export type Mat3Like = Mat3x3Like;
export type Mat4Like = Mat4x4Like;

// Layout descriptions, as the generated `fields` objects spell them.
export type ScalarKind = 'bool' | 'i8' | 'u8' | 'i16' | 'u16' | 'f16' | 'i32' | 'u32' | 'f32' | 'i64' | 'u64' | 'f64';
export type TypeInfo =
  | { readonly kind: 'scalar'; readonly scalar: ScalarKind }
  | { readonly kind: 'vector'; readonly scalar: ScalarKind; readonly count: number }
  | {
      readonly kind: 'matrix';
      readonly scalar: ScalarKind;
      readonly rows: number;
      readonly columns: number;
      readonly majorness: 'row' | 'column';
      readonly stride: number;
    }
  | { readonly kind: 'array'; readonly element: TypeInfo; readonly length: number; readonly stride: number }
  | { readonly kind: 'struct'; readonly name: string; readonly size: number; readonly fields: FieldsInfo };
export interface FieldInfo {
  readonly offset: number;
  readonly size: number;
  readonly type: TypeInfo;
}
export type FieldsInfo = { readonly [name: string]: FieldInfo };

/** A buffer block (cbuffer, ConstantBuffer, push constants, storage block) and its writer. */
export interface BufferLayout<Value, Fields extends FieldsInfo = FieldsInfo, Size extends number = number> {
  /** Bytes up to the end of the last member. */
  readonly size: Size;
  readonly fields: Fields;
  /** Packs the given fields of `value` at `byteOffset`; bytes of omitted fields and padding are left as they were. */
  write(target: BufferTarget, value: Value, byteOffset?: number): void;
  /** A zeroed ArrayBuffer of `size` rounded up to 16 bytes, with `value` packed into it. */
  create(value?: Value): ArrayBuffer;
  /**
   * A writer for one region of one buffer (checked once here): for values written every frame, it
   * skips the per-call lookup of the buffer's views that `write` does.
   */
  bind(target: BufferTarget, byteOffset?: number): BoundWriter<Value>;
}

export interface BoundWriter<Value> {
  /** As `write(target, value, byteOffset)` with the bound target and offset. */
  write(value: Value): void;
}

/** A storage block ending in a runtime-sized array (every HLSL structured and byte-address buffer). */
export interface RuntimeArrayLayout<Value, Element, Fields extends FieldsInfo = FieldsInfo, Size extends number = number>
  extends BufferLayout<Value, Fields, Size> {
  /** Byte offset of element 0 of the runtime array inside the block. */
  readonly arrayOffset: number;
  /** Bytes one element occupies (its type's size, without trailing array padding). */
  readonly elementSize: number;
  /** ArrayStride: bytes from one element to the next. */
  readonly stride: number;
  writeElement(target: BufferTarget, index: number, value: Element, byteOffset?: number): void;
  /** A zeroed buffer for `count` elements (plus any members before the array), rounded up to 16 bytes. */
  createArray(count: number, values?: ArrayLike<Element | undefined>): ArrayBuffer;
}

export function dataViewOf(target: BufferTarget): DataView {
  if (target instanceof DataView) return target;
  if (ArrayBuffer.isView(target)) return new DataView(target.buffer, target.byteOffset, target.byteLength);
  return new DataView(target);
}

/**
 * Views over a whole buffer for generated writers: `dv` for stores at any offset, and the word views
 * `f32`/`u32` for 4-byte aligned stores. The word views cover the buffer's whole words, and nothing
 * on a big-endian platform (their stores use platform byte order; buffers are little-endian), so a
 * writer checks `start + size <= f32.byteLength` to pick them. A resizable buffer that shrinks puts
 * them out of bounds (byteLength 0), which sends writers to the DataView, never past the end.
 */
export interface BufferViews {
  readonly dv: DataView;
  readonly f32: Float32Array;
  readonly u32: Uint32Array;
}

function isLittleEndian(): boolean {
  return new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
}

/** `littleEndian`: the platform's byte order (a parameter so tests can take the big-endian branch). */
export function bufferViews(buffer: ArrayBufferLike, littleEndian = isLittleEndian()): BufferViews {
  const words = littleEndian ? Math.floor(buffer.byteLength / 4) : 0;
  return { dv: new DataView(buffer), f32: new Float32Array(buffer, 0, words), u32: new Uint32Array(buffer, 0, words) };
}

/**
 * Views of `size` bytes at byte `at` of `buffer`, for a writer bound to one block: the word views are
 * empty unless `at` is 4-byte aligned on a little-endian platform. Starting at the block, they let
 * generated code store at constant indices. A detached buffer, or a resizable one shrunk below
 * their end, leaves them empty (length 0); the fixed-length DataView then throws on a store.
 */
export function blockViews(buffer: ArrayBufferLike, at: number, size: number, littleEndian = isLittleEndian()): BufferViews {
  const words = littleEndian && (at & 3) === 0 ? size >> 2 : 0;
  // Empty word views still need an aligned start.
  const start = words === 0 ? 0 : at;
  return { dv: new DataView(buffer, at, size), f32: new Float32Array(buffer, start, words), u32: new Uint32Array(buffer, start, words) };
}

/**
 * A function returning the BufferViews of a target's buffer, made once per buffer and kept in a
 * WeakMap the returned function owns. Each generated module makes one at load: it is a cache with
 * no observable state (entries are derived from their key and die with their buffer).
 */
export function createViewCache(): (target: BufferTarget) => BufferViews {
  const cache = new WeakMap<ArrayBufferLike, BufferViews>();
  return (target) => {
    const buffer = ArrayBuffer.isView(target) ? target.buffer : target;
    let views = cache.get(buffer);
    if (views === undefined) {
      views = bufferViews(buffer);
      cache.set(buffer, views);
    }
    return views;
  };
}

/** Where a target starts in its buffer: a view's byteOffset, 0 for a buffer. */
export function targetStart(target: BufferTarget): number {
  return ArrayBuffer.isView(target) ? target.byteOffset : 0;
}

/** Throws unless `size` bytes at `byteOffset` fit in `target`, before anything is written. */
export function checkRange(target: { readonly byteLength: number }, byteOffset: number, size: number, what: string): void {
  if (!(Number.isInteger(byteOffset) && byteOffset >= 0 && byteOffset + size <= target.byteLength)) {
    throw new RangeError(
      `${what}: ${size} bytes at byteOffset ${byteOffset} do not fit in a target of ${target.byteLength} bytes`,
    );
  }
}

export function lengthError(path: string, expected: string, value: unknown): TypeError {
  const length = (value as { length?: unknown } | null | undefined)?.length;
  return new TypeError(
    `${path}: expected ${expected}, got ${typeof length === 'number' ? `length ${length}` : typeof value}`,
  );
}

export function alignTo16(size: number): number {
  return Math.ceil(size / 16) * 16;
}

/** Rounds to the nearest integer, ties to even (exact for the doubles f32ToF16 passes in). */
function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const fraction = x - floor;
  if (fraction > 0.5 || (fraction === 0.5 && floor % 2 === 1)) return floor + 1;
  return floor;
}

/**
 * IEEE 754 binary16 bits for a number, rounded to nearest even directly from the double (one
 * rounding, no detour through float32). Pure arithmetic: every step is exact in a double.
 */
export function f32ToF16(value: number): number {
  if (Number.isNaN(value)) return 0x7e00;
  const sign = value < 0 || Object.is(value, -0) ? 0x8000 : 0;
  const magnitude = Math.abs(value);
  if (magnitude >= 65520) return sign | 0x7c00; // 65520 is halfway past 65504, the largest half
  if (magnitude < 2 ** -14) return sign | roundHalfEven(magnitude * 2 ** 24); // subnormal (may round up to 0x400)
  let exponent = Math.floor(Math.log2(magnitude));
  // log2 may be off by one next to powers of two; pin 2^exponent <= magnitude < 2^(exponent+1).
  if (2 ** exponent > magnitude) exponent--;
  else if (2 ** (exponent + 1) <= magnitude) exponent++;
  let mantissa = roundHalfEven((magnitude / 2 ** exponent - 1) * 1024);
  if (mantissa === 1024) {
    mantissa = 0;
    exponent++;
  }
  return sign | ((exponent + 15) << 10) | mantissa;
}

const SPIRV_MAGIC = 0x07230203;

function spirvWords(bytes: ArrayBuffer, source: string): Uint32Array {
  if (bytes.byteLength % 4 !== 0 || bytes.byteLength < 20) {
    throw new Error(`${source}: ${bytes.byteLength} bytes is not a SPIR-V module (needs a multiple of 4, at least 20)`);
  }
  const words = new Uint32Array(bytes);
  if (words[0] !== SPIRV_MAGIC) {
    throw new Error(`${source}: missing SPIR-V magic number 0x07230203 (first word 0x${words[0]!.toString(16)})`);
  }
  return words;
}

/** Fetches a SPIR-V module; falls back to `node:fs` only for a file: URL that this runtime's fetch cannot read. */
export async function loadSpirvFromUrl(url: string): Promise<Uint32Array> {
  let fetchError: unknown;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${response.statusText}`);
    return spirvWords(await response.arrayBuffer(), url);
  } catch (error) {
    if (!url.startsWith('file:')) throw error;
    fetchError = error;
  }
  // Node's fetch does not implement file: URLs. The specifier is a variable and the comments keep
  // bundlers from resolving node:fs for browser builds, where this line is never reached.
  const fsModule = 'node:fs/promises';
  let readFile: (url: URL) => Promise<Uint8Array>;
  try {
    ({ readFile } = (await import(/* webpackIgnore: true */ /* @vite-ignore */ fsModule)) as {
      readFile: (url: URL) => Promise<Uint8Array>;
    });
  } catch {
    throw fetchError;
  }
  const bytes = await readFile(new URL(url));
  return spirvWords(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, url);
}

/**
 * Inline modules' SPIR-V: base64 of the little-endian words (a third of the size of a number array),
 * decoded once when the module is evaluated.
 */
export function spirvFromBase64(text: string): Uint32Array {
  const bytes = atob(text);
  const words = new Uint32Array(bytes.length >>> 2);
  for (let i = 0, at = 0; i < words.length; i++, at += 4) {
    words[i] = (bytes.charCodeAt(at) | (bytes.charCodeAt(at + 1) << 8) | (bytes.charCodeAt(at + 2) << 16) | (bytes.charCodeAt(at + 3) << 24)) >>> 0;
  }
  return spirvWords(words.buffer, 'inline SPIR-V');
}
