// Ray-tracing stages (lib_6_3+; SPV_KHR_ray_tracing): execution models, the manual's system-value →
// builtin table, the payload/attribute/callable-data storage classes, TraceRay/ReportHit/
// CallShader/IgnoreHit/AcceptHitAndEndSearch, per-entry interfaces, shader records, and the
// diagnostics for signatures, stages and target environments; every module through spirv-val.
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const V12 = ['vulkan1.2', 'vulkan1.3'];

function errors(source: string, targetEnv: 'vulkan1.1' | 'vulkan1.2' = 'vulkan1.2'): string[] {
  const r = compile(source, { targetEnv });
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0]!);
}

const TYPES = `
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<float4> output : register(u1);
struct Payload { float4 color; };
struct Attributes { float2 bary; };
struct CallData { float3 tint; };
`;

/** [HLSL system value, its type, the builtin it loads, transposed] (the manual's table; DXC's KHR builtins). */
const SYSTEM_VALUES: [string, string, string, boolean][] = [
  ['DispatchRaysIndex', 'uint3', 'LaunchIdKHR', false],
  ['DispatchRaysDimensions', 'uint3', 'LaunchSizeKHR', false],
  ['WorldRayOrigin', 'float3', 'WorldRayOriginKHR', false],
  ['WorldRayDirection', 'float3', 'WorldRayDirectionKHR', false],
  ['RayTMin', 'float', 'RayTminKHR', false],
  ['RayTCurrent', 'float', 'RayTmaxKHR', false],
  ['RayFlags', 'uint', 'IncomingRayFlagsKHR', false],
  ['InstanceIndex', 'uint', 'InstanceId', false],
  ['InstanceID', 'uint', 'InstanceCustomIndexKHR', false],
  ['GeometryIndex', 'uint', 'RayGeometryIndexKHR', false],
  ['PrimitiveIndex', 'uint', 'PrimitiveId', false],
  ['ObjectRayOrigin', 'float3', 'ObjectRayOriginKHR', false],
  ['ObjectRayDirection', 'float3', 'ObjectRayDirectionKHR', false],
  ['ObjectToWorld3x4', 'float3x4', 'ObjectToWorldKHR', true],
  ['ObjectToWorld4x3', 'float4x3', 'ObjectToWorldKHR', false],
  ['WorldToObject3x4', 'float3x4', 'WorldToObjectKHR', true],
  ['WorldToObject4x3', 'float4x3', 'WorldToObjectKHR', false],
  ['HitKind', 'uint', 'HitKindKHR', false],
];

