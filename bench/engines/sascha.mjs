// Real-code conformance: Sascha Willems' Vulkan examples (github.com/SaschaWillems/Vulkan, MIT), whose
// HLSL twins of every example's shaders are built for Vulkan by shaders/hlsl/compileshaders.py with DXC.
//
//   node bench/engines/sascha.mjs <checkout> [--jobs N] [--every N] [--only TEXT] [--list CAUSE] [--json F]
//
// compileshaders.py compiles every file under shaders/hlsl whose extension is one of .vert .frag .comp
// .geom .tesc .tese .rgen .rchit .rint .rmiss .mesh .task (not .rahit/.rcall) with
//   dxc -spirv -T <profile> -E main -fspv-extension=… (ray tracing, multiview, draw parameters,
//   descriptor indexing, ray query, fragment shading rate) [extra extension] [target env] <file>
// profile by extension: vs_6_1 ps_6_4 cs_6_1 gs_6_1 hs_6_1 ds_6_1; ray tracing lib_6_3 and mesh/task
// ms_6_6/as_6_6 with -fspv-target-env=vulkan1.2 (+ SPV_EXT_mesh_shader); debugprintf adds
// SPV_KHR_non_semantic_info in place of the extra extension.
//
// Results: bench/engines/README.md.

import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseCommonCli, runJobs } from './driver.mjs';

const EXTENSIONS = ['.vert', '.frag', '.comp', '.geom', '.tesc', '.tese', '.rgen', '.rchit', '.rint', '.rmiss', '.mesh', '.task'];
const PROFILE = { '.vert': 'vs_6_1', '.frag': 'ps_6_4', '.comp': 'cs_6_1', '.geom': 'gs_6_1', '.tesc': 'hs_6_1', '.tese': 'ds_6_1' };
const COMMON_EXTENSIONS = [
  'SPV_KHR_ray_tracing', 'SPV_KHR_multiview', 'SPV_KHR_shader_draw_parameters',
  'SPV_EXT_descriptor_indexing', 'SPV_KHR_ray_query', 'SPV_KHR_fragment_shading_rate',
];

function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

export function saschaJobs(root) {
  const hlsl = join(root, 'shaders/hlsl');
  const jobs = [];
  for (const file of walk(hlsl)) {
    const ext = EXTENSIONS.find((e) => file.endsWith(e));
    if (!ext) continue;
    let profile = PROFILE[ext];
    let target = [];
    let extra = [];
    if (['.rgen', '.rchit', '.rint', '.rmiss'].includes(ext)) {
      target = ['-fspv-target-env=vulkan1.2'];
      profile = 'lib_6_3';
    } else if (ext === '.mesh' || ext === '.task') {
      target = ['-fspv-target-env=vulkan1.2'];
      extra = ['-fspv-extension=SPV_EXT_mesh_shader'];
      profile = ext === '.mesh' ? 'ms_6_6' : 'as_6_6';
    }
    if (dirname(file).endsWith('debugprintf')) extra = ['-fspv-extension=SPV_KHR_non_semantic_info'];
    const sample = relative(hlsl, dirname(file));
    jobs.push({
      file,
      cwd: dirname(file),
      group: sample,
      label: `${sample}/${basename(file)}`,
      argv: ['-spirv', '-T', profile, '-E', 'main', ...COMMON_EXTENSIONS.map((e) => `-fspv-extension=${e}`), ...extra, ...target, file],
    });
  }
  return jobs;
}

const cli = parseCommonCli(process.argv.slice(2));
if (cli.rest.length !== 1) {
  console.error('usage: node bench/engines/sascha.mjs <SaschaWillems/Vulkan checkout> [--jobs N] [--every N] [--only TEXT] [--list CAUSE] [--json F]');
  process.exit(2);
}
const root = resolve(cli.rest[0]);
await runJobs('SaschaWillems/Vulkan (HLSL)', root, saschaJobs(root), cli);
