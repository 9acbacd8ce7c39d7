// Buffer memory through a word view: every uniform/storage buffer (and every groupshared variable
// that atomics touch) is declared as words (`array<vec4<u32>, N>` in the uniform space, `array<u32>`
// or `array<atomic<u32|i32>>` otherwise) and each value is read and written word by word at the
// byte offsets of compiler/layout, with bitcasts and matrix reconstruction. So the WGSL reads exactly
// the bytes the SPIR-V reads under every layout rule, whatever WGSL's own layout rules would allow.
import type { Layout } from '../layout/index.js';
import { elementScalar, typeToString, type MatrixType, type ScalarType, type Type } from '../types.js';
import { unsupported } from './errors.js';
import { matrixShape, memberName } from './types.js';

/** A buffer as the WGSL sees it: a global array of 32-bit words. */
export interface WordView {
  name: string;
  space: 'uniform' | 'storage' | 'workgroup';
  /** Declared `atomic<…>` because an atomic operation touches it; every access is then atomic. */
  atomic: boolean;
  /** Element type of an atomic view (`i32` when signed min/max atomics need it). */
  element: 'u32' | 'i32';
}

/** A byte offset: `dynamic` (a u32 expression) plus a constant. */
export interface Offset {
  dynamic?: string;
  constant: number;
}

/** A place inside a word view. `componentStride` is the distance between a vector's components. */
export interface MemoryPlace {
  kind: 'memory';
  view: WordView;
  offset: Offset;
  type: Type;
  layout: Layout;
  componentStride?: number;
}

/** Where generated code goes: hoists expressions into `let`s, declares `var`s, writes statements. */
export interface CodeSink {
  let(expr: string): string;
  fresh(prefix: string): string;
  line(code: string): void;
  typeName(t: Type): string;
}

export function offsetText(o: Offset): string {
  if (!o.dynamic) return `${o.constant}u`;
  return o.constant ? `(${o.dynamic} + ${o.constant}u)` : o.dynamic;
}

function plus(o: Offset, bytes: number): Offset {
  return { ...o, constant: o.constant + bytes };
}

function plusScaled(sink: CodeSink, o: Offset, index: string, stride: number): Offset {
  const scaled = stride === 1 ? index : `(${index} * ${stride}u)`;
  return { dynamic: sink.let(o.dynamic ? `${o.dynamic} + ${scaled}` : scaled), constant: o.constant };
}

/** A u32 expression for the word at byte offset `o` (4-aligned). */
function readWord(sink: CodeSink, view: WordView, o: Offset): string {
  if (view.space === 'uniform') {
    if (!o.dynamic) return `${view.name}[${Math.floor(o.constant / 16)}][${(o.constant / 4) % 4}]`;
    const at = sink.let(offsetText(o));
    return `${view.name}[${at} / 16u][(${at} / 4u) % 4u]`;
  }
  const index = o.dynamic ? `${offsetText(o)} / 4u` : `${o.constant / 4}`;
  if (!view.atomic) return `${view.name}[${index}]`;
  const load = `atomicLoad(&${view.name}[${index}])`;
  return view.element === 'u32' ? load : `bitcast<u32>(${load})`;
}

function writeWord(sink: CodeSink, view: WordView, o: Offset, word: string): void {
  if (view.space === 'uniform') throw new Error('internal: store to a uniform buffer');
  const index = o.dynamic ? `${offsetText(o)} / 4u` : `${o.constant / 4}`;
  if (!view.atomic) sink.line(`${view.name}[${index}] = ${word};`);
  else sink.line(`atomicStore(&${view.name}[${index}], ${view.element === 'u32' ? word : `bitcast<i32>(${word})`});`);
}

/** The element index of an atomic operation on the scalar at this place, as `&view[i]`. */
export function atomicPointer(m: MemoryPlace): string {
  return `&${m.view.name}[${m.offset.dynamic ? `${offsetText(m.offset)} / 4u` : m.offset.constant / 4}]`;
}

function checkScalar(s: ScalarType, what: string): void {
  if (s.width !== 32) throw unsupported(`the ${s.width}-bit ${typeToString(s)} ${what} in a buffer`, undefined, 'only 32-bit scalars are read through the word view yet');
}

