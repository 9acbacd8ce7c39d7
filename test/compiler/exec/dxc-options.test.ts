// DXC's Vulkan options executed on lavapipe: -fvk-invert-y flips what a DirectX-style vertex shader
// draws, -fvk-use-dx-position-w gives the pixel shader the clip w, the nonzero-base options make
// SV_VertexID/SV_InstanceID count from 0 in a draw with firstVertex/firstInstance, and
// -fspv-use-legacy-buffer-matrix-order reads byte-address matrices row by row. -denorm's modes cannot
// run on this lavapipe (see below). Vulkan-only options: no WebGPU half.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import type { CompileOptions } from '../../../compiler/index.js';
import { compileValid } from '../helpers.js';
import { disassembleSpirv } from '../../helpers/tools.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const draw = { entryPoints: [{ name: 'vs_main', stage: 'vertex' as const }, { name: 'ps_main', stage: 'pixel' as const }] };

function spirv(source: string, options: CompileOptions): Uint32Array {
  return compileValid(source, { ...draw, ...options }, ['vulkan1.1']).spirv;
}

describe('-fvk-invert-y', () => {
  // DirectX clip space: y up. The triangle covers the upper half of the screen, y in [0, 1].
  const source = `
    float4 vs_main(uint id : SV_VertexID) : SV_Position {
      const float2 corners[3] = { float2(-1, 0), float2(3, 0), float2(-1, 2) };
      return float4(corners[id], 0, 1);
    }
    float4 ps_main() : SV_Target { return float4(1, 0, 0, 1); }`;

  it('draws the DirectX upper half at the top of the Vulkan framebuffer; without it, at the bottom', async () => {
    const render = (invertY: boolean) =>
      gpu.renderTriangle({ vertexSpirv: spirv(source, { invertY }), vertexEntry: 'vs_main', pixelEntry: 'ps_main', vertexCount: 3, width: 16, height: 16, clear: [0, 0, 0, 0] });
    const [inverted, plain] = await Promise.all([render(true), render(false)]);
    const red = [1, 0, 0, 1];
    const none = [0, 0, 0, 0];
    for (const y of [0, 3, 7]) expect(inverted.texel(8, y)).toEqual(red);
    for (const y of [8, 12, 15]) expect(inverted.texel(8, y)).toEqual(none);
    for (const y of [0, 3, 7]) expect(plain.texel(8, y)).toEqual(none);
    for (const y of [8, 12, 15]) expect(plain.texel(8, y)).toEqual(red);
  });
});

describe('-fvk-use-dx-position-w', () => {
  // A full-screen triangle with clip w = 4 (x, y, z scaled by it: the same pixels).
  const source = `
    float4 vs_main(uint id : SV_VertexID) : SV_Position {
      float2 p = float2((id << 1) & 2, id & 2) * 2 - 1;
      return float4(p, 0.5, 1) * 4;
    }
    float4 ps_main(float4 pos : SV_Position) : SV_Target { return float4(pos.w, pos.z, 0, 1); }`;

  it('the pixel shader reads the clip w (4) instead of Vulkan\'s 1/w (0.25)', async () => {
    const render = (useDxPositionW: boolean) =>
      gpu.renderTriangle({ vertexSpirv: spirv(source, { useDxPositionW }), vertexEntry: 'vs_main', pixelEntry: 'ps_main', vertexCount: 3, width: 8, height: 8, format: 'rgba32float' });
    const [dx, vulkan] = await Promise.all([render(true), render(false)]);
    expect(dx.texel(3, 3)).toEqual([4, 0.5, 0, 1]);
    expect(vulkan.texel(3, 3)).toEqual([0.25, 0.5, 0, 1]);
  });
});

