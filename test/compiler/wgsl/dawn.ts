// Dawn (npm `webgpu`) on SwiftShader for the WGSL back end's tests: Tint validation of every module
// (createShaderModule + getCompilationInfo; any message, warnings included, fails) and compute
// dispatches that read buffers back. One device per test file.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

export interface Dawn {
  /** Kept referenced: Dawn's instance must outlive its devices. */
  gpu: GPU;
  device: GPUDevice;
  /** Tint's messages for a module, formatted with the offending line; '' when there are none. */
  validate(code: string): Promise<string>;
}

export async function openDawn(): Promise<Dawn> {
  if (!existsSync(SWIFTSHADER_ICD)) throw new Error(`${SWIFTSHADER_ICD} is missing: apt-get install chromium (SwiftShader's Vulkan driver)`);
  process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
  process.env.VK_DRIVER_FILES = SWIFTSHADER_ICD;
  if (!process.env.XDG_RUNTIME_DIR || !existsSync(process.env.XDG_RUNTIME_DIR)) process.env.XDG_RUNTIME_DIR = mkdtempSync(join(tmpdir(), 'wgsl-xdg-'));
  const dawn = await import('webgpu');
  Object.assign(globalThis, dawn.globals);
  const gpu = dawn.create([]);
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new Error('Dawn found no adapter on SwiftShader');
  const wanted: GPUFeatureName[] = ['subgroups' as GPUFeatureName, 'shader-f16'];
  const device = await adapter.requestDevice({ requiredFeatures: wanted.filter((f) => adapter.features.has(f)) });
  return {
    gpu,
    device,
    async validate(code) {
      device.pushErrorScope('validation');
      const module = device.createShaderModule({ code });
      const info = await module.getCompilationInfo();
      const error = await device.popErrorScope();
      const lines = code.split('\n');
      const messages = info.messages.map((m) => `${m.lineNum}:${m.linePos} ${m.type}: ${m.message}\n    ${lines[m.lineNum - 1] ?? ''}`);
      if (error && !messages.length) messages.push(error.message);
      return messages.join('\n');
    },
  };
}
