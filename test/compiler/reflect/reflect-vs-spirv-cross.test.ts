// Every compiled fixture is reflected and compared, fact by fact, with spirv-cross's JSON reflection
// of the same binary (read at test time) and, for what spirv-cross leaves out (built-ins, semantics,
// interpolation), with spirv-dis's disassembly.
import { beforeAll, describe, expect, it } from 'vitest';
import { reflect } from '../../../compiler/reflect/index.js';
import type { DescriptorBinding, LayoutType, Reflection, StructType } from '../../../compiler/reflect/types.js';
import { descriptorKindOf, glslTypeName, imagePropertiesOf, stageOfMode, stageOfModel } from './spirv-cross-names.js';
import { compiledFixtures } from './fixtures.js';
import { type CrossResource, type SpirvCrossReflection, disassemble, spirvCrossReflection } from '../../helpers/tools.js';
import { compileFixture } from './tools.js';

const resourceCategories = [
  'ubos',
  'ssbos',
  'textures',
  'separate_images',
  'separate_samplers',
  'images',
  'subpass_inputs',
  'acceleration_structures',
] as const;

describe.each(compiledFixtures)('$file ($compiler)', (fixture) => {
  let ours: Reflection;
  let cross: SpirvCrossReflection;
  let disassembly: string;
  let hlsl: boolean;

  beforeAll(() => {
    const module = compileFixture(fixture);
    ours = reflect(module.words);
    cross = spirvCrossReflection(module.path);
    disassembly = disassemble(module.path);
    hlsl = /^OpSource HLSL/m.test(disassembly);
  });

  it('reports the source language OpSource declares', () => {
    expect(ours.sourceLanguage).toBe(hlsl ? 'HLSL' : 'GLSL');
  });

  it('matches the entry points and workgroup sizes', () => {
    // Debian's spirv-cross predates SPV_EXT_mesh_shader ('???'): those stages come from the disassembly.
    expect(ours.entryPoints.map((e) => [e.name, e.stage])).toEqual(
      cross.entryPoints.map((e) => [e.name, stageOfMode[e.mode] ?? stageOfModel(disassembly, e.name)]),
    );
    for (const crossEntry of cross.entryPoints) {
      const entry = ours.entryPoints.find((e) => e.name === crossEntry.name)!;
      if (stageOfMode[crossEntry.mode] === undefined) {
        // A stage spirv-cross does not know: the size from the disassembly's LocalSize.
        const id = new RegExp(`OpEntryPoint \\w+ (%\\S+) "${crossEntry.name}"`).exec(disassembly)?.[1];
        const size = new RegExp(`OpExecutionMode ${id} LocalSize (\\d+) (\\d+) (\\d+)`).exec(disassembly)?.slice(1).map(Number);
        expect(entry.workgroupSize && [entry.workgroupSize.x, entry.workgroupSize.y, entry.workgroupSize.z]).toEqual(size);
        continue;
      }
      if (crossEntry.workgroup_size === undefined) {
        expect(entry.workgroupSize).toBeUndefined();
        continue;
      }
      (['x', 'y', 'z'] as const).forEach((axis, i) => {
        // spirv-cross gives the spec constant id in place of the size when the size is specializable.
        if (crossEntry.workgroup_size_is_spec_constant_id?.[i]) {
          expect(entry.workgroupSize?.specIds?.[axis]).toBe(crossEntry.workgroup_size![i]);
        } else {
          expect(entry.workgroupSize?.[axis]).toBe(crossEntry.workgroup_size![i]);
          expect(entry.workgroupSize?.specIds?.[axis]).toBeUndefined();
        }
      });
    }
  });

  // spirv-cross names a buffer by its block (struct) name, other resources by the variable's name; for
  // DXC-style storage buffers (`type_RWStructuredBuffer_float`) it uses the variable's name. A binding
  // is identified by set/binding/kind, and its name must be one of the two.
  const crossNames = (b: DescriptorBinding) => [b.name, b.block?.name].filter((n): n is string => !!n);
  const slot = (set: number, binding: number, kind: string) => `${set}/${binding} ${kind}`;

  it('lists the same descriptor bindings', () => {
    const crossKeys = resourceCategories.flatMap((category) =>
      (cross[category] ?? []).map((r) => slot(r.set!, r.binding!, descriptorKindOf(category, r.type))),
    );
    const ourKeys = ours.bindings.map((b) => slot(b.set, b.binding, b.kind));
    expect(new Set(ourKeys)).toEqual(new Set(crossKeys));
    for (const category of resourceCategories) {
      for (const r of cross[category] ?? []) {
        const named = ours.bindings.filter((b) => slot(b.set, b.binding, b.kind) === slot(r.set!, r.binding!, descriptorKindOf(category, r.type)));
        expect(named.some((b) => crossNames(b).includes(r.name)), `${category} ${r.name}`).toBe(true);
      }
    }
  });

  it('matches counts, access, images and block layouts of every binding', () => {
    for (const category of resourceCategories) {
      for (const resource of cross[category] ?? []) {
        const kind = descriptorKindOf(category, resource.type);
        const candidates = ours.bindings.filter(
          (b) => crossNames(b).includes(resource.name) && b.set === resource.set && b.binding === resource.binding && b.kind === kind,
        );
        expect(candidates.length, `${category} ${resource.name}`).toBeGreaterThan(0);
        for (const binding of candidates) expectBindingMatches(binding, category, resource);
      }
    }
  });

  it('matches push constant blocks', () => {
    const crossBlocks = cross.push_constants ?? [];
    expect(ours.pushConstants.map((p) => p.name)).toEqual(crossBlocks.map((p) => p.name));
    crossBlocks.forEach((crossBlock, i) => expectStructMatches(ours.pushConstants[i]!.block, crossBlock.type, crossBlock.name));
  });

  it('matches stage inputs and outputs with locations', () => {
    for (const [ourList, crossList] of [
      [ours.entryPoints[0]!.inputs, cross.inputs ?? []],
      [ours.entryPoints[0]!.outputs, cross.outputs ?? []],
    ] as const) {
      const located = ourList.filter((v) => v.location !== undefined);
      expect(located.map((v) => v.name).sort()).toEqual(crossList.map((v) => v.name).sort());
      for (const crossVariable of crossList) {
        const variable = located.find((v) => v.name === crossVariable.name)!;
        expect(variable.location).toBe(crossVariable.location);
        // Per-vertex and per-primitive mesh outputs are arrays: spirv-cross gives element type and sizes.
        const type = variable.type.kind === 'array' ? variable.type.element : variable.type;
        expect(glslTypeName(type, hlsl)).toBe(crossVariable.type);
        if (variable.type.kind === 'array') expect([variable.type.length]).toEqual(crossVariable.array);
      }
    }
  });

  it('matches built-ins, components, semantics and interpolation with the disassembly', () => {
    const entry = ours.entryPoints[0]!;
    const all = [...entry.inputs.map((v) => [v, 'Input'] as const), ...entry.outputs.map((v) => [v, 'Output'] as const)];
    for (const [variable, storage] of all) {
      const decorations = stageVariableDecorations(disassembly, variable.name, storage);
      expect(variable.builtin).toBe(decorations.builtin);
      expect(variable.component).toBe(decorations.component);
      expect(variable.semantic).toBe(decorations.semantic);
      expect(variable.interpolation ?? []).toEqual(decorations.interpolation);
    }
  });

  it('matches specialization constants', () => {
    const crossConstants = (cross.specialization_constants ?? [])
      .map((c) => ({ id: c.id, name: c.name, type: c.type, value: c.default_value }))
      .sort((a, b) => a.id - b.id);
    expect(
      ours.specConstants.map((c) => ({
        id: c.id,
        name: c.name,
        type: glslTypeName({ kind: 'scalar', scalar: c.type }, hlsl),
        value: typeof c.defaultValue === 'bigint' ? Number(c.defaultValue) : c.defaultValue,
      })),
    ).toEqual(crossConstants);
  });

  function expectBindingMatches(binding: DescriptorBinding, category: string, resource: CrossResource): void {
    const context = `${category} ${resource.name}`;
    const count = (resource.array ?? [1]).reduce((a, b) => a * b, 1);
    expect(binding.count, context).toBe(count);
    const writable = category === 'ssbos' || category === 'images';
    const access = resource.readonly ? 'read' : resource.writeonly ? 'write' : writable ? 'read-write' : 'read';
    expect(binding.access, context).toBe(access);
    if (category === 'ubos' || category === 'ssbos') {
      expect(binding.block?.size, context).toBe(resource.block_size);
      expectStructMatches(binding.block!, resource.type, context);
    }
    if (category === 'images') expect(binding.image?.format, context).toBe(resource.format);
    if (category !== 'ubos' && category !== 'ssbos' && category !== 'separate_samplers') {
      const { shadow, ...properties } = imagePropertiesOf(resource.type);
      expect(binding.image, context).toMatchObject(properties);
      if (shadow) expect(binding.comparison, context).toBe(true);
    }
  }

  function expectStructMatches(struct: StructType, crossTypeId: string, context: string): void {
    const crossType = cross.types?.[crossTypeId];
    expect(crossType, `${context}: spirv-cross type ${crossTypeId}`).toBeDefined();
    expect(struct.name, context).toBe(crossType!.name);
    // spirv-cross invents `_m<index>` for a member the module leaves unnamed; we report ''.
    expect(struct.members.map((m, i) => m.name || `_m${i}`), context).toEqual(crossType!.members.map((m) => m.name));
    struct.members.forEach((member, i) => {
      const crossMember = crossType!.members[i]!;
      const where = `${context}.${member.name}`;
      expect(member.offset, where).toBe(crossMember.offset);
      let type: LayoutType = member.type;
      const lengths: number[] = [];
      if (type.kind === 'array') expect(type.stride, where).toBe(crossMember.array_stride);
      for (; type.kind === 'array'; type = type.element) lengths.push(type.length);
      // spirv-cross lists array dimensions innermost first.
      expect(lengths.reverse(), where).toEqual(crossMember.array ?? []);
      if (type.kind === 'struct') {
        expectStructMatches(type, crossMember.type, where);
        return;
      }
      expect(glslTypeName(type, hlsl), where).toBe(crossMember.type);
      if (type.kind === 'matrix') {
        expect(type.stride, where).toBe(crossMember.matrix_stride);
        // spirv-cross reports the SPIR-V RowMajor decoration; HLSL majorness is its opposite.
        const spirvRowMajor = hlsl ? type.majorness === 'column' : type.majorness === 'row';
        expect(spirvRowMajor, where).toBe(crossMember.row_major === true);
      }
    });
  }
});

