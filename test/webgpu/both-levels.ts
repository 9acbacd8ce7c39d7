// Issue 19's proof: every execution case gives identical results at -O0 and -O3. A case's job holds
// the SPIR-V its test compiled (at whatever level); the same source compiled at the other level runs
// too, on the same inputs, and must give the same bytes. Identical modules run once.
import { expect } from 'vitest';
import { compile, type CompileOptions } from '../../compiler/index.js';
import { targetEnvOf, validateSpirv } from '../helpers/tools.js';
import type { SpirvInput } from '../gpu/types.js';

const LEVELS = [3, 0] as const;

function words(spirv: SpirvInput): Uint32Array {
  return spirv instanceof Uint32Array ? spirv : new Uint32Array(spirv.buffer, spirv.byteOffset, spirv.byteLength >>> 2);
}

function same(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * The module `spirv` compiled from `source` at the other optimisation level (validated), or
 * undefined when both levels give the same module. The test's options (or one of its entry points
 * alone, for a draw compiled per stage) must reproduce `spirv` at one level.
 */
export function otherLevelSpirv(source: string, options: CompileOptions, spirv: SpirvInput): Uint32Array | undefined {
  const given = words(spirv);
  const targetEnv = targetEnvOf(given) as NonNullable<CompileOptions['targetEnv']>;
  const candidates = [options, ...(options.entryPoints ?? []).map((e) => ({ ...options, entryPoints: [e] }))];
  for (const candidate of candidates) {
    for (const level of LEVELS) {
      const built = compile(source, { ...candidate, targetEnv, optimizationLevel: level, target: 'spirv' });
      if (!built.spirv || !same(built.spirv, given)) continue;
      const other = compile(source, { ...candidate, targetEnv, optimizationLevel: level === 3 ? 0 : 3, target: 'spirv' });
      if (!other.spirv) throw new Error(`the case compiles at -O${level} but not at -O${level === 3 ? 0 : 3}`);
      if (same(other.spirv, given)) return undefined;
      validateSpirv(other.spirv, { flags: options.layoutRule === 'scalar' || options.layoutRule === 'dx' ? ['--scalar-block-layout'] : [] });
      return other.spirv;
    }
  }
  throw new Error('the job\'s SPIR-V is not what its source and options compile to at -O0 or -O3: pass runComputeOnBoth/renderTriangleOnBoth the options the test compiled with');
}

/** The WGSL of the other level than the default (-O3), or undefined when it is the same text. */
export function unoptimisedWgsl(source: string, options: CompileOptions, optimised: string): string | undefined {
  const result = compile(source, { ...options, target: 'wgsl', optimizationLevel: 0 });
  if (!result.wgsl) throw new Error('the case compiles to WGSL at -O3 but not at -O0');
  return result.wgsl.code === optimised ? undefined : result.wgsl.code;
}

/** Results at the two levels are the same bytes, per buffer and image (and the colour target of a draw). */
export function expectSameResults(
  label: string,
  a: { buffers: Record<string, Uint8Array>; images?: Record<string, Uint8Array>; pixels?: Uint8Array },
  b: { buffers: Record<string, Uint8Array>; images?: Record<string, Uint8Array>; pixels?: Uint8Array },
): void {
  if (a.pixels || b.pixels) expect(same(a.pixels!, b.pixels!), `${label}: the colour target differs between -O0 and -O3`).toBe(true);
  for (const kind of ['buffers', 'images'] as const) {
    const x = a[kind] ?? {};
    const y = b[kind] ?? {};
    expect(Object.keys(y).sort(), `${label}: ${kind} at -O0 and -O3`).toEqual(Object.keys(x).sort());
    for (const key of Object.keys(x)) {
      if (same(x[key]!, y[key]!)) continue;
      const at = x[key]!.findIndex((byte, i) => byte !== y[key]![i]);
      expect.fail(`${label}: ${kind} ${key} differs between -O0 and -O3 from byte ${at} (word ${at >> 2})`);
    }
  }
}
