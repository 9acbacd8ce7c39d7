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

