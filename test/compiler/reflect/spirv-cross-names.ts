// spirv-cross's GLSL vocabulary (type names, resource categories), translated for comparison with the
// Reflection contract. Kept apart so the comparison test reads as a list of facts.
import type { DescriptorKind, ImageInfo, LayoutType, ScalarKind, ShaderStage } from '../../../compiler/reflect/types.js';

export const stageOfMode: Record<string, ShaderStage> = {
  vert: 'vertex',
  tesc: 'hull',
  tese: 'domain',
  geom: 'geometry',
  frag: 'pixel',
  comp: 'compute',
};

/** The stage of an entry point from its OpEntryPoint execution model in spirv-dis text. */
export function stageOfModel(disassembly: string, name: string): ShaderStage | undefined {
  const model = new RegExp(`OpEntryPoint (\\w+) %\\S+ "${name}"`).exec(disassembly)?.[1];
  return model === 'MeshEXT' ? 'mesh' : model === 'TaskEXT' ? 'amplification' : undefined;
}

const scalarName: Record<ScalarKind, string> = {
  bool: 'bool',
  i8: 'int8_t',
  u8: 'uint8_t',
  i16: 'int16_t',
  u16: 'uint16_t',
  f16: 'float16_t',
  i32: 'int',
  u32: 'uint',
  f32: 'float',
  i64: 'int64_t',
  u64: 'uint64_t',
  f64: 'double',
};

const vectorPrefix: Record<ScalarKind, string> = {
  bool: 'b',
  i8: 'i8',
  u8: 'u8',
  i16: 'i16',
  u16: 'u16',
  f16: 'f16',
  i32: 'i',
  u32: 'u',
  f32: '',
  i64: 'i64',
  u64: 'u64',
  f64: 'd',
};

/**
 * The GLSL name spirv-cross gives a non-struct, non-array type. spirv-cross always speaks SPIR-V:
 * `matCxR` has C columns of R components, so an HLSL-presented matrix is transposed back first.
 */
export function glslTypeName(type: LayoutType, hlsl: boolean): string {
  switch (type.kind) {
    case 'scalar':
      return scalarName[type.scalar];
    case 'vector':
      return `${vectorPrefix[type.scalar]}vec${type.count}`;
    case 'matrix': {
      const columns = hlsl ? type.rows : type.columns;
      const rows = hlsl ? type.columns : type.rows;
      return `${vectorPrefix[type.scalar]}mat${columns}${columns === rows ? '' : `x${rows}`}`;
    }
    default:
      throw new Error(`${type.kind} has no plain GLSL name`);
  }
}

/** The Reflection descriptor kind of a spirv-cross resource list entry. */
export function descriptorKindOf(category: string, glslType: string): DescriptorKind {
  const buffer = glslType.includes('Buffer');
  switch (category) {
    case 'ubos':
      return 'uniform-buffer';
    case 'ssbos':
      return 'storage-buffer';
    case 'textures':
      return buffer ? 'uniform-texel-buffer' : 'combined-image-sampler';
    case 'separate_images':
      return buffer ? 'uniform-texel-buffer' : 'sampled-image';
    case 'separate_samplers':
      return 'sampler';
    case 'images':
      return buffer ? 'storage-texel-buffer' : 'storage-image';
    case 'subpass_inputs':
      return 'input-attachment';
    case 'acceleration_structures':
      return 'acceleration-structure';
    default:
      throw new Error(`unknown spirv-cross resource category ${category}`);
  }
}

const dimOfName: Record<string, ImageInfo['dim']> = {
  '1D': '1d',
  '2D': '2d',
  '3D': '3d',
  Cube: 'cube',
  '2DRect': 'rect',
  Buffer: 'buffer',
};

/** Image properties spelled in a GLSL image/texture/sampler type name (`usampler2DMSArray`, `subpassInput`). */
export function imagePropertiesOf(glslType: string): Pick<ImageInfo, 'dim' | 'arrayed' | 'multisampled' | 'sampledType'> & {
  shadow: boolean;
} {
  if (glslType.startsWith('subpassInput') || /^[iu]subpassInput/.test(glslType)) {
    const prefix = glslType[0] === 'i' ? 'int' : glslType[0] === 'u' ? 'uint' : 'float';
    return { dim: 'subpass', arrayed: false, multisampled: glslType.endsWith('MS'), sampledType: prefix, shadow: false };
  }
  const match = /^([iu]?)(?:sampler|texture|image)(1D|2D|3D|Cube|2DRect|Buffer)(MS)?(Array)?(Shadow)?$/.exec(glslType);
  if (match === null) throw new Error(`unrecognised GLSL image type ${glslType}`);
  const [, prefix, dim, ms, arrayed, shadow] = match;
  return {
    dim: dimOfName[dim!]!,
    multisampled: ms !== undefined,
    arrayed: arrayed !== undefined,
    sampledType: prefix === 'i' ? 'int' : prefix === 'u' ? 'uint' : 'float',
    shadow: shadow !== undefined,
  };
}
