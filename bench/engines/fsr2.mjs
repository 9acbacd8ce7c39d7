// Real-code conformance: AMD FidelityFX FSR2 (github.com/GPUOpen-Effects/FidelityFX-FSR2, MIT), every
// HLSL shader compile its build performs, with that build's arguments, compiled here for Vulkan.
//
//   node bench/engines/fsr2.mjs <fsr2 checkout> [--jobs N] [--every N] [--only TEXT] [--list CAUSE] [--json F]
//
// What the project compiles (read from its build files; see the tables below):
// - api: src/ffx-fsr2-api/shaders/*_pass.hlsl — dx12/CMakeLists.txt runs FidelityFX_SC (DXC) over every
//   permutation of FFX_SC_PERMUTATION_ARGS (src/ffx-fsr2-api/CMakeLists.txt, 2^6) with FFX_SC_BASE_ARGS,
//   FFX_SC_DX12_BASE_ARGS and four variants: wave32 (cs_6_2), wave64 ([WaveSize(64)], cs_6_6), and both
//   again with -DFFX_HALF=1 -enable-16bit-types (not for the luminance pyramid pass). The Vulkan build
//   compiles the .glsl twins with glslang instead; these are the HLSL sources, compiled here as DXC -spirv.
// - sample: src/VK/*.cpp and src/GpuParticles/vk/*.cpp compile through Cauldron's VKCompileFromFile,
//   which runs DXC with -spirv -fspv-target-env=vulkan1.1 plus the call's -T, entry point and defines.
//   (TAA.hlsl lives in the Cauldron submodule, which the snapshot lacks; it is listed as missing.)
//
// Results: bench/engines/README.md (1947 of 1947 valid; 1691 before the overload-ranking fix).

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseCommonCli, runJobs } from './driver.mjs';

const PASSES = [
  'ffx_fsr2_tcr_autogen_pass',
  'ffx_fsr2_autogen_reactive_pass',
  'ffx_fsr2_accumulate_pass',
  'ffx_fsr2_compute_luminance_pyramid_pass',
  'ffx_fsr2_depth_clip_pass',
  'ffx_fsr2_lock_pass',
  'ffx_fsr2_reconstruct_previous_depth_pass',
  'ffx_fsr2_rcas_pass',
];

// FFX_SC_BASE_ARGS (minus FidelityFX_SC's own -reflection/-deps) and FFX_SC_DX12_BASE_ARGS.
const BASE = [
  '-DFFX_GPU=1',
  '-DFFX_FSR2_OPTION_UPSAMPLE_SAMPLERS_USE_DATA_HALF=0',
  '-DFFX_FSR2_OPTION_ACCUMULATE_SAMPLERS_USE_DATA_HALF=0',
  '-DFFX_FSR2_OPTION_REPROJECT_SAMPLERS_USE_DATA_HALF=1',
  '-DFFX_FSR2_OPTION_POSTPROCESSLOCKSTATUS_SAMPLERS_USE_DATA_HALF=0',
  '-DFFX_FSR2_OPTION_UPSAMPLE_USE_LANCZOS_TYPE=2',
  '-fspv-target-env=vulkan1.1', // the Vulkan build's target (FFX_SC_VK_BASE_ARGS)
  '-E', 'CS', '-Wno-for-redefinition', '-Wno-ambig-lit-shift', '-DFFX_HLSL=1', '-DFFX_HLSL_6_2=1',
];

// FFX_SC_PERMUTATION_ARGS: each {0,1}.
const PERMUTED = [
  'FFX_FSR2_OPTION_REPROJECT_USE_LANCZOS_TYPE',
  'FFX_FSR2_OPTION_HDR_COLOR_INPUT',
  'FFX_FSR2_OPTION_LOW_RESOLUTION_MOTION_VECTORS',
  'FFX_FSR2_OPTION_JITTERED_MOTION_VECTORS',
  'FFX_FSR2_OPTION_INVERTED_DEPTH',
  'FFX_FSR2_OPTION_APPLY_SHARPENING',
];

