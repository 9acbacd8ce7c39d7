// Dead function elimination: what no entry point reaches leaves the IR (for both back ends).
import { describe, expect, it } from 'vitest';
import { eliminateDeadFunctions } from '../../../compiler/opt/dead-functions.js';
import { simplifyCfg } from '../../../compiler/opt/simplify-cfg.js';
import { irOf } from './ir-text.js';

const SOURCE = `RWStructuredBuffer<float> o;
float helper(float x) { return x * 2; }
float unused(float x) { return helper(x) + 1; }
float twice(float x) { return helper(helper(x)); }
[numthreads(1, 1, 1)] void main() { o[0] = twice(o[1]); if (false) o[2] = unused(o[3]); }`;

describe('dead-functions', () => {
  it('keeps the entry function and what it calls, transitively (after simplify-cfg drops a call)', () => {
    const m = irOf(SOURCE);
    expect(m.functions.map((f) => f.name).sort()).toEqual(['helper', 'main', 'twice', 'unused']);
    expect(eliminateDeadFunctions(m)).toBe(false);
    simplifyCfg(m);
    expect(eliminateDeadFunctions(m)).toBe(true);
    expect(m.functions.map((f) => f.name).sort()).toEqual(['helper', 'main', 'twice']);
    expect(eliminateDeadFunctions(m)).toBe(false);
  });
});
