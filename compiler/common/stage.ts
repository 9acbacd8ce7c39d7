// Shader stages: vocabulary shared by every floor of the compiler (options, preprocessor, checker,
// IR, back ends and reflection), so it lives at the bottom and depends on nothing.

export type ShaderStage =
  | 'vertex'
  | 'hull'
  | 'domain'
  | 'geometry'
  | 'pixel'
  | 'compute'
  | 'mesh'
  | 'amplification'
  | 'raygeneration'
  | 'intersection'
  | 'anyhit'
  | 'closesthit'
  | 'miss'
  | 'callable'
  /** A work-graph node (SM 6.8, lib_6_8): SPV_AMDX_shader_enqueue. */
  | 'node';
