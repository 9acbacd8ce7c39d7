// When WGSL's own layout can express a buffer exactly: each IR struct is declared once, with
// `@size` attributes padding members up to the SPIR-V layout's offsets, and a buffer whose every
// offset, stride and matrix falls where WGSL would put it (given those attributes) is declared as its
// block struct and accessed by plain WGSL references. Anything else (bools, column_major or strided
// matrices, scalar arrays in a uniform buffer, a vec3 at offset 4, dx packing, atomics, ...) is read
// through the word view (memory.ts), which always reproduces the layout.
import type { Layout } from '../layout/index.js';
import type { StructType, Type } from '../types.js';
import { matrixShape } from './types.js';

const roundUp = (n: number, a: number) => Math.ceil(n / a) * a;

/** `@size(n)` per struct member index, by struct id: the one declaration every use must agree with. */
export type StructPadding = Map<number, (number | undefined)[]>;

interface Natural {
  align: number;
  size: number;
}

/**
 * WGSL's alignment and size of `t` laid out as `layout`, or undefined when WGSL cannot place it so.
 * `uniform`: the uniform address space's extra constraints. `plan` collects the @size attributes.
 */
function natural(t: Type, layout: Layout, uniform: boolean, plan: StructPadding): Natural | undefined {
  switch (t.kind) {
    case 'scalar':
      if (t.base === 'bool' || t.width !== 32) return undefined;
      return layout.kind === 'scalar' ? { align: 4, size: 4 } : undefined;
    case 'vector': {
      if (t.element.base === 'bool' || t.element.width !== 32 || layout.kind !== 'vector') return undefined;
      return { align: t.size === 2 ? 8 : 16, size: 4 * t.size };
    }
    case 'matrix': {
      const shape = matrixShape(t);
      if (t.element.base === 'bool' || t.element.width !== 32) return undefined;
      if (shape === 'scalar') return layout.kind === 'scalar' ? { align: 4, size: 4 } : undefined;
      if (shape === 'vector') return layout.kind === 'vector' ? natural({ kind: 'vector', element: t.element, size: (t.rows * t.cols) as 2 | 3 | 4 }, layout, uniform, plan) : undefined;
      // WGSL matRxC (and the array of row vectors) stores HLSL rows contiguously: HLSL row_major.
      if (layout.kind !== 'matrix' || layout.majorness !== 'row_major') return undefined;
      const vecAlign = t.cols === 2 ? 8 : 16;
      if (layout.matrixStride !== vecAlign) return undefined;
      if (shape === 'array' && uniform && vecAlign % 16 !== 0) return undefined;
      return { align: vecAlign, size: vecAlign * t.rows };
    }
    case 'array': {
      if (layout.kind !== 'array' || !layout.element) return undefined;
      const el = natural(t.element, layout.element, uniform, plan);
      if (!el) return undefined;
      const stride = roundUp(el.size, el.align);
      if (stride !== layout.arrayStride) return undefined;
      if (uniform && stride % 16 !== 0) return undefined;
      const align = uniform ? roundUp(el.align, 16) : el.align;
      return { align, size: t.length === null ? 0 : stride * t.length };
    }
    case 'struct':
      return structNatural(t, layout, uniform, plan);
    default:
      return undefined;
  }
}

function structNatural(t: StructType, layout: Layout, uniform: boolean, plan: StructPadding): Natural | undefined {
  const members = layout.members;
  if (layout.kind !== 'struct' || !members || members.length !== t.fields.length || members.length === 0) return undefined;
  const sizes: (number | undefined)[] = [];
  let align = 1;
  let end = 0;
  let previousWasStruct = false;
  let previousStart = 0;
  const naturals: Natural[] = [];
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    const field = t.fields[i]!;
    const n = natural(field.type, m.layout, uniform, plan);
    if (!n || (i === 0 && m.offset !== 0)) return undefined;
    const memberAlign = uniform && (field.type.kind === 'struct' || field.type.kind === 'array') ? roundUp(n.align, 16) : n.align;
    if (m.offset % memberAlign !== 0 || m.offset < end) return undefined;
    if (uniform && previousWasStruct && m.offset - previousStart < roundUp(naturals[i - 1]!.size, 16)) return undefined;
    // The previous member is padded up to this one's offset when WGSL would place it earlier.
    if (i > 0 && roundUp(end, memberAlign) !== m.offset) sizes[i - 1] = m.offset - previousStart;
    naturals.push(n);
    align = Math.max(align, memberAlign);
    previousStart = m.offset;
    previousWasStruct = field.type.kind === 'struct';
    end = m.offset + n.size;
    if (n.size === 0 && i !== members.length - 1) return undefined;
  }
  // The struct's size (what arrays of it stride by and what follows it starts after).
  const size = roundUp(Math.max(end, layout.size), align);
  if (layout.size > end && roundUp(end, align) !== roundUp(layout.size, align)) sizes[members.length - 1] = layout.size - previousStart;
  const known = plan.get(t.id);
  if (known && JSON.stringify(known) !== JSON.stringify(sizes)) return undefined;
  plan.set(t.id, sizes);
  return { align, size };
}

/**
 * Whether a buffer's block struct can be declared as a WGSL struct laid out as `layout`; on success
 * `plan` holds the @size attributes of every struct inside (merged only then, so a failed attempt
 * leaves no trace).
 */
export function planBufferStruct(block: Type, layout: Layout, uniform: boolean, plan: StructPadding): boolean {
  if (block.kind !== 'struct') return false;
  const attempt: StructPadding = new Map(plan);
  const n = structNatural(block, layout, uniform, attempt);
  if (!n) return false;
  // A uniform buffer's size is rounded to 16 by WGSL; the layout's extent must fit in it.
  for (const [id, sizes] of attempt) plan.set(id, sizes);
  return true;
}
