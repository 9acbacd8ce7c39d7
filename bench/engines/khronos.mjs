// Real-code conformance: Khronos Vulkan-Samples (github.com/KhronosGroup/Vulkan-Samples, Apache-2.0),
// every HLSL shader a sample lists, compiled with the arguments its CMake build gives DXC.
//
//   node bench/engines/khronos.mjs <checkout> [--jobs N] [--every N] [--only TEXT] [--list CAUSE] [--json F]
//
// samples/**/CMakeLists.txt list SHADER_FILES_HLSL (paths under shaders/) and DXC_ADDITIONAL_ARGUMENTS;
// bldsys/cmake/sample_helper.cmake compiles each with
//   dxc -spirv -T <profile> -E main <additional arguments> <file>
// profile by the extension before .hlsl: vs_6_1, ps_6_4, cs/gs/hs/ds_6_1, lib_6_3 (rgen/rmiss/rchit, which
// append "-fspv-extension=SPV_KHR_ray_tracing -fspv-target-env=vulkan1.1spirv1.4"), ms_6_6 (appends
// -fspv-target-env=vulkan1.1spirv1.4). The helper appends to the sample's argument list inside its loop,
// so later files of the same sample keep what an earlier ray-tracing or mesh file appended: reproduced.
//
// Results: bench/engines/README.md.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseCommonCli, runJobs, splitWords } from './driver.mjs';

const PROFILES = { vert: 'vs_6_1', frag: 'ps_6_4', comp: 'cs_6_1', geom: 'gs_6_1', tesc: 'hs_6_1', tese: 'ds_6_1', rgen: 'lib_6_3', rmiss: 'lib_6_3', rchit: 'lib_6_3', mesh: 'ms_6_6' };

function cmakeFiles(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) cmakeFiles(path, out);
    else if (name === 'CMakeLists.txt') out.push(path);
  }
  return out;
}

/** The quoted strings after `keyword` up to the next all-caps keyword or `)`. */
function argumentList(text, keyword) {
  const m = new RegExp(`\\b${keyword}\\b([\\s\\S]*?)(?=\\b[A-Z][A-Z_]{3,}\\b|\\))`).exec(text);
  return m ? [...m[1].matchAll(/"([^"]*)"/g)].map((q) => q[1]) : [];
}

export function khronosJobs(root) {
  const jobs = [];
  for (const cmake of cmakeFiles(join(root, 'samples'))) {
    const text = readFileSync(cmake, 'utf8');
    const files = argumentList(text, 'SHADER_FILES_HLSL');
    if (!files.length) continue;
    const additional = argumentList(text, 'DXC_ADDITIONAL_ARGUMENTS').flatMap((s) => splitWords(s));
    const sample = relative(join(root, 'samples'), dirname(cmake));
    for (const shader of files) {
      const extension = shader.replace(/\.hlsl$/, '').split('.').pop();
      if (['rgen', 'rmiss', 'rchit'].includes(extension)) additional.push('-fspv-extension=SPV_KHR_ray_tracing', '-fspv-target-env=vulkan1.1spirv1.4');
      else if (extension === 'mesh') additional.push('-fspv-target-env=vulkan1.1spirv1.4');
      const file = join(root, 'shaders', shader);
      const profile = PROFILES[extension] ?? `_6_1`;
      jobs.push({
        file,
        cwd: root,
        group: sample,
        label: shader,
        argv: ['-spirv', '-T', profile, '-E', 'main', ...additional, file],
      });
    }
  }
  return jobs;
}

const cli = parseCommonCli(process.argv.slice(2));
if (cli.rest.length !== 1) {
  console.error('usage: node bench/engines/khronos.mjs <Vulkan-Samples checkout> [--jobs N] [--every N] [--only TEXT] [--list CAUSE] [--json F]');
  process.exit(2);
}
const root = resolve(cli.rest[0]);
await runJobs('KhronosGroup/Vulkan-Samples (HLSL)', root, khronosJobs(root), cli);
