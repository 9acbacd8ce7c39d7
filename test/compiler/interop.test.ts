// Modules load in a Vulkan application that enables nothing beyond core features: no SPIR-V
// extension unless the source or an option asks for one (issue: every module used to declare the
// SPV_GOOGLE_* pair), no build-machine paths unless debug information is asked for, and
// -fspv-reflect's decorations exactly when asked.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type CompileOptions, type TargetEnv } from '../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../gpu/harness.js';
import { disassembleSpirv, validateSpirv } from '../helpers/tools.js';
import { fixtureEntries, fixtureTargets } from './helpers.js';
import { RAY_STAGES, type RayStage } from '../../compiler/ir/ray-tracing.js';

const ENVS: TargetEnv[] = ['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3'];
const fixturesDir = new URL('../../fixtures/compiler/', import.meta.url);

function build(source: string, options: CompileOptions): Uint32Array {
  const result = compile(source, options);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  validateSpirv(result.spirv!);
  return result.spirv!;
}

const lines = (spirv: Uint32Array, pattern: RegExp) => disassembleSpirv(spirv).split('\n').filter((l) => pattern.test(l)).map((l) => l.trim());

// A pixel shader with user semantics, and a compute shader with a counter buffer.
const PIXEL = `
struct VsOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; nointerpolation uint id : MATERIAL; };
float4 main(VsOut i) : SV_Target0 { return float4(i.uv, float(i.id), i.pos.w); }
`;
const COUNTER = `
RWStructuredBuffer<uint> items : register(u0);
[numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint slot = items.IncrementCounter();
  items[slot] = id.x * 10 + 1;
}
`;

describe('no extension nothing asked for', () => {
  const fixtures = readdirSync(fixturesDir).filter((f) => f.endsWith('.hlsl'));
  const source = (file: string) => readFileSync(new URL(file, fixturesDir), 'utf8');
  // Wave intrinsics need SPIR-V 1.3's group operations (vulkan1.1 and later); a `// targets:` header names its own.
  const cases = fixtures.flatMap((file) =>
    ENVS.filter((env) => (env !== 'vulkan1.0' || !/Wave|Quad/.test(source(file))) && (fixtureTargets(source(file))?.includes(env) ?? true)).map((env) => [file, env] as const),
  );
  it.each(cases)('%s under %s declares no OpExtension and no OpString', (file, env) => {
    const text = source(file);
    const entryPoints = fixtureEntries(text);
    const spirv = build(text, { filename: `/project/${file}`, entryPoints, targetEnv: env });
    // Mesh shading, ray tracing and work graphs are extensions the source asks for by its stages; ray queries by RayQuery.
    const asked = [
      ...(entryPoints.some((e) => e.stage === 'mesh' || e.stage === 'amplification') ? ['OpExtension "SPV_EXT_mesh_shader"'] : []),
      ...(entryPoints.some((e) => RAY_STAGES.includes(e.stage as RayStage)) ? ['OpExtension "SPV_KHR_ray_tracing"'] : []),
      ...(/\bRayQuery</.test(text) ? ['OpExtension "SPV_KHR_ray_query"'] : []),
      // Cooperative matrices by vk::khr::CooperativeMatrix (the header's types declare it).
      ...(/<vk\/khr\/cooperative_matrix\.h>/.test(text) ? ['OpExtension "SPV_KHR_cooperative_matrix"'] : []),
      ...(entryPoints.some((e) => e.stage === 'node') ? ['OpExtension "SPV_AMDX_shader_enqueue"'] : []),
    ];
    expect(lines(spirv, /OpExtension /)).toEqual(asked);
    expect(lines(spirv, /OpString |UserSemantic|CounterBuffer/)).toEqual([]);
    expect(lines(spirv, /OpSource /)).toEqual(['OpSource HLSL 600']);
  });
});