function scalarFromWord(s: ScalarType, word: string): string {
  checkScalar(s, 'value');
  switch (s.base) {
    case 'uint':
      return word;
    case 'int':
      return `bitcast<i32>(${word})`;
    case 'float':
      return `bitcast<f32>(${word})`;
    case 'bool':
      return `(${word} != 0u)`;
  }
}

function scalarToWord(s: ScalarType, value: string): string {
  checkScalar(s, 'value');
  switch (s.base) {
    case 'uint':
      return value;
    case 'int':
    case 'float':
      return `bitcast<u32>(${value})`;
    case 'bool':
      return `select(0u, 1u, ${value})`;
  }
}

const bytesOf = (s: ScalarType) => s.width / 8;

/** Distance between a vector's components at this place (dx-packed 1xN matrices are 16 bytes apart). */
function componentStride(m: MemoryPlace, el: ScalarType): number {
  if (m.componentStride !== undefined) return m.componentStride;
  return m.layout.kind === 'array' ? m.layout.arrayStride! : bytesOf(el);
}

/** Offset of HLSL element (r, c) of a 2-D matrix at this place. */
function matrixElement(m: MemoryPlace, t: MatrixType, r: number, c: number): Offset {
  const eb = bytesOf(t.element);
  const ms = m.layout.matrixStride!;
  return plus(m.offset, m.layout.majorness === 'row_major' ? r * ms + c * eb : c * ms + r * eb);
}

/** Loads the value at a memory place; returns a WGSL expression (hoisted into lets as needed). */
export function loadMemory(sink: CodeSink, m: MemoryPlace): string {
  const t = m.type;
  switch (t.kind) {
    case 'scalar':
      return sink.let(scalarFromWord(t, readWord(sink, m.view, m.offset)));
    case 'vector':
      return vectorLoad(sink, m, t.element, t.size);
    case 'matrix': {
      const shape = matrixShape(t);
      if (shape === 'scalar') return loadMemory(sink, { ...m, type: t.element });
      if (shape === 'vector') return vectorLoad(sink, m, t.element, t.rows * t.cols);
      const rows = Array.from({ length: t.rows }, (_, r) => {
        const parts = Array.from({ length: t.cols }, (_, c) => scalarFromWord(t.element, readWord(sink, m.view, matrixElement(m, t, r, c))));
        return `vec${t.cols}<${sink.typeName(t.element)}>(${parts.join(', ')})`;
      });
      return sink.let(`${sink.typeName(t)}(${rows.join(', ')})`);
    }
    case 'array': {
      if (t.length === null) throw unsupported('loading a whole runtime-sized array');
      const result = sink.fresh('arr');
      const i = sink.fresh('i');
      sink.line(`var ${result}: ${sink.typeName(t)};`);
      sink.line(`for (var ${i} = 0u; ${i} < ${t.length}u; ${i}++) {`);
      const element = elementPlace(sink, m, i);
      sink.line(`${result}[${i}] = ${loadMemory(sink, element)};`);
      sink.line('}');
      return sink.let(result);
    }
    case 'struct': {
      const members = t.fields.map((f, i) => loadMemory(sink, memberPlace(m, i, f.type)));
      return sink.let(`${sink.typeName(t)}(${members.join(', ')})`);
    }
    default:
      throw new Error(`internal: load of ${t.kind} from a buffer`);
  }
}

function vectorLoad(sink: CodeSink, m: MemoryPlace, el: ScalarType, n: number): string {
  const cs = componentStride(m, el);
  const parts = Array.from({ length: n }, (_, k) => scalarFromWord(el, readWord(sink, m.view, plus(m.offset, k * cs))));
  return sink.let(n === 1 ? parts[0]! : `vec${n}<${sink.typeName(el)}>(${parts.join(', ')})`);
}

