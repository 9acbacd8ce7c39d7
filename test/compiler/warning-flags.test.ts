// Every warning names its group; a policy silences a group, or makes it an error that stops the compile.
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../compiler/index.js';

// Two warnings of different groups: a binding overlap and an implicit vector truncation.
const SOURCE = `
RWStructuredBuffer<float> a : register(u0);
RWStructuredBuffer<float> b : register(u0);
[numthreads(1, 1, 1)] void main() { float3 v = float4(1, 2, 3, 4); a[0] = v.x; b[0] = v.y; }
`;

const run = (options: CompileOptions = {}) => {
  const result = compile(SOURCE, { filename: '/p/w.hlsl', ...options });
  return { success: result.success, report: result.diagnostics.map((d) => formatDiagnostic(d, () => SOURCE).split('\n')[0]) };
};

describe('warning groups', () => {
  it('each warning names the flag that silences it', () => {
    expect(run()).toEqual({
      success: true,
      // Bindings are assigned after the code is lowered (as DXC decorates them after codegen).
      report: [
        '/p/w.hlsl:4:48: warning: implicit truncation of vector type [-Wconversion]',
        "/p/w.hlsl:3:27: warning: 'b' and 'a' share descriptor set 0, binding 0 [-Wvk-binding-overlap]",
      ],
    });
  });

  it('a group set to off is dropped; one set to error fails the compile', () => {
    expect(run({ warnings: { flags: { 'vk-binding-overlap': 'off' } } }).report).toEqual(['/p/w.hlsl:4:48: warning: implicit truncation of vector type [-Wconversion]']);
    expect(run({ warnings: { flags: { conversion: 'error' } } })).toEqual({
      success: false,
      report: [
        '/p/w.hlsl:4:48: error: implicit truncation of vector type [-Werror,-Wconversion]',
        "/p/w.hlsl:3:27: warning: 'b' and 'a' share descriptor set 0, binding 0 [-Wvk-binding-overlap]",
      ],
    });
  });

  it('all: off drops every warning, all: error fails on the first; a group entry wins', () => {
    expect(run({ warnings: { all: 'off' } })).toEqual({ success: true, report: [] });
    expect(run({ warnings: { all: 'error', flags: { conversion: 'off', 'vk-binding-overlap': 'warning' } } }).success).toBe(true);
    expect(run({ warnings: { all: 'error' } }).success).toBe(false);
  });
});
