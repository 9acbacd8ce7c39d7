// Runs WGSL on WebGPU (Dawn for Node, npm `webgpu`) and returns what the shaders wrote; the twin of
// test/gpu/harness.ts. See README.md.
//
//   const gpu = await startWebGpu();            // one Dawn instance per test file
//   const { buffers } = await gpu.runCompute({ wgsl, groups: [1, 1, 1], bindings });
//   await gpu.close();
//
// Every module goes through createShaderModule + getCompilationInfo(): any message (error, warning
// or info) rejects with WgslCompilationError. Any WebGPU validation or internal error rejects with
// WebGpuValidationError. A device only gets the optional features its job names.
//
// Drivers: 'swiftshader' (default) runs Dawn in this process; 'lavapipe-mesa25' (Mesa 25 from
// scripts/mesa25.sh, which offers shader-f16) runs it in a child process started with that driver's
// loader variables and library path, which must be in place before Dawn and the dynamic linker start.

import { driverEnvironment } from '../gpu/drivers.js';
import { SWIFTSHADER_ICD } from './dawn.js';
import { startDawnProcess } from './dawn-process.js';
import { DawnRunner } from './dawn-runner.js';
import type { ComputeJob, ComputeResult, WebGpuDriver, WebGpuFeature, WebGpuRunner } from './types.js';

export type * from './types.js';
export { WebGpuSetupError, SWIFTSHADER_ICD } from './dawn.js';
export { WebGpuValidationError, WgslCompilationError } from './errors.js';
export { DEFAULT_SENTINEL } from './resources.js';

export interface WebGpuOptions {
  /**
   * Default: HLSL_WEBGPU_DRIVER if set (to run the WebGPU suites on another driver), else
   * 'swiftshader'. A driver that is not provisioned fails the start, naming how to get it.
   */
  driver?: WebGpuDriver;
}

const DRIVERS: readonly WebGpuDriver[] = ['swiftshader', 'lavapipe-mesa25'];

function defaultDriver(): WebGpuDriver {
  const named = process.env.HLSL_WEBGPU_DRIVER;
  if (!named) return 'swiftshader';
  if (!(DRIVERS as readonly string[]).includes(named)) throw new Error(`HLSL_WEBGPU_DRIVER=${named}: expected one of ${DRIVERS.join(', ')}`);
  return named as WebGpuDriver;
}

export async function startWebGpu(options: WebGpuOptions = {}): Promise<WebGpuRunner> {
  const driver = options.driver ?? defaultDriver();
  switch (driver) {
    case 'swiftshader':
      return DawnRunner.start(driver, SWIFTSHADER_ICD);
    case 'lavapipe-mesa25':
      return startDawnProcess(driver, driverEnvironment(driver));
  }
}

/** One compute job on a fresh runner (prefer startWebGpu for several). */
export async function runCompute(job: ComputeJob, options: WebGpuOptions = {}): Promise<ComputeResult> {
  const runner = await startWebGpu(options);
  try {
    return await runner.runCompute(job);
  } finally {
    await runner.close();
  }
}

/** Features a WGSL module declares with `enable` (and only those: the application rule). */
export function wgslFeatures(code: string): WebGpuFeature[] {
  const features: WebGpuFeature[] = [];
  if (/^\s*enable\s+[^;]*\bf16\b/m.test(code)) features.push('shader-f16');
  if (/^\s*enable\s+[^;]*\bsubgroups\b/m.test(code)) features.push('subgroups');
  return features;
}