/**
 * Decorations of the Input/Output variable named `name`, read from spirv-dis's friendly-name output.
 * An unnamed builtin variable (optimised output) is the one of `storage` decorated with the builtin
 * its reflected name `gl_<BuiltIn>` gives.
 */
function stageVariableDecorations(disassembly: string, name: string, storage: 'Input' | 'Output') {
  const lines = disassembly.split('\n');
  const named = lines
    .map((line) => /^OpName (%\S+) "(.*)"$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && m[2] === name)
    .map((m) => m[1]!);
  const builtin = /^gl_(\w+)$/.exec(name)?.[1];
  const byBuiltin = builtin === undefined ? [] : lines.map((line) => new RegExp(`^OpDecorate (%\\S+) BuiltIn ${builtin}$`).exec(line)?.[1]).filter((t): t is string => t !== undefined);
  const token = [...named, ...byBuiltin].find((t) => lines.some((line) => new RegExp(`^${escape(t)} = OpVariable \\S+ ${storage}`).test(line)));
  if (token === undefined) throw new Error(`no Input/Output variable named ${name} in the disassembly`);
  const decorations = lines.filter((line) => line.startsWith(`OpDecorate ${token} `) || line.startsWith(`OpDecorateString ${token} `));
  const value = (decoration: string) =>
    decorations.map((line) => new RegExp(`^OpDecorate(?:String)? \\S+ ${decoration} (.*)$`).exec(line)?.[1]).find((v) => v !== undefined);
  const component = value('Component');
  // Without -fspv-reflect the semantic is only in DXC's variable name (`in.var.TEXCOORD0`).
  const semanticString = value('UserSemantic') ?? value('HlslSemanticGOOGLE');
  const semantic = semanticString === undefined ? /^(?:in|out)\.var\.(.+)$/.exec(name)?.[1] : (JSON.parse(semanticString) as string);
  const interpolationNames: Record<string, string> = { Flat: 'flat', NoPerspective: 'noperspective', Centroid: 'centroid', Sample: 'sample' };
  return {
    builtin: value('BuiltIn'),
    component: component === undefined ? undefined : Number(component),
    semantic,
    interpolation: Object.entries(interpolationNames)
      .filter(([decoration]) => decorations.some((line) => line === `OpDecorate ${token} ${decoration}`))
      .map(([, ourName]) => ourName),
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
