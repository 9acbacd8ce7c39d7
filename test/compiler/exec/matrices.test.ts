// Matrix math on lavapipe against a plain JS row-major reference: non-square products in every mul()
// form, element/row access and writes, integer matrices and the 1xN/Nx1 shapes that become vectors.
// HLSL matrices are SPIR-V transposes, so a missing transpose or operand swap changes these numbers.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from './kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

type M = number[][];
const mat = (rows: number, cols: number, f: (r: number, c: number) => number): M =>
  Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => f(r, c)));
const matmul = (a: M, b: M): M => mat(a.length, b[0]!.length, (r, c) => a[r]!.reduce((s, x, k) => s + x * b[k]![c]!, 0));
const flat = (m: M) => m.flat().join(', ');

const A = mat(2, 3, (r, c) => 1 + r * 3 + c); // 1..6
const B = mat(3, 4, (r, c) => (r * 4 + c) * (c % 2 ? -1 : 1) + 0.5);
const V3 = [1, -1, 2];
const V2 = [3, -2];
const AB = matmul(A, B);
const Av = matmul(A, V3.map((x) => [x])).map((r) => r[0]!);
const vA = matmul([V2], A)[0]!;

const SETUP = `
  float k = In[0].x; // 1 at run time, so nothing below is a compile-time constant
  float2x3 A = k * float2x3(${flat(A)});
  float3x4 B = k * float3x4(${flat(B)});
  float2x4 AB = mul(A, B);
  float2 Av = mul(A, float3(${V3.join(', ')}));
  float3 vA = mul(float2(${V2.join(', ')}), A);
  float3x2 At = transpose(A);
  float2x3 W = A; W[0] = float3(7, 8, 9); W._m12 = 60; W[1][0] = 40; W._22 += 0.5;
  int ik = (int)k;
  int2x3 I = ik * int2x3(1, 2, 3, 4, 5, 6);
  int3x2 J = ik * int3x2(1, -1, 2, 0, 3, 1);
  int2x2 IJ = mul(I, J);
  int3 vI = mul(int2(2, -1), I);
  float1x3 r = k * float1x3(1, 2, 3); float3x1 c = k * float3x1(4, 5, 6);
  float3x3 outer = mul(c, r);
  float1x4 rB = mul(r, B);
  float3x3 D = k * float3x3(2, 0, 1, 1, 3, 0, 0, 1, 4);
`;

