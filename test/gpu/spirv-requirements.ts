// What a SPIR-V module needs from a Vulkan 1.3 device: the device features
// behind its OpCapability list and the device extensions behind its
// OpExtension list (Vulkan spec, appendix "Shader capabilities and
// extensions"), plus its entry points for early, readable errors.

/** SPIR-V capability number → name and the Vulkan feature booleans it needs (empty: always available). */
export const CAPABILITY_FEATURES: ReadonlyMap<number, { name: string; features: readonly string[] }> = new Map(
  (
    [
      [0, 'Matrix', []],
      [1, 'Shader', []],
      [2, 'Geometry', ['geometryShader']],
      [3, 'Tessellation', ['tessellationShader']],
      [9, 'Float16', ['shaderFloat16']],
      [10, 'Float64', ['shaderFloat64']],
      [11, 'Int64', ['shaderInt64']],
      [12, 'Int64Atomics', ['shaderBufferInt64Atomics']],
      [22, 'Int16', ['shaderInt16']],
      [23, 'TessellationPointSize', ['shaderTessellationAndGeometryPointSize']],
      [24, 'GeometryPointSize', ['shaderTessellationAndGeometryPointSize']],
      [25, 'ImageGatherExtended', ['shaderImageGatherExtended']],
      [27, 'StorageImageMultisample', ['shaderStorageImageMultisample']],
      [28, 'UniformBufferArrayDynamicIndexing', ['shaderUniformBufferArrayDynamicIndexing']],
      [29, 'SampledImageArrayDynamicIndexing', ['shaderSampledImageArrayDynamicIndexing']],
      [30, 'StorageBufferArrayDynamicIndexing', ['shaderStorageBufferArrayDynamicIndexing']],
      [31, 'StorageImageArrayDynamicIndexing', ['shaderStorageImageArrayDynamicIndexing']],
      [32, 'ClipDistance', ['shaderClipDistance']],
      [33, 'CullDistance', ['shaderCullDistance']],
      [34, 'ImageCubeArray', ['imageCubeArray']],
      [35, 'SampleRateShading', ['sampleRateShading']],
      [39, 'Int8', ['shaderInt8']],
      [40, 'InputAttachment', []],
      [41, 'SparseResidency', ['shaderResourceResidency']],
      [42, 'MinLod', ['shaderResourceMinLod']],
      [43, 'Sampled1D', []],
      [44, 'Image1D', []],
      [45, 'SampledCubeArray', ['imageCubeArray']],
      [46, 'SampledBuffer', []],
      [47, 'ImageBuffer', []],
      [48, 'ImageMSArray', ['shaderStorageImageMultisample']],
      [49, 'StorageImageExtendedFormats', ['shaderStorageImageExtendedFormats']],
      [50, 'ImageQuery', []],
      [51, 'DerivativeControl', []],
      [52, 'InterpolationFunction', ['sampleRateShading']],
      [55, 'StorageImageReadWithoutFormat', ['shaderStorageImageReadWithoutFormat']],
      [56, 'StorageImageWriteWithoutFormat', ['shaderStorageImageWriteWithoutFormat']],
      [57, 'MultiViewport', ['multiViewport']],
      // Subgroup operations depend on device properties, which the validation layer checks.
      [61, 'GroupNonUniform', []],
      [62, 'GroupNonUniformVote', []],
      [63, 'GroupNonUniformArithmetic', []],
      [64, 'GroupNonUniformBallot', []],
      [65, 'GroupNonUniformShuffle', []],
      [66, 'GroupNonUniformShuffleRelative', []],
      [67, 'GroupNonUniformClustered', []],
      [68, 'GroupNonUniformQuad', []],
      // VK_NV_shader_subgroup_partitioned: a subgroup operation too (the layer checks the partitioned bit).
      [5297, 'GroupNonUniformPartitionedNV', []],
      [69, 'ShaderLayer', ['shaderOutputLayer']],
      [70, 'ShaderViewportIndex', ['shaderOutputViewportIndex']],
      [4427, 'DrawParameters', ['shaderDrawParameters']],
      // Extension features (test/gpu/runner/extension-features.c): enabled with the named extension only.
      [4472, 'RayQueryKHR', ['rayQuery']],
      // Compute derivative groups: the NV or KHR feature struct, whichever extension the module declares.
      [5288, 'ComputeDerivativeGroupQuadsKHR', ['computeDerivativeGroupQuads']],
      [5350, 'ComputeDerivativeGroupLinearKHR', ['computeDerivativeGroupLinear']],
      [4479, 'RayTracingKHR', ['rayTracingPipeline']],
      [5283, 'MeshShadingEXT', ['meshShader']],
      [4433, 'StorageBuffer16BitAccess', ['storageBuffer16BitAccess']],
      [4434, 'UniformAndStorageBuffer16BitAccess', ['uniformAndStorageBuffer16BitAccess']],
      [4435, 'StoragePushConstant16', ['storagePushConstant16']],
      [4436, 'StorageInputOutput16', ['storageInputOutput16']],
      [4437, 'DeviceGroup', []],
      [4439, 'MultiView', ['multiview']],
      [4441, 'VariablePointersStorageBuffer', ['variablePointersStorageBuffer']],
      [4442, 'VariablePointers', ['variablePointers']],
      [4448, 'StorageBuffer8BitAccess', ['storageBuffer8BitAccess']],
      [4449, 'UniformAndStorageBuffer8BitAccess', ['uniformAndStorageBuffer8BitAccess']],
      [4450, 'StoragePushConstant8', ['storagePushConstant8']],
      // Float controls are properties (checked by the layer), not features.
      [4464, 'DenormPreserve', []],
      [4465, 'DenormFlushToZero', []],
      [4466, 'SignedZeroInfNanPreserve', []],
      [4467, 'RoundingModeRTE', []],
      [4468, 'RoundingModeRTZ', []],
      [5013, 'StencilExportEXT', []],
      // VK_EXT_conservative_rasterization's fullyCoveredFragmentShaderInputVariable is a property, not a feature.
      [5265, 'FragmentFullyCoveredEXT', []],
      [5254, 'ShaderViewportIndexLayerEXT', ['shaderOutputViewportIndex', 'shaderOutputLayer']],
      [5301, 'ShaderNonUniform', []],
      [5302, 'RuntimeDescriptorArray', ['runtimeDescriptorArray']],
      [5303, 'InputAttachmentArrayDynamicIndexing', ['shaderInputAttachmentArrayDynamicIndexing']],
      [5304, 'UniformTexelBufferArrayDynamicIndexing', ['shaderUniformTexelBufferArrayDynamicIndexing']],
      [5305, 'StorageTexelBufferArrayDynamicIndexing', ['shaderStorageTexelBufferArrayDynamicIndexing']],
      [5306, 'UniformBufferArrayNonUniformIndexing', ['shaderUniformBufferArrayNonUniformIndexing']],
      [5307, 'SampledImageArrayNonUniformIndexing', ['shaderSampledImageArrayNonUniformIndexing']],
      [5308, 'StorageBufferArrayNonUniformIndexing', ['shaderStorageBufferArrayNonUniformIndexing']],
      [5309, 'StorageImageArrayNonUniformIndexing', ['shaderStorageImageArrayNonUniformIndexing']],
      [5310, 'InputAttachmentArrayNonUniformIndexing', ['shaderInputAttachmentArrayNonUniformIndexing']],
      [5311, 'UniformTexelBufferArrayNonUniformIndexing', ['shaderUniformTexelBufferArrayNonUniformIndexing']],
      [5312, 'StorageTexelBufferArrayNonUniformIndexing', ['shaderStorageTexelBufferArrayNonUniformIndexing']],
      [5345, 'VulkanMemoryModel', ['vulkanMemoryModel']],
      [5346, 'VulkanMemoryModelDeviceScope', ['vulkanMemoryModelDeviceScope']],
      [5347, 'PhysicalStorageBufferAddresses', ['bufferDeviceAddress']],
      // VK_KHR_shader_clock: subgroup-scope reads; device-scope ones also need shaderDeviceClock.
      [5055, 'ShaderClockKHR', ['shaderSubgroupClock']],
      [5378, 'FragmentShaderPixelInterlockEXT', ['fragmentShaderPixelInterlock']],
      // VK_KHR_fragment_shader_barycentric: PerVertexKHR inputs and BaryCoordKHR.
      [5284, 'FragmentBarycentricKHR', ['fragmentShaderBarycentric']],
      // VK_KHR_cooperative_matrix (test/gpu/runner/coopmat.c lists the shapes a driver offers).
      [6022, 'CooperativeMatrixKHR', ['cooperativeMatrix']],
      [5379, 'DemoteToHelperInvocation', ['shaderDemoteToHelperInvocation']],
      [6016, 'DotProductInputAll', ['shaderIntegerDotProduct']],
      [6017, 'DotProductInput4x8Bit', ['shaderIntegerDotProduct']],
      [6018, 'DotProductInput4x8BitPacked', ['shaderIntegerDotProduct']],
      [6019, 'DotProduct', ['shaderIntegerDotProduct']],
    ] as const
  ).map(([id, name, features]) => [id, { name, features }]),
);

