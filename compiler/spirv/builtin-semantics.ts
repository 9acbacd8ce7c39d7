// The manual's SV_* semantic → BuiltIn table for the stages we compile, with what each needs
// (capabilities, extensions, execution modes), the SV semantics passed along as located values
// where no builtin exists, those refused for now, and the `[[vk::builtin]]` names.
import type { ShaderStage } from '../common/stage.js';
import { BOOL, FLOAT, INT, UINT, vector, type ScalarType, type Type } from '../types.js';
import type { BuiltIn, Capability, ExecutionMode } from '../spirv-spec/spec.js';

export interface BuiltinRule {
  /** Stages it applies to; `*` for any. */
  stages: readonly (ShaderStage | '*')[];
  dir: 'in' | 'out';
  builtin: keyof typeof BuiltIn;
  /** The SPIR-V variable's type; the wrapper converts to and from the HLSL declaration's type. */
  type: Type;
  executionModes?: (keyof typeof ExecutionMode)[];
  capability?: keyof typeof Capability;
  extension?: string;
  /**
   * Array builtins (ClipDistance, CullDistance, SampleMask): every value with the semantic shares one
   * array of this element type, concatenated in ascending semantic index (manual, SV_ClipDistance).
   */
  packed?: ScalarType;
  /** For a packed builtin of fixed size (tess levels): the array's length, the declared value filling its start. */
  packedSize?: number;
  /** A per-patch builtin (Patch decoration). */
  patch?: boolean;
  /** The one type the HLSL value may be declared as (DXC's rule), where fitting `type` is not enough. */
  declaredAs?: ScalarType;
  /** The builtin of a `noperspective` value, when it differs (SV_Barycentrics). */
  noPerspective?: keyof typeof BuiltIn;
  /**
   * Layer/ViewportIndex written before the geometry stage: this core capability from SPIR-V 1.5,
   * before it ShaderViewportIndexLayerEXT with its extension (as DXC).
   */
  preGeometry?: 'ShaderLayer' | 'ShaderViewportIndex';
}

const U3 = vector(UINT, 3);
const F4 = vector(FLOAT, 4);
export const GEOMETRY_LIKE = ['geometry', 'hull', 'domain'] as const;

