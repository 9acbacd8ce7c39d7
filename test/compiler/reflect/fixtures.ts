// The compiled fixtures shared by the reflection tests, with the glslangValidator options each needs.
import type { CompileOptions } from '../../../compiler/index.js';
export interface CompiledFixture {
  /** Path under fixtures/reflect/ (other fixture folders via `../`). */
  file: string;
  /** glslangValidator's arguments; for `compiler: 'unplugin-hlsl'`, unused. */
  args: string[];
  /** Which compiler makes the module: glslang (default) or ours, so reflection is checked on both. */
  compiler?: 'glslang' | 'unplugin-hlsl';
  /** Options for our compiler (entry points from the fixture's `// entry:` header when it has one). */
  options?: CompileOptions;
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
  // Modules from our own compiler: one entry point each, several in one module, every resource kind.
  { file: '../shaders/slice.hlsl', args: [], compiler: 'unplugin-hlsl' },
  { file: 'hlsl/cbuffer_layout.hlsl', args: [], compiler: 'unplugin-hlsl' },
  { file: 'hlsl/vertex.hlsl', args: [], compiler: 'unplugin-hlsl', options: { entryPoints: [{ name: 'main', stage: 'vertex' }] } },
  { file: 'hlsl/pixel.hlsl', args: [], compiler: 'unplugin-hlsl', options: { entryPoints: [{ name: 'main', stage: 'pixel' }], enable16BitTypes: true } },
  // -fspv-reflect: semantics come from UserSemantic decorations instead of variable names.
  { file: 'hlsl/vertex.hlsl', args: [], compiler: 'unplugin-hlsl', options: { entryPoints: [{ name: 'main', stage: 'vertex' }], reflect: true } },
  { file: 'hlsl/pixel.hlsl', args: [], compiler: 'unplugin-hlsl', options: { entryPoints: [{ name: 'main', stage: 'pixel' }], enable16BitTypes: true, reflect: true } },
  { file: '../compiler/pbr.hlsl', args: [], compiler: 'unplugin-hlsl' },
  { file: '../compiler/skinning.hlsl', args: [], compiler: 'unplugin-hlsl' },
  { file: '../compiler/particles.hlsl', args: [], compiler: 'unplugin-hlsl' },
  // The amplification and the mesh entry point, one module each (SPV_EXT_mesh_shader needs SPIR-V 1.4).
  { file: '../compiler/meshlets.hlsl', args: [], compiler: 'unplugin-hlsl', options: { targetEnv: 'vulkan1.2', entryPoints: [{ name: 'cullMeshlets', stage: 'amplification' }] } },
  { file: '../compiler/meshlets.hlsl', args: [], compiler: 'unplugin-hlsl', options: { targetEnv: 'vulkan1.2', entryPoints: [{ name: 'drawMeshlet', stage: 'mesh' }] } },
  { file: '../resources/methods.hlsl', args: [], compiler: 'unplugin-hlsl' },
  { file: '../resources/append-consume.hlsl', args: [], compiler: 'unplugin-hlsl' },
  { file: '../resources/manual-struct-t.hlsl', args: [], compiler: 'unplugin-hlsl', options: { layoutRule: 'scalar' } },
];

/** Hand-written modules for what glslang does not emit, with the SPIR-V version they target. */
export const assembledFixtures = [
  { file: 'spvasm/hlsl_buffer_blocks.spvasm', targetEnv: 'spv1.0' },
  { file: 'spvasm/local_size_id.spvasm', targetEnv: 'spv1.4' },
  { file: 'spvasm/workgroup_size_builtin.spvasm', targetEnv: 'spv1.0' },
] as const;
