// A static resource initialised by a call (DXC's sm6_6.descriptorheap.globallycoherent TYPE=3): the call
// runs with the other static initializers at the start of the entry point, and the resource it returns
// (a descriptor-heap element whose index is read from a cbuffer) is what the static names at every use.
// A `globallycoherent` static makes that heap Coherent (DXC). Executed on Mesa 25 lavapipe's descriptor indexing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const SM66: CompileOptions = { shaderModel: { major: 6, minor: 6 }, entryPoints: [{ name: 'CSMain', stage: 'compute' }] };
const words = (bytes: Uint8Array) => [...new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2)];

const SOURCE = `
  uint BindlessUAV_Buf;
  typedef RWByteAddressBuffer SafeTypeBuf;
  globallycoherent SafeTypeBuf GetBuf() { return ResourceDescriptorHeap[BindlessUAV_Buf]; }
  static const globallycoherent SafeTypeBuf A = GetBuf();
  [numthreads(64, 1, 1)]
  void CSMain(uint3 ThreadId : SV_DispatchThreadId) {
    A.InterlockedAdd(0, 1);
    AllMemoryBarrierWithGroupSync();
    if (ThreadId.x == 0) A.Store(4, A.Load(0) + 1000);
  }`;

describe('a static resource initialised by a function call', () => {
  it('names the heap element the call returns; the heap is Coherent (DXC)', () => {
    for (const optimize of [false, true]) {
      const text = disassembleSpirv(compileValid(SOURCE, { ...SM66, optimizationLevel: optimize ? 3 : 0 }).spirv);
      expect(text).toContain('OpDecorate %ResourceDescriptorHeap Coherent');
      expect(text).toMatch(/OpDecorate %ResourceDescriptorHeap Binding \d+/);
      expect(text).toMatch(/OpAccessChain %_ptr_Uniform_\w+ %ResourceDescriptorHeap %\d+/);
      // Unoptimised, the call runs in the static initializer function the wrapper calls first.
      if (!optimize) expect(text).toMatch(/%init_statics = OpFunction[^]*?OpFunctionCall %void %GetBuf[^]*?OpFunctionEnd/);
    }
  });

  it('refuses an index that is not constant or read from a constant buffer', () => {
    const source = `static uint k = 3;\nstatic const RWByteAddressBuffer B = ResourceDescriptorHeap[k];\n[numthreads(1, 1, 1)] void CSMain() { B.Store(0, 1); }`;
    expect(compile(source, SM66).diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0])).toEqual([
      "/input.hlsl:2:60: error: the initializer of static resource 'B' must name a resource with indices that are constants or read from constant buffers",
    ]);
  });
});

describe('on lavapipe', () => {
  let gpu: GpuRunner;
  beforeAll(async () => {
    gpu = await startGpuRunner({ driver: 'lavapipe-mesa25' });
  });
  afterAll(() => gpu?.close());

  it('the 64 threads add into the heap buffer the cbuffer selects, and only that one', async () => {
    for (const optimize of [false, true]) {
      const cs = compileValid(SOURCE, { ...SM66, optimizationLevel: optimize ? 3 : 0 });
      const { buffers } = await gpu.runCompute({
        spirv: cs.spirv,
        entry: 'CSMain',
        groups: [1, 1, 1],
        bindings: [
          { binding: 0, kind: 'uniform-buffer', data: new Uint32Array([2, 0, 0, 0]) },
          ...[0, 1, 2].map((k) => ({ binding: 1, arrayElement: k, kind: 'storage-buffer' as const, data: new Uint32Array([k * 100, 0]) })),
        ],
      });
      expect([0, 1, 2].map((k) => words(buffers[`0:1[${k}]`]!))).toEqual([[0, 0], [100, 0], [264, 1264]]);
    }
  });
});
