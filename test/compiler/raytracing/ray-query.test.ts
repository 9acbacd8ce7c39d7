// Ray queries (SM 6.5, any stage): RaytracingAccelerationStructure, RayDesc and RayQuery<flags> map to
// the manual's RayQuery table (SPV_KHR_ray_query), validated by spirv-val; the WGSL target refuses
// them at the call's line:col; reflection reports the acceleration-structure descriptor.
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

// Structure as the manual maps it (unoptimised: names of locals and functions kept, no inlining).
const compute = { entryPoints: [{ name: 'main', stage: 'compute' as const }], optimizationLevel: 0 as const };

function errors(source: string, options: Parameters<typeof compile>[1] = compute): string[] {
  const r = compile(source, options);
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source).split('\n')[0]!);
}

/** Every getter of the manual's table, with the opcode and RayQueryIntersection operand it lowers to. */
const GETTERS: [method: string, type: string, spirv: RegExp][] = [
  ['RayFlags()', 'uint', /OpRayQueryGetRayFlagsKHR %uint %q$/m],
  ['RayTMin()', 'float', /OpRayQueryGetRayTMinKHR %float %q$/m],
  ['WorldRayOrigin()', 'float3', /OpRayQueryGetWorldRayOriginKHR %v3float %q$/m],
  ['WorldRayDirection()', 'float3', /OpRayQueryGetWorldRayDirectionKHR %v3float %q$/m],
  ['CandidateType()', 'uint', /OpRayQueryGetIntersectionTypeKHR %uint %q %uint_0/],
  ['CandidateTriangleRayT()', 'float', /OpRayQueryGetIntersectionTKHR %float %q %uint_0/],
  ['CandidateInstanceIndex()', 'uint', /OpRayQueryGetIntersectionInstanceIdKHR %uint %q %uint_0/],
  ['CandidateInstanceID()', 'uint', /OpRayQueryGetIntersectionInstanceCustomIndexKHR %uint %q %uint_0/],
  ['CandidateInstanceContributionToHitGroupIndex()', 'uint', /OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR %uint %q %uint_0/],
  ['CandidateGeometryIndex()', 'uint', /OpRayQueryGetIntersectionGeometryIndexKHR %uint %q %uint_0/],
  ['CandidatePrimitiveIndex()', 'uint', /OpRayQueryGetIntersectionPrimitiveIndexKHR %uint %q %uint_0/],
  ['CandidateObjectRayOrigin()', 'float3', /OpRayQueryGetIntersectionObjectRayOriginKHR %v3float %q %uint_0/],
  ['CandidateObjectRayDirection()', 'float3', /OpRayQueryGetIntersectionObjectRayDirectionKHR %v3float %q %uint_0/],
  ['CandidateObjectToWorld4x3()', 'float4x3', /OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float %q %uint_0/],
  ['CandidateWorldToObject4x3()', 'float4x3', /OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float %q %uint_0/],
  ['CandidateTriangleBarycentrics()', 'float2', /OpRayQueryGetIntersectionBarycentricsKHR %v2float %q %uint_0/],
  ['CandidateTriangleFrontFace()', 'bool', /OpRayQueryGetIntersectionFrontFaceKHR %bool %q %uint_0/],
  ['CommittedStatus()', 'uint', /OpRayQueryGetIntersectionTypeKHR %uint %q %uint_1/],
  ['CommittedRayT()', 'float', /OpRayQueryGetIntersectionTKHR %float %q %uint_1/],
  ['CommittedInstanceIndex()', 'uint', /OpRayQueryGetIntersectionInstanceIdKHR %uint %q %uint_1/],
  ['CommittedInstanceID()', 'uint', /OpRayQueryGetIntersectionInstanceCustomIndexKHR %uint %q %uint_1/],
  ['CommittedInstanceContributionToHitGroupIndex()', 'uint', /OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR %uint %q %uint_1/],
  ['CommittedGeometryIndex()', 'uint', /OpRayQueryGetIntersectionGeometryIndexKHR %uint %q %uint_1/],
  ['CommittedPrimitiveIndex()', 'uint', /OpRayQueryGetIntersectionPrimitiveIndexKHR %uint %q %uint_1/],
  ['CommittedObjectRayOrigin()', 'float3', /OpRayQueryGetIntersectionObjectRayOriginKHR %v3float %q %uint_1/],
  ['CommittedObjectRayDirection()', 'float3', /OpRayQueryGetIntersectionObjectRayDirectionKHR %v3float %q %uint_1/],
  ['CommittedObjectToWorld4x3()', 'float4x3', /OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float %q %uint_1/],
  ['CommittedWorldToObject4x3()', 'float4x3', /OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float %q %uint_1/],
  ['CommittedTriangleBarycentrics()', 'float2', /OpRayQueryGetIntersectionBarycentricsKHR %v2float %q %uint_1/],
  ['CommittedTriangleFrontFace()', 'bool', /OpRayQueryGetIntersectionFrontFaceKHR %bool %q %uint_1/],
];