/** SPIR-V extension → Vulkan device extension to enable (null: core in Vulkan 1.3). */
export const EXTENSION_DEVICE_EXTENSIONS: ReadonlyMap<string, string | null> = new Map([
  ['SPV_KHR_storage_buffer_storage_class', null],
  ['SPV_KHR_16bit_storage', null],
  ['SPV_KHR_8bit_storage', null],
  ['SPV_KHR_variable_pointers', null],
  ['SPV_KHR_shader_draw_parameters', null],
  ['SPV_KHR_multiview', null],
  ['SPV_KHR_device_group', null],
  ['SPV_KHR_float_controls', null],
  ['SPV_KHR_vulkan_memory_model', null],
  ['SPV_KHR_physical_storage_buffer', null],
  ['SPV_EXT_descriptor_indexing', null],
  ['SPV_EXT_shader_viewport_index_layer', null],
  ['SPV_KHR_non_semantic_info', null],
  ['SPV_EXT_demote_to_helper_invocation', null],
  ['SPV_KHR_terminate_invocation', null],
  ['SPV_KHR_integer_dot_product', null],
  ['SPV_GOOGLE_hlsl_functionality1', 'VK_GOOGLE_hlsl_functionality1'],
  ['SPV_GOOGLE_decorate_string', 'VK_GOOGLE_decorate_string'],
  ['SPV_GOOGLE_user_type', 'VK_GOOGLE_user_type'],
  ['SPV_EXT_shader_stencil_export', 'VK_EXT_shader_stencil_export'],
  ['SPV_EXT_fragment_fully_covered', 'VK_EXT_conservative_rasterization'],
  ['SPV_KHR_subgroup_uniform_control_flow', 'VK_KHR_shader_subgroup_uniform_control_flow'],
  ['SPV_KHR_fragment_shader_barycentric', 'VK_KHR_fragment_shader_barycentric'],
  ['SPV_EXT_fragment_shader_interlock', 'VK_EXT_fragment_shader_interlock'],
  ['SPV_EXT_shader_atomic_float_add', 'VK_EXT_shader_atomic_float'],
  ['SPV_KHR_shader_clock', 'VK_KHR_shader_clock'],
  ['SPV_EXT_mesh_shader', 'VK_EXT_mesh_shader'],
  ['SPV_KHR_ray_query', 'VK_KHR_ray_query'],
  ['SPV_KHR_ray_tracing', 'VK_KHR_ray_tracing_pipeline'],
  ['SPV_KHR_cooperative_matrix', 'VK_KHR_cooperative_matrix'],
  ['SPV_KHR_maximal_reconvergence', 'VK_KHR_shader_maximal_reconvergence'],
  ['SPV_NV_compute_shader_derivatives', 'VK_NV_compute_shader_derivatives'],
  ['SPV_KHR_compute_shader_derivatives', 'VK_KHR_compute_shader_derivatives'],
  ['SPV_NV_shader_subgroup_partitioned', 'VK_NV_shader_subgroup_partitioned'],
]);

