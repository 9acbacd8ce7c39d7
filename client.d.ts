// Fallback types for shader imports (`/// <reference types="unplugin-hlsl/client" />`). The plugin's
// `dts` option writes exact per-shader declarations; these cover any shader without one.

declare module '*.hlsl' {
  import type { BufferLayout, FieldsInfo } from 'unplugin-hlsl/runtime';
  /** Present when the SPIR-V is inlined; modules with an emitted asset only have `spirvUrl`/`loadSpirv`. */
  export const spirv: Uint32Array | undefined;
  /** SPIR-V targeted (the default): its URL and loader. */
  export const spirvUrl: string | undefined;
  export const loadSpirv: (() => Promise<Uint32Array>) | undefined;
  /** WGSL targeted (plugin option `target: 'wgsl'` or `['spirv', 'wgsl']`): the code for `createShaderModule`. */
  export const wgsl: string | undefined;
  export const entryPoints: Readonly<Record<string, unknown>>;
  export const bindings: Readonly<Record<string, unknown>>;
  export const pushConstants: Readonly<Record<string, unknown>>;
  /** Ray-tracing shader binding table records (`[[vk::shader_record_ext]]`): their layouts. */
  export const shaderRecords: Readonly<Record<string, unknown>>;
  export const specConstants: Readonly<Record<string, unknown>>;
  export const vertexInputs: Readonly<Record<string, unknown>>;
  export const bindGroupLayouts: readonly unknown[];
  export const descriptorSetLayouts: readonly unknown[];
  export const layouts: Readonly<Record<string, BufferLayout<Record<string, unknown>, FieldsInfo>>>;
  const shader: {
    readonly spirv?: Uint32Array;
    readonly spirvUrl?: string;
    readonly loadSpirv?: () => Promise<Uint32Array>;
    readonly wgsl?: string;
    readonly entryPoints: typeof entryPoints;
    readonly bindings: typeof bindings;
    readonly pushConstants: typeof pushConstants;
    readonly shaderRecords: typeof shaderRecords;
    readonly specConstants: typeof specConstants;
    readonly vertexInputs: typeof vertexInputs;
    readonly bindGroupLayouts: typeof bindGroupLayouts;
    readonly descriptorSetLayouts: typeof descriptorSetLayouts;
    readonly layouts: typeof layouts;
  };
  export default shader;
}

declare module '*.hlsl?spirv' {
  /** The SPIR-V words (inlined) or the URL of the emitted `.spv` asset. */
  const spirv: Uint32Array | URL;
  export default spirv;
}

declare module '*.hlsl?wgsl' {
  // WGSL only: the code plus tables and writers describing the WGSL pipeline; no SPIR-V.
  import type { BufferLayout, FieldsInfo } from 'unplugin-hlsl/runtime';
  export const wgsl: string;
  export const entryPoints: Readonly<Record<string, unknown>>;
  export const bindings: Readonly<Record<string, unknown>>;
  export const pushConstants: Readonly<Record<string, unknown>>;
  /** Ray-tracing shader binding table records (`[[vk::shader_record_ext]]`): their layouts. */
  export const shaderRecords: Readonly<Record<string, unknown>>;
  export const specConstants: Readonly<Record<string, unknown>>;
  export const vertexInputs: Readonly<Record<string, unknown>>;
  export const bindGroupLayouts: readonly unknown[];
  export const descriptorSetLayouts: readonly unknown[];
  export const layouts: Readonly<Record<string, BufferLayout<Record<string, unknown>, FieldsInfo>>>;
  const shader: {
    readonly wgsl: string;
    readonly entryPoints: typeof entryPoints;
    readonly bindings: typeof bindings;
    readonly pushConstants: typeof pushConstants;
    readonly shaderRecords: typeof shaderRecords;
    readonly specConstants: typeof specConstants;
    readonly vertexInputs: typeof vertexInputs;
    readonly bindGroupLayouts: typeof bindGroupLayouts;
    readonly descriptorSetLayouts: typeof descriptorSetLayouts;
    readonly layouts: typeof layouts;
  };
  export default shader;
}

declare module '*.hlsl?layout' {
  // Tables and writers only: a `?layout` import carries no SPIR-V.
  import type { BufferLayout, FieldsInfo } from 'unplugin-hlsl/runtime';
  export const entryPoints: Readonly<Record<string, unknown>>;
  export const bindings: Readonly<Record<string, unknown>>;
  export const pushConstants: Readonly<Record<string, unknown>>;
  /** Ray-tracing shader binding table records (`[[vk::shader_record_ext]]`): their layouts. */
  export const shaderRecords: Readonly<Record<string, unknown>>;
  export const specConstants: Readonly<Record<string, unknown>>;
  export const vertexInputs: Readonly<Record<string, unknown>>;
  export const bindGroupLayouts: readonly unknown[];
  export const descriptorSetLayouts: readonly unknown[];
  export const layouts: Readonly<Record<string, BufferLayout<Record<string, unknown>, FieldsInfo>>>;
  const shader: {
    readonly entryPoints: typeof entryPoints;
    readonly bindings: typeof bindings;
    readonly pushConstants: typeof pushConstants;
    readonly shaderRecords: typeof shaderRecords;
    readonly specConstants: typeof specConstants;
    readonly vertexInputs: typeof vertexInputs;
    readonly bindGroupLayouts: typeof bindGroupLayouts;
    readonly descriptorSetLayouts: typeof descriptorSetLayouts;
    readonly layouts: typeof layouts;
  };
  export default shader;
}
