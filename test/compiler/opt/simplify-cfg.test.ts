// CFG simplification, before → after on printed IR.
import { describe, expect, it } from 'vitest';
import { simplifyCfg } from '../../../compiler/opt/simplify-cfg.js';
import { irOf, printed } from './ir-text.js';

describe('simplify-cfg', () => {
  it('keeps the branch a constant condition takes, and drops code after return/break/continue', () => {
    const m = irOf(`RWStructuredBuffer<int> n;
[numthreads(1, 1, 1)] void main() {
  if (false) { n[0] = 1; } else { n[0] = 2; }
  for (int i = 0; i < 4; i++) { if (n[i] == 0) { continue; n[9] = 9; } n[i] = i; }
  return;
  n[1] = 3;
}`);
    const before = printed(m);
    expect(before).toContain('if false {');
    expect(simplifyCfg(m)).toBe(true);
    const after = printed(m);
    expect(after).not.toContain('if false');
    expect(after).not.toContain('n.0[9u]');
    expect(after).not.toContain('= 3');
    expect(after.split('\n').filter((l) => !l.startsWith('  var '))[1]).toBe('  n.0[0u] = 2');
    expect(simplifyCfg(m)).toBe(false);
  });

  it('keeps statements after discard (WGSL demotes and goes on)', () => {
    const m = irOf(`float4 main(float4 p : SV_Position) : SV_Target { discard; return p; }`, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    simplifyCfg(m);
    expect(printed(m)).toBe(['fn main(in float4 p) -> float4 {', '  discard', '  return p', '}'].join('\n'));
  });
});
