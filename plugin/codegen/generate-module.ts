// The ES module (plain JavaScript) and declaration file generated for an imported shader: its
// SPIR-V, reflection tables, descriptor layouts and one typed writer object per buffer block.

import type { EntryPoint, Reflection, StageVariable } from '../../compiler/reflect/types.js';
import { bindGroupLayouts, descriptorSetLayouts, vulkanStageFlags } from './descriptors.js';
import { emitLayout } from './layouts.js';
import { dataCode, dataType, keyedRecord, Reference, type Data } from './literal.js';
import { FIXED_EXPORTS, IdentifierAllocator, stringLiteral } from './names.js';
import { typeInfo } from './type-info.js';
import { ValueTypeEmitter } from './value-types.js';
import { vertexInputs } from './vertex-inputs.js';
import { WriterEmitter, type MatrixOrder } from './writer.js';

export type SpirvSource =
  | { kind: 'inline'; words: Uint32Array }
  /** `expression`: JavaScript evaluating to the asset URL, e.g. `new URL('./x.spv', import.meta.url).href`. */
  | { kind: 'url'; expression: string }
  /** No binary at all (`?layout` imports): the module exports tables and writers only. */
  | { kind: 'none' };

export interface GenerateInput {
  /** The SPIR-V's reflection, or the WGSL's when only WGSL was compiled. */
  reflection: Reflection;
  spirv: SpirvSource;
  /**
   * WGSL was compiled: its pipeline's reflection, and the code unless the import leaves it out
   * (`?layout`). Then `entryPoints`, `vertexInputs` and `bindGroupLayouts` describe the WGSL pipeline
   * (bindings WebGPU moves: samplers sharing a binding, push constants as a uniform buffer).
   */
  wgsl?: { reflection: Reflection; code?: string };
  /**
   * Per entry point, the HLSL names of its stage inputs by semantic (the compiler's `entryPoints`):
   * `vertexInputs` name attributes by them. Absent (an external compiler), attributes keep the
   * SPIR-V variable names.
   */
  inputNames?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Order of the flat matrices users pass in; default column-major (gl-matrix, wgpu-matrix, three.js). */
  matrixOrder?: MatrixOrder;
  /** Module specifier of the runtime helpers; default `unplugin-hlsl/runtime`. */
  runtimeImport?: string;
}

export interface GeneratedModule {
  /** ES module JavaScript, no TypeScript syntax. */
  code: string;
  /** The matching declaration file. */
  dts: string;
  /** Things the module cannot express (e.g. bindings WebGPU has no layout entry for), for the bundler to report. */
  warnings: string[];
}

const DEFAULT_RUNTIME = 'unplugin-hlsl/runtime';

function stageVariableData(variable: StageVariable): Data {
  return {
    name: variable.name,
    location: variable.location ?? null,
    component: variable.component,
    builtin: variable.builtin ?? null,
    semantic: variable.semantic ?? null,
    interpolation: variable.interpolation,
    type: typeInfo(variable.type),
  };
}

function entryPointData(entry: EntryPoint): Data {
  const size = entry.workgroupSize;
  return {
    name: entry.name,
    stage: entry.stage,
    workgroupSize: size === undefined ? null : { x: size.x, y: size.y, z: size.z, specIds: size.specIds },
    inputs: entry.inputs.map(stageVariableData),
    outputs: entry.outputs.map(stageVariableData),
    executionModes: entry.executionModes,
  };
}

