// Real engine code in CI: a fixed subset of the shaders bench/engines/*.mjs compiles (vendored, MIT,
// under fixtures/engines/<code base>/ with their LICENSE), each with the arguments its project's build
// passes to DXC, mapped by hlslc's own option parser; every module goes through spirv-val under its
// target environment with the layout flag DXC's validator uses. Only shaders that compile today are
// listed, so a regression in any construct they use fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../compiler/index.js';
import { nodeHost } from '../../plugin/node-host.js';
import { parseArgs } from '../../src/bin/args.js';
import { validateSpirv } from '../helpers/tools.js';
import { windowsPath } from '../../bench/engines/windows-path.mjs';

const ENGINES = fileURLToPath(new URL('../../fixtures/engines/', import.meta.url));

interface EngineCase {
  name: string;
  /** hlslc arguments relative to the code base's root (the input last). */
  argv: string[];
}

// src/ffx-fsr2-api/CMakeLists.txt FFX_SC_BASE_ARGS + dx12/CMakeLists.txt FFX_SC_DX12_BASE_ARGS, for
// Vulkan 1.1 as the FSR2 Vulkan build targets; `options` is one FFX_SC_PERMUTATION_ARGS permutation.
const FSR2_SHADERS = 'src/ffx-fsr2-api/shaders';
function fsr2(pass: string, variant: string[], options: number): string[] {
  const permuted = ['REPROJECT_USE_LANCZOS_TYPE', 'HDR_COLOR_INPUT', 'LOW_RESOLUTION_MOTION_VECTORS', 'JITTERED_MOTION_VECTORS', 'INVERTED_DEPTH', 'APPLY_SHARPENING'];
  return [
    '-DFFX_GPU=1', '-DFFX_FSR2_OPTION_UPSAMPLE_SAMPLERS_USE_DATA_HALF=0', '-DFFX_FSR2_OPTION_ACCUMULATE_SAMPLERS_USE_DATA_HALF=0',
    '-DFFX_FSR2_OPTION_REPROJECT_SAMPLERS_USE_DATA_HALF=1', '-DFFX_FSR2_OPTION_POSTPROCESSLOCKSTATUS_SAMPLERS_USE_DATA_HALF=0',
    '-DFFX_FSR2_OPTION_UPSAMPLE_USE_LANCZOS_TYPE=2', '-fspv-target-env=vulkan1.1',
    '-E', 'CS', '-Wno-for-redefinition', '-Wno-ambig-lit-shift', '-DFFX_HLSL=1', '-DFFX_HLSL_6_2=1',
    ...permuted.map((p, i) => `-DFFX_FSR2_OPTION_${p}=${(options >> i) & 1}`),
    ...variant, '-I', FSR2_SHADERS, `${FSR2_SHADERS}/${pass}.hlsl`,
  ];
}
const WAVE32 = ['-DFFX_HALF=0', '-T', 'cs_6_2'];
const WAVE64 = ['-DFFX_FSR2_PREFER_WAVE64=[WaveSize(64)]', '-DFFX_HALF=0', '-T', 'cs_6_6'];
const HALF16 = ['-DFFX_HALF=1', '-enable-16bit-types', '-T', 'cs_6_2'];

const CASES: Record<string, EngineCase[]> = {
  fsr2: [
    { name: 'accumulate, wave32, no options', argv: fsr2('ffx_fsr2_accumulate_pass', WAVE32, 0) },
    { name: 'accumulate, wave32, every option', argv: fsr2('ffx_fsr2_accumulate_pass', WAVE32, 63) },
    { name: 'accumulate, 16-bit', argv: fsr2('ffx_fsr2_accumulate_pass', HALF16, 21) },
    { name: 'accumulate, wave64', argv: fsr2('ffx_fsr2_accumulate_pass', WAVE64, 42) },
    { name: 'rcas, wave32', argv: fsr2('ffx_fsr2_rcas_pass', WAVE32, 0) },
    { name: 'rcas, 16-bit', argv: fsr2('ffx_fsr2_rcas_pass', HALF16, 63) },
    { name: 'luminance pyramid (SPD, wave ops), wave32', argv: fsr2('ffx_fsr2_compute_luminance_pyramid_pass', WAVE32, 0) },
    { name: 'luminance pyramid, wave64', argv: fsr2('ffx_fsr2_compute_luminance_pyramid_pass', WAVE64, 63) },
  ],
  // MiniEngine's FxCompile defaults (PropertySheets/Build.props, Desktop.props) and the samples' CustomBuild dxc lines.
  'd3d12-samples': [
    { name: 'MiniEngine ToneMapCS', argv: ['-spirv', '-T', 'cs_6_2', '-E', 'main', '-D_GAMING_DESKTOP=1', '-HV', '2021', 'MiniEngine/Core/Shaders/ToneMapCS.hlsl'] },
    { name: 'MiniEngine Model DefaultPS', argv: ['-spirv', '-T', 'ps_6_2', '-E', 'main', '-D_GAMING_DESKTOP=1', '-HV', '2021', 'MiniEngine/Model/Shaders/DefaultPS.hlsl'] },
    { name: 'MeshletCull MeshletPS (ConstantBuffer<Constants> Constants)', argv: ['-spirv', '-Tps_6_3', '-Emain', 'Samples/Desktop/D3D12MeshShaders/src/MeshletCull/MeshletPS.hlsl'] },
    { name: 'HelloTriangle VSMain', argv: ['-spirv', '-Tvs_6_0', '-EVSMain', 'Samples/Desktop/D3D12HelloWorld/src/HelloTriangle/shaders.hlsl'] },
    { name: 'HelloTriangle PSMain', argv: ['-spirv', '-Tps_6_0', '-EPSMain', 'Samples/Desktop/D3D12HelloWorld/src/HelloTriangle/shaders.hlsl'] },
    // Returns descriptor-table elements indexed by NonUniformResourceIndex(address[1]) through nested calls.
    { name: 'Raytracing fallback TopLevelComputeAABBs', argv: ['-spirv', '-T', 'cs_6_0', '-E', 'main', 'Libraries/D3D12RaytracingFallback/src/TopLevelComputeAABBs.hlsl'] },
  ],
};

function caseInsensitiveHost(): ReturnType<typeof nodeHost> {
  const host = nodeHost();
  return { ...host, readFile: (path: string) => host.readFile(path) ?? host.readFile(windowsPath(path)) };
}

describe.each(Object.keys(CASES))('%s', (codeBase) => {
  const root = join(ENGINES, codeBase);
  it('keeps its LICENSE beside the vendored sources', () => {
    expect(readFileSync(join(root, codeBase === 'fsr2' ? 'LICENSE.txt' : 'LICENSE'), 'utf8')).toMatch(/MIT License|Permission is hereby granted, free of charge/);
  });
  it.each(CASES[codeBase]!.map((c) => [c.name, c] as const))('%s: compiles with the project arguments to valid SPIR-V', (_, c) => {
    const args = parseArgs(c.argv, root);
    expect(args.errors).toEqual([]);
    const source = readFileSync(args.input!, 'utf8');
    const r = compile(source, { ...args.options, filename: args.input!, host: caseInsensitiveHost() });
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => formatDiagnostic(d, () => source))).toEqual([]);
    const layout = args.options.layoutRule;
    validateSpirv(r.spirv!, { targetEnv: args.options.targetEnv ?? 'vulkan1.0', flags: layout === 'dx' || layout === 'scalar' ? ['--scalar-block-layout'] : layout === 'gl' ? [] : ['--relax-block-layout'] });
  });
});