/** The manual's semantic → BuiltIn table (for the stages we compile). Keys are upper-case semantics without index. */
export const BUILTINS: Record<string, BuiltinRule[]> = {
  SV_POSITION: [
    { stages: ['vertex', ...GEOMETRY_LIKE], dir: 'out', builtin: 'Position', type: F4 },
    { stages: [...GEOMETRY_LIKE], dir: 'in', builtin: 'Position', type: F4 },
    { stages: ['pixel'], dir: 'in', builtin: 'FragCoord', type: F4 },
  ],
  SV_VERTEXID: [{ stages: ['vertex'], dir: 'in', builtin: 'VertexIndex', type: UINT }],
  SV_INSTANCEID: [{ stages: ['vertex'], dir: 'in', builtin: 'InstanceIndex', type: UINT }],
  SV_DISPATCHTHREADID: [{ stages: ['compute', 'mesh', 'amplification', 'node'], dir: 'in', builtin: 'GlobalInvocationId', type: U3 }],
  SV_GROUPID: [{ stages: ['compute', 'mesh', 'amplification', 'node'], dir: 'in', builtin: 'WorkgroupId', type: U3 }],
  SV_GROUPTHREADID: [{ stages: ['compute', 'mesh', 'amplification', 'node'], dir: 'in', builtin: 'LocalInvocationId', type: U3 }],
  SV_GROUPINDEX: [{ stages: ['compute', 'mesh', 'amplification', 'node'], dir: 'in', builtin: 'LocalInvocationIndex', type: UINT }],
  SV_ISFRONTFACE: [{ stages: ['pixel'], dir: 'in', builtin: 'FrontFacing', type: BOOL }],
  SV_DEPTH: [{ stages: ['pixel'], dir: 'out', builtin: 'FragDepth', type: FLOAT, executionModes: ['DepthReplacing'] }],
  SV_DEPTHGREATEREQUAL: [{ stages: ['pixel'], dir: 'out', builtin: 'FragDepth', type: FLOAT, executionModes: ['DepthReplacing', 'DepthGreater'] }],
  SV_DEPTHLESSEQUAL: [{ stages: ['pixel'], dir: 'out', builtin: 'FragDepth', type: FLOAT, executionModes: ['DepthReplacing', 'DepthLess'] }],
  SV_SAMPLEINDEX: [{ stages: ['pixel'], dir: 'in', builtin: 'SampleId', type: UINT, capability: 'SampleRateShading' }],
  SV_PRIMITIVEID: [
    { stages: ['pixel', 'geometry'], dir: 'in', builtin: 'PrimitiveId', type: UINT, capability: 'Geometry' },
    { stages: ['hull', 'domain'], dir: 'in', builtin: 'PrimitiveId', type: UINT, capability: 'Tessellation' },
    { stages: ['geometry'], dir: 'out', builtin: 'PrimitiveId', type: UINT, capability: 'Geometry' },
  ],
  SV_GSINSTANCEID: [{ stages: ['geometry'], dir: 'in', builtin: 'InvocationId', type: UINT, capability: 'Geometry' }],
  SV_OUTPUTCONTROLPOINTID: [{ stages: ['hull'], dir: 'in', builtin: 'InvocationId', type: UINT, capability: 'Tessellation' }],
  SV_DOMAINLOCATION: [{ stages: ['domain'], dir: 'in', builtin: 'TessCoord', type: vector(FLOAT, 3), capability: 'Tessellation' }],
  SV_TESSFACTOR: [
    { stages: ['hull'], dir: 'out', builtin: 'TessLevelOuter', type: FLOAT, packed: FLOAT, packedSize: 4, patch: true, capability: 'Tessellation' },
    { stages: ['domain'], dir: 'in', builtin: 'TessLevelOuter', type: FLOAT, packed: FLOAT, packedSize: 4, patch: true, capability: 'Tessellation' },
  ],
  SV_INSIDETESSFACTOR: [
    { stages: ['hull'], dir: 'out', builtin: 'TessLevelInner', type: FLOAT, packed: FLOAT, packedSize: 2, patch: true, capability: 'Tessellation' },
    { stages: ['domain'], dir: 'in', builtin: 'TessLevelInner', type: FLOAT, packed: FLOAT, packedSize: 2, patch: true, capability: 'Tessellation' },
  ],
  SV_RENDERTARGETARRAYINDEX: [
    { stages: ['pixel'], dir: 'in', builtin: 'Layer', type: UINT, capability: 'Geometry' },
    { stages: ['geometry'], dir: 'out', builtin: 'Layer', type: UINT, capability: 'Geometry' },
    { stages: ['vertex', 'domain'], dir: 'out', builtin: 'Layer', type: UINT, preGeometry: 'ShaderLayer' },
  ],
  SV_COVERAGE: [
    { stages: ['pixel'], dir: 'in', builtin: 'SampleMask', type: UINT, packed: UINT },
    { stages: ['pixel'], dir: 'out', builtin: 'SampleMask', type: UINT, packed: UINT },
  ],
  SV_STENCILREF: [{ stages: ['pixel'], dir: 'out', builtin: 'FragStencilRefEXT', type: INT, capability: 'StencilExportEXT', extension: 'SPV_EXT_shader_stencil_export' }],
  SV_VIEWID: [{ stages: ['vertex', 'pixel', ...GEOMETRY_LIKE], dir: 'in', builtin: 'ViewIndex', type: UINT, capability: 'MultiView', extension: 'SPV_KHR_multiview' }],
  SV_CLIPDISTANCE: [
    { stages: ['vertex', ...GEOMETRY_LIKE], dir: 'out', builtin: 'ClipDistance', type: FLOAT, packed: FLOAT, capability: 'ClipDistance' },
    { stages: ['pixel', ...GEOMETRY_LIKE], dir: 'in', builtin: 'ClipDistance', type: FLOAT, packed: FLOAT, capability: 'ClipDistance' },
  ],
  SV_CULLDISTANCE: [
    { stages: ['vertex', ...GEOMETRY_LIKE], dir: 'out', builtin: 'CullDistance', type: FLOAT, packed: FLOAT, capability: 'CullDistance' },
    { stages: ['pixel', ...GEOMETRY_LIKE], dir: 'in', builtin: 'CullDistance', type: FLOAT, packed: FLOAT, capability: 'CullDistance' },
  ],
  // DXC's mapping (the manual's older row names FragSizeEXT): the rate a primitive asks for, and the
  // rate a pixel shader runs at (SPV_KHR_fragment_shading_rate).
  // DXC: the third coordinate is recomputed as 1 - x - y (adjustInput); `noperspective` picks the
  // linear barycentrics (SPV_KHR_fragment_shader_barycentric).
  SV_BARYCENTRICS: [
    { stages: ['pixel'], dir: 'in', builtin: 'BaryCoordKHR', noPerspective: 'BaryCoordNoPerspKHR', type: vector(FLOAT, 3), capability: 'FragmentBarycentricKHR', extension: 'SPV_KHR_fragment_shader_barycentric' },
  ],
  // Conservative rasterization's inner coverage (VK_EXT_conservative_rasterization): a bool builtin,
  // declared uint in HLSL (DXC's rule), converted on load.
  SV_INNERCOVERAGE: [
    { stages: ['pixel'], dir: 'in', builtin: 'FullyCoveredEXT', type: BOOL, declaredAs: UINT, capability: 'FragmentFullyCoveredEXT', extension: 'SPV_EXT_fragment_fully_covered' },
  ],
  SV_SHADINGRATE: [
    { stages: ['vertex', 'geometry'], dir: 'out', builtin: 'PrimitiveShadingRateKHR', type: UINT, capability: 'FragmentShadingRateKHR', extension: 'SPV_KHR_fragment_shading_rate' },
    { stages: ['pixel'], dir: 'in', builtin: 'ShadingRateKHR', type: UINT, capability: 'FragmentShadingRateKHR', extension: 'SPV_KHR_fragment_shading_rate' },
  ],
  // SM 6.8: the draw's firstVertex / firstInstance (vkCmdDraw), Vulkan's shader draw parameters.
  SV_STARTVERTEXLOCATION: [{ stages: ['vertex'], dir: 'in', builtin: 'BaseVertex', type: INT, capability: 'DrawParameters', extension: 'SPV_KHR_shader_draw_parameters' }],
  SV_STARTINSTANCELOCATION: [{ stages: ['vertex'], dir: 'in', builtin: 'BaseInstance', type: INT, capability: 'DrawParameters', extension: 'SPV_KHR_shader_draw_parameters' }],
  SV_VIEWPORTARRAYINDEX: [
    { stages: ['pixel'], dir: 'in', builtin: 'ViewportIndex', type: UINT, capability: 'MultiViewport' },
    { stages: ['geometry'], dir: 'out', builtin: 'ViewportIndex', type: UINT, capability: 'MultiViewport' },
    { stages: ['vertex', 'domain'], dir: 'out', builtin: 'ViewportIndex', type: UINT, preGeometry: 'ShaderViewportIndex' },
  ],
};

