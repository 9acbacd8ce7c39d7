// Shader-model 6.x intrinsics: SM 6.6 packed 8-bit vectors (int8_t4_packed, uint8_t4_packed) with
// pack_*/unpack_*, SM 6.4 dot4add_*, isnormal, SM 6.2 asfloat16/asint16/asuint16. Values computed
// on lavapipe (SPIR-V with DXC's 8-bit conversions, shaderInt8) and on WebGPU (WGSL shifts and
// masks), from inputs the driver cannot fold. Expected values are worked out
// byte by byte here. DXC's instruction shapes and the 16-bit forms are checked on the SPIR-V.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from '../exec/kernel.js';
import { compileValid } from '../helpers.js';
import { disassembleSpirv } from '../../helpers/tools.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

/** Four bytes, lowest first, as the packed uint. */
const bytes = (b0: number, b1: number, b2: number, b3: number) => ((b0 & 0xff) | ((b1 & 0xff) << 8) | ((b2 & 0xff) << 16) | ((b3 & 0xff) << 24)) >>> 0;

describe('8-bit packing (SM 6.6)', () => {
  it('pack_u8/pack_s8 keep low bytes, pack_clamp_* saturate, unpack_* extend, dot4add_* dot the bytes', async () => {
    const setup = `
      uint4 u = uint4(In[0]);
      int4 s = int4(In[1]);
      int4 wide = int4(In[2]);
      uint8_t4_packed pu = pack_u8(u);
      int8_t4_packed ps = pack_s8(s);
      int8_t4_packed cs = pack_clamp_s8(wide);
      uint8_t4_packed cu = pack_clamp_u8(wide);
      uint8_t4_packed mixed = (uint8_t4_packed)asuint(In[3].x);
      int4 signedBytes = unpack_s8s32(mixed);
      uint4 unsignedBytes = unpack_u8u32(mixed);`;
    const checks: Check[] = [
      { expr: 'pu', kind: 'u', expect: bytes(0x12, 0x34, 0xff, 0xab) },
      { expr: 'ps', kind: 'u', expect: bytes(-1, 2, -128, 300) },
      { expr: 'cs', kind: 'u', expect: bytes(-128, 100, 127, 127) },
      { expr: 'cu', kind: 'u', expect: bytes(0, 100, 127, 255) },
      { expr: 'signedBytes.x', kind: 'i', expect: 1 },
      { expr: 'signedBytes.y', kind: 'i', expect: 127 },
      { expr: 'signedBytes.z', kind: 'i', expect: -1 },
      { expr: 'signedBytes.w', kind: 'i', expect: -128 },
      { expr: 'unsignedBytes.x + unsignedBytes.y * 1000', kind: 'u', expect: 1 + 127 * 1000 },
      { expr: 'unsignedBytes.z', kind: 'u', expect: 255 },
      { expr: 'unsignedBytes.w', kind: 'u', expect: 128 },
      { expr: 'pack_s8(unpack_s8s32(mixed)) == mixed', kind: 'b', expect: true },
      { expr: 'pack_u8(unpack_u8u32(pu)) == pu', kind: 'b', expect: true },
      // SM 6.4 packed dot products: 1*1 + 127*127 + (-1)*(-1) + (-128)*(-128), and unsigned 1 + 127² + 255² + 128².
      { expr: 'dot4add_i8packed(mixed, mixed, -5)', kind: 'i', expect: 1 + 127 * 127 + 1 + 128 * 128 - 5 },
      { expr: 'dot4add_u8packed(mixed, mixed, 5u)', kind: 'u', expect: 1 + 127 * 127 + 255 * 255 + 128 * 128 + 5 },
      { expr: 'dot4add_i8packed(mixed, pu, 0)', kind: 'i', expect: 1 * 0x12 + 127 * 0x34 + -1 * -1 + -128 * (0xab - 256) },
    ];
    const mixed = new Float32Array(new Uint32Array([bytes(1, 127, -1, -128)]).buffer)[0]!;
    await runChecks(gpu, {
      setup,
      input: [[0x12, 0x134, 0xff, 0x1ab], [-1, 2, -128, 300], [-200, 100, 127, 1000], [mixed, 0, 0, 0]],
      checks,
    });
  });

  it('follows DXC: SClamp, then OpSConvert/OpUConvert through 8-bit vectors and OpBitcast (Int8)', () => {
    const source = `
      RWStructuredBuffer<uint> o;
      [numthreads(1,1,1)] void main() {
        int16_t4 a = int16_t4(o[0], o[1], o[2], o[3]);
        uint8_t4_packed p = pack_clamp_u8(a);
        int16_t4 back = unpack_s8s16(p);
        uint16_t4 ub = unpack_u8u16(p);
        o[4] = p + back.x + ub.y;
      }`;
    const { spirv } = compileValid(source, { enable16BitTypes: true });
    const text = disassembleSpirv(spirv);
    expect(text).toContain('OpCapability Int8');
    expect(text).toMatch(/OpExtInst %v4short %\d+ SClamp/);
    expect(text).toMatch(/OpSConvert %v4char/);
    expect(text).toMatch(/OpBitcast %v4char/);
    expect(text).toMatch(/OpUConvert %v4ushort/);
  });

  it('rejects the overloads DXC does not have', () => {
    const errors = (body: string, enable16BitTypes = false) =>
      compile(`RWStructuredBuffer<uint> o;\n[numthreads(1,1,1)] void main() {\n${body}\n}`, { enable16BitTypes })
        .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(errors('o[0] = pack_clamp_u8(uint4(1, 2, 3, 4));')).toEqual(["3:22 no matching overload of 'pack_clamp_u8' for argument of type 'uint4'"]);
    expect(errors('o[0] = pack_u8(float4(1, 2, 3, 4));')).toEqual(["3:16 no matching overload of 'pack_u8' for argument of type 'float4'"]);
    expect(errors('o[0] = pack_u8(uint3(1, 2, 3));')).toEqual(["3:16 no matching overload of 'pack_u8' for argument of type 'uint3'"]);
    expect(errors('o[0] = unpack_s8s16(o[1]).x;')).toEqual(["3:8 'unpack_s8s16' returns 16-bit integers: it needs -enable-16bit-types"]);
  });
});

