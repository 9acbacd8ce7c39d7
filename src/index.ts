// The package's main entry: the compiler API and the plugin instance for every bundler.
export * from '../compiler/index.js';
export { unplugin } from '../plugin/index.js';
export type { HlslPluginOptions, CompileFunction, ShaderCompileOptions } from '../plugin/options.js';
