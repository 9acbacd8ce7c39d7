// The GPU tests' independent SPIR-V producers and validator; they live with the other tool runners.
export { assembleSpirv, compileHlslWithGlslang, validateSpirv, type GlslangStage } from '../helpers/tools.js';
