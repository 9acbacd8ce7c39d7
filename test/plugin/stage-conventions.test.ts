// File names that say which stage a shader is, as engines and samples name them.
import { describe, expect, it } from 'vitest';
import { stageFromFileName } from '../../plugin/stage-conventions.js';

describe('stageFromFileName', () => {
  it.each([
    ['/p/cube.vert', 'vertex'],
    ['/p/cube.frag', 'pixel'],
    ['/p/sim.comp', 'compute'],
    ['/p/cube.vert.hlsl', 'vertex'],
    ['/p/cube.frag.hlsl', 'pixel'],
    ['/p/cube.ps.hlsl', 'pixel'],
    ['/p/cube.vs.hlsl', 'vertex'],
    ['/p/blur.compute.hlsl', 'compute'],
    ['/p/blurCS.hlsl', 'compute'],
    ['/p/fooPS.hlsl', 'pixel'],
    ['/p/fooVS.hlsl', 'vertex'],
    ['/p/shadowGS.hlsl', 'geometry'],
    ['/p/foo_vs.hlsl', 'vertex'],
    ['/p/foo_ps.hlsl', 'pixel'],
    ['/p/foo-cs.hlsl', 'compute'],
    ['/p/terrain.tesc', 'hull'],
    ['/p/terrain.tese', 'domain'],
    ['/p/meshlet.mesh.hlsl', 'mesh'],
    ['/p/cull.task.hlsl', 'amplification'],
  ])('%s → %s', (path, stage) => {
    expect(stageFromFileName(path)).toBe(stage);
  });

  it.each(['/p/blur.hlsl', '/p/common.hlsli', '/p/PS.hlsl', '/p/ADDRESS.hlsl', '/p/canvas.hlsl', '/p/assets/items.hlsl', '/p/focus.hlsl'])('%s says nothing', (path) => {
    expect(stageFromFileName(path)).toBeUndefined();
  });
});
