// The AST's empty lists: one frozen array stands for every empty attribute, modifier,
// array-dimension and register list (most of them are empty), so a parse keeps no empty array
// alive per node. AST lists are not to be modified after parsing: the shared one is frozen.
const EMPTY: readonly never[] = Object.freeze([]);

/** The shared empty list. */
export function none<T>(): T[] {
  return EMPTY as unknown as T[];
}

/** `list`, or the shared empty list when it is empty. */
export function orNone<T>(list: T[]): T[] {
  return list.length === 0 ? none() : list;
}

/** `a` followed by `b`, without copying when one of them is empty. */
export function joined<T>(a: T[], b: T[]): T[] {
  return b.length === 0 ? a : a.length === 0 ? b : [...a, ...b];
}
