export { reflect } from './reader.js';
export { SpirvReflectError } from './errors.js';
export type * from './types.js';