export function generateModule(input: GenerateInput): GeneratedModule {
  const { reflection } = input;
  // What a WebGPU pipeline is created from: the WGSL's reflection when there is WGSL.
  const pipeline = input.wgsl?.reflection ?? reflection;
  const warnings: string[] = [];
  const warn = (message: string): void => void warnings.push(message);
  const writers = new WriterEmitter(input.matrixOrder ?? 'column-major');
  const valueTypes = new ValueTypeEmitter();
  const exportNames = new IdentifierAllocator([...FIXED_EXPORTS, 'default']);

  const layoutCode: string[] = [];
  const layoutDts: string[] = [];
  const layoutExports: string[] = [];
  const layoutsByName: { name: string; fallback: string; value: Data }[] = [];
  const addLayout = (name: string, fallback: string, block: NonNullable<Reflection['bindings'][number]['block']>): Reference => {
    const local = `layout${layoutCode.length}`;
    const exportName = exportNames.allocate(name, fallback);
    const emitted = emitLayout({ name: name === '' ? fallback : name, local, exportName, block }, writers, valueTypes);
    layoutCode.push(emitted.code);
    layoutDts.push(emitted.dts);
    layoutExports.push(`${local} as ${exportName}`);
    layoutsByName.push({ name, fallback, value: new Reference(local) });
    return new Reference(local);
  };

  const bindings = keyedRecord(
    reflection.bindings.map((binding) => {
      const fallback = `set${binding.set}_binding${binding.binding}`;
      const layout = binding.block === undefined ? null : addLayout(binding.name, fallback, binding.block);
      return {
        name: binding.name,
        fallback,
        value: {
          name: binding.name,
          set: binding.set,
          binding: binding.binding,
          kind: binding.kind,
          count: binding.count,
          access: binding.access,
          layout,
          image: binding.image === undefined ? undefined : { ...binding.image },
          comparison: binding.comparison,
          usedBy: binding.usedBy,
        },
      };
    }),
  );

  const pushConstants = keyedRecord(
    reflection.pushConstants.map((block, index) => {
      const fallback = `pushConstants${index}`;
      return {
        name: block.name,
        fallback,
        value: {
          name: block.name,
          // VkPushConstantRange members, so the entry can be handed to vkCreatePipelineLayout as is.
          stageFlags: vulkanStageFlags(block.usedBy, reflection.entryPoints),
          offset: 0,
          size: block.block.size,
          layout: addLayout(block.name, fallback, block.block),
          usedBy: block.usedBy,
        },
      };
    }),
  );

  // Ray-tracing shader binding table records: the layout of each record's data (after the group handle).
  const shaderRecords = keyedRecord(
    (reflection.shaderRecords ?? []).map((block, index) => {
      const fallback = `shaderRecords${index}`;
      return {
        name: block.name,
        fallback,
        value: { name: block.name, size: block.block.size, layout: addLayout(block.name, fallback, block.block), usedBy: block.usedBy },
      };
    }),
  );

  const specConstants = keyedRecord(
    reflection.specConstants.map((constant) => ({
      name: constant.name,
      fallback: `specConstant${constant.id}`,
      value: { id: constant.id, type: constant.type, default: constant.defaultValue },
    })),
  );

  const tables: [string, Data][] = [
    ['entryPoints', keyedRecord(pipeline.entryPoints.map((entry) => ({ name: entry.name, fallback: 'main', value: entryPointData(entry) })))],
    ['bindings', bindings],
    ['pushConstants', pushConstants],
    ['shaderRecords', shaderRecords],
    ['specConstants', specConstants],
    ['vertexInputs', vertexInputs(pipeline, warn, input.inputNames)],
    ['bindGroupLayouts', bindGroupLayouts(pipeline, warn)],
    ['descriptorSetLayouts', descriptorSetLayouts(reflection, warn)],
    ['layouts', keyedRecord(layoutsByName)],
  ];

  const spirv = spirvExports(input.spirv, writers.helpers);
  const runtime = stringLiteral(input.runtimeImport ?? DEFAULT_RUNTIME);
  const helpers = [...writers.helpers].sort();
  const wgsl = wgslExports(input.wgsl?.code);
  const defaultMembers = [...spirv.names, ...wgsl.names, ...tables.map(([name]) => name)];

  const code = [
    '// Generated by unplugin-hlsl from the shader\'s SPIR-V reflection. Do not edit.',
    helpers.length > 0 ? `import { ${helpers.join(', ')} } from ${runtime};` : '',
    spirv.code,
    wgsl.code,
    writers.helpers.has('createViewCache')
      ? [
          '// Typed-array views of each buffer written to, made on the first write into it. A cache with no',
          '// observable state: entries are derived from their buffer and die with it (WeakMap).',
          'const viewsOf = /* @__PURE__ */ createViewCache();',
        ].join('\n')
      : '',
    ...writers.functions,
    ...layoutCode,
    layoutExports.length > 0 ? `export { ${layoutExports.join(', ')} };` : '',
    ...tables.map(([name, value]) => `export const ${name} = ${dataCode(value)};`),
    `export default { ${defaultMembers.join(', ')} };`,
    '',
  ]
    .filter((part) => part !== '')
    .join('\n');

  const dts = [
    '// Generated by unplugin-hlsl from the shader\'s SPIR-V reflection. Do not edit.',
    `// Matrices are flat arrays in ${input.matrixOrder ?? 'column-major'} order; vectors are tuples or typed arrays.`,
    `import type * as rt from ${runtime};`,
    spirv.dts,
    wgsl.dts,
    ...valueTypes.declarations,
    ...layoutDts,
    layoutExports.length > 0 ? `export { ${layoutExports.join(', ')} };` : '',
    ...tables.map(([name, value]) => `export declare const ${name}: ${dataType(value)};`),
    `declare const _default: {\n${defaultMembers.map((name) => `  readonly ${name}: typeof ${name};`).join('\n')}\n};`,
    'export default _default;',
    '',
  ]
    .filter((part) => part !== '')
    .join('\n');

  return { code, dts, warnings };
}

