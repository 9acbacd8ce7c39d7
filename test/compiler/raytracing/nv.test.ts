// SPV_NV_ray_tracing (-fspv-extension=SPV_NV_ray_tracing, DXC's raytracing.nv.* and
// vk.shader-record-nv tests): the NV capability and extension, OpTraceNV / OpExecuteCallableNV naming
// Locations, OpIgnoreIntersectionNV / OpTerminateRayNV as ordinary instructions, HitTNV, SPIR-V 1.0
// targets, and what the NV form cannot express. Every module goes through spirv-val under its own
// env; lavapipe has no NV ray tracing, so nothing here executes.
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const NV = { allowedExtensions: ['SPV_NV_ray_tracing'] };
const ENVS = ['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3'];

function errors(source: string, allowedExtensions: string[] | undefined, targetEnv: 'vulkan1.0' | 'vulkan1.1' | 'vulkan1.2' = 'vulkan1.0'): string[] {
  const r = compile(source, { targetEnv, ...(allowedExtensions ? { allowedExtensions } : {}) });
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0]!);
}

const LIBRARY = `
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<float4> output : register(u1);
struct Payload { float4 color; };
struct ShadowPayload { bool hit; };
struct Attributes { float2 bary; };
struct CallData { float4 data; };

[shader("raygeneration")]
void rgen() {
  uint3 id = DispatchRaysIndex();
  uint3 size = DispatchRaysDimensions();
  RayDesc ray = { float3(0, 0, 0), 0.0, float3(0, 0, -1), 1000.0 };
  Payload p = { float4(0, 0, 0, 0) };
  TraceRay(scene, 0x0, 0xff, 0, 1, 0, ray, p);
  ShadowPayload s = { false };
  TraceRay(scene, RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH, 0xff, 1, 1, 1, ray, s);
  CallData c = { float4(0, 0, 0, 0) };
  CallShader(0, c);
  output[id.y * size.x + id.x] = p.color + c.data + (s.hit ? 1.0 : 0.0);
}

[shader("closesthit")]
void chit(inout Payload p, in Attributes a) {
  float t = RayTCurrent();
  float3 o = WorldRayOrigin() + WorldRayDirection() * t;
  float3x4 m = ObjectToWorld3x4();
  p.color = float4(o + m[0].xyz, float(InstanceID() + PrimitiveIndex() + HitKind() + InstanceIndex())) + float4(a.bary, RayTMin(), 0);
}

[shader("miss")]
void miss(inout Payload p) {
  p.color = float4(WorldRayDirection(), float(RayFlags()));
}

[shader("anyhit")]
void ahit(inout Payload p, in Attributes a) {
  if (a.bary.x > 0.5) IgnoreHit();
  p.color.w = RayTCurrent();
  if (a.bary.y > 0.5) AcceptHitAndEndSearch();
  p.color.x = 1.0;
}

[shader("intersection")]
void isect() {
  Attributes a = { float2(0.25, 0.5) };
  ReportHit(RayTMin() + 1.0, 3, a);
}

[shader("callable")]
void call(inout CallData c) {
  uint3 id = DispatchRaysIndex();
  c.data = float4(id, 1);
}
`;

