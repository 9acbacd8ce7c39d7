// DXC's target environments (FeatureManager): the SPIR-V version each one emits (the module's header,
// and __SPIRV_MAJOR_VERSION__/__SPIRV_MINOR_VERSION__ for the preprocessor).
import type { TargetEnv } from '../options.js';
import type { Version } from '../spirv-spec/spec.js';

/** SPIR-V version per `-fspv-target-env=` value, as DXC picks it. */
export const SPIRV_VERSION: Record<TargetEnv, keyof typeof Version> = {
  'vulkan1.0': '1.0',
  'vulkan1.1': '1.3',
  'vulkan1.1spirv1.4': '1.4',
  'vulkan1.2': '1.5',
  'vulkan1.3': '1.6',
  'universal1.5': '1.5',
};

/** The minor SPIR-V version (1.x) of a target environment. */
export function spirvMinor(env: TargetEnv): number {
  return Number(SPIRV_VERSION[env].split('.')[1]);
}