function queryShader(body: string, flags = 'RAY_FLAG_NONE'): string {
  return `
    RaytracingAccelerationStructure scene : register(t0);
    RWByteAddressBuffer results : register(u1);
    [numthreads(1, 1, 1)]
    void main(uint3 id : SV_DispatchThreadID) {
      RayDesc ray;
      ray.Origin = float3(id.x, 0, 1);
      ray.TMin = 0.001;
      ray.Direction = float3(0, 0, -1);
      ray.TMax = 100.0;
      RayQuery<${flags}> q;
      ${body}
    }`;
}

describe('ray queries', () => {
  it('declares the types, capability and extension, and initializes with RayDesc unpacked in origin/tmin/direction/tmax order', () => {
    const r = compileValid(queryShader('q.TraceRayInline(scene, RAY_FLAG_NONE, 0xFF, ray); results.Store(0, q.Proceed() ? 1u : 0u);'), compute, ['vulkan1.1', 'vulkan1.2', 'vulkan1.3']);
    const text = disassembleSpirv(r.spirv);
    expect(text).toMatch(/OpCapability RayQueryKHR/);
    expect(text).toMatch(/OpExtension "SPV_KHR_ray_query"/);
    expect(text).not.toMatch(/RayTracingKHR|SPV_KHR_ray_tracing/);
    expect(text).toMatch(/%accelerationStructureNV = OpTypeAccelerationStructureKHR/);
    expect(text).toMatch(/%scene = OpVariable %_ptr_UniformConstant_accelerationStructureNV UniformConstant/);
    expect(text).toMatch(/%q = OpVariable %_ptr_Function_rayQueryKHR Function/);
    const init = /(%\d+) = OpLoad %accelerationStructureNV %scene\n[^]*OpRayQueryInitializeKHR %q \1 %uint_0 %uint_255 (%\d+) (%\d+) (%\d+) (%\d+)/.exec(text);
    expect(init, text).not.toBeNull();
    // The four ray operands are RayDesc members 0 (Origin), 1 (TMin), 2 (Direction), 3 (TMax).
    for (let i = 0; i < 4; i++) expect(text).toMatch(new RegExp(`${init![i + 2]} = OpCompositeExtract %(v3float|float) %\\d+ ${i}\\n`));
    const extracts = [...text.matchAll(/OpCompositeExtract %(v3float|float) %\d+ (\d)/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(extracts).toEqual(['v3float:0', 'float:1', 'v3float:2', 'float:3']);
    expect(text).toMatch(/OpRayQueryProceedKHR %bool %q/);
    expect(r.reflection!.bindings.find((b) => b.name === 'scene')).toMatchObject({ kind: 'acceleration-structure', set: 0, binding: 0, usedBy: ['main'] });
  });

  it("ORs the template's flags into the call's: folded when both are constant, OpBitwiseOr otherwise", () => {
    const folded = disassembleSpirv(compileValid(queryShader('q.TraceRayInline(scene, RAY_FLAG_CULL_OPAQUE, 0xFF, ray); q.Proceed();', 'RAY_FLAG_FORCE_OPAQUE'), compute).spirv);
    expect(folded).toMatch(/OpRayQueryInitializeKHR %q %\d+ %uint_65 %uint_255/);
    const dynamic = disassembleSpirv(compileValid(queryShader('q.TraceRayInline(scene, id.y, 0xFF, ray); q.Proceed();', 'RAY_FLAG_FORCE_OPAQUE'), compute).spirv);
    expect(dynamic).toMatch(/(%\d+) = OpBitwiseOr %uint %uint_1 %\d+\n[^]*OpRayQueryInitializeKHR %q %\d+ \1 %uint_255/);
  });

  it('declares RayTraversalPrimitiveCullingKHR when the flags skip triangles or procedural primitives', () => {
    const skip = disassembleSpirv(compileValid(queryShader('q.TraceRayInline(scene, 0, 0xFF, ray); q.Proceed();', 'RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES'), compute).spirv);
    expect(skip).toMatch(/OpCapability RayTraversalPrimitiveCullingKHR/);
    const plain = disassembleSpirv(compileValid(queryShader('q.TraceRayInline(scene, RAY_FLAG_CULL_BACK_FACING_TRIANGLES, 0xFF, ray); q.Proceed();'), compute).spirv);
    expect(plain).not.toMatch(/RayTraversalPrimitiveCullingKHR/);
  });

  it('lowers every getter of the manual table with its intersection operand', () => {
    const body = GETTERS.map(([call, type], i) => `${type} v${i} = q.${call};`).join('\n') +
      '\nfloat sum = float(v0) + v1 + v2.x + v3.y + float(v4) + v5 + v6 + v7 + v8 + v9 + v10 + v11.x + v12.z + v13[3][2] + v14[0][0] + v15.y + (v16 ? 1 : 0)' +
      ' + v17 + v18 + v19 + v20 + v21 + v22 + v23 + v24.x + v25.y + v26[1][1] + v27[2][0] + v28.x + (v29 ? 1 : 0);\nresults.Store(0, asuint(sum));';
    const text = disassembleSpirv(compileValid(queryShader(`q.TraceRayInline(scene, 0, 0xFF, ray); q.Proceed();\n${body}`), compute).spirv);
    for (const [call, , spirv] of GETTERS) expect(text, call).toMatch(spirv);
  });

  it('transposes the 3x4 matrix forms and negates the AABB opacity, as DXC', () => {
    const text = disassembleSpirv(compileValid(queryShader(`
      q.TraceRayInline(scene, 0, 0xFF, ray);
      while (q.Proceed()) {
        if (q.CandidateType() == CANDIDATE_PROCEDURAL_PRIMITIVE && q.CandidateProceduralPrimitiveNonOpaque()) q.CommitProceduralPrimitiveHit(2.5);
        else q.Abort();
      }
      float3x4 a = q.CommittedObjectToWorld3x4();
      float3x4 b = q.CandidateWorldToObject3x4();
      results.Store(0, asuint(a[2][3] + b[0][1]));`), compute).spirv);
    expect(text).toMatch(/(%\d+) = OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float %q %uint_1\n\s*%\d+ = OpTranspose %mat3v4float \1/);
    expect(text).toMatch(/(%\d+) = OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float %q %uint_0\n\s*%\d+ = OpTranspose %mat3v4float \1/);
    expect(text).toMatch(/(%\d+) = OpRayQueryGetIntersectionCandidateAABBOpaqueKHR %bool %q\n\s*%\d+ = OpLogicalNot %bool \1/);
    expect(text).toMatch(/OpRayQueryGenerateIntersectionKHR %q %float_2_5/);
    expect(text).toMatch(/OpRayQueryTerminateKHR %q/);
  });

  it('works in pixel and vertex stages too (SM 6.5: any stage)', () => {
    const pixel = `
      RaytracingAccelerationStructure scene;
      float4 main(float3 world : WORLD, float3 n : NORMAL) : SV_Target {
        RayDesc ray = { world, 0.01, n, 50.0 };
        RayQuery<RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH> q;
        q.TraceRayInline(scene, RAY_FLAG_FORCE_OPAQUE, 0xFF, ray);
        q.Proceed();
        return q.CommittedStatus() == COMMITTED_TRIANGLE_HIT ? float4(0, 0, 0, 1) : float4(1, 1, 1, 1);
      }`;
    const text = disassembleSpirv(compileValid(pixel, { entryPoints: [{ name: 'main', stage: 'pixel' }], optimizationLevel: 0 }).spirv);
    expect(text).toMatch(/OpRayQueryInitializeKHR %q %\d+ %uint_5 %uint_255/);
    const vertex = `
      RaytracingAccelerationStructure scene;
      float4 main(float3 p : POSITION) : SV_Position {
        RayDesc ray = { p, 0.0, float3(0, 1, 0), 10.0 };
        RayQuery<0> q;
        q.TraceRayInline(scene, 0, 1, ray);
        q.Proceed();
        return float4(p, q.CommittedRayT());
      }`;
    expect(disassembleSpirv(compileValid(vertex, { entryPoints: [{ name: 'main', stage: 'vertex' }], optimizationLevel: 0 }).spirv)).toMatch(/OpRayQueryProceedKHR/);
  });

  it('passes a RayQuery to a function by reference: the caller\'s variable itself, never a copy', () => {
    const source = `
      RaytracingAccelerationStructure scene;
      RWByteAddressBuffer o;
      void start(RayQuery<RAY_FLAG_FORCE_OPAQUE> query, RayDesc ray) { query.TraceRayInline(scene, 0, 0xFF, ray); }
      float finish(RayQuery<RAY_FLAG_FORCE_OPAQUE> query) { while (query.Proceed()) {} return query.CommittedRayT(); }
      [numthreads(1, 1, 1)] void main() {
        RayDesc ray = { float3(0, 0, 1), 0.0, float3(0, 0, -1), 5.0 };
        RayQuery<RAY_FLAG_FORCE_OPAQUE> q;
        start(q, ray);
        o.Store(0, asuint(finish(q)));
      }`;
    const text = disassembleSpirv(compileValid(source, compute).spirv);
    expect(text).toMatch(/%query = OpFunctionParameter %_ptr_Function_rayQueryKHR/);
    expect(text).toMatch(/OpFunctionCall %void %start %q %\w+/);
    expect(text).toMatch(/OpFunctionCall %float %finish %q\n/);
    expect(text).not.toMatch(/OpLoad %rayQueryKHR|OpStore %\w+ %\w+ ; rayQuery/);
    expect(text.match(/OpVariable %_ptr_Function_rayQueryKHR/g)).toHaveLength(1);
  });

  it('indexes arrays of queries in place', () => {
    const text = disassembleSpirv(compileValid(queryShader('RayQuery<0> qs[2]; qs[id.x & 1].TraceRayInline(scene, 0, 0xFF, ray); results.Store(0, qs[id.x & 1].Proceed() ? 1u : 0u);'), compute).spirv);
    expect(text).toMatch(/(%\d+) = OpAccessChain %_ptr_Function_rayQueryKHR %qs %\d+\n[^]*OpRayQueryInitializeKHR \1/);
  });

  it('accepts `RayQuery<F> q = RayQuery<F>();` as a plain declaration (no store), as DXC', () => {
    const text = disassembleSpirv(compileValid(queryShader('RayQuery<0> r = RayQuery<0>(); r.TraceRayInline(scene, 0, 0xFF, ray); r.Proceed();'), compute).spirv);
    expect(text).toMatch(/%r = OpVariable %_ptr_Function_rayQueryKHR Function/);
    expect(text).not.toMatch(/OpStore %r /);
  });

  it('rejects copies and wrong arguments at their line:col', () => {
    expect(errors(queryShader('RayQuery<0> r; r = q;'))).toEqual([expect.stringMatching(/:12:22: error: a RayQuery cannot be assigned or copied/)]);
    expect(errors(`struct T { RayQuery<0> q; float bias; }; [numthreads(1,1,1)] void main() {}`)).toEqual([expect.stringMatching(/:1:12: error: a RayQuery cannot be a struct member/)]);
    expect(errors(queryShader('RayQuery<0> pair[2]; RayQuery<0> copy[2] = pair;'))).toEqual([expect.stringMatching(/:12:40: error: a RayQuery cannot be initialized or copied/)]);
    expect(errors(queryShader('q.TraceRayInline(results, 0, 0xFF, ray);'))).toEqual([expect.stringMatching(/:12:24: error: argument 1 of 'TraceRayInline' must be a RaytracingAccelerationStructure/)]);
    expect(errors(queryShader('q.TraceRayInline(scene, 0, 0xFF, ray.Origin);'))).toEqual([expect.stringMatching(/error: argument 4 of 'TraceRayInline' must be a RayDesc, not 'float3'/)]);
    expect(errors(queryShader('q.Proceed(1);'))).toEqual([expect.stringMatching(/error: 'Proceed' of 'RayQuery<0>' takes 0 arguments/)]);
    expect(errors(queryShader('q.Retrace();'))).toEqual([expect.stringMatching(/:12:9: error: no member named 'Retrace' in 'RayQuery<0>'/)]);
    expect(errors(queryShader('', 'ray'))).toEqual([expect.stringMatching(/:11:16: error: expression is not a compile-time constant/)]);
  });

  it('the WGSL target refuses ray queries and acceleration structures at line:col', () => {
    const withScene = compile(queryShader('q.TraceRayInline(scene, 0, 0xFF, ray); q.Proceed();'), { ...compute, target: 'wgsl' });
    expect(withScene.success).toBe(false);
    expect(formatDiagnostic(withScene.diagnostics[0]!, () => '')).toMatch(/:12:9: error: RayQuery.TraceRayInline is not supported by the WGSL target \(WebGPU has no ray queries or acceleration structures\)/);
    const queryOnly = `RWByteAddressBuffer o; [numthreads(1,1,1)] void main() { RayQuery<0> q; o.Store(0, q.Proceed() ? 1u : 0u); }`;
    const r = compile(queryOnly, { ...compute, target: 'wgsl' });
    expect(r.diagnostics.map((d) => formatDiagnostic(d, () => queryOnly).split('\n')[0])).toEqual([
      expect.stringMatching(/:1:86: error: RayQuery.Proceed is not supported by the WGSL target \(WebGPU has no ray queries or acceleration structures\)/),
    ]);
  });
});