describe('SPV_NV_ray_tracing', () => {
  it("emits DXC's NV form for a library of all six stages on Vulkan 1.0 and later", () => {
    const text = disassembleSpirv(compileValid(LIBRARY, NV, ENVS).spirv);
    expect(text).toMatch(/OpCapability RayTracingNV\n/);
    expect(text).toMatch(/OpExtension "SPV_NV_ray_tracing"/);
    expect(text).not.toMatch(/RayTracingKHR|SPV_KHR_ray_tracing|RayQuery/);
    for (const [model, name] of [['RayGeneration', 'rgen'], ['ClosestHit', 'chit'], ['Miss', 'miss'], ['AnyHit', 'ahit'], ['Intersection', 'isect'], ['Callable', 'call']]) {
      expect(text).toMatch(new RegExp(`OpEntryPoint ${model}(?:NV|KHR) %${name} "${name}"`));
    }
    // DXC: `%accelerationStructureNV = OpTypeAccelerationStructure…`.
    expect(text).toMatch(/%accelerationStructureNV = OpTypeAccelerationStructure(?:NV|KHR)\n/);
    // Each payload type and the callable data get their own variable, Location numbered per storage class.
    const payload = /(%[\w.]+) = OpVariable %_ptr_RayPayload\w+_Payload RayPayload/.exec(text)?.[1];
    const shadow = /(%[\w.]+) = OpVariable %_ptr_RayPayload\w+_ShadowPayload RayPayload/.exec(text)?.[1];
    const callable = /(%[\w.]+) = OpVariable %_ptr_CallableData\w+_CallData CallableData/.exec(text)?.[1];
    expect([payload, shadow, callable].every(Boolean)).toBe(true);
    expect(text).toContain(`OpDecorate ${payload} Location 0\n`);
    expect(text).toContain(`OpDecorate ${shadow} Location 1\n`);
    expect(text).toContain(`OpDecorate ${callable} Location 0\n`);
    // DXC: `OpTraceNV %as %uint_0 %uint_255 %uint_0 %uint_1 %uint_0 %o %tmin %d %tmax %uint_0` (the Location last).
    expect(text).toMatch(/OpTraceNV %\d+ %uint_0 %uint_255 %uint_0 %uint_1 %uint_0 %\d+ %\d+ %\d+ %\d+ %uint_0\n/);
    expect(text).toMatch(/OpTraceNV %\d+ %uint_4 %uint_255 %uint_1 %uint_1 %uint_1 %\d+ %\d+ %\d+ %\d+ %uint_1\n/);
    expect(text).toMatch(/OpExecuteCallableNV %uint_0 %uint_0\n/);
    expect(text).not.toMatch(/OpTraceRayKHR|OpExecuteCallableKHR|OpIgnoreIntersectionKHR|OpTerminateRayKHR/);
    // Ordinary instructions in NV: the code after them stays in their block.
    expect(text).toMatch(/OpIgnoreIntersectionNV\n\s+OpBranch/);
    expect(text).toMatch(/OpTerminateRayNV\n\s+OpBranch/);
    expect(text).toMatch(/OpReportIntersection(?:NV|KHR) %bool %\d+ %uint_3/);
    // RayTCurrent is HitTNV (DXC: `BuiltIn HitTNV`), not RayTmax.
    expect(text).toMatch(/OpDecorate %\S+ BuiltIn HitTNV\n/);
    expect(text).not.toMatch(/BuiltIn RayTmax/);
    expect(text).toMatch(/OpTypePointer IncomingRayPayload\w+ %Payload/);
    expect(text).toMatch(/OpTypePointer HitAttribute\w+ %Attributes/);
    expect(text).toMatch(/OpTypePointer IncomingCallableData\w+ %CallData/);
  });

  it('lists only Input variables in entry interfaces before SPIR-V 1.4, every used one after', () => {
    const old = disassembleSpirv(compileValid(LIBRARY, { ...NV, targetEnv: 'vulkan1.0' }, ['vulkan1.0']).spirv);
    const rgenOld = /OpEntryPoint RayGeneration\w* %rgen "rgen"(.*)\n/.exec(old)![1]!.trim().split(' ');
    expect(rgenOld).toHaveLength(2); // LaunchId and LaunchSize
    const modern = disassembleSpirv(compileValid(LIBRARY, { ...NV, targetEnv: 'vulkan1.2' }, ['vulkan1.2']).spirv);
    const rgenNew = /OpEntryPoint RayGeneration\w* %rgen "rgen"(.*)\n/.exec(modern)![1]!.trim().split(' ');
    expect(rgenNew.length).toBeGreaterThan(4); // + both payloads, the callable data, the globals
  });

  it('declares a [[vk::shader_record_nv]] buffer as a shader record without a binding', () => {
    const source = `
      struct S { float4 tint; uint index; };
      [[vk::shader_record_nv]] ConstantBuffer<S> record;
      struct Payload { float4 color; };
      [shader("miss")] void main(inout Payload p) { p.color = record.tint * float(record.index); }`;
    const r = compileValid(source, NV, ENVS);
    const text = disassembleSpirv(r.spirv);
    expect(text).toMatch(/OpCapability RayTracingNV\n/);
    expect(text).toMatch(/%record = OpVariable %_ptr_ShaderRecordBuffer\w+_type_ConstantBuffer_S ShaderRecordBuffer\w+/);
    expect(text).not.toMatch(/OpDecorate %record (Binding|DescriptorSet)/);
    expect(text).toMatch(/OpMemberDecorate %type_ConstantBuffer_S 1 Offset 16/);
  });

  it('refuses what the NV form cannot express and what the options do not allow', () => {
    const miss = `struct P { float4 c; }; [shader("miss")] void main(inout P p) { p.c = float4(1, 1, 1, 1); }`;
    expect(errors(miss, undefined, 'vulkan1.1')).toEqual([
      expect.stringMatching(/error: the miss stage of 'main' needs SPIR-V 1.4 \(SPV_KHR_ray_tracing\): .*or ask for SPV_NV_ray_tracing \(-fspv-extension=SPV_NV_ray_tracing\)/),
    ]);
    expect(errors(miss, NV.allowedExtensions)).toEqual([]);
    const geometry = `struct P { float4 c; }; struct A { float2 b; };
[shader("closesthit")] void main(inout P p, in A a) { p.c = float4(a.b, float(GeometryIndex()), 1); }`;
    expect(errors(geometry, NV.allowedExtensions)).toEqual([
      expect.stringMatching(/:2:79: error: 'GeometryIndex' needs SPV_KHR_ray_tracing \(BuiltIn RayGeometryIndexKHR\), which SPV_NV_ray_tracing does not have/),
    ]);
    // A RayQuery needs SPV_KHR_ray_query, which an explicit extension list must name (as DXC's tests do).
    const query = `RaytracingAccelerationStructure scene : register(t0); struct P { float4 c; };
[shader("miss")] void main(inout P p) { RayQuery<RAY_FLAG_NONE> q; RayDesc r = { float3(0, 0, 0), 0, float3(0, 0, 1), 1 }; q.TraceRayInline(scene, 0, 0xff, r); p.c = float4(q.Proceed() ? 1 : 0, 0, 0, 1); }`;
    expect(errors(query, NV.allowedExtensions, 'vulkan1.2')).toEqual([expect.stringMatching(/SPIR-V extension 'SPV_KHR_ray_query' is required by this module but not permitted by -fspv-extension/)]);
    expect(errors(`[[vk::shader_record_nv]] StructuredBuffer<float> b; struct P { float p; }; [shader("miss")] void main(inout P p) { p.p = 1; }`, NV.allowedExtensions)).toEqual([
      expect.stringMatching(/:1:3: error: 'vk::shader_record_nv' applies to a ConstantBuffer<T> variable/),
    ]);
  });
});