/** Stores `value` (a WGSL expression of the place's type) at a memory place. */
export function storeMemory(sink: CodeSink, m: MemoryPlace, value: string): void {
  const t = m.type;
  switch (t.kind) {
    case 'scalar':
      return writeWord(sink, m.view, m.offset, scalarToWord(t, value));
    case 'vector':
      return vectorStore(sink, m, t.element, t.size, value);
    case 'matrix': {
      const shape = matrixShape(t);
      if (shape === 'scalar') return storeMemory(sink, { ...m, type: t.element }, value);
      if (shape === 'vector') return vectorStore(sink, m, t.element, t.rows * t.cols, value);
      const v = sink.let(value);
      for (let r = 0; r < t.rows; r++) for (let c = 0; c < t.cols; c++) writeWord(sink, m.view, matrixElement(m, t, r, c), scalarToWord(t.element, `${v}[${r}][${c}]`));
      return;
    }
    case 'array': {
      if (t.length === null) throw unsupported('storing a whole runtime-sized array');
      const copy = sink.fresh('arr');
      const i = sink.fresh('i');
      sink.line(`var ${copy} = ${value};`);
      sink.line(`for (var ${i} = 0u; ${i} < ${t.length}u; ${i}++) {`);
      storeMemory(sink, elementPlace(sink, m, i), `${copy}[${i}]`);
      sink.line('}');
      return;
    }
    case 'struct': {
      const v = sink.let(value);
      t.fields.forEach((f, i) => storeMemory(sink, memberPlace(m, i, f.type), `${v}.${memberName(f.name, i)}`));
      return;
    }
    default:
      throw new Error(`internal: store of ${t.kind} to a buffer`);
  }
}

function vectorStore(sink: CodeSink, m: MemoryPlace, el: ScalarType, n: number, value: string): void {
  const cs = componentStride(m, el);
  const v = sink.let(value);
  for (let k = 0; k < n; k++) writeWord(sink, m.view, plus(m.offset, k * cs), scalarToWord(el, n === 1 ? v : `${v}[${k}]`));
}

export function memberPlace(m: MemoryPlace, index: number, type: Type): MemoryPlace {
  const member = m.layout.members?.[index];
  if (!member) throw new Error(`internal: member ${index} has no layout`);
  return { kind: 'memory', view: m.view, offset: plus(m.offset, member.offset), type, layout: member.layout };
}

/**
 * Element `index` (a WGSL u32 or i32 expression; constant text allowed) of an array, vector or
 * matrix (an HLSL row) at a memory place.
 */
export function elementPlace(sink: CodeSink, m: MemoryPlace, index: string, type?: Type): MemoryPlace {
  const t = m.type;
  const u = /^\d+u?$/.test(index) ? index.replace(/u$/, '') : `u32(${index})`;
  const at = (stride: number): Offset => (/^\d+$/.test(u) ? plus(m.offset, Number(u) * stride) : plusScaled(sink, m.offset, u, stride));
  switch (t.kind) {
    case 'array':
      return { kind: 'memory', view: m.view, offset: at(m.layout.arrayStride!), type: type ?? t.element, layout: m.layout.element! };
    case 'vector': {
      const cs = componentStride(m, t.element);
      return { kind: 'memory', view: m.view, offset: at(cs), type: t.element, layout: { kind: 'scalar', size: bytesOf(t.element), alignment: bytesOf(t.element) } };
    }
    case 'matrix': {
      const shape = matrixShape(t);
      const scalarLayout: Layout = { kind: 'scalar', size: bytesOf(t.element), alignment: bytesOf(t.element) };
      if (shape === 'scalar' || (shape === 'vector' && t.rows === 1)) return { ...m, type: type ?? m.type };
      if (shape === 'vector') return { kind: 'memory', view: m.view, offset: at(componentStride(m, t.element)), type: t.element, layout: scalarLayout };
      const row: Type = { kind: 'vector', element: t.element, size: t.cols as 2 | 3 | 4 };
      const eb = bytesOf(t.element);
      const rowLayout: Layout = { kind: 'vector', size: eb * t.cols, alignment: eb };
      if (m.layout.majorness === 'row_major') return { kind: 'memory', view: m.view, offset: at(m.layout.matrixStride!), type: row, layout: rowLayout, componentStride: eb };
      return { kind: 'memory', view: m.view, offset: at(eb), type: row, layout: rowLayout, componentStride: m.layout.matrixStride! };
    }
    default:
      throw new Error(`internal: element of ${t.kind} in a buffer`);
  }
}

/** The scalar of an atomic's target (`int`/`uint`), checked for a 32-bit word. */
export function atomicScalar(t: Type): ScalarType {
  const s = elementScalar(t);
  if (!s || t.kind !== 'scalar' || s.width !== 32 || (s.base !== 'int' && s.base !== 'uint')) throw unsupported(`an atomic on '${typeToString(t)}'`);
  return s;
}
