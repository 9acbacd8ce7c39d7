// The built-in <vk/opcode_selector.h> and <vk/spirv.h> executed on lavapipe: each selector's
// instruction gives the values SPIR-V defines for it (the float → int conversions truncate toward
// zero, a Bitcast keeps the bits, UConvert zero-extends and SConvert sign-extends, UDiv and SDiv
// differ on negative operands), and a load through vk::WorkgroupSpirvPointer reads groupshared memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { compileValid } from '../helpers.js';

const compute: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }], hlslVersion: 2021 };

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const words = (bytes: Uint8Array, count: number) => [...new Int32Array(bytes.buffer, bytes.byteOffset, count)];

describe('built-in DXC headers on lavapipe', () => {
  it('converts and divides with the instruction each selector picks', async () => {
    const compiled = compileValid(`
      #include <vk/opcode_selector.h>
      RWStructuredBuffer<int4> ints : register(u0);
      RWStructuredBuffer<float4> floats : register(u1);
      RWStructuredBuffer<int> outv : register(u2);
      [numthreads(1, 1, 1)] void main() {
        using namespace vk::util;
        float4 f = ConversionSelector<int32_t, float>::Convert<float4>(ints[0]);
        int4 t = ConversionSelector<float, int32_t>::Convert<int4>(floats[0]);
        uint4 u = ConversionSelector<int32_t, uint32_t>::Convert<uint4>(ints[0]);
        uint64_t wideU = ConversionSelector<int32_t, uint64_t>::Convert<uint64_t>(ints[0].y);
        int64_t wideS = ConversionSelector<int32_t, int64_t>::Convert<int64_t>(ints[0].y);
        int4 sdiv = ArithmeticSelector<int32_t>::Div(ints[0], int4(2, 2, 2, 2));
        uint4 udiv = ArithmeticSelector<uint32_t>::Div(u, uint4(2, 2, 2, 2));
        uint k = 0;
        for (uint i = 0; i < 4; i++) outv[k++] = (int)(f[i] * 10);
        for (uint i = 0; i < 4; i++) outv[k++] = t[i];
        for (uint i = 0; i < 4; i++) outv[k++] = asint(u[i]);
        outv[k++] = (int)(wideU >> 32); outv[k++] = (int)wideU;
        outv[k++] = (int)(wideS >> 32); outv[k++] = (int)wideS;
        for (uint i = 0; i < 4; i++) outv[k++] = sdiv[i];
        for (uint i = 0; i < 4; i++) outv[k++] = asint(udiv[i]);
      }`, compute, ['vulkan1.3']);
    const count = 4 * 5 + 4;
    const { buffers } = await gpu.runCompute({
      spirv: compiled.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'storage-buffer', data: new Int32Array([7, -3, 100000, -8]) },
        { binding: 1, kind: 'storage-buffer', data: new Float32Array([2.75, -2.75, 1e6, -0.5]) },
        { binding: 2, kind: 'storage-buffer', size: count * 4, name: 'out' },
      ],
    });
    expect(words(buffers.out!, count)).toEqual([
      ...[70, -30, 1000000, -80], // OpConvertSToF
      ...[2, -2, 1000000, 0], // OpConvertFToS truncates toward zero
      ...[7, -3, 100000, -8], // OpBitcast keeps the bits
      ...[0, -3], // OpUConvert of -3: zero-extended
      ...[-1, -3], // OpSConvert of -3: sign-extended
      ...[3, -1, 50000, -4], // OpSDiv truncates toward zero
      ...[3, 0x7ffffffe, 50000, 0x7ffffffc], // OpUDiv of the same bits
    ]);
  });

  it('loads groupshared memory through vk::WorkgroupSpirvPointer', async () => {
    const compiled = compileValid(`
      #include <vk/spirv.h>
      RWStructuredBuffer<int> data : register(u0);
      groupshared int shared_data[64];
      [[vk::ext_instruction(/* OpLoad */ 61)]] int Load(vk::WorkgroupSpirvPointer<int> p);
      int readThrough(vk::WorkgroupSpirvPointer<int> p) { return Load(p); }
      [numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) {
        shared_data[i] = (int)(i * i);
        GroupMemoryBarrierWithGroupSync();
        vk::WorkgroupSpirvPointer<int> p = vk::GetGroupSharedAddress(shared_data[63 - i]);
        data[i] = readThrough(p);
      }`, compute, ['vulkan1.3']);
    const { buffers } = await gpu.runCompute({
      spirv: compiled.spirv,
      groups: [1, 1, 1],
      bindings: [{ binding: 0, kind: 'storage-buffer', size: 64 * 4, name: 'out' }],
    });
    expect(words(buffers.out!, 64)).toEqual(Array.from({ length: 64 }, (_, i) => (63 - i) * (63 - i)));
  });
});
