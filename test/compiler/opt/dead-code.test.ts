// Dead code on the IR (compiler/opt/dead-code.ts), before → after on printed IR; the module-level
// effect (a resource only dead code read leaves the SPIR-V) on valid SPIR-V. The execution suites run
// every case at -O0 and -O3 (test/webgpu/both-levels.ts).
import { describe, expect, it } from 'vitest';
import { eliminateDeadCode } from '../../../compiler/opt/dead-code.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';
import { irOf, printed } from './ir-text.js';

describe('dead-code', () => {
  it('drops an empty if with its short-circuit condition, the locals only it read, and a pure helper call', () => {
    const m = irOf(`RWStructuredBuffer<float> o;
float scaled(float v) { float t = v * 2; return t - 1; }
[numthreads(1, 1, 1)] void main() {
  float depth = o[0];
  float kept = o[1];
  if (depth != 0 && scaled(o[2]) < depth) { }
  o[3] = kept;
}`);
    expect(printed(m)).toContain('scaled(');
    expect(eliminateDeadCode(m)).toBe(true);
    const after = printed(m);
    expect(after).not.toContain('scaled(');
    expect(after).not.toContain('depth');
    expect(after).not.toMatch(/\bif\b/);
    expect(after).toContain('kept');
    expect(eliminateDeadCode(m)).toBe(false);
  });

  it('keeps stores of effects (atomics, impure helpers), stores read later, loops and their exits', () => {
    const m = irOf(`RWStructuredBuffer<uint> o;
void bump() { o[9] = 1; }
[numthreads(1, 1, 1)] void main() {
  uint old;
  InterlockedAdd(o[0], 1, old);
  if (o[1] > 0) { bump(); }
  uint sum = 0;
  for (uint i = 0; i < o[2]; i++) { if (o[3 + i] == 0) break; sum += i; }
  o[4] = sum;
}`);
    const before = printed(m);
    eliminateDeadCode(m);
    const after = printed(m);
    expect(after).toContain('bump(');
    expect(after).toContain('sum');
    expect(after).toContain('break');
    expect(after.match(/\bif\b/g)?.length).toBe(before.match(/\bif\b/g)?.length);
  });

  it('at -O3 the module loses what only the dead code read (a subpass input, spec constants); -O0 keeps it', () => {
    const source = `[[vk::input_attachment_index(0)]] SubpassInput depthInput;
Texture2D tex : register(t2);
SamplerState smp : register(s2);
[[vk::constant_id(0)]] const float NEAR_PLANE = 0.1;
float linearDepth(float d) { return NEAR_PLANE / (1 - d); }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float depth = depthInput.SubpassLoad().a;
  float4 color = tex.Sample(smp, uv);
  if (depth != 0 && linearDepth(depth) < 0.5) { }
  return color;
}`;
    const options = { entryPoints: [{ name: 'main', stage: 'pixel' as const }] };
    const o3 = disassembleSpirv(compileValid(source, options).spirv);
    expect(o3).not.toMatch(/depthInput|SubpassData|SpecId|OpImageRead/);
    expect(o3).toMatch(/OpImageSampleImplicitLod/);
    const o0 = disassembleSpirv(compileValid(source, { ...options, optimizationLevel: 0 }).spirv);
    expect(o0).toMatch(/depthInput/);
    expect(o0).toMatch(/SpecId 0/);
  });
});