/** SPIR-V words as base64 of their little-endian bytes (decoded by the runtime's spirvFromBase64). */
export function spirvBase64(words: Uint32Array): string {
  return Buffer.from(words.buffer, words.byteOffset, words.byteLength).toString('base64');
}

function wgslExports(code: string | undefined): { code: string; dts: string; names: string[] } {
  if (code === undefined) return { code: '', dts: '', names: [] };
  return {
    code: `export const wgsl = ${stringLiteral(code)};`,
    dts: '/** The WGSL module, for `device.createShaderModule({ code: wgsl })`. */\nexport declare const wgsl: string;',
    names: ['wgsl'],
  };
}

function spirvExports(source: SpirvSource, helpers: Set<string>): { code: string; dts: string; names: string[] } {
  if (source.kind === 'none') return { code: '', dts: '', names: [] };
  if (source.kind === 'inline') {
    helpers.add('spirvFromBase64');
    return {
      code: [
        `const spirvBase64 = ${stringLiteral(spirvBase64(source.words))};`,
        `export const spirv = /* @__PURE__ */ spirvFromBase64(spirvBase64);`,
        `export const spirvUrl = "data:application/octet-stream;base64," + spirvBase64;`,
        `export function loadSpirv() { return Promise.resolve(spirv); }`,
      ].join('\n'),
      dts: [
        'export declare const spirv: Uint32Array;',
        '/** A data: URL of the inline words. */',
        'export declare const spirvUrl: string;',
        '/** Resolves to `spirv`, for the same API as modules that load their SPIR-V from a URL. */',
        'export declare function loadSpirv(): Promise<Uint32Array>;',
      ].join('\n'),
      names: ['spirv', 'spirvUrl', 'loadSpirv'],
    };
  }
  helpers.add('loadSpirvFromUrl');
  return {
    code: [
      `export const spirvUrl = (${source.expression});`,
      `export function loadSpirv() { return loadSpirvFromUrl(spirvUrl); }`,
    ].join('\n'),
    dts: [
      'export declare const spirvUrl: string;',
      '/** Fetches the SPIR-V words from `spirvUrl`. */',
      'export declare function loadSpirv(): Promise<Uint32Array>;',
    ].join('\n'),
    names: ['spirvUrl', 'loadSpirv'],
  };
}