/**
 * SV semantics passed along as ordinary located values where their signature point has no BuiltIn
 * (the manual: such an SV semantic is handled like a user semantic), as DXC's tests use them.
 */
export const PASSED_THROUGH: Record<string, readonly string[]> = {
  SV_POSITION: ['vertex:in'],
  SV_INSTANCEID: ['vertex:out', 'pixel:in', 'hull:in', 'hull:out', 'domain:in', 'domain:out', 'geometry:in', 'geometry:out'],
  SV_RENDERTARGETARRAYINDEX: ['vertex:in', 'hull:in', 'hull:out', 'domain:in', 'geometry:in'],
  SV_VIEWPORTARRAYINDEX: ['vertex:in', 'hull:in', 'hull:out', 'domain:in', 'geometry:in'],
  SV_ISFRONTFACE: ['geometry:out'],
  // A vertex shader's clip/cull distance inputs are plain attributes (DXC: spirv.interface.vs.hlsl).
  SV_CLIPDISTANCE: ['vertex:in'],
  SV_CULLDISTANCE: ['vertex:in'],
};

/**
 * System values HLSL defines that this back end maps only elsewhere (DXC's builtin for each):
 * refused here, not passed along as located values. SV_CullPrimitive is a mesh shader's
 * per-primitive output (stages/mesh-outputs.ts); as a pixel input it is not supported yet.
 */
export const NOT_YET_BUILTINS: Readonly<Record<string, string>> = {
  SV_CULLPRIMITIVE: 'CullPrimitiveEXT (mesh shader per-primitive outputs only)',
};

/** Index builtins that count from the draw's first vertex/instance, and the base each option subtracts. */
export const BASE_OF: Partial<Record<keyof typeof BuiltIn, { base: keyof typeof BuiltIn; option: 'nonzeroBaseVertex' | 'nonzeroBaseInstance' }>> = {
  VertexIndex: { base: 'BaseVertex', option: 'nonzeroBaseVertex' },
  InstanceIndex: { base: 'BaseInstance', option: 'nonzeroBaseInstance' },
};

/** `[[vk::builtin("…")]]` (the manual's list): the BuiltIn, and what it needs beyond Shader. */
export const VK_BUILTINS: Record<string, { builtin: keyof typeof BuiltIn; capability?: keyof typeof Capability; extension?: string }> = {
  PointSize: { builtin: 'PointSize' },
  HelperInvocation: { builtin: 'HelperInvocation' },
  BaseVertex: { builtin: 'BaseVertex', capability: 'DrawParameters', extension: 'SPV_KHR_shader_draw_parameters' },
  BaseInstance: { builtin: 'BaseInstance', capability: 'DrawParameters', extension: 'SPV_KHR_shader_draw_parameters' },
  DrawIndex: { builtin: 'DrawIndex', capability: 'DrawParameters', extension: 'SPV_KHR_shader_draw_parameters' },
  DeviceIndex: { builtin: 'DeviceIndex', capability: 'DeviceGroup', extension: 'SPV_KHR_device_group' },
};