/**
 * Features an extension's execution modes need, which no capability names: MaximallyReconvergesKHR
 * needs shaderMaximalReconvergence (enabled only with the extension, test/gpu/runner/extension-features.c).
 */
const EXTENSION_FEATURES: ReadonlyMap<string, readonly string[]> = new Map([['SPV_KHR_maximal_reconvergence', ['shaderMaximalReconvergence']]]);

/** SPIR-V execution models of the stages the harness runs. */
export const EXECUTION_MODELS = { vertex: 0, fragment: 4, compute: 5, geometry: 3, tessellationControl: 1, tessellationEvaluation: 2, task: 5364, mesh: 5365 } as const;

/** Features a stage needs beyond its module's capabilities (MeshShadingEXT covers both mesh stages). */
export const STAGE_FEATURES: Partial<Record<StageName, readonly string[]>> = { task: ['taskShader'] };
export type StageName = keyof typeof EXECUTION_MODELS;


export interface SpirvRequirements {
  readonly features: string[];
  readonly extensions: string[];
  readonly entryPoints: { name: string; executionModel: number }[];
}

const SPIRV_MAGIC = 0x07230203;
const OP_EXTENSION = 10;
const OP_ENTRY_POINT = 15;
const OP_CAPABILITY = 17;
// Capabilities, extensions, entry points and execution modes all precede the debug section.
const OP_EXECUTION_MODE = 16;
const OP_EXECUTION_MODE_ID = 331;
/** Execution modes (by OpExecutionModeId) that need a feature no capability names: LocalSizeId needs maintenance4. */
const MODE_ID_FEATURES: ReadonlyMap<number, readonly string[]> = new Map([[38, ['maintenance4']]]);
/** The opcodes of the sections up to the execution modes (the first other one ends the scan). */
const HEADER_OPCODES: ReadonlySet<number> = new Set([OP_CAPABILITY, OP_EXTENSION, 11, 14, OP_ENTRY_POINT, OP_EXECUTION_MODE, OP_EXECUTION_MODE_ID]);

