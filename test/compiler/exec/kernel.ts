// Runs many scalar checks in one compute dispatch: each check's HLSL expression is written to its own
// slot of an output buffer, and the test compares every slot with a value computed independently
// in plain JS. Inputs come from a storage buffer so that the driver cannot fold the arithmetic away.
// Every kernel runs twice from the same source and bytes: SPIR-V on lavapipe and WGSL on WebGPU
// (test/webgpu/both-targets.ts); both must give the expected values.
import { expect } from 'vitest';
import { expectListedWgslFailure, runComputeOnBoth, wgslGapForCase, type Targets } from '../../webgpu/both-targets.js';
import type { CompileOptions } from '../../../compiler/index.js';
import { compileValid } from '../helpers.js';

export type CheckKind = 'f' | 'i' | 'u' | 'b';

export interface Check {
  /** An HLSL expression (it may use the setup's locals). */
  expr: string;
  kind: CheckKind;
  expect: number | boolean;
  /** Relative tolerance for floats (default: exact after f32 rounding). */
  tol?: number;
  /**
   * The tolerance on the WGSL target where WGSL's accuracy rules allow more than `tol` (e.g. sin/cos:
   * absolute error up to 2^-11 on [-π, π], WGSL spec "Floating Point Accuracy"); default `tol`.
   */
  wgslTol?: number;
}

const STORE: Record<CheckKind, (slot: number, expr: string) => string> = {
  f: (i, e) => `Out[${i}] = asuint((float)(${e}));`,
  i: (i, e) => `Out[${i}] = asuint((int)(${e}));`,
  u: (i, e) => `Out[${i}] = (uint)(${e});`,
  b: (i, e) => `Out[${i}] = (${e}) ? 1u : 0u;`,
};

export interface KernelSpec {
  /** Declarations before the entry point (functions, structs, globals). */
  prelude?: string;
  /** Statements at the start of the entry point. */
  setup?: string;
  checks: Check[];
  /** The `In` buffer's float4 elements. */
  input?: number[][];
  /** Zeroed scratch storage buffers the prelude declares (set 0). */
  extraBuffers?: { binding: number; size: number }[];
  /** Compile options of both targets (e.g. `hlslVersion`). */
  options?: CompileOptions;
}

/** The HLSL of a check kernel: `Out` (binding 0) gets one uint per check; `In` (binding 1) holds inputs. */
export function kernelSource(spec: KernelSpec): string {
  return [
    '[[vk::binding(0)]] RWStructuredBuffer<uint> Out;',
    '[[vk::binding(1)]] StructuredBuffer<float4> In;',
    spec.prelude ?? '',
    '[numthreads(1, 1, 1)]',
    'void main() {',
    spec.setup ?? '',
    ...spec.checks.map((c, i) => STORE[c.kind](i, c.expr)),
    '}',
  ].join('\n');
}

export async function runChecks(targets: Targets, spec: KernelSpec): Promise<void> {
  const source = kernelSource(spec);
  const { spirv, reflection } = compileValid(source, spec.options);
  const input = new Float32Array((spec.input ?? [[0, 0, 0, 0]]).flat());
  const results = await runComputeOnBoth(targets, source, spec.options ?? {}, {
    spirv,
    entry: 'main',
    groups: [1, 1, 1],
    bindings: [
      { set: 0, binding: 0, kind: 'storage-buffer', size: spec.checks.length * 4, name: 'out' },
      { set: 0, binding: 1, kind: 'storage-buffer', data: new Uint8Array(input.buffer) },
      ...(spec.extraBuffers ?? []).map((b) => ({ set: 0, binding: b.binding, kind: 'storage-buffer' as const, size: b.size })),
    ],
  }, reflection!);
  checkSlots(spec, results.spirv.buffers.out!, 'SPIR-V on lavapipe', false);
  if (!results.wgsl) return;
  const wgslOut = results.wgsl.buffers.out!;
  const gap = wgslGapForCase('result');
  if (gap) await expectListedWgslFailure(gap, () => checkSlots(spec, wgslOut, 'WGSL on WebGPU', true));
  else checkSlots(spec, wgslOut, 'WGSL on WebGPU', true);
}

/** Every slot against its expected value, as one labelled object (one diff shows every wrong check). */
function checkSlots(spec: KernelSpec, bytes: Uint8Array, target: string, wgsl: boolean): void {
  const u = new Uint32Array(bytes.buffer, bytes.byteOffset, spec.checks.length);
  const f = new Float32Array(bytes.buffer, bytes.byteOffset, spec.checks.length);
  const i32 = new Int32Array(bytes.buffer, bytes.byteOffset, spec.checks.length);
  const actual: Record<string, number | boolean> = {};
  const expected: Record<string, number | boolean> = {};
  spec.checks.forEach((c, k) => {
    const key = `${k}: ${c.expr}`;
    let got: number | boolean;
    if (c.kind === 'f') got = f[k]!;
    else if (c.kind === 'i') got = i32[k]!;
    else if (c.kind === 'u') got = u[k]!;
    else got = u[k] === 1 ? true : u[k] === 0 ? false : u[k]!;
    let want = c.expect;
    if (c.kind === 'f' && typeof want === 'number') {
      want = Math.fround(want);
      const tol = (wgsl ? c.wgslTol : undefined) ?? c.tol ?? 0;
      const close = typeof got === 'number' && (Object.is(got, want) || (Number.isNaN(want) && Number.isNaN(got)) || Math.abs(got - want) <= tol * Math.max(1, Math.abs(want)));
      if (close) got = want;
    }
    actual[key] = got;
    expected[key] = want;
  });
  const wrong = Object.keys(expected).filter((key) => !Object.is(actual[key], expected[key]));
  expect(actual, `${target}, wrong checks: [${wrong.map((key) => `${key} = ${String(actual[key])}, expected ${String(expected[key])}`).join('; ')}]`).toEqual(expected);
}
