// Descriptor bindings and push-constant blocks: the global variables in the UniformConstant, Uniform,
// StorageBuffer and PushConstant storage classes.
import { Decoration, Dim, StorageClass } from '../spirv-spec/spec.js';
import type { Instruction } from './binary.js';
import { dimOf, imageFormatName } from './enum-names.js';
import type { LayoutBuilder } from './layout.js';
import type { GlobalVariable, SpirvModule } from './module.js';
import { scalarKindOf } from './scalars.js';
import type { TypeDef } from './type-table.js';
import type { DescriptorBinding, DescriptorKind, ImageInfo, PushConstantBlock, ScalarKind, StructType } from './types.js';
import type { Usage } from './usage.js';

const descriptorStorageClasses: ReadonlySet<number> = new Set([
  StorageClass.UniformConstant,
  StorageClass.Uniform,
  StorageClass.StorageBuffer,
]);

const sampledTypeOf: ReadonlyMap<ScalarKind, ImageInfo['sampledType']> = new Map<ScalarKind, ImageInfo['sampledType']>([
  ['f32', 'float'],
  ['i32', 'int'],
  ['u32', 'uint'],
  ['f16', 'f16'],
  ['i64', 'i64'],
  ['u64', 'u64'],
]);

/** OpTypeImage `Depth` operand. */
const depthOf: ReadonlyMap<number, ImageInfo['depth']> = new Map<number, ImageInfo['depth']>([
  [0, false],
  [1, true],
  [2, 'unknown'],
]);

/** OpTypeImage `Sampled` operand: 1 = used with a sampler, 2 = storage (read/write) image. */
const SAMPLED_WITH_SAMPLER = 1;
const STORAGE_IMAGE = 2;

type Access = DescriptorBinding['access'];

/** Blocks of the PushConstant storage class, or (`ShaderRecordBufferKHR`) the ray-tracing shader records. */
export function reflectPushConstants(module: SpirvModule, layout: LayoutBuilder, usage: Usage, storageClass: number = StorageClass.PushConstant): PushConstantBlock[] {
  const blocks: PushConstantBlock[] = [];
  for (const variable of module.variables.values()) {
    if (variable.storageClass !== storageClass) continue;
    const inst: Instruction = variable.inst;
    const { def } = module.types.get(variable.typeId, inst);
    if (def.op !== 'struct') inst.fail(`a ${storageClass === StorageClass.PushConstant ? 'push constant' : 'shader record'} variable must point to a struct`);
    const block = layout.structOf(variable.typeId, def.members, inst);
    blocks.push({ name: variableName(module, variable, block), block, usedBy: usage.usedBy(variable.id) });
  }
  return blocks;
}

export function reflectBindings(module: SpirvModule, layout: LayoutBuilder, usage: Usage): DescriptorBinding[] {
  const bindings: DescriptorBinding[] = [];
  for (const variable of module.variables.values()) {
    if (!descriptorStorageClasses.has(variable.storageClass)) continue;
    const binding = describeBinding(module, layout, usage, variable);
    const same = bindings.find((other) => sameDescriptor(other, binding));
    if (same === undefined) bindings.push(binding);
    else mergeInto(same, binding);
  }
  return bindings.sort((a, b) => a.set - b.set || a.binding - b.binding || a.name.localeCompare(b.name));
}

function describeBinding(
  module: SpirvModule,
  layout: LayoutBuilder,
  usage: Usage,
  variable: GlobalVariable,
): DescriptorBinding {
  const { decorations, types } = module;
  const inst: Instruction = variable.inst;
  const binding = decorations.literal(variable.id, Decoration.Binding);
  const set = decorations.literal(variable.id, Decoration.DescriptorSet);
  if (binding === undefined || set === undefined) {
    inst.fail(`resource variable %${variable.id} lacks a ${binding === undefined ? 'Binding' : 'DescriptorSet'} decoration`);
  }

  // Arrays of descriptors: multiply the lengths of nested arrays; a runtime array makes the count 0.
  let count = 1;
  let elementId = variable.typeId;
  for (let def = types.get(elementId, inst).def; def.op === 'array' || def.op === 'runtime-array'; ) {
    count *= def.op === 'array' ? layout.arrayLength(def.lengthId, inst) : 0;
    elementId = def.element;
    def = types.get(elementId, inst).def;
  }
  const element = types.get(elementId, inst).def;
  const usedBy = usage.usedBy(variable.id);

  if (element.op === 'struct') {
    const kind = bufferKind(module, variable, elementId, inst);
    const block = layout.structOf(elementId, element.members, inst);
    const access = kind === 'uniform-buffer' ? 'read' : bufferAccess(module, variable.id, elementId, element.members.length);
    return { name: variableName(module, variable, block), set, binding, kind, count, access, block, usedBy };
  }

  const name = module.names.get(variable.id) ?? '';
  if (variable.storageClass !== StorageClass.UniformConstant) {
    inst.fail(`a ${element.op} resource must be in the UniformConstant storage class`);
  }
  switch (element.op) {
    case 'sampler':
      return { name, set, binding, kind: 'sampler', count, access: 'read', comparison: usedForComparison(module, variable), usedBy };
    case 'sampled-image': {
      const image = imageInfo(module, element.image, inst);
      const kind: DescriptorKind = image.dim === 'buffer' ? 'uniform-texel-buffer' : 'combined-image-sampler';
      const comparison = image.depth === true || usedForComparison(module, variable);
      return { name, set, binding, kind, count, access: 'read', image, comparison, usedBy };
    }
    case 'image': {
      const image = imageInfo(module, elementId, inst);
      const kind = imageKind(element, inst);
      const access = kind === 'storage-image' || kind === 'storage-texel-buffer' ? imageAccess(module, variable.id) : 'read';
      return { name, set, binding, kind, count, access, image, usedBy };
    }
    case 'acceleration-structure':
      return { name, set, binding, kind: 'acceleration-structure', count, access: 'read', usedBy };
    default:
      return inst.fail(`a UniformConstant variable of type ${element.op} is not a descriptor the reader knows`);
  }
}

