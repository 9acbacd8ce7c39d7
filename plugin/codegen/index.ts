// The generated TypeScript-typed module for an imported shader.
export { generateModule, spirvBase64, type GenerateInput, type GeneratedModule, type SpirvSource } from './generate-module.js';
export type { MatrixOrder } from './writer.js';
