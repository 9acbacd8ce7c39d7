// The Khronos validator on a SPIR-V file; throws with its output when the module is invalid.
import { execFileSync } from 'node:child_process';

export function spirvVal(file: string, targetEnv = 'vulkan1.1'): void {
  try {
    execFileSync('spirv-val', ['--target-env', targetEnv, file], { stdio: 'pipe' });
  } catch (error) {
    const e = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`spirv-val --target-env ${targetEnv} ${file} failed:\n${String(e.stdout ?? '')}${String(e.stderr ?? '')}`);
  }
}