describe('-fvk-support-nonzero-base-vertex / -instance', () => {
  // The full-screen triangle's corners come from SV_VertexID % 3; the provoking (first) vertex's ids
  // reach the pixel shader flat.
  const source = `
    struct V { float4 pos : SV_Position; nointerpolation uint2 ids : IDS; };
    V vs_main(uint vid : SV_VertexID, uint iid : SV_InstanceID) {
      uint k = vid % 3;
      V o;
      o.pos = float4(float2((k << 1) & 2, k & 2) * 2 - 1, 0, 1);
      o.ids = uint2(vid, iid);
      return o;
    }
    float4 ps_main(V v) : SV_Target { return float4(v.ids, 0, 1); }`;

  const render = (options: CompileOptions) =>
    gpu.renderTriangle({
      vertexSpirv: spirv(source, options), vertexEntry: 'vs_main', pixelEntry: 'ps_main',
      vertexCount: 3, firstVertex: 100, firstInstance: 7, width: 8, height: 8, format: 'rgba32float',
    });

  it('SV_VertexID and SV_InstanceID count from 0 in a draw with firstVertex 100 and firstInstance 7', async () => {
    const image = await render({ supportNonzeroBaseVertex: true, supportNonzeroBaseInstance: true });
    expect(image.texel(3, 3)).toEqual([0, 0, 0, 1]);
  });

  it('each option subtracts only its own base; without them the ids are VertexIndex and InstanceIndex (DXC\'s default)', async () => {
    const [vertexOnly, instanceOnly, neither] = await Promise.all([
      render({ supportNonzeroBaseVertex: true }),
      render({ supportNonzeroBaseInstance: true }),
      render({}),
    ]);
    expect(vertexOnly.texel(3, 3)).toEqual([0, 7, 0, 1]);
    expect(instanceOnly.texel(3, 3)).toEqual([100, 0, 0, 1]);
    expect(neither.texel(3, 3)).toEqual([100, 7, 0, 1]);
  });
});

describe('-denorm', () => {
  // The smallest positive denormal (bits 1) times one, read from buffers so nothing folds it.
  const source = `
    [[vk::binding(0)]] RWStructuredBuffer<uint> io;
    [numthreads(1, 1, 1)] void main() { io[0] = asuint(asfloat(io[1]) * asfloat(io[2])); }`;
  const run = (denorm: 'preserve' | 'ftz') =>
    gpu.runCompute({
      spirv: compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }], denorm }, ['vulkan1.2']).spirv,
      entry: 'main',
      groups: [1, 1, 1],
      bindings: [{ set: 0, binding: 0, kind: 'storage-buffer', data: new Uint32Array([0xdead, 1, 0x3f800000]), name: 'io' }],
    });

  // Mesa 22.3's lavapipe exposes neither shaderDenormPreserveFloat32 nor shaderDenormFlushToZeroFloat32,
  // so what the modes do cannot be executed here: the layer refuses each module, naming the property
  // it needs, as it would for an application on such a device (the modules themselves pass spirv-val).
  it.each(['preserve', 'ftz'] as const)('%s: refused on lavapipe, which lacks the float-controls property the mode needs', async (mode) => {
    await expect(run(mode)).rejects.toThrow(mode === 'preserve' ? /shaderDenormPreserveFloat32/ : /shaderDenormFlushToZeroFloat32/);
  });
});

describe('-fspv-use-legacy-buffer-matrix-order', () => {
  // Six floats 0..5 read as a float2x3 (out[r * 3 + c] = m[r][c]), and float2x3(0, …, 5) stored.
  const source = `
    ByteAddressBuffer buf : register(t0);
    RWStructuredBuffer<float> o : register(u1);
    RWByteAddressBuffer stored : register(u2);
    [numthreads(1, 1, 1)] void main() {
      float2x3 m = buf.Load<float2x3>(0);
      [unroll] for (uint r = 0; r < 2; r++) [unroll] for (uint c = 0; c < 3; c++) o[r * 3 + c] = m[r][c];
      stored.Store<float2x3>(0, float2x3(0, 1, 2, 3, 4, 5));
    }`;
  const run = (useLegacyBufferMatrixOrder: boolean) =>
    gpu.runCompute({
      spirv: compileValid(source, { entryPoints: [{ name: 'main', stage: 'compute' }], shaderModel: { major: 6, minor: 2 }, useLegacyBufferMatrixOrder }, ['vulkan1.1']).spirv,
      entry: 'main',
      groups: [1, 1, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'storage-buffer', data: new Float32Array([0, 1, 2, 3, 4, 5]) },
        { set: 0, binding: 1, kind: 'storage-buffer', size: 24, name: 'out' },
        { set: 0, binding: 2, kind: 'storage-buffer', size: 24, name: 'stored' },
      ],
    });
  const floats = (bytes: Uint8Array) => [...new Float32Array(bytes.slice().buffer)];

  it('Load<T>/Store<T> of a matrix go row by row with it, column by column without (DXC\'s default)', async () => {
    const [legacy, columns] = await Promise.all([run(true), run(false)]);
    expect(floats(legacy.buffers.out!)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(floats(legacy.buffers.stored!)).toEqual([0, 1, 2, 3, 4, 5]);
    // Column major: m[r][c] is word c * 2 + r.
    expect(floats(columns.buffers.out!)).toEqual([0, 2, 4, 1, 3, 5]);
    expect(floats(columns.buffers.stored!)).toEqual([0, 3, 1, 4, 2, 5]);
  });
});

