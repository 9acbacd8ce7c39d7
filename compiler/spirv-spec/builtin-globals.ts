// The SPIR-V builtins a `[[vk::ext_builtin_input/output(N)]]` global may name, with the direction they
// have and the capability/extension their use needs (SPIR-V spec's BuiltIn table; Vulkan's builtin
// chapter for the direction). A builtin not listed here is refused rather than declared without its capability.
import { BuiltIn, Capability } from './spec.js';

export interface GlobalBuiltin {
  name: keyof typeof BuiltIn;
  storage: readonly ('input' | 'output')[];
  capability?: number;
  extension?: string;
}

const IN = ['input'] as const;
// (FragDepth, which needs the DepthReplacing mode, and SampleMask, an array, are not listed.)
const OUT = ['output'] as const;

const LIST: GlobalBuiltin[] = [
  { name: 'Position', storage: OUT },
  { name: 'PointSize', storage: OUT },
  { name: 'FragCoord', storage: IN },
  { name: 'PointCoord', storage: IN },
  { name: 'FrontFacing', storage: IN },
  { name: 'SampleId', storage: IN, capability: Capability.SampleRateShading },
  { name: 'SamplePosition', storage: IN, capability: Capability.SampleRateShading },
  { name: 'HelperInvocation', storage: IN },
  { name: 'NumWorkgroups', storage: IN },
  { name: 'WorkgroupId', storage: IN },
  { name: 'LocalInvocationId', storage: IN },
  { name: 'GlobalInvocationId', storage: IN },
  { name: 'LocalInvocationIndex', storage: IN },
  { name: 'VertexIndex', storage: IN },
  { name: 'InstanceIndex', storage: IN },
  { name: 'BaseVertex', storage: IN, capability: Capability.DrawParameters, extension: 'SPV_KHR_shader_draw_parameters' },
  { name: 'BaseInstance', storage: IN, capability: Capability.DrawParameters, extension: 'SPV_KHR_shader_draw_parameters' },
  { name: 'DrawIndex', storage: IN, capability: Capability.DrawParameters, extension: 'SPV_KHR_shader_draw_parameters' },
  { name: 'FragStencilRefEXT', storage: OUT, capability: Capability.StencilExportEXT, extension: 'SPV_EXT_shader_stencil_export' },
  { name: 'ViewIndex', storage: IN, capability: Capability.MultiView, extension: 'SPV_KHR_multiview' },
];

/** By builtin number. */
export const GLOBAL_BUILTINS: Readonly<Record<number, GlobalBuiltin>> = Object.fromEntries(LIST.map((b) => [BuiltIn[b.name], b]));
