// printf: NonSemantic.DebugPrintf (SPV_KHR_non_semantic_info) as DXC emits it — the format an OpString,
// string constants as formats, literal arguments as int/float — run on lavapipe (which ignores the
// instruction without a debug-printf layer: the run proves the module is accepted and the rest of the
// shader unaffected), and refused by the WGSL target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const CS: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }] };

const SOURCE = `
const string first = "first string";
string second = "second string";
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  printf(first);
  printf(second);
  printf("thread %u of %d: %.2f %v2f", id.x, 2, 1.5, float2(id.x, 3));
  printf(first);
  Out[id.x] = id.x + 40;
}`;

function errorsOf(source: string, options: CompileOptions = CS): string[] {
  return compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0]!);
}

describe('printf', () => {
  let gpu: GpuRunner;
  beforeAll(async () => {
    gpu = await startGpuRunner();
  });
  afterAll(() => gpu?.close());

  it('is DebugPrintf of an OpString format, one string per distinct format (DXC)', () => {
    for (const optimize of [false, true]) {
      const text = disassembleSpirv(compileValid(SOURCE, { ...CS, optimizationLevel: optimize ? 3 : 0 }, ['vulkan1.0', 'vulkan1.1', 'vulkan1.3']).spirv);
      expect(text).toContain('OpExtension "SPV_KHR_non_semantic_info"');
      const set = /(%\w+) = OpExtInstImport "NonSemantic.DebugPrintf"/.exec(text)?.[1];
      expect(set).toBeDefined();
      const first = /(%\w+) = OpString "first string"/.exec(text)?.[1];
      const fmt = /(%\w+) = OpString "thread %u of %d: %.2f %v2f"/.exec(text)?.[1];
      expect(text.match(/OpString "first string"/g)).toHaveLength(1);
      expect(text).toContain('OpString "second string"');
      expect(text.match(new RegExp(`OpExtInst %void ${set} 1 ${first}\\n`, 'g'))).toHaveLength(2);
      // Literal arguments print as int and float, as DXC types them; vectors pass whole.
      expect(text).toMatch(new RegExp(`OpExtInst %void ${set} 1 ${fmt} %\\w+ %int_2 %float_1_5 %\\w+`));
    }
  });

  it('runs on lavapipe beside the shader’s other work', async () => {
    const { spirv } = compileValid(SOURCE, CS, ['vulkan1.3']);
    const { buffers } = await gpu.runCompute({
      spirv,
      entry: 'main',
      groups: [1, 1, 1],
      bindings: [{ set: 0, binding: 0, kind: 'storage-buffer', size: 8, name: 'out' }],
    });
    expect([...new Uint32Array(buffers.out!.buffer, buffers.out!.byteOffset, 2)]).toEqual([40, 41]);
  });

  it('refuses formats that are not string constants, and non-numeric arguments', () => {
    expect(errorsOf(`[numthreads(1,1,1)] void main() { float f = 1; printf(f); }`)).toEqual([
      "/input.hlsl:1:55: error: the format of 'printf' must be a string literal or a global string constant",
    ]);
    expect(errorsOf(`[numthreads(1,1,1)] void main() { printf("%d", true); }`)).toEqual([
      "/input.hlsl:1:48: error: 'printf' prints numeric scalars and vectors, not 'bool'",
    ]);
    expect(errorsOf(`string s = 3; [numthreads(1,1,1)] void main() { printf(s); }`)[0]).toBe(
      '/input.hlsl:1:8: error: a string must be initialized with a string literal (strings are printf formats only)',
    );
    expect(errorsOf(`string s = "x"; [numthreads(1,1,1)] void main() { float f = s; }`)).toEqual([
      "/input.hlsl:1:61: error: 's' is a string, not a value",
    ]);
  });

  it('is refused by the WGSL target with its location', () => {
    const r = compile(SOURCE, { ...CS, target: 'wgsl' });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => SOURCE).split('\n')[0])).toEqual([
      '/input.hlsl:8:3: error: printf is not supported by the WGSL target (WGSL has no debug printf)',
    ]);
  });
});
