// The SPIR-V builtins a `[[vk::ext_builtin_input/output(N)]]` global may name, with the direction they
// have and the capability/extension their use needs (SPIR-V spec's BuiltIn table; Vulkan's builtin
// chapter for the direction). A builtin not listed here is refused rather than declared without its capability.
import { BuiltIn, Capability } from './spec.js';

export interface GlobalBuiltin {
  name: keyof typeof BuiltIn;
  storage: readonly ('input' | 'output')[];
  /** The HLSL stages whose entry points may use it (Vulkan's builtin chapter). */
  stages: readonly string[];
  capability?: number;
  extension?: string;
}

const IN = ['input'] as const;
const OUT = ['output'] as const;
const PIXEL = ['pixel'];
const GROUPS = ['compute', 'mesh', 'amplification'];
const VERTEX = ['vertex'];

// (Position, FragDepth (which needs the DepthReplacing mode) and SampleMask (an array) are not listed.)
const LIST: GlobalBuiltin[] = [
  { name: 'PointSize', storage: OUT, stages: ['vertex', 'domain', 'geometry'] },
  { name: 'FragCoord', storage: IN, stages: PIXEL },
  { name: 'PointCoord', storage: IN, stages: PIXEL },
  { name: 'FrontFacing', storage: IN, stages: PIXEL },
  { name: 'SampleId', storage: IN, stages: PIXEL, capability: Capability.SampleRateShading },
  { name: 'SamplePosition', storage: IN, stages: PIXEL, capability: Capability.SampleRateShading },
  { name: 'HelperInvocation', storage: IN, stages: PIXEL },
  { name: 'NumWorkgroups', storage: IN, stages: GROUPS },
  { name: 'WorkgroupId', storage: IN, stages: GROUPS },
  { name: 'LocalInvocationId', storage: IN, stages: GROUPS },
  { name: 'GlobalInvocationId', storage: IN, stages: GROUPS },
  { name: 'LocalInvocationIndex', storage: IN, stages: GROUPS },
  { name: 'VertexIndex', storage: IN, stages: VERTEX },
  { name: 'InstanceIndex', storage: IN, stages: VERTEX },
  { name: 'BaseVertex', storage: IN, stages: VERTEX, capability: Capability.DrawParameters, extension: 'SPV_KHR_shader_draw_parameters' },
  { name: 'BaseInstance', storage: IN, stages: VERTEX, capability: Capability.DrawParameters, extension: 'SPV_KHR_shader_draw_parameters' },
  { name: 'DrawIndex', storage: IN, stages: VERTEX, capability: Capability.DrawParameters, extension: 'SPV_KHR_shader_draw_parameters' },
  { name: 'FragStencilRefEXT', storage: OUT, stages: PIXEL, capability: Capability.StencilExportEXT, extension: 'SPV_EXT_shader_stencil_export' },
  { name: 'ViewIndex', storage: IN, stages: ['vertex', 'pixel', 'hull', 'domain', 'geometry'], capability: Capability.MultiView, extension: 'SPV_KHR_multiview' },
];

/** By builtin number. */
export const GLOBAL_BUILTINS: Readonly<Record<number, GlobalBuiltin>> = Object.fromEntries(LIST.map((b) => [BuiltIn[b.name], b]));