describe('matrices', () => {
  it('mul in all forms on non-square float matrices, element access and writes', async () => {
    const checks: Check[] = [];
    AB.forEach((row, i) => row.forEach((v, j) => checks.push({ expr: `AB[${i}][${j}]`, kind: 'f', expect: v })));
    Av.forEach((v, i) => checks.push({ expr: `Av[${i}]`, kind: 'f', expect: v }));
    vA.forEach((v, i) => checks.push({ expr: `vA[${i}]`, kind: 'f', expect: v }));
    checks.push(
      { expr: 'A._m12', kind: 'f', expect: A[1]![2]! },
      { expr: 'A._11', kind: 'f', expect: A[0]![0]! },
      { expr: 'A._23', kind: 'f', expect: A[1]![2]! },
      { expr: 'A._m01_m10.x * 10 + A._m01_m10.y', kind: 'f', expect: A[0]![1]! * 10 + A[1]![0]! },
      { expr: 'dot(A[1], float3(1, 10, 100))', kind: 'f', expect: A[1]![0]! + 10 * A[1]![1]! + 100 * A[1]![2]! },
      { expr: 'At[2][1]', kind: 'f', expect: A[1]![2]! },
      { expr: 'At[0][1]', kind: 'f', expect: A[1]![0]! },
      { expr: 'W[0][1]', kind: 'f', expect: 8 },
      { expr: 'W[1][2]', kind: 'f', expect: 60 },
      { expr: 'W[1][0]', kind: 'f', expect: 40 },
      { expr: 'W[1][1]', kind: 'f', expect: A[1]![1]! + 0.5 },
      { expr: '(A * 2 + A)[1][2]', kind: 'f', expect: 3 * A[1]![2]! },
      { expr: '(A * A)[0][2]', kind: 'f', expect: A[0]![2]! ** 2 },
      { expr: 'mul(A, At)[0][1]', kind: 'f', expect: matmul(A, A[0]!.map((_, c) => A.map((row) => row[c]!)))[0]![1]! },
      { expr: 'determinant(D)', kind: 'f', expect: 2 * (3 * 4 - 0 * 1) - 0 + 1 * (1 * 1 - 3 * 0) },
      { expr: '((float2x2)A)[1][1]', kind: 'f', expect: A[1]![1]! },
    );
    await runChecks(gpu, { setup: SETUP, input: [[1, 0, 0, 0]], checks });
  });

  it('integer matrices (arrays of vectors) and 1xN / Nx1 matrices (vectors)', async () => {
    const I = [[1, 2, 3], [4, 5, 6]];
    const J = [[1, -1], [2, 0], [3, 1]];
    const IJ = matmul(I, J);
    const vI = matmul([[2, -1]], I)[0]!;
    const r = [[1, 2, 3]];
    const c = [[4], [5], [6]];
    const outer = matmul(c, r);
    const rB = matmul(r, B)[0]!;
    const checks: Check[] = [];
    IJ.forEach((row, i) => row.forEach((v, j) => checks.push({ expr: `IJ[${i}][${j}]`, kind: 'i', expect: v })));
    vI.forEach((v, i) => checks.push({ expr: `vI[${i}]`, kind: 'i', expect: v }));
    checks.push(
      { expr: 'I._m12 + I[1][0] * 10', kind: 'i', expect: 6 + 40 },
      { expr: 'mul(r, c)', kind: 'f', expect: 4 + 10 + 18 },
      { expr: 'outer[2][0]', kind: 'f', expect: outer[2]![0]! },
      { expr: 'outer[0][2]', kind: 'f', expect: outer[0]![2]! },
      { expr: 'outer[1][1]', kind: 'f', expect: outer[1]![1]! },
      { expr: 'r[0][2] + c[1][0] * 10', kind: 'f', expect: 3 + 50 },
      { expr: 'r._m01', kind: 'f', expect: 2 },
      { expr: 'c._m20', kind: 'f', expect: 6 },
    );
    rB.forEach((v, i) => checks.push({ expr: `rB[0][${i}]`, kind: 'f', expect: v }));
    await runChecks(gpu, { setup: SETUP, input: [[1, 0, 0, 0]], checks });
  });

  it('a vector and a matrix of the same component count combine component-wise in the wider or left shape (DXC)', async () => {
    // float2x2 * float4 is a float2x2 (row-major components), int4 < float2x2 a bool4, a float1x3 + float2 a
    // float2 of the row's first components; the swapped order keeps the left operand's shape on a tie.
    const setup = `
      float k = In[0].x;
      float2x2 m = k * float2x2(1, 2, 3, 4);
      float4 v = k * float4(10, -1, 0.5, 2);
      int4 iv = (int)k * int4(1, 3, 2, 5);
      float2x2 mv = m * v;
      float4 vm = v + m;
      bool4 lt = iv < m;
      float1x3 row = k * float1x3(7, 8, 9);
      float2 rv = row + float2(100, 200);
    `;
    const checks: Check[] = [
      { expr: 'mv[0][0]', kind: 'f', expect: 10 },
      { expr: 'mv[0][1]', kind: 'f', expect: -2 },
      { expr: 'mv[1][0]', kind: 'f', expect: 1.5 },
      { expr: 'mv[1][1]', kind: 'f', expect: 8 },
      { expr: 'vm.y', kind: 'f', expect: 1 },
      { expr: 'vm.w', kind: 'f', expect: 6 },
      { expr: 'lt.x', kind: 'b', expect: false },
      { expr: 'lt.y', kind: 'b', expect: false },
      { expr: 'lt.z', kind: 'b', expect: true },
      { expr: 'lt.w', kind: 'b', expect: false },
      { expr: 'rv.x', kind: 'f', expect: 107 },
      { expr: 'rv.y', kind: 'f', expect: 208 },
    ];
    await runChecks(gpu, { setup, input: [[1, 0, 0, 0]], checks });
  });
});
