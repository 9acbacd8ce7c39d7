// The AST's empty lists: one frozen array stands for every empty attribute, modifier,
// array-dimension and register list (most of them are empty), so a parse keeps no empty array
// alive per node. AST lists are not to be modified after parsing: the shared one is frozen.
const EMPTY: readonly never[] = Object.freeze([]);

/** The shared empty list. */
export function none<T>(): T[] {
  return EMPTY as unknown as T[];
}

/** `list` as `exact` keeps it, or the shared empty list when it is empty. */
export function orNone<T>(list: T[]): T[] {
  return list.length === 0 ? none() : exact(list);
}

/**
 * A short list filled by `push`, copied into an array literal of its exact length, for lists the
 * AST keeps. `push` gives a list a 17-slot backing store in the young generation, which every list
 * kept then costs a copy to the old generation (most AST lists hold one element); an array
 * literal's allocation site is pretenured together with its elements.
 */
export function exact<T>(list: T[]): T[] {
  switch (list.length) {
    case 1:
      return [list[0]!];
    case 2:
      return [list[0]!, list[1]!];
    case 3:
      return [list[0]!, list[1]!, list[2]!];
    case 4:
      return [list[0]!, list[1]!, list[2]!, list[3]!];
    default:
      return list;
  }
}

/** `a` followed by `b`, without copying when one of them is empty. */
export function joined<T>(a: T[], b: T[]): T[] {
  return b.length === 0 ? a : a.length === 0 ? b : [...a, ...b];
}
