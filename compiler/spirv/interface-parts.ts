// -pack-optimized: after packing, DXC runs spirv-opt's interface-variable scalar replacement, so every
// located Input/Output variable that is an array or a matrix becomes one variable per element (per
// row of a matrix, recursively), at consecutive locations, each with the whole's Component (0 when
// the whole had none). A matrix cannot take a Component decoration, so a packed matrix needs this.
// Unlike that pass (one location per element), an element takes its own location count (a double3
// element takes two), so the parts never overlap.
import { vector, type Type } from '../types.js';
import { Op, StorageClass } from '../spirv-spec/spec.js';
import type { FunctionEmitter } from './function.js';
import { matrixShape } from './types.js';

/** One element variable of a split stage variable. */
export interface InterfacePart {
  /** Indices from the whole value down to this element (a matrix row is one index). */
  index: number[];
  type: Type;
  /** Locations before this element's, from the whole's location. */
  locationOffset: number;
  /** The variable, once declared. */
  varId?: number;
  varType?: Type;
}

/** The elements of an array, or the rows of a matrix that SPIR-V holds as a matrix or an array. */
function elementsOf(t: Type): Type[] | undefined {
  if (t.kind === 'array' && t.length !== null) return Array<Type>(t.length).fill(t.element);
  if (t.kind === 'matrix' && matrixShape(t) !== 'scalar' && matrixShape(t) !== 'vector') return Array<Type>(t.rows).fill(vector(t.element, t.cols));
  return undefined;
}

/** The element variables a stage variable of type `t` becomes, or undefined when it stays whole. */
export function interfaceParts(t: Type, locations: (t: Type) => number): InterfacePart[] | undefined {
  const elements = elementsOf(t);
  if (!elements) return undefined;
  const parts: InterfacePart[] = [];
  let offset = 0;
  elements.forEach((element, i) => {
    for (const p of interfaceParts(element, locations) ?? [{ index: [], type: element, locationOffset: 0 }]) {
      parts.push({ index: [i, ...p.index], type: p.type, locationOffset: offset + p.locationOffset });
    }
    offset += locations(element);
  });
  return parts;
}

/** Converts between a part's variable type and its value type (bool ↔ uint). */
type Fit = (fe: FunctionEmitter, value: number, from: Type, to: Type) => number;

/** Where a part is read or written: the variable, or its element `element` (per-vertex values). */
function pointer(fe: FunctionEmitter, part: InterfacePart, storage: number, element: number | undefined): number {
  if (element === undefined) return part.varId!;
  const ptr = fe.b.id();
  fe.f.emit(Op.AccessChain, [fe.t.pointer(storage, fe.t.type(part.varType!)), ptr, part.varId!, element]);
  return ptr;
}

/** The whole value of `type` read from its parts. */
export function loadParts(fe: FunctionEmitter, type: Type, parts: InterfacePart[], storage: number, element: number | undefined, fit: Fit): number {
  const values = parts.map((part) => {
    const loaded = fe.b.id();
    fe.f.emit(Op.Load, [fe.t.type(part.varType!), loaded, pointer(fe, part, storage, element)]);
    return fit(fe, loaded, part.varType!, part.type);
  });
  let at = 0;
  const build = (t: Type): number => {
    const elements = elementsOf(t);
    return elements ? fe.construct(t, elements.map(build)) : values[at++]!;
  };
  return build(type);
}

/** Writes the whole value to its parts. */
export function storeParts(fe: FunctionEmitter, value: number, parts: InterfacePart[], element: number | undefined, fit: Fit): void {
  for (const part of parts) {
    const extracted = fe.b.id();
    fe.f.emit(Op.CompositeExtract, [fe.t.type(part.type), extracted, value, ...part.index]);
    fe.f.emit(Op.Store, [pointer(fe, part, StorageClass.Output, element), fit(fe, extracted, part.type, part.varType!)]);
  }
}