const VARIANTS = [
  { name: 'wave32', args: ['-DFFX_HALF=0', '-T', 'cs_6_2'] },
  { name: 'wave64', args: ['-DFFX_FSR2_PREFER_WAVE64=[WaveSize(64)]', '-DFFX_HALF=0', '-T', 'cs_6_6'] },
  { name: '16bit', args: ['-DFFX_HALF=1', '-enable-16bit-types', '-T', 'cs_6_2'], half: true },
  { name: 'wave64_16bit', args: ['-DFFX_FSR2_PREFER_WAVE64=[WaveSize(64)]', '-DFFX_HALF=1', '-enable-16bit-types', '-T', 'cs_6_6'], half: true },
];

// Cauldron's VKCompileFromFile: DXC with these before the call's own arguments.
const CAULDRON_VK = ['-spirv', '-fspv-target-env=vulkan1.1'];

// src/VK/CMakeLists.txt copies these folders' shaders into one bin/ShaderLib{VK,DX}: the same as -I each.
const SHADER_LIB = ['src/ffx-fsr2-api/shaders', 'src/ffx-parallelsort', 'src/GpuParticleShaders', 'src/VK'];

// Cauldron's PostProcCS::OnCreate adds its dispatch size as WIDTH/HEIGHT/DEPTH defines.
function group(x, y, z) {
  return { WIDTH: x, HEIGHT: y, DEPTH: z };
}

// Every VKCompileFromFile / OnCreate of the sample: [dir, file, entry, profile, defines, where].
const SAMPLE = [
  ['src/VK', 'AnimatedTexture.hlsl', 'VSMain', 'vs_6_0', {}, 'AnimatedTexture.cpp:62'],
  ['src/VK', 'AnimatedTexture.hlsl', 'PSMain', 'ps_6_0', {}, 'AnimatedTexture.cpp:66'],
  ['src/VK', 'GPUFrameRateLimiter.hlsl', 'CSMain', 'cs_6_0', { ...group(32, 1, 1) }, 'GPUFrameRateLimiter.cpp:47'],
  ['src/VK', 'TAA.hlsl', 'main', 'cs_6_0', { ...group(16, 16, 1), UPSCALE_TYPE: 5, SAMPLE_SLOW_FALLBACK: 1, SAMPLE_EASU: 0, SAMPLE_RCAS: 0, USE_WS_MOTIONVECTORS: 0 }, 'UpscaleContext_Spatial.cpp:139'],
  ['src/VK', 'TAA.hlsl', 'first', 'cs_6_0', { ...group(16, 16, 1), UPSCALE_TYPE: 5, SAMPLE_SLOW_FALLBACK: 1, SAMPLE_EASU: 0, SAMPLE_RCAS: 0, USE_WS_MOTIONVECTORS: 0 }, 'UpscaleContext_Spatial.cpp:140'],
  ['src/VK', 'UpscaleSpatial.hlsl', 'upscalePassCS', 'cs_6_0', { ...group(64, 1, 1), SAMPLE_SLOW_FALLBACK: 0, UPSCALE_TYPE: 3, SAMPLE_RCAS: 1, DO_INVREINHARD: 0 }, 'UpscaleContext_Spatial.cpp:185'],
  ...[0, 1, 2, 3].map((type) => ['src/VK', 'UpscaleSpatial.hlsl', 'upscalePassCS', 'cs_6_0', { ...group(64, 1, 1), SAMPLE_SLOW_FALLBACK: 0, UPSCALE_TYPE: type, SAMPLE_RCAS: 0, DO_INVREINHARD: 0, SAMPLE_EASU: 1 }, 'UpscaleContext_Spatial.cpp:194']),
  ['src/VK', 'UpscaleSpatial.hlsl', 'upscalePassCS', 'cs_6_0', { ...group(64, 1, 1), SAMPLE_SLOW_FALLBACK: 0, UPSCALE_TYPE: 3, SAMPLE_RCAS: 0, DO_INVREINHARD: 1, SAMPLE_EASU: 1 }, 'UpscaleContext_Spatial.cpp:197'],
  ...['CS_Reset', 'CS_Simulate'].map((e) => ['src/GpuParticleShaders', 'ParticleSimulation.hlsl', e, 'cs_6_0', { API_VULKAN: '' }, 'GPUParticleSystem.cpp:580']),
  ['src/GpuParticleShaders', 'ParticleEmit.hlsl', 'CS_Emit', 'cs_6_0', { API_VULKAN: '' }, 'GPUParticleSystem.cpp:582'],
  ...[{}, { STREAKS: '' }, { REACTIVE: '' }, { STREAKS: '', REACTIVE: '' }].flatMap((d) => [
    ['src/GpuParticleShaders', 'ParticleRender.hlsl', 'VS_StructuredBuffer', 'vs_6_0', d, 'GPUParticleSystem.cpp:759'],
    ['src/GpuParticleShaders', 'ParticleRender.hlsl', 'PS_Billboard', 'ps_6_0', d, 'GPUParticleSystem.cpp:763'],
  ]),
  ...['FPS_SetupIndirectParameters', 'FPS_Count', 'FPS_CountReduce', 'FPS_Scan', 'FPS_ScanAdd', 'FPS_Scatter'].map((e) => ['src/GpuParticleShaders', 'ParallelSortCS.hlsl', e, 'cs_6_0', { API_VULKAN: '' }, 'ParallelSort.cpp:309']),
  ['src/GpuParticleShaders', 'ParallelSortCS.hlsl', 'FPS_Scatter', 'cs_6_0', { API_VULKAN: '', kRS_ValueCopy: 1 }, 'ParallelSort.cpp:323'],
];

