// Which Vulkan driver a runner process loads. 'lavapipe' is the system's Mesa (Debian 12: 22.3,
// Vulkan 1.3); 'lavapipe-mesa25' is Mesa 25.0.7 from bookworm-backports, unpacked by
// scripts/mesa25.sh into .cache/mesa25/ (Vulkan 1.4 with VK_EXT_mesh_shader, VK_KHR_ray_query,
// VK_KHR_ray_tracing_pipeline, VK_KHR_acceleration_structure). A test that asks for a driver that is
// not there fails naming the script: it never skips.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findLavapipeIcd, GpuSetupError } from './runner-build.js';

export type GpuDriver = 'lavapipe' | 'lavapipe-mesa25';

export interface DriverEnvironment {
  /** ICD manifest for VK_DRIVER_FILES / VK_ICD_FILENAMES. */
  icd: string;
  /** Directory searched before the system's for the driver's own libraries (backported libdrm). */
  libraryDir?: string;
}

const REPOSITORY = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MESA25_SCRIPT = 'scripts/mesa25.sh';

/** Where scripts/mesa25.sh unpacks Mesa 25 (same default and override as the script). */
export function mesa25Directory(): string {
  return process.env.HLSL_MESA25_DIR || join(REPOSITORY, '.cache', 'mesa25');
}

function mesa25(): DriverEnvironment {
  const dir = mesa25Directory();
  const icd = join(dir, 'lvp_icd.json');
  const libdirFile = join(dir, 'libdir.txt');
  const stamp = join(dir, 'provisioned.txt');
  if (!existsSync(icd) || !existsSync(libdirFile) || !existsSync(stamp)) {
    throw new GpuSetupError(
      `this test needs the Mesa 25 lavapipe driver (mesh shaders, ray tracing, ray queries), not found in ${dir}.\n` +
        `Provide it with:\n  bash ${MESA25_SCRIPT}\n(.ci/run does this; it needs the packages of scripts/debian-packages.txt first)`,
    );
  }
  const libraryDir = readFileSync(libdirFile, 'utf8').trim();
  const library = (JSON.parse(readFileSync(icd, 'utf8')) as { ICD: { library_path: string } }).ICD.library_path;
  if (!existsSync(library)) {
    throw new GpuSetupError(`${icd} names ${library}, which is gone: run bash ${MESA25_SCRIPT} again`);
  }
  return { icd, libraryDir };
}

export function driverEnvironment(driver: GpuDriver): DriverEnvironment {
  switch (driver) {
    case 'lavapipe':
      return { icd: findLavapipeIcd() };
    case 'lavapipe-mesa25':
      return mesa25();
  }
}