describe('-fspv-reflect', () => {
  it.each(ENVS)('adds semantic strings with their extensions under %s', (env) => {
    const spirv = build(PIXEL, { entryPoints: [{ name: 'main', stage: 'pixel' }], targetEnv: env, reflect: true });
    const expected = env === 'vulkan1.0' || env === 'vulkan1.1'
      ? ['OpExtension "SPV_GOOGLE_hlsl_functionality1"', 'OpExtension "SPV_GOOGLE_decorate_string"']
      : ['OpExtension "SPV_GOOGLE_hlsl_functionality1"'];
    expect(lines(spirv, /OpExtension /)).toEqual(expected);
    expect(lines(spirv, /UserSemantic/).map((l) => l.replace(/^\S+ %\S+ /, ''))).toEqual([
      'UserSemantic "SV_Position"',
      'UserSemantic "TEXCOORD0"',
      'UserSemantic "MATERIAL"',
      'UserSemantic "SV_Target0"',
    ]);
  });

  it('ties a structured buffer to its counter', () => {
    const spirv = build(COUNTER, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.2', reflect: true });
    expect(lines(spirv, /CounterBuffer/)).toEqual(['OpDecorateId %items CounterBuffer %counter_var_items']);
  });

  it('without it, reflection still gives stage variables their semantics (from DXC-style names)', () => {
    const result = compile(PIXEL, { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    const inputs = result.reflection!.entryPoints[0]!.inputs.map((v) => [v.name, v.semantic ?? null, v.builtin ?? null]);
    // Optimised, builtin stage variables have no OpName (as DXC's): reflection names them after the builtin.
    expect(inputs).toEqual([
      ['gl_FragCoord', null, 'FragCoord'],
      ['in.var.TEXCOORD0', 'TEXCOORD0', null],
      ['in.var.MATERIAL', 'MATERIAL', null],
    ]);
  });
});

describe('debug information', () => {
  it('the WGSL names the source only with debugInfo too', () => {
    const options: CompileOptions = { filename: '/home/someone/project/src/a.hlsl', entryPoints: [{ name: 'main', stage: 'compute' }], target: 'wgsl' };
    expect(compile(COUNTER, options).wgsl!.code).not.toContain('/home/someone');
    expect(compile(COUNTER, { ...options, debugInfo: true, debugSourceName: 'src/a.hlsl' }).wgsl!.code).toMatch(/^\/\/ Generated by unplugin-hlsl from src\/a.hlsl /);
  });

  it('records the requested file name only with debugInfo', () => {
    const options: CompileOptions = { filename: '/home/someone/project/src/a.hlsl', entryPoints: [{ name: 'main', stage: 'compute' }] };
    expect(lines(build(COUNTER, options), /OpString|OpSource/)).toEqual(['OpSource HLSL 600']);
    const debug = build(COUNTER, { ...options, debugInfo: true, debugSourceName: 'src/a.hlsl' });
    expect(lines(debug, /OpString|OpSource/).map((l) => l.replace(/^%\S+ = /, ''))).toEqual(['OpString "src/a.hlsl"', expect.stringMatching(/^OpSource HLSL 600 %\S+$/)]);
  });
});

// S is at once ConstantBuffer<S>'s element, a cbuffer member and a local: its block must be a type of
// its own (a Block struct nested in another block, or used for a local, is invalid).
const SHARED_STRUCT = `
struct S { float4 a; uint b; };
ConstantBuffer<S> cb : register(b0);
cbuffer Params : register(b1) { S inner; float scale; };
[[vk::push_constant]] S pc;
RWStructuredBuffer<float4> result : register(u2);
[numthreads(1, 1, 1)] void main() {
  S copy = cb;
  copy.a += inner.a * scale + pc.a;
  result[0] = copy.a + float(copy.b + inner.b + pc.b);
}
`;

describe('block types named as DXC names them', () => {
  it.each(ENVS)('ConstantBuffer<S> and push constants get blocks of their own (%s)', (env) => {
    const spirv = build(SHARED_STRUCT, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: env });
    expect(lines(spirv, /OpName %type_/).map((l) => l.replace(/^OpName %\S+ /, ''))).toEqual([
      '"type.ConstantBuffer.S"',
      '"type.Params"',
      '"type.PushConstant.S"',
      '"type.RWStructuredBuffer.v4float"',
    ]);
    expect(lines(spirv, /OpDecorate %S\S* Block/)).toEqual([]);
  });

  it('indexes an array of ConstantBuffer<S> (elements are the renamed blocks)', () => {
    const source = `
      struct S { float4 a; uint b; };
      ConstantBuffer<S> cbs[3] : register(b0);
      RWStructuredBuffer<float4> result : register(u3);
      [numthreads(3, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { S s = cbs[id.x]; result[id.x] = cbs[id.x].a * float(s.b); }`;
    const spirv = build(source, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.2' });
    expect(lines(spirv, /OpTypeArray %type_ConstantBuffer_S/)).toHaveLength(1);
    // Executed (with a dynamically uniform index) in resources/bindless-gpu.test.ts.
  });
});

describe('an application that enables only what it chose', () => {
  let gpu: GpuRunner;
  beforeAll(async () => {
    gpu = await startGpuRunner();
  });
  afterAll(() => gpu?.close());

  const job = (spirv: Uint32Array, extensions?: string[]) => ({
    spirv,
    groups: [1, 1, 1] as const,
    bindings: [
      { binding: 0, kind: 'storage-buffer' as const, size: 16, name: 'items' },
      { binding: 1, kind: 'storage-buffer' as const, data: new Uint8Array(4), name: 'counter' },
    ],
    ...(extensions ? { extensions } : {}),
  });
  const sorted = (bytes: Uint8Array) => [...new Uint32Array(bytes.slice().buffer)].sort((a, b) => a - b);

  it('runs our default module with no device extension', async () => {
    const spirv = build(COUNTER, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.0' });
    const { buffers } = await gpu.runCompute(job(spirv));
    expect(sorted(buffers.items!)).toEqual([1, 11, 21, 31]);
    expect(new Uint32Array(buffers.counter!.slice().buffer)[0]).toBe(4);
  });

  it('reads ConstantBuffer<S>, a cbuffer member S and a push constant S, and copies a whole block to a local', async () => {
    const spirv = build(SHARED_STRUCT, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.1' });
    // Hand-packed by the relaxed rules: S = { float4 a @0; uint b @16 }, size 20; Params.scale at 32.
    const s = (a: number[], b: number) => {
      const bytes = new ArrayBuffer(32);
      new Float32Array(bytes, 0, 4).set(a);
      new Uint32Array(bytes, 16, 1)[0] = b;
      return new Uint8Array(bytes);
    };
    const params = new Uint8Array(48);
    params.set(s([10, 20, 30, 40], 5));
    new Float32Array(params.buffer, 32, 1)[0] = 2;
    const { buffers } = await gpu.runCompute({
      spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'uniform-buffer', data: s([1, 2, 3, 4], 7) },
        { binding: 1, kind: 'uniform-buffer', data: params },
        { binding: 2, kind: 'storage-buffer', size: 16, name: 'result' },
      ],
      push: s([100, 200, 300, 400], 11).slice(0, 20),
    });
    // copy.a = cb.a + inner.a * 2 + pc.a; + (7 + 5 + 11)
    expect([...new Float32Array(buffers.result!.slice().buffer)]).toEqual([121 + 23, 242 + 23, 363 + 23, 484 + 23]);
  });

  it('refuses a -fspv-reflect module unless the test names its device extensions, then runs it', async () => {
    const spirv = build(COUNTER, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.0', reflect: true });
    await expect(gpu.runCompute(job(spirv))).rejects.toThrow(/VK_GOOGLE_hlsl_functionality1.*did not name/);
    const { buffers } = await gpu.runCompute(job(spirv, ['VK_GOOGLE_decorate_string', 'VK_GOOGLE_hlsl_functionality1']));
    expect(sorted(buffers.items!)).toEqual([1, 11, 21, 31]);
  });
});
