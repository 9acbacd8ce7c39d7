// Constant folding, before → after on printed IR, and what it must leave to run time.
import { describe, expect, it } from 'vitest';
import { foldConstants } from '../../../compiler/opt/fold-constants.js';
import { irOf, printed } from './ir-text.js';

const kernel = (body: string, prelude = '') => `RWStructuredBuffer<float4> o; RWStructuredBuffer<int> n;\n${prelude}\n[numthreads(1, 1, 1)] void main() { ${body} }`;

describe('fold-constants', () => {
  it('turns splats and constructors of constants into constant composites', () => {
    const m = irOf(kernel('o[0] = (0.25).xxxx; o[1] = float4(1, 2, float2(3, 4));'));
    expect(printed(m)).toContain('o.0[0u] = float4(0.25)');
    expect(foldConstants(m)).toBe(true);
    expect(printed(m)).toBe([
      'fn main() -> void {',
      '  o.0[0u] = float4(0.25, 0.25, 0.25, 0.25)',
      '  o.0[1u] = float4(1.0, 2.0, 3.0, 4.0)',
      '}',
    ].join('\n'));
  });

  it('wraps 32-bit integer arithmetic and masks shift amounts as the hardware does', () => {
    const m = irOf(kernel('n[0] = 2147483647 + 1; n[1] = 1 << 33; n[2] = (int)(0xffffffffu * 3u); n[3] = -(-2147483647 - 1);'));
    foldConstants(m);
    expect(printed(m)).toBe([
      'fn main() -> void {',
      '  n.0[0u] = -2147483648',
      '  n.0[1u] = 2',
      '  n.0[2u] = -3',
      '  n.0[3u] = -2147483648',
      '}',
    ].join('\n'));
  });

  it('rounds float arithmetic to binary32 once', () => {
    const m = irOf(kernel('o[0].x = 0.1f + 0.2f; o[0].y = 16777216.0f + 1.0f;'));
    foldConstants(m);
    const text = printed(m);
    expect(text).toContain(`= ${Math.fround(Math.fround(0.1) + Math.fround(0.2))}`);
    expect(text).toContain('= 16777216.0');
  });

  it('leaves division, remainder, float → int and denormal results to run time', () => {
    const m = irOf(kernel('n[0] = 7 / 0; n[1] = 7 % 0; n[2] = (int)3.5e10f; o[0].x = 1.0e-30f * 1.0e-10f; o[0].y = 1.0f / 3.0f;'));
    const before = printed(m);
    expect(foldConstants(m)).toBe(false);
    expect(printed(m)).toBe(before);
  });

  it('keeps a shared node shared (the back end emits it once)', () => {
    const m = irOf(kernel('float3 v = o[0].xyz * 2; o[1] = float4(v * (0.5).xxx, 1);'));
    foldConstants(m);
    const store = m.functions[0]!.body.at(-1)!;
    if (store.op !== 'store' || store.value.op !== 'construct') throw new Error('expected a constructor store');
    const [x, y, z] = store.value.parts;
    if (x?.op !== 'extract' || y?.op !== 'extract' || z?.op !== 'extract') throw new Error('expected component extracts');
    expect(x.arg).toBe(y.arg);
    expect(y.arg).toBe(z.arg);
  });
});