describe('-pack-optimized', () => {
  // DXC's signature.packing shape (less its matrix): A, B (a scalar, a float2) share location 0, the
  // array C takes 1-3, and E, F, G fill their free components.
  const source = `
    struct V {
      float4 pos : SV_Position;
      float a : A;
      float2 b : B;
      float2 c[3] : C;
      nointerpolation int e : E;
      float2 f : F;
      float g : G;
    };
    V vs_main(uint id : SV_VertexID) {
      V o;
      o.pos = float4(float2((id << 1) & 2, id & 2) * 2 - 1, 0, 1);
      o.a = 1; o.b = float2(2, 3);
      o.c[0] = float2(4, 5); o.c[1] = float2(6, 7); o.c[2] = float2(8, 9);
      o.e = 10; o.f = float2(11, 12); o.g = 13;
      return o;
    }
    float4 ps_main(V v) : SV_Target {
      return float4(v.a + v.b.y * 100, v.c[0].x + v.c[1].y * 100 + v.c[2].y * 10000, v.e + v.f.x * 100, v.f.y + v.g * 100);
    }`;

  it('vertex outputs and pixel inputs packed alike carry every value (Component decorations on lavapipe)', async () => {
    const vertexSpirv = spirv(source, { packOptimized: true });
    const image = await gpu.renderTriangle({ vertexSpirv, vertexEntry: 'vs_main', pixelEntry: 'ps_main', vertexCount: 3, width: 8, height: 8, format: 'rgba32float' });
    expect(image.texel(3, 3)).toEqual([301, 90704, 1110, 1312]);
  });
  it('matrices and arrays split into element variables at packed components carry every value (DXC\'s signature.packing shape)', async () => {
    // One vertex shader, one pixel entry per four values: every pixel input reads the packed locations.
    const matrices = `
      struct V {
        float4 pos : SV_Position;
        float a : A;
        float2 b : B;
        float2 c[3] : C;
        float2x2 d : D;
        float e : E;
        float3x2 k : K;
        nointerpolation int2x2 n : N;
        float g : G;
      };
      V vs_main(uint id : SV_VertexID) {
        V o;
        o.pos = float4(float2((id << 1) & 2, id & 2) * 2 - 1, 0, 1);
        o.a = 1; o.b = float2(2, 3); o.c[0] = float2(4, 5); o.c[1] = float2(6, 7); o.c[2] = float2(8, 9);
        o.d = float2x2(10, 11, 12, 13); o.e = 14; o.k = float3x2(15, 16, 17, 18, 19, 20); o.n = int2x2(21, 22, 23, 24); o.g = 25;
        return o;
      }
      float4 ps_0(V v) : SV_Target { return float4(v.a, v.b, v.e); }
      float4 ps_1(V v) : SV_Target { return float4(v.c[0], v.c[1]); }
      float4 ps_2(V v) : SV_Target { return float4(v.c[2], v.d[0]); }
      float4 ps_3(V v) : SV_Target { return float4(v.d[1], v.k[0]); }
      float4 ps_4(V v) : SV_Target { return float4(v.k[1], v.k[2]); }
      float4 ps_5(V v) : SV_Target { return float4(v.n[0], v.n[1]) + float4(0, 0, 0, v.g - 25); }`;
    const pixels = [0, 1, 2, 3, 4, 5].map((k) => ({ name: `ps_${k}`, stage: 'pixel' as const }));
    const module = compileValid(matrices, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }, ...pixels], packOptimized: true }, ['vulkan1.1']).spirv;
    // D's rows share C's locations (components 2-3), G shares C's last element's.
    const text = disassembleSpirv(module);
    for (const d of ['%out_var_D Location 1', '%out_var_D_0 Location 2', '%out_var_D Component 2', '%out_var_G Location 3', '%out_var_G Component 2']) expect(text).toContain(`OpDecorate ${d}\n`);
    const found = await Promise.all(pixels.map(({ name }) =>
      gpu.renderTriangle({ vertexSpirv: module, vertexEntry: 'vs_main', pixelEntry: name, vertexCount: 3, width: 4, height: 4, format: 'rgba32float' })));
    expect(found.map((image) => image.texel(1, 1))).toEqual([
      [1, 2, 3, 14], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 15, 16], [17, 18, 19, 20], [21, 22, 23, 24],
    ]);
  });
  it('hull control-point and patch matrices and arrays split per element reach the domain shader intact (lavapipe)', async () => {
    // Hull outputs and domain inputs both packed: T (float3x2) and W (float[2]) per control point,
    // M (float2x2) and A per patch; the domain shader forwards them flat to one pixel entry per four values.
    const tess = `
      struct VOut { float4 pos : POS; };
      struct CP { float4 pos : POS; float3x2 t : T; float w[2] : W; };
      struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; float2x2 m : M; float a : A; };
      struct DOut { float4 pos : SV_Position; nointerpolation float4 c0 : C0; nointerpolation float4 c1 : C1; nointerpolation float4 c2 : C2; };
      VOut vs_main(uint id : SV_VertexID) { VOut o; o.pos = float4(float2((id << 1) & 2, id & 2) * 2 - 1, 0, 1); return o; }
      PC patch(InputPatch<VOut, 3> ip) {
        PC o; o.edges[0] = 1; o.edges[1] = 1; o.edges[2] = 1; o.inside = 1; o.m = float2x2(1, 2, 3, 4); o.a = 5; return o;
      }
      [domain("tri")] [partitioning("integer")] [outputtopology("triangle_ccw")] [outputcontrolpoints(3)] [patchconstantfunc("patch")]
      CP hs_main(InputPatch<VOut, 3> ip, uint i : SV_OutputControlPointID) {
        CP o; o.pos = ip[i].pos; o.t = float3x2(6, 7, 8, 9, 10, 11) + i * 10; o.w[0] = 12 + i * 10; o.w[1] = 13 + i * 10; return o;
      }
      [domain("tri")] DOut ds_main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<CP, 3> cp) {
        DOut o;
        o.pos = cp[0].pos * uvw.x + cp[1].pos * uvw.y + cp[2].pos * uvw.z;
        o.c0 = float4(pc.m[0], pc.m[1]);
        o.c1 = float4(pc.a, cp[1].t[0], cp[2].t[1].x);
        o.c2 = float4(cp[0].t[1].y, cp[0].t[2].y, cp[2].w[0], cp[1].w[1]);
        return o;
      }
      float4 ps_0(DOut d) : SV_Target { return d.c0; }
      float4 ps_1(DOut d) : SV_Target { return d.c1; }
      float4 ps_2(DOut d) : SV_Target { return d.c2; }`;
    const entries = [
      { name: 'vs_main', stage: 'vertex' as const }, { name: 'hs_main', stage: 'hull' as const }, { name: 'ds_main', stage: 'domain' as const },
      ...[0, 1, 2].map((k) => ({ name: `ps_${k}`, stage: 'pixel' as const })),
    ];
    const module = compileValid(tess, { entryPoints: entries, packOptimized: true }, ['vulkan1.1']).spirv;
    const text = disassembleSpirv(module);
    // As DXC, patch and control-point outputs pack together: T's rows take components 2-3 of A's and M's locations.
    for (const d of ['%out_var_A Location 0', '%out_var_M_0 Location 2', '%out_var_T Component 2', '%out_var_T_1 Location 2', '%out_var_W_0 Location 5']) expect(text).toContain(`OpDecorate ${d}\n`);
    const found = await Promise.all([0, 1, 2].map((k) => gpu.renderTriangle({
      vertexSpirv: module, vertexEntry: 'vs_main', hull: { spirv: module, entry: 'hs_main' }, domain: { spirv: module, entry: 'ds_main' },
      pixelEntry: `ps_${k}`, topology: 'patch-list', patchControlPoints: 3, vertexCount: 3, width: 4, height: 4, format: 'rgba32float',
    })));
    expect(found.map((image) => image.texel(1, 1))).toEqual([[1, 2, 3, 4], [5, 16, 17, 28], [9, 11, 32, 23]]);
  });
});