function defineArgs(defines) {
  return Object.entries(defines).map(([k, v]) => (v === '' ? `-D${k}` : `-D${k}=${v}`));
}

export function fsr2Jobs(root) {
  const jobs = [];
  const shaders = join(root, 'src/ffx-fsr2-api/shaders');
  for (const pass of PASSES) {
    const file = join(shaders, `${pass}.hlsl`);
    for (const variant of VARIANTS) {
      if (variant.half && pass === 'ffx_fsr2_compute_luminance_pyramid_pass') continue;
      for (let bits = 0; bits < 1 << PERMUTED.length; bits++) {
        const permutation = PERMUTED.map((name, i) => `-D${name}=${(bits >> i) & 1}`);
        jobs.push({
          file,
          cwd: root,
          group: `api/${pass.replace(/^ffx_fsr2_|_pass$/g, '')}/${variant.name}`,
          label: `${pass}.hlsl ${variant.name} #${bits}`,
          argv: [...BASE, ...permutation, ...variant.args, '-I', shaders, file],
        });
      }
    }
  }
  for (const [dir, name, entry, profile, defines, where] of SAMPLE) {
    const file = join(root, dir, name);
    jobs.push({
      file,
      cwd: join(root, dir),
      group: `sample/${name}`,
      label: `${dir}/${name}:${entry} (${where})`,
      argv: [...CAULDRON_VK, '-T', profile, '-E', entry, ...defineArgs(defines), ...SHADER_LIB.flatMap((d) => ['-I', join(root, d)]), file],
      missing: !existsSync(file),
    });
  }
  return jobs;
}

const cli = parseCommonCli(process.argv.slice(2));
if (cli.rest.length !== 1) {
  console.error('usage: node bench/engines/fsr2.mjs <FidelityFX-FSR2 checkout> [--jobs N] [--every N] [--only TEXT] [--list CAUSE] [--json F]');
  process.exit(2);
}
const root = resolve(cli.rest[0]);
const jobs = fsr2Jobs(root);
for (const j of jobs.filter((j) => j.missing)) console.log(`missing from the snapshot (not compiled): ${j.label}`);
await runJobs('FidelityFX FSR2', root, jobs.filter((j) => !j.missing), cli);
