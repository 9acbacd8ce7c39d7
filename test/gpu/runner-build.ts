// Finds the system pieces the GPU runner needs (C compiler, Vulkan headers,
// lavapipe ICD, Khronos validation layer) and compiles test/gpu/runner/*.c
// into test/gpu/.build/, keyed by a hash of the sources so edits rebuild it.

import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE_DIR = join(HERE, 'runner');
const BUILD_DIR = join(HERE, '.build');
const CFLAGS = ['-std=c11', '-D_POSIX_C_SOURCE=200809L', '-O1', '-g', '-Wall', '-Wextra', '-Werror'];
const APT_PACKAGES = 'mesa-vulkan-drivers libvulkan-dev vulkan-validationlayers';

export class GpuSetupError extends Error {
  override name = 'GpuSetupError';
}

function missing(what: string, packages: string): GpuSetupError {
  return new GpuSetupError(
    `GPU tests need ${what}. Install the Debian packages with:\n` +
      `  sudo apt-get install -y ${packages}\n` +
      `(the full set is: ${APT_PACKAGES}, plus gcc for 'cc')`,
  );
}

/** Vulkan data directories the loader searches, most specific first. */
function vulkanDataDirs(): string[] {
  const xdg = (process.env.XDG_DATA_DIRS || '/usr/local/share:/usr/share').split(delimiter).filter(Boolean);
  return [...xdg.map((d) => join(d, 'vulkan')), '/etc/vulkan'];
}

function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

// Multiarch ICD manifests are named lvp_icd.<uname -m>.json.
const MACHINE_NAMES: Record<string, string[]> = {
  x64: ['x86_64'],
  arm64: ['aarch64'],
  ia32: ['i686', 'i386'],
  arm: ['armv7l', 'arm'],
  ppc64: ['ppc64le', 'ppc64'],
  riscv64: ['riscv64'],
  s390x: ['s390x'],
};

/** Path of the lavapipe ICD manifest for this process's architecture. */
export function findLavapipeIcd(): string {
  const machines = MACHINE_NAMES[process.arch] ?? [];
  const candidates = vulkanDataDirs().flatMap((dir) =>
    filesIn(join(dir, 'icd.d'))
      .filter((f) => /^lvp_icd(\..+)?\.json$/.test(f))
      .map((f) => join(dir, 'icd.d', f)),
  );
  const forThisArch = candidates.find((path) => machines.some((m) => path.endsWith(`.${m}.json`)));
  const chosen = forThisArch ?? (candidates.length === 1 ? candidates[0] : undefined);
  if (!chosen) throw missing('the lavapipe Vulkan driver (lvp_icd*.json)', 'mesa-vulkan-drivers');
  return chosen;
}

function checkValidationLayer(): void {
  const found = vulkanDataDirs().some((dir) => existsSync(join(dir, 'explicit_layer.d', 'VkLayer_khronos_validation.json')));
  if (!found) throw missing('the Khronos validation layer (VkLayer_khronos_validation.json)', 'vulkan-validationlayers');
}

function checkHeaders(): void {
  if (!existsSync('/usr/include/vulkan/vulkan.h')) throw missing('Vulkan headers (/usr/include/vulkan/vulkan.h)', 'libvulkan-dev');
}

function sourceHash(files: string[]): string {
  const hash = createHash('sha256');
  hash.update(CFLAGS.join(' '));
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(SOURCE_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Returns the path of the compiled runner, compiling it first if the sources
 * changed. Safe under parallel test workers: each compiles to a private name
 * and renames atomically; identical results make the race harmless.
 */
export async function ensureRunnerBinary(): Promise<string> {
  checkHeaders();
  checkValidationLayer();
  const sources = readdirSync(SOURCE_DIR).filter((f) => f.endsWith('.c') || f.endsWith('.h')).sort();
  const binary = join(BUILD_DIR, `gpu-runner-${sourceHash(sources)}`);
  if (existsSync(binary)) return binary;

  await mkdir(BUILD_DIR, { recursive: true });
  const temporary = `${binary}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const cFiles = sources.filter((f) => f.endsWith('.c')).map((f) => join(SOURCE_DIR, f));
  try {
    await execFileAsync('cc', [...CFLAGS, '-o', temporary, ...cFiles, '-lvulkan']);
  } catch (error) {
    await rm(temporary, { force: true });
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw missing("a C compiler ('cc')", 'gcc');
    if (/cannot find -lvulkan|vulkan\/vulkan\.h/.test(e.stderr ?? '')) throw missing('libvulkan', 'libvulkan-dev');
    throw new Error(`compiling the GPU runner failed:\n${e.stderr ?? e.message}`);
  }
  await rename(temporary, binary);
  await removeStaleBinaries(binary);
  return binary;
}

async function removeStaleBinaries(current: string): Promise<void> {
  for (const file of await readdir(BUILD_DIR)) {
    const path = join(BUILD_DIR, file);
    if (path !== current && /^gpu-runner-[0-9a-f]{16}$/.test(file)) await rm(path, { force: true });
  }
}
