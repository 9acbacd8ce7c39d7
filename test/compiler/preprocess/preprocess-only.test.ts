// preprocessSource (DXC's -P): the text after macro expansion and includes, with #line directives where
// the file changes or many lines were skipped (blank lines for a few); compiling that text gives the
// same module as the source.
import { describe, expect, it } from 'vitest';
import { compile, preprocessSource } from '../../../compiler/index.js';
import { compileValid } from '../helpers.js';

const virtualFiles = { '/src/lighting.hlsli': '// shared\nstatic const float AMBIENT = 0.1;\n#define LAMBERT(n, l) saturate(dot(n, l))\n' };

const SOURCE = `#include "lighting.hlsli"
#define NEG -
cbuffer Light : register(b0) { float3 direction; float intensity; };

float4 main(float3 normal : NORMAL) : SV_Target {
  float d = LAMBERT(normalize(normal), NEG direction);
#if __SPIRV_MINOR_VERSION__ >= 3
  d *= intensity;
#endif
  return float4(d.xxx + AMBIENT, 1);
}
`;

describe('preprocessSource', () => {
  const options = { filename: '/src/shade.hlsl', virtualFiles, entryPoints: [{ name: 'main', stage: 'pixel' as const }] };

  it('expands macros and includes, marking file changes with #line', () => {
    const result = preprocessSource(SOURCE, { ...options, targetEnv: 'vulkan1.1' });
    expect(result.success).toBe(true);
    expect(result.files).toEqual(['/src/shade.hlsl', '/src/lighting.hlsli']);
    expect(result.text).toBe(
      [
        '#line 2 "/src/lighting.hlsli"',
        'static const float AMBIENT = 0.1;',
        '#line 3 "/src/shade.hlsl"',
        'cbuffer Light : register(b0) { float3 direction; float intensity; };',
        '',
        'float4 main(float3 normal : NORMAL) : SV_Target {',
        'float d = saturate(dot(normalize(normal), - direction));',
        '',
        'd *= intensity;',
        '',
        'return float4(d.xxx + AMBIENT, 1);',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('the text compiles to the same SPIR-V as the source', () => {
    for (const targetEnv of ['vulkan1.0', 'vulkan1.2'] as const) {
      const text = preprocessSource(SOURCE, { ...options, targetEnv }).text!;
      const fromText = compileValid(text, { ...options, targetEnv, virtualFiles: {} }, [targetEnv]).spirv;
      expect(fromText).toEqual(compileValid(SOURCE, { ...options, targetEnv }, [targetEnv]).spirv);
    }
  });

  it('reports preprocessor errors and gives no text', () => {
    const result = preprocessSource('#include "missing.hlsli"\n', options);
    expect(result.success).toBe(false);
    expect(result.text).toBeUndefined();
    expect(result.diagnostics.map((d) => d.severity)).toContain('error');
    expect(compile('#include "missing.hlsli"\n', options).success).toBe(false);
  });
});
