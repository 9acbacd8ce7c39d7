// `export` functions (DXC's HLSLExportAttr): OpDecorate LinkageAttributes "name" Export and the Linkage
// capability. A library (-T lib_6_x, `library: true`) keeps its export functions though no entry point
// calls them and may have no entry point at all; elsewhere an export function is decorated when an
// entry point reaches it. Linkage is valid only outside Vulkan: the modules are checked by spirv-val
// under universal1.5 (as DXC's tests compile them), and a Vulkan environment is refused. An export is
// also linked by spirv-link into a compute shader that imports it, and the linked module (no linkage
// left) runs on lavapipe.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { startGpuRunner } from '../../gpu/harness.js';
import { assembleSpirv, disassembleSpirv, linkSpirv, validateSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const library = readFileSync(new URL('../../../fixtures/library/lighting.hlsl', import.meta.url), 'utf8');
const UNIVERSAL = ['universal1.5'];

const errors = (source: string, options: CompileOptions) =>
  compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);

describe('export functions', () => {
  for (const optimizationLevel of [0, 3] as const) {
    it(`a library keeps and decorates its export functions, and its entry point (-O${optimizationLevel})`, () => {
      const { spirv, entryPoints } = compileValid(library, { library: true, optimizationLevel }, UNIVERSAL);
      const text = disassembleSpirv(spirv);
      expect(text).toMatch(/OpCapability Linkage/);
      const exported = [...text.matchAll(/OpDecorate %\w+ LinkageAttributes "(\w+)" Export/g)].map((m) => m[1]);
      expect(exported.sort()).toEqual(['luminance', 'pointLight', 'recordDebug']);
      expect(entryPoints.map((e) => [e.name, e.stage])).toEqual([['shadowMiss', 'miss']]);
      expect(text).toMatch(/OpEntryPoint Miss(KHR|NV) %\w+ "shadowMiss"/); // one value (5317), two spellings
      expect(text).not.toMatch(/unusedHelper/);
      // The 3 exports, the entry wrapper, and unoptimised attenuate and src.shadowMiss (inlined at -O3).
      expect(text.match(/OpFunction /g)).toHaveLength(optimizationLevel === 0 ? 6 : 4);
      // The buffer only an export function writes still gets its binding.
      expect(text).toMatch(/OpDecorate %debugOut Binding 0/);
      if (optimizationLevel === 0) expect(text).toMatch(/OpName %attenuate "attenuate"/);
    });
  }

  it('a library of export functions only has no entry point (DXC: fn.export)', () => {
    const source = `RWBuffer<float4> output : register(u1);\nexport int main(inout float4 color) {\n  output[0] = color;\n  return 1;\n}`;
    const { spirv } = compileValid(source, { library: true }, UNIVERSAL);
    const text = disassembleSpirv(spirv);
    expect(text).not.toMatch(/OpEntryPoint/);
    expect(text).toMatch(/OpDecorate (%\w+) LinkageAttributes "main" Export/);
    const id = /OpDecorate (%\w+) LinkageAttributes "main" Export/.exec(text)![1]!;
    expect(text).toContain(`${id} = OpFunction %int None`);
  });

  it('outside a library, an export function an entry point calls is decorated (DXC: fn.export.with.entrypoint)', () => {
    const source = `RWStructuredBuffer<int> o;\nexport int external_function() { return 1; }\n[numthreads(8, 8, 1)] void main() { o[0] = external_function(); }`;
    const { spirv } = compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }] }, UNIVERSAL);
    // Kept though the entry point inlines it (-O3, the default): other modules may call it.
    expect(disassembleSpirv(spirv)).toMatch(/OpDecorate %\w+ LinkageAttributes "external_function" Export/);
  });

  it('refuses linkage under Vulkan, and a library with nothing to emit', () => {
    expect(errors(library, { library: true, targetEnv: 'vulkan1.2' })).toEqual([
      ("16:15 export function 'pointLight' needs the Linkage capability (LinkageAttributes Export), which Vulkan (vulkan1.2) does not allow: compile with -fspv-target-env=universal1.5, or drop 'export'"),
      ("23:14 export function 'luminance' needs the Linkage capability (LinkageAttributes Export), which Vulkan (vulkan1.2) does not allow: compile with -fspv-target-env=universal1.5, or drop 'export'"),
      ("27:13 export function 'recordDebug' needs the Linkage capability (LinkageAttributes Export), which Vulkan (vulkan1.2) does not allow: compile with -fspv-target-env=universal1.5, or drop 'export'"),
    ]);
    const called = `RWStructuredBuffer<int> o;\nexport int f() { return 1; }\n[numthreads(1, 1, 1)] void main() { o[0] = f(); }`;
    expect(errors(called, { targetEnv: 'vulkan1.1' })).toEqual([
      "2:12 export function 'f' needs the Linkage capability (LinkageAttributes Export), which Vulkan (vulkan1.1) does not allow: compile with -fspv-target-env=universal1.5, or drop 'export'",
    ]);
    expect(errors('float helper(float x) { return x; }', { library: true, targetEnv: 'universal1.5' })).toEqual([
      '1:1 a library (-T lib_6_x) needs an entry point ([shader("stage")]) or an export function',
    ]);
  });

  it('links: spirv-link resolves an import against the export, and the linked shader runs on lavapipe', async () => {
    const library = `export uint scramble(uint x) { return (x * 747796405u + 2891336453u) ^ (x >> 3); }`;
    const { spirv: exported } = compileValid(library, { library: true, optimizationLevel: 0 }, UNIVERSAL);
    // A consumer written as a linker input would be: it declares `scramble` (a uint from a Function
    // pointer to uint, as the export's unoptimised signature) with LinkageAttributes Import.
    const consumer = assembleSpirv(`
      OpCapability Shader
      OpCapability Linkage
      OpMemoryModel Logical GLSL450
      OpEntryPoint GLCompute %main "main" %buf %gid
      OpExecutionMode %main LocalSize 4 1 1
      OpDecorate %scramble LinkageAttributes "scramble" Import
      OpDecorate %rta ArrayStride 4
      OpMemberDecorate %block 0 Offset 0
      OpDecorate %block Block
      OpDecorate %buf DescriptorSet 0
      OpDecorate %buf Binding 0
      OpDecorate %gid BuiltIn GlobalInvocationId
      %void = OpTypeVoid
      %uint = OpTypeInt 32 0
      %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
      %v3uint = OpTypeVector %uint 3
      %in_v3uint = OpTypePointer Input %v3uint
      %gid = OpVariable %in_v3uint Input
      %rta = OpTypeRuntimeArray %uint
      %block = OpTypeStruct %rta
      %sb_block = OpTypePointer StorageBuffer %block
      %buf = OpVariable %sb_block StorageBuffer
      %sb_uint = OpTypePointer StorageBuffer %uint
      %fn_uint = OpTypePointer Function %uint
      %fnty = OpTypeFunction %uint %fn_uint
      %mainty = OpTypeFunction %void
      %scramble = OpFunction %uint None %fnty
      %p = OpFunctionParameter %fn_uint
      OpFunctionEnd
      %main = OpFunction %void None %mainty
      %entry = OpLabel
      %arg = OpVariable %fn_uint Function
      %g = OpLoad %v3uint %gid
      %i = OpCompositeExtract %uint %g 0
      %slot = OpAccessChain %sb_uint %buf %int_0 %i
      %in = OpLoad %uint %slot
      OpStore %arg %in
      %r = OpFunctionCall %uint %scramble %arg
      OpStore %slot %r
      OpReturn
      OpFunctionEnd`, 'spv1.5');
    const linked = linkSpirv([consumer, exported], 'spv1.5');
    const text = disassembleSpirv(linked);
    expect(text).not.toMatch(/Linkage/);
    validateSpirv(linked, { targetEnv: 'vulkan1.2' });
    const gpu = await startGpuRunner();
    try {
      const input = new Uint32Array([0, 1, 12345, 0xffffffff]);
      const { buffers } = await gpu.runCompute({ spirv: linked, groups: [1, 1, 1], bindings: [{ binding: 0, kind: 'storage-buffer', data: input, name: 'data' }] });
      const want = [...input].map((x) => ((Math.imul(x, 747796405) + 2891336453) >>> 0) ^ (x >>> 3));
      expect([...new Uint32Array(buffers.data!.slice().buffer)]).toEqual(want.map((v) => v >>> 0));
    } finally {
      gpu.close();
    }
  });
});
