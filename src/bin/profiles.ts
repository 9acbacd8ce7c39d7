// DXC target profiles (`-T xs_M_N`): the stage each prefix names and the lowest shader model DXC
// accepts for it (from the profile list in DXC's HLSLOptions.td help text).
import type { ShaderStage } from '../../compiler/index.js';

interface ProfileKind {
  /** Undefined for `lib`: a library compiles every entry point the file marks. */
  stage: ShaderStage | undefined;
  minMinor: number;
}

const PROFILE_KINDS: Readonly<Record<string, ProfileKind>> = {
  vs: { stage: 'vertex', minMinor: 0 },
  ps: { stage: 'pixel', minMinor: 0 },
  gs: { stage: 'geometry', minMinor: 0 },
  hs: { stage: 'hull', minMinor: 0 },
  ds: { stage: 'domain', minMinor: 0 },
  cs: { stage: 'compute', minMinor: 0 },
  lib: { stage: undefined, minMinor: 1 },
  ms: { stage: 'mesh', minMinor: 5 },
  as: { stage: 'amplification', minMinor: 5 },
};

/** SPIR-V code generation starts at shader model 6.0; DXC takes profiles up to 6.10. */
const SHADER_MODEL_MAJOR = 6;
const NEWEST_MINOR = 10;

export interface Profile {
  stage: ShaderStage | undefined;
  shaderModel: { major: number; minor: number };
}

/** Parses `cs_6_0`-style profiles; returns an error message for anything else. */
export function parseProfile(text: string): Profile | string {
  const match = /^([a-z]+)_(\d+)_(\d+)$/.exec(text);
  const kind = match ? PROFILE_KINDS[match[1]!] : undefined;
  if (!match || !kind) {
    return (
      `unknown target profile '${text}' (expected ${Object.keys(PROFILE_KINDS).join(', ')} ` +
      `followed by _6_0 … _6_${NEWEST_MINOR}, e.g. cs_6_0)`
    );
  }
  const major = Number(match[2]);
  const minor = Number(match[3]);
  // DXC also takes the Direct3D 11 profiles (x_4_0 … x_5_1) of the six classic stages with -spirv.
  if ((major === 4 || major === 5) && minor <= 1 && kind.stage !== undefined && kind.minMinor === 0) {
    return { stage: kind.stage, shaderModel: { major, minor } };
  }
  if (major !== SHADER_MODEL_MAJOR || minor > NEWEST_MINOR) {
    return `unsupported shader model in profile '${text}' (expected 6.0 … 6.${NEWEST_MINOR}, or 4.0 … 5.1 for vs, ps, gs, hs, ds and cs)`;
  }
  if (minor < kind.minMinor) {
    return `profile '${text}' needs shader model 6.${kind.minMinor} or higher`;
  }
  return { stage: kind.stage, shaderModel: { major, minor } };
}
