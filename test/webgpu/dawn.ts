// Loads Dawn (npm `webgpu`) on one Vulkan driver: SwiftShader from Debian's chromium package by
// default (Debian's Mesa 22.3 lavapipe is too old for Dawn), or the ICD a Dawn child process was
// started for (dawn-process.ts). The driver is forced through the Vulkan loader's variables before
// Dawn first touches Vulkan; XDG_RUNTIME_DIR gets a private directory when the environment lacks a
// usable one (the loader complains on stderr otherwise).

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/** WebGPU for tests cannot start: a package or driver is missing. */
export class WebGpuSetupError extends Error {
  override name = 'WebGpuSetupError';
}

/** The WebGPU entry point of one Dawn instance on the Vulkan driver of `icd`. */
export async function createDawnGpu(icd: string = SWIFTSHADER_ICD): Promise<GPU> {
  if (icd === SWIFTSHADER_ICD && !existsSync(SWIFTSHADER_ICD)) {
    throw new WebGpuSetupError(
      `WebGPU tests run Dawn on SwiftShader's Vulkan driver, shipped by Debian's chromium package, ` +
        `but ${SWIFTSHADER_ICD} is missing. Install it with (the driver is in chromium-common, which chromium pulls in):\n  sudo apt-get install -y chromium`,
    );
  }
  if (!existsSync(icd)) throw new WebGpuSetupError(`the Vulkan driver manifest ${icd} is missing`);
  process.env.VK_ICD_FILENAMES = icd;
  process.env.VK_DRIVER_FILES = icd;
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  if (!runtimeDir || !existsSync(runtimeDir)) process.env.XDG_RUNTIME_DIR = mkdtempSync(join(tmpdir(), 'webgpu-xdg-'));
  let dawn: typeof import('webgpu');
  try {
    dawn = await import('webgpu');
  } catch (error) {
    throw new WebGpuSetupError(`npm package 'webgpu' (Dawn for Node) cannot be loaded: ${(error as Error).message}\n  npm install`);
  }
  // Dawn's classes (GPUBufferUsage, ...) as globals, as in a browser.
  Object.assign(globalThis, dawn.globals);
  return dawn.create([]);
}

export async function requestAdapter(gpu: GPU, icd: string): Promise<GPUAdapter> {
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new WebGpuSetupError(`Dawn found no WebGPU adapter on ${icd}`);
  return adapter;
}

/** Where the module was compiled: a GPUShaderModule's messages as "line:col type: text" plus the source line. */
export function formatWgslMessages(code: string, messages: readonly GPUCompilationMessage[]): string {
  const lines = code.split('\n');
  return messages
    .map((m) => {
      const source = lines[m.lineNum - 1];
      const frame = source === undefined ? '' : `\n    ${source}\n    ${' '.repeat(Math.max(0, m.linePos - 1))}^`;
      return `  ${m.lineNum}:${m.linePos} ${m.type}: ${m.message}${frame}`;
    })
    .join('\n');
}
