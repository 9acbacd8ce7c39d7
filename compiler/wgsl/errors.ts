// Typed errors of the WGSL back end: a construct the target cannot express (or that is not done
// yet), with the source location of the declaration or expression that needs it.
import type { BackendError } from '../backend.js';
import type { Loc } from '../diagnostics.js';

export class WgslError extends Error {
  override name = 'WgslError';
  constructor(
    message: string,
    readonly loc?: Loc,
    readonly length = 1,
  ) {
    super(message);
  }

  toBackendError(): BackendError {
    return { message: this.message, ...(this.loc ? { loc: this.loc, length: this.length } : {}) };
  }
}

/** `construct` cannot be expressed in WGSL (for WebGPU): the message names the construct and the target. */
export function unsupported(construct: string, loc?: Loc, why?: string): WgslError {
  return new WgslError(`${construct} is not supported by the WGSL target${why ? ` (${why})` : ''}`, loc);
}
