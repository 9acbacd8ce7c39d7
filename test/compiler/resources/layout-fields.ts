// The 91-value struct the layout round trips read back (SPIR-V on lavapipe, WGSL on Dawn): every
// member kind under every rule, with the scalar reads that check each one.

/** A member: its HLSL declaration and the scalar reads (HLSL access paths) in the order they are checked. */
export interface Field {
  decl: string;
  reads: string[];
}

export const scalarReads = (name: string, n: number) => (n === 1 ? [name] : Array.from({ length: n }, (_, i) => `${name}.${'xyzw'[i]}`));
export const matrixReads = (name: string, rows: number, cols: number) =>
  Array.from({ length: rows * cols }, (_, k) => `${name}[${Math.floor(k / cols)}][${k % cols}]`);

export const FIELDS: Field[] = [
  { decl: 'float s;', reads: ['s'] },
  { decl: 'int i;', reads: ['i'] },
  { decl: 'uint u;', reads: ['u'] },
  { decl: 'bool b;', reads: ['b'] },
  { decl: 'float2 v2;', reads: scalarReads('v2', 2) },
  { decl: 'float3 v3;', reads: scalarReads('v3', 3) },
  { decl: 'float4 v4;', reads: scalarReads('v4', 4) },
  { decl: 'int3 i3;', reads: scalarReads('i3', 3) },
  { decl: 'uint2 u2;', reads: scalarReads('u2', 2) },
  { decl: 'bool2 b2;', reads: scalarReads('b2', 2) },
  { decl: 'float2x3 m23c;', reads: matrixReads('m23c', 2, 3) },
  { decl: 'row_major float2x3 m23r;', reads: matrixReads('m23r', 2, 3) },
  { decl: 'float3x3 m33c;', reads: matrixReads('m33c', 3, 3) },
  { decl: 'row_major float3x3 m33r;', reads: matrixReads('m33r', 3, 3) },
  { decl: 'float4x4 m44c;', reads: matrixReads('m44c', 4, 4) },
  { decl: 'row_major float4x4 m44r;', reads: matrixReads('m44r', 4, 4) },
  { decl: 'float fa[3];', reads: ['fa[0]', 'fa[1]', 'fa[2]'] },
  { decl: 'float3 va[2];', reads: [...scalarReads('va[0]', 3), ...scalarReads('va[1]', 3)] },
  { decl: 'Inner sa[2];', reads: ['sa[0].p.x', 'sa[0].p.y', 'sa[0].q', 'sa[1].p.x', 'sa[1].p.y', 'sa[1].q'] },
  { decl: 'Inner nested;', reads: ['nested.p.x', 'nested.p.y', 'nested.q'] },
  { decl: 'float tail;', reads: ['tail'] },
];


/** The value written: every scalar distinct (bools alternate), matrices given column by column (the writer's default). */
export function makeValue(seed: number) {
  let next = seed;
  const n = () => next++;
  const vec = (k: number) => Array.from({ length: k }, n);
  const matrix = (rows: number, cols: number) => vec(rows * cols);
  return {
    s: n(), i: -n(), u: n(), b: 1,
    v2: vec(2), v3: vec(3), v4: vec(4), i3: vec(3).map((x) => -x), u2: vec(2), b2: [0, 1],
    m23c: matrix(2, 3), m23r: matrix(2, 3), m33c: matrix(3, 3), m33r: matrix(3, 3), m44c: matrix(4, 4), m44r: matrix(4, 4),
    fa: vec(3), va: [vec(3), vec(3)], sa: [{ p: vec(2), q: n() }, { p: vec(2), q: n() }], nested: { p: vec(2), q: n() }, tail: n(),
  };
}

/** What each HLSL read must return, from the value (matrix element [r][c] of column-major input is at c*rows + r). */
export function expectedReads(value: object, reads: readonly string[]): number[] {
  const get = (path: string): number => {
    const m = /^(\w+)\[(\d)\]\[(\d)\]$/.exec(path);
    if (m && /^m\d\d[cr]$/.test(m[1]!)) {
      const rows = Number(m[1]![1]);
      return (value as unknown as Record<string, number[]>)[m[1]!]![Number(m[3]) * rows + Number(m[2])]!;
    }
    let cur: unknown = value;
    for (const part of path.split(/\.|\[|\]/).filter(Boolean)) {
      cur = /^[xyzw]$/.test(part) && Array.isArray(cur) ? cur['xyzw'.indexOf(part)] : (cur as Record<string, unknown>)[part];
    }
    return cur as number;
  };
  return reads.map(get);
}
