// A semantic written on a struct-typed stage value (a parameter, the return value or a struct member
// of struct type) applies to the struct's leaves in declaration order, DXC's rule: the enclosing
// semantic overrides the members' own, and its index counts up by one per leaf
// (`S s : TEXCOORD4` gives s's leaves TEXCOORD4, TEXCOORD5, …; `Out main() : SV_Position` puts
// SV_Position on Out's one member). Both back ends flatten stage structs with it.

/** The enclosing semantic while its struct's leaves are flattened; owned by one flattening walk. */
export interface InheritedSemantic {
  readonly written: string;
  readonly base: string;
  readonly first: number;
  /** The index the next leaf takes. */
  next: number;
}

export function inheritSemantic(written: string): InheritedSemantic {
  const m = /^(.*?)(\d*)$/.exec(written)!;
  const first = m[2] ? Number(m[2]) : 0;
  return { written, base: m[1]!, first, next: first };
}

/** The semantic of the next leaf: the written one first, then the base with the following indices. */
export function nextLeafSemantic(s: InheritedSemantic): string {
  const index = s.next++;
  return index === s.first ? s.written : `${s.base}${index}`;
}