/** SPIR-V as 32-bit words (accepts the raw bytes of a .spv file too). */
export function spirvWords(spirv: Uint32Array | Uint8Array): Uint32Array {
  if (spirv instanceof Uint32Array) return spirv;
  if (spirv.byteLength % 4 !== 0) throw new Error(`SPIR-V byte length ${spirv.byteLength} is not a multiple of 4`);
  const copy = new Uint8Array(spirv); // aligned copy
  return new Uint32Array(copy.buffer, 0, copy.byteLength / 4);
}

function literalString(words: Uint32Array, start: number, end: number): string {
  const bytes = new Uint8Array(words.buffer, words.byteOffset + start * 4, (end - start) * 4);
  const nul = bytes.indexOf(0);
  return new TextDecoder().decode(bytes.subarray(0, nul < 0 ? bytes.length : nul));
}

export function readRequirements(spirv: Uint32Array): SpirvRequirements {
  if (spirv.length < 5 || spirv[0] !== SPIRV_MAGIC) throw new Error('not a SPIR-V module (bad magic number)');
  const features = new Set<string>();
  const extensions = new Set<string>();
  const entryPoints: { name: string; executionModel: number }[] = [];
  for (let at = 5; at < spirv.length; ) {
    const count = spirv[at]! >>> 16;
    const opcode = spirv[at]! & 0xffff;
    if (count === 0 || at + count > spirv.length) throw new Error(`malformed SPIR-V instruction at word ${at}`);
    if (!HEADER_OPCODES.has(opcode)) break;
    if (opcode === OP_EXECUTION_MODE_ID) MODE_ID_FEATURES.get(spirv[at + 2]!)?.forEach((f) => features.add(f));
    if (opcode === OP_CAPABILITY) {
      const id = spirv[at + 1]!;
      const capability = CAPABILITY_FEATURES.get(id);
      if (!capability) {
        throw new Error(`OpCapability ${id} has no Vulkan feature mapping in test/gpu/spirv-requirements.ts`);
      }
      capability.features.forEach((f) => features.add(f));
    } else if (opcode === OP_EXTENSION) {
      const name = literalString(spirv, at + 1, at + count);
      const deviceExtension = EXTENSION_DEVICE_EXTENSIONS.get(name);
      if (deviceExtension === undefined) {
        throw new Error(`OpExtension "${name}" has no Vulkan device extension mapping in test/gpu/spirv-requirements.ts`);
      }
      if (deviceExtension) extensions.add(deviceExtension);
      EXTENSION_FEATURES.get(name)?.forEach((f) => features.add(f));
    } else if (opcode === OP_ENTRY_POINT) {
      entryPoints.push({ executionModel: spirv[at + 1]!, name: literalString(spirv, at + 3, at + count) });
    }
    at += count;
  }
  return { features: [...features], extensions: [...extensions], entryPoints };
}

/** Throws a readable error unless the module has `entry` for `stage`. */
export function checkEntryPoint(requirements: SpirvRequirements, stage: StageName, entry: string): void {
  const model = EXECUTION_MODELS[stage];
  if (requirements.entryPoints.some((e) => e.name === entry && e.executionModel === model)) return;
  const listed = requirements.entryPoints.map((e) => `${e.name} (execution model ${e.executionModel})`).join(', ');
  throw new Error(`no ${stage} entry point '${entry}' (execution model ${model}) in module; it has: ${listed || 'none'}`);
}