describe('ray-tracing stages', () => {
  it('maps every system value of a closest-hit shader to its builtin (3x4 forms transposed)', () => {
    const body = SYSTEM_VALUES.map(([name, type], i) => `${type} v${i} = ${name}();`).join('\n');
    const uses = SYSTEM_VALUES.map(([, type], i) => (type.includes('x') ? `v${i}[0][0]` : type.endsWith('3') ? `v${i}.x` : `v${i}`)).join(' + ');
    const source = `${TYPES}
      [shader("closesthit")]
      void main(inout Payload p, in Attributes a) {
        ${body}
        p.color = float4(a.bary, 0, float(${uses}));
      }`;
    const text = disassembleSpirv(compileValid(source, {}, V12).spirv);
    expect(text).toMatch(/OpCapability RayTracingKHR/);
    expect(text).toMatch(/OpExtension "SPV_KHR_ray_tracing"/);
    expect(text).not.toMatch(/RayQueryKHR/);
    for (const [name, , builtin, transposed] of SYSTEM_VALUES) {
      // spirv-dis prints the NV spelling of values SPV_NV_ray_tracing shares (LaunchIdNV, RayTmaxNV, …).
      const spellings = [builtin, builtin.replace(/KHR$/, 'NV')].join('|');
      const variable = new RegExp(`OpDecorate (%\\w+) BuiltIn (?:${spellings})\\n`).exec(text)?.[1];
      expect(variable, name).toBeDefined();
      expect(text, name).toMatch(new RegExp(`OpEntryPoint ClosestHit\\w* %main "main"[^\\n]* ${variable}\\b`));
      if (transposed) expect(text, name).toMatch(new RegExp(`(%\\d+) = OpLoad %mat4v3float ${variable}\\n\\s*%\\d+ = OpTranspose %mat3v4float \\1`));
    }
    expect(text).toMatch(/OpTypePointer IncomingRayPayload\w* %Payload/);
    expect(text).toMatch(/OpTypePointer HitAttribute\w* %Attributes/);
  });

  it('lowers TraceRay, CallShader and the incoming payload of a library with several entry points', () => {
    const source = `${TYPES}
      [shader("raygeneration")]
      void rgen() {
        RayDesc ray = { float3(0, 0, 1), 0.01, float3(0, 0, -1), 100.0 };
        Payload p = { float4(0, 0, 0, 0) };
        TraceRay(scene, RAY_FLAG_FORCE_OPAQUE, 0xFF, 1, 2, 3, ray, p);
        CallData c = { float3(1, 1, 1) };
        CallShader(4, c);
        output[DispatchRaysIndex().x] = p.color * float4(c.tint, 1);
      }
      [shader("miss")] void miss(inout Payload p) { p.color = float4(WorldRayDirection(), 1); }
      [shader("callable")] void call(inout CallData c) { c.tint *= 0.5; }`;
    const r = compileValid(source, {}, V12);
    expect(r.entryPoints.map((e) => `${e.name}:${e.stage}`)).toEqual(['rgen:raygeneration', 'miss:miss', 'call:callable']);
    const text = disassembleSpirv(r.spirv);
    expect(text).toMatch(/OpEntryPoint RayGeneration\w* %rgen "rgen"/);
    expect(text).toMatch(/OpEntryPoint Miss\w* %miss "miss"/);
    expect(text).toMatch(/OpEntryPoint Callable\w* %call "call"/);
    const payload = /(%[\w.]+) = OpVariable %_ptr_RayPayload\w*_Payload RayPayload/.exec(text)?.[1];
    const callable = /(%[\w.]+) = OpVariable %_ptr_CallableData\w*_CallData CallableData/.exec(text)?.[1];
    expect(payload && callable).toBeTruthy();
    expect(text).toMatch(new RegExp(`OpTraceRayKHR %\\d+ %uint_1 %uint_255 %uint_1 %uint_2 %uint_3 %\\d+ %\\d+ %\\d+ %\\d+ ${payload}\\n`));
    expect(text).toMatch(new RegExp(`OpExecuteCallableKHR %uint_4 ${callable}\\n`));
    // The payload is copied in before the trace and back after it.
    expect(text).toMatch(new RegExp(`OpStore ${payload} %\\d+\\n\\s*OpTraceRayKHR[^\\n]*\\n\\s*%\\d+ = OpLoad %Payload ${payload}`));
    // Reflection names each entry's ray data by kind.
    const rayData = Object.fromEntries(r.reflection!.entryPoints.map((e) => [e.name, (e.rayData ?? []).map((d) => `${d.kind}:${d.type.kind === 'struct' ? d.type.name : d.type.kind}`)]));
    expect(rayData).toEqual({ rgen: ['payload:Payload', 'callable-data:CallData'], miss: ['incoming-payload:Payload'], call: ['incoming-callable-data:CallData'] });
    // Each entry lists what its own call tree uses, no more.
    const rgenInterface = /OpEntryPoint RayGeneration\w* %rgen "rgen"([^\n]*)/.exec(text)![1]!;
    expect(rgenInterface).toContain(payload!);
    expect(rgenInterface).not.toMatch(/incoming/);
    const missInterface = /OpEntryPoint Miss\w* %miss "miss"([^\n]*)/.exec(text)![1]!;
    expect(missInterface).toMatch(/%incoming_payload_Payload/);
    expect(missInterface).not.toContain(payload!);
  });

  it('lowers ReportHit, IgnoreHit and AcceptHitAndEndSearch (block terminators)', () => {
    const source = `${TYPES}
      [shader("intersection")]
      void isect() {
        Attributes a = { ObjectRayOrigin().xy };
        bool accepted = ReportHit(RayTMin() + 1.0, 3, a);
      }
      [shader("anyhit")]
      void ahit(inout Payload p, in Attributes a) {
        if (a.bary.x > 0.5) IgnoreHit();
        if (RayTCurrent() < 1.0) { AcceptHitAndEndSearch(); }
        p.color = float4(1, 0, 0, 1);
      }`;
    const text = disassembleSpirv(compileValid(source, {}, V12).spirv);
    expect(text).toMatch(/OpStore %attributes_Attributes %\d+\n\s*%\d+ = OpReportIntersectionKHR %bool %\d+ %uint_3/);
    expect(text).toMatch(/OpIgnoreIntersectionKHR\n\s*%\d+ = OpLabel/);
    expect(text).toMatch(/OpTerminateRayKHR\n\s*%\d+ = OpLabel/);
  });

  it('declares a [[vk::shader_record_ext]] buffer as ShaderRecordBufferKHR without a binding, reflected as a shader record', () => {
    const source = `
      struct T { float2 val[3]; };
      struct S { float f1; float3 f2; float2x3 f3; T f4; };
      [[vk::shader_record_ext]] ConstantBuffer<S> srb;
      struct Payload { float p; };
      [shader("miss")]
      void main(inout Payload P) { P.p = srb.f1 + srb.f2.z + srb.f3[1][2] + srb.f4.val[2].y; }`;
    const r = compileValid(source, {}, V12);
    const text = disassembleSpirv(r.spirv);
    expect(text).toMatch(/%srb = OpVariable %_ptr_ShaderRecordBuffer\w*_type_ConstantBuffer_S ShaderRecordBuffer/);
    expect(text).toMatch(/OpDecorate %type_ConstantBuffer_S Block/);
    expect(text).not.toMatch(/OpDecorate %srb (DescriptorSet|Binding)/);
    expect(text).toMatch(/OpAccessChain %_ptr_ShaderRecordBuffer\w*_float %srb %int_0/);
    expect(r.reflection!.bindings).toEqual([]);
    expect(r.reflection!.shaderRecords).toEqual([expect.objectContaining({ name: 'srb', usedBy: ['main'] })]);
    expect(errors(`[[vk::shader_record_ext]] StructuredBuffer<float> b; struct P { float p; }; [shader("miss")] void main(inout P p) { p.p = 1; }`)).toEqual([
      expect.stringMatching(/:1:3: error: 'vk::shader_record_ext' applies to a ConstantBuffer<T> variable/),
    ]);
  });

  it('checks entry signatures, the stage of each system value and call, and the target environment', () => {
    expect(errors(`struct P { float4 c; }; [shader("miss")] float4 m(inout P p) : SV_Target { return 0; }`)).toEqual([
      expect.stringMatching(/:1:49: error: miss entry point 'm' must return void/),
    ]);
    expect(errors(`struct P { float4 c; }; [shader("closesthit")] void h(inout P p) {}`)).toEqual([
      expect.stringMatching(/:1:53: error: closesthit entry point 'h' takes inout <struct> payload, in <struct> hit attributes/),
    ]);
    expect(errors(`struct P { float4 c; }; [shader("callable")] void c(P p) {}`)).toEqual([
      expect.stringMatching(/:1:53: error: the callable data of callable entry point 'c' must be 'inout'/),
    ]);
    expect(errors(`uint k() { return HitKind(); } [shader("raygeneration")] void r() { uint x = k(); }`)).toEqual([
      expect.stringMatching(/:1:19: error: 'HitKind' is not available in the raygeneration stage \(entry point 'r'\); it is available in anyhit, closesthit/),
    ]);
    expect(errors(`RWByteAddressBuffer o; [numthreads(1,1,1)] void main() { o.Store(0, DispatchRaysIndex().x); }`)).toEqual([
      expect.stringMatching(/:1:69: error: 'DispatchRaysIndex' is not available in the compute stage/),
    ]);
    expect(errors(`[shader("raygeneration")] void r() { IgnoreHit(); }`)).toEqual([expect.stringMatching(/:1:38: error: 'IgnoreHit' is not available in the raygeneration stage/)]);
    expect(errors(`[shader("raygeneration")] void r() {}`, 'vulkan1.1')).toEqual([
      expect.stringMatching(/:1:32: error: the raygeneration stage of 'r' needs SPIR-V 1.4 \(SPV_KHR_ray_tracing\): target vulkan1.2 or later \(-fspv-target-env=vulkan1.2, or the targetEnv option\)/),
    ]);
  });
});