describe('isnormal', () => {
  it('is false for zero, subnormals, infinities and NaN, component-wise and per matrix row', async () => {
    const setup = `
      float4 v = In[0];
      float2x2 m = float2x2(In[1].x, In[1].y, In[1].z, In[1].w);
      bool4 r = isnormal(v);
      bool2x2 rm = isnormal(m);`;
    const checks: Check[] = [
      { expr: 'r.x', kind: 'b', expect: true },
      { expr: 'r.y', kind: 'b', expect: false },
      { expr: 'r.z', kind: 'b', expect: false },
      { expr: 'r.w', kind: 'b', expect: false },
      { expr: 'isnormal(In[1].x)', kind: 'b', expect: false },
      { expr: 'isnormal(In[1].y)', kind: 'b', expect: true },
      { expr: 'rm[0][0]', kind: 'b', expect: false },
      { expr: 'rm[0][1]', kind: 'b', expect: true },
      { expr: 'rm[1][0]', kind: 'b', expect: false },
      { expr: 'rm[1][1]', kind: 'b', expect: true },
    ];
    // -2.5 normal; 0; 1e-40 subnormal; +inf | NaN; -3.0e38 normal; -inf; 1.17549435e-38 (smallest normal).
    await runChecks(gpu, { setup, input: [[-2.5, 0, 1e-40, Infinity], [NaN, -3.0e38, -Infinity, 1.17549435e-38]], checks });
  });
});

describe('asfloat16, asint16, asuint16 (SM 6.2)', () => {
  it('reinterpret 16-bit scalars, vectors and matrices with OpBitcast, and need 16-bit operands', () => {
    const source = `
      RWStructuredBuffer<uint16_t4> o;
      [numthreads(1,1,1)] void main() {
        uint16_t4 u = o[0];
        float16_t4 h = asfloat16(u);
        int16_t4 i = asint16(h);
        int16_t2x2 m = int16_t2x2(i.x, i.y, i.z, i.w);
        float16_t2x2 hm = asfloat16(m);
        o[1] = asuint16(i) + asuint16(hm[0]).xyxy;
      }`;
    const text = disassembleSpirv(compileValid(source, { enable16BitTypes: true }).spirv);
    expect(text).toMatch(/OpBitcast %v4half/);
    expect(text).toMatch(/OpBitcast %v4short/);
    const errors = compile('float f; [numthreads(1,1,1)] void main() { f = asfloat16(1u); }', { enable16BitTypes: true }).diagnostics.map((d) => d.message);
    expect(errors).toContain("no matching overload of 'asfloat16' for argument of type 'uint'");
  });
});
