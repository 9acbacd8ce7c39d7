// The stage a shader file's name implies, for HLSL that marks no entry point (written for
// `dxc -T ps_6_0 -E main`): the conventions engines and samples use, as data. The first match wins.
import type { ShaderStage } from '../compiler/common/stage.js';

/** Stage names as they appear in file names (GLSL-style extensions and D3D profile prefixes). */
const STAGE_WORDS: ReadonlyArray<[readonly string[], ShaderStage]> = [
  [['vert', 'vertex', 'vs'], 'vertex'],
  [['frag', 'fragment', 'pixel', 'ps'], 'pixel'],
  [['comp', 'compute', 'cs'], 'compute'],
  [['geom', 'geometry', 'gs'], 'geometry'],
  [['tesc', 'hull', 'hs'], 'hull'],
  [['tese', 'domain', 'ds'], 'domain'],
  [['mesh', 'ms'], 'mesh'],
  [['task', 'amp', 'as'], 'amplification'],
];

function stageOfWord(word: string): ShaderStage | undefined {
  return STAGE_WORDS.find(([words]) => words.includes(word))?.[1];
}

/**
 * `x.frag`, `x.frag.hlsl`, `x.ps.hlsl`, `blur_cs.hlsl`, `blur-cs.hlsl`, `BlurCS.hlsl`, `fooPS.hlsl`:
 * the stage, or undefined when the name says nothing.
 */
export function stageFromFileName(path: string): ShaderStage | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const parts = base.split('.');
  // Extensions, last first: `x.frag`, then `x.frag.hlsl`.
  for (const ext of parts.slice(1).reverse()) {
    const stage = stageOfWord(ext.toLowerCase());
    if (stage) return stage;
  }
  const stem = parts[0] ?? '';
  // `blur_cs`, `blur-cs`: a separated suffix, any case.
  const separated = /[_-]([A-Za-z]+)$/.exec(stem);
  if (separated) {
    const stage = stageOfWord(separated[1]!.toLowerCase());
    if (stage) return stage;
  }
  // `BlurCS`, `fooPS`: a two-letter upper-case profile suffix after a lower-case letter or digit.
  const profile = /[a-z0-9]([VPCGHDMA]S)$/.exec(stem);
  return profile ? stageOfWord(profile[1]!.toLowerCase()) : undefined;
}
