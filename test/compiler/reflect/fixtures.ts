// The compiled fixtures shared by the reflection tests, with the glslangValidator options each needs.
export interface CompiledFixture {
  file: string;
  args: string[];
}

const hlsl = (stage: string, ...extra: string[]) => ['-D', '-V', '-S', stage, '-e', 'main', ...extra];

export const compiledFixtures: CompiledFixture[] = [
  { file: 'hlsl/cbuffer_layout.hlsl', args: hlsl('comp') },
  { file: 'hlsl/resources.hlsl', args: hlsl('comp') },
  { file: 'hlsl/vertex.hlsl', args: hlsl('vert', '-fhlsl_functionality1') },
  { file: 'hlsl/pixel.hlsl', args: hlsl('frag', '-fhlsl_functionality1', '--hlsl-enable-16bit-types') },
  { file: 'glsl/std140.comp', args: ['-V'] },
  { file: 'glsl/std430.comp', args: ['-V'] },
  { file: 'glsl/scalar.comp', args: ['-V'] },
  { file: 'glsl/graphics.vert', args: ['-V'] },
  { file: 'glsl/shadow.frag', args: ['-V'] },
];

/** Hand-written modules for what glslang does not emit, with the SPIR-V version they target. */
export const assembledFixtures = [
  { file: 'spvasm/hlsl_buffer_blocks.spvasm', targetEnv: 'spv1.0' },
  { file: 'spvasm/local_size_id.spvasm', targetEnv: 'spv1.4' },
  { file: 'spvasm/workgroup_size_builtin.spvasm', targetEnv: 'spv1.0' },
] as const;
