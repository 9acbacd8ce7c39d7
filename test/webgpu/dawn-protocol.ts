// Messages between dawn-process.ts (the test process) and dawn-host.ts (Dawn's child process), sent
// over the IPC channel with structured-clone serialization (typed arrays travel as they are).

import type { ComputeJob, RenderJob, RenderResult, WebGpuFeature } from './types.js';

export type HostRequest = { id: number } & (
  | { method: 'compile'; args: [code: string, features?: readonly WebGpuFeature[]] }
  | { method: 'runCompute'; args: [job: ComputeJob] }
  | { method: 'renderTriangle'; args: [job: RenderJob] }
  | { method: 'close'; args: [] }
);

/** An error as the child threw it, enough to rebuild its class (errors.ts) in the parent. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  messages?: unknown;
  what?: string;
  text?: string;
}

export type HostStarted =
  | { started: true; supportedFeatures: WebGpuFeature[]; adapterDescription: string }
  | { started: false; error: SentError };

export type HostReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: SentError });

/** What renderTriangle's answer carries: the result less its decoder. */
export type SentRenderResult = Omit<RenderResult, 'texel'>;