function bufferKind(module: SpirvModule, variable: GlobalVariable, structId: number, inst: Instruction): DescriptorKind {
  const { decorations } = module;
  if (variable.storageClass === StorageClass.StorageBuffer) return 'storage-buffer';
  if (variable.storageClass === StorageClass.Uniform) {
    // BufferBlock in Uniform is the pre-SPIR-V-1.3 spelling of a storage buffer (DXC's default).
    if (decorations.has(structId, Decoration.BufferBlock)) return 'storage-buffer';
    if (decorations.has(structId, Decoration.Block)) return 'uniform-buffer';
  }
  return inst.fail(`struct %${structId} of a buffer variable is decorated neither Block nor BufferBlock`);
}

/** NonWritable/NonReadable on the variable, or on every member of its block. */
function bufferAccess(module: SpirvModule, variableId: number, structId: number, memberCount: number): Access {
  const { decorations } = module;
  const marked = (decoration: number): boolean =>
    decorations.has(variableId, decoration) ||
    (memberCount > 0 &&
      Array.from({ length: memberCount }, (_, i) => i).every((i) => decorations.member(structId, i, decoration) !== undefined));
  if (marked(Decoration.NonWritable)) return 'read';
  if (marked(Decoration.NonReadable)) return 'write';
  return 'read-write';
}

function imageAccess(module: SpirvModule, variableId: number): Access {
  if (module.decorations.has(variableId, Decoration.NonWritable)) return 'read';
  if (module.decorations.has(variableId, Decoration.NonReadable)) return 'write';
  return 'read-write';
}

function imageKind(image: Extract<TypeDef, { op: 'image' }>, inst: Instruction): DescriptorKind {
  if (image.dim === Dim.SubpassData) return 'input-attachment';
  const buffer = image.dim === Dim.Buffer;
  if (image.sampled === STORAGE_IMAGE) return buffer ? 'storage-texel-buffer' : 'storage-image';
  if (image.sampled === SAMPLED_WITH_SAMPLER) return buffer ? 'uniform-texel-buffer' : 'sampled-image';
  return inst.fail(`image Sampled operand ${image.sampled} is not 1 (sampled) or 2 (storage), as Vulkan requires`);
}

function imageInfo(module: SpirvModule, imageId: number, inst: Instruction): ImageInfo {
  const { def } = module.types.get(imageId, inst);
  if (def.op !== 'image') inst.fail(`%${imageId} is not an image type`);
  const dim = dimOf.get(def.dim);
  const depth = depthOf.get(def.depth);
  const format = imageFormatName.get(def.format);
  const scalar = scalarKindOf(module.types.get(def.sampledType, inst).def);
  const sampledType = scalar === undefined ? undefined : sampledTypeOf.get(scalar);
  if (dim === undefined) inst.fail(`image Dim ${def.dim} is not one the reader knows`);
  if (depth === undefined) inst.fail(`image Depth operand ${def.depth} is not 0, 1 or 2`);
  if (format === undefined) inst.fail(`image format ${def.format} is not one the reader knows`);
  if (sampledType === undefined) inst.fail(`image sampled type %${def.sampledType} is not a 32-bit, f16 or 64-bit integer scalar`);
  return { dim, arrayed: def.arrayed, multisampled: def.multisampled, depth, format, sampledType };
}

function usedForComparison(module: SpirvModule, variable: GlobalVariable): boolean {
  return module.bodies.comparisonSources.has(variable.id);
}

/** The declared name; a nameless block variable (glslang's HLSL cbuffers) takes its struct's name. */
function variableName(module: SpirvModule, variable: GlobalVariable, block: StructType): string {
  const name = module.names.get(variable.id);
  return name === undefined || name === '' ? block.name : name;
}

/**
 * Two variables for one descriptor (glslang declares a texture again for each way it is sampled):
 * the same name, slot, kind and count. They are reported once.
 */
function sameDescriptor(a: DescriptorBinding, b: DescriptorBinding): boolean {
  return (
    a.name === b.name &&
    a.set === b.set &&
    a.binding === b.binding &&
    a.kind === b.kind &&
    a.count === b.count &&
    JSON.stringify(a.image) === JSON.stringify(b.image) &&
    JSON.stringify(a.block) === JSON.stringify(b.block)
  );
}

function mergeInto(target: DescriptorBinding, other: DescriptorBinding): void {
  for (const name of other.usedBy) if (!target.usedBy.includes(name)) target.usedBy.push(name);
  if (target.access !== other.access) target.access = 'read-write';
  if (other.comparison === true) target.comparison = true;
}
