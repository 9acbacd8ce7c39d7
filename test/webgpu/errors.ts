// What a WebGPU job rejects with, in this process or in a Dawn child process (dawn-process.ts
// rebuilds them from what the child sends).

import type { WgslMessage } from './types.js';

/** Tint reported something (error, warning or info) for a module. */
export class WgslCompilationError extends Error {
  override name = 'WgslCompilationError';
  constructor(
    readonly messages: WgslMessage[],
    /** The messages with where they point in the source. */
    readonly text: string,
  ) {
    super(`WGSL compilation reported ${messages.length} message(s):\n${text}`);
  }
}

/** WebGPU rejected a call of the job (pipeline creation, bind group, submit, ...). */
export class WebGpuValidationError extends Error {
  override name = 'WebGpuValidationError';
  constructor(
    readonly what: string,
    readonly messages: string[],
  ) {
    super(`WebGPU validation failed for ${what}:\n${messages.join('\n')}`);
  }
}
