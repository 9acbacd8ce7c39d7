// Front-end throughput: lexer, preprocessor and parser on a few MB of generated, realistic HLSL
// (structs, cbuffers, functions, macros, guarded includes), beside `glslangValidator -E`
// (preprocessing only, one process per run) on the same files in the same run. Both read the files
// from disk: the preprocessor through the plugin's file-system host (plugin/node-host.ts), as a build
// does, inside the timed runs. (Strings built in memory from template literals are cons strings,
// ~15% slower to lex than the flat strings a file read gives: timing those would time the bench.)
//
//   node bench/frontend.mjs        (or via `node bench/run.mjs`, which calls runFrontendBench())
//
// The compiler is TypeScript; this script bundles the current source with esbuild into bench/.out/.
// Where the time goes: bench/profile-frontend.mjs runs one stage on this corpus under a profiler.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importBundle } from './bundle-sources.mjs';
import { childCpuMs } from './process-time.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function loadFrontEnd() {
  return importBundle('frontend-lib', [
    "export { DiagnosticSink } from './compiler/diagnostics.ts';",
    "export { memoryHost } from './compiler/host.ts';",
    "export { tokenize } from './compiler/lex/lexer.ts';",
    "export { preprocess, preprocessStream } from './compiler/preprocess/index.ts';",
    "export { parse } from './compiler/parse/index.ts';",
    "export { nodeHost } from './plugin/node-host.ts';",
  ]);
}

/** One include file: a guarded module with macros, structs, a cbuffer, resources and functions. */
function moduleSource(i) {
  return `#ifndef MODULE_${i}_HLSLI
#define MODULE_${i}_HLSLI
#include "common.hlsli"

#define M${i}_SCALE (${i % 7 + 1}.5f)
#define M${i}_BLEND(a, b, t) lerp((a), (b), saturate(t))

struct Material${i} {
  float4 albedo;
  float3 emissive;
  float roughness;
  float metallic;
  uint flags;
  float2 uvScale[2];
};

cbuffer Params${i} : register(b${i % 14}, space${i % 4}) {
  float4x4 world${i};
  Material${i} material${i};
  float4 tints${i}[LIGHT_COUNT];
};

Texture2D<float4> tex${i} : register(t${i % 64}, space1);
RWStructuredBuffer<Material${i}> materials${i} : register(u${i % 8});

float3 Shade${i}(in Material${i} m, float3 n, float3 l, out float weight) {
  float ndl = saturate(dot(n, l));
  weight = SQR(ndl) * M${i}_SCALE;
  float3 color = m.albedo.rgb * ndl + m.emissive;
  [unroll] for (int k = 0; k < LIGHT_COUNT; ++k) {
    color += tints${i}[k].rgb * (k == 0 ? 1.0f : 0.5f) / (float)(k + 1);
  }
  if (m.flags & 0x1u) {
    color = M${i}_BLEND(color, float3(1, 0, 0), m.roughness);
  } else if ((m.flags >> 2) != 0) {
    color *= PI;
  }
  switch (m.flags & 3) {
    case 0: color.x += 1; break;
    case 1:
    case 2: color.yz -= float2(0.25, 0.5); break;
    default: break;
  }
  return mul((float3x3)world${i}, color) + tex${i}.SampleLevel(linearSampler, n.xy * m.uvScale[0], 0).rgb;
}
#endif
`;
}

const COMMON = `#ifndef COMMON_HLSLI
#define COMMON_HLSLI
#define PI 3.14159265f
#define LIGHT_COUNT 4
#define SQR(x) ((x) * (x))
SamplerState linearSampler : register(s0);
struct Light { float3 position; float radius; float4 color; };
#endif
`;

/** Files (absolute paths → text) of about `targetBytes`, and the main file's path. */
export function generateInput(dir, targetBytes) {
  const files = { [join(dir, 'common.hlsli')]: COMMON };
  const includes = [];
  let bytes = COMMON.length;
  for (let i = 0; bytes < targetBytes; i++) {
    const text = moduleSource(i);
    files[join(dir, `module${i}.hlsli`)] = text;
    includes.push(`#include "module${i}.hlsli"`);
    bytes += text.length;
  }
  const main = `${includes.join('\n')}\n#include "common.hlsli"\n[numthreads(8, 8, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {}\n`;
  const mainPath = join(dir, 'bench.hlsl');
  files[mainPath] = main;
  bytes += main.length;
  return { files, mainPath, bytes, modules: includes.length };
}

function bestOf(rounds, run) {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Fewest CPU ms (user + system, all threads: GC included) of `rounds` in-process runs. */
function bestCpuOf(rounds, run) {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const started = process.cpuUsage();
    run();
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}


export async function runFrontendBench({ targetBytes = 3_000_000, rounds = 5 } = {}) {
  const fe = await loadFrontEnd();
  const dir = mkdtempSync(join(tmpdir(), 'hlsl-frontend-'));
  try {
    const { files, mainPath, bytes, modules } = generateInput(dir, targetBytes);
    for (const [path, text] of Object.entries(files)) writeFileSync(path, text);
    // What a build does: read the main file, and each include through the host, from disk.
    const preprocessFromDisk = (sink) => fe.preprocess(readFileSync(mainPath, 'utf8'), mainPath, fe.nodeHost(), {}, sink);
    // The whole front end as a compile runs it: the parser reads the preprocessor's stream.
    const frontEnd = (sink) => {
      const stream = fe.preprocessStream(readFileSync(mainPath, 'utf8'), mainPath, fe.nodeHost(), {}, sink, true);
      fe.parse(stream, sink);
      stream.finish();
    };
    const fromDisk = Object.keys(files).map((path) => [path, readFileSync(path, 'utf8')]);
    const mb = bytes / 1e6;

    // The input must be valid for the numbers to mean anything.
    const check = new fe.DiagnosticSink();
    const { tokens } = preprocessFromDisk(check);
    const program = fe.parse(tokens, check);
    if (check.hasErrors()) throw new Error(`generated input has errors: ${check.items[0].message}`);
    if (program.decls.length < modules * 5) throw new Error(`parsed only ${program.decls.length} declarations`);

    const lexMs = bestOf(rounds, () => {
      for (const [path, text] of fromDisk) fe.tokenize(text, path, new fe.DiagnosticSink());
    });
    // As a compile preprocesses (and as glslang -E, which writes its output as it goes): the
    // output is drained as it is produced, not collected.
    const ppMs = bestOf(rounds, () => fe.preprocessStream(readFileSync(mainPath, 'utf8'), mainPath, fe.nodeHost(), {}, new fe.DiagnosticSink(), true).finish());
    const parseMs = bestOf(rounds, () => fe.parse(tokens, new fe.DiagnosticSink()));
    const frontMs = bestOf(rounds, () => frontEnd(new fe.DiagnosticSink()));

    const glslang = (file) => spawnSync('glslangValidator', ['-D', '-E', '-S', 'comp', file], { encoding: 'utf8', maxBuffer: 1 << 30 });
    const probe = glslang(mainPath);
    if (probe.error || probe.status !== 0) throw new Error(`glslangValidator -E failed: ${probe.error ?? probe.stderr}`);
    const glslangMs = bestOf(rounds, () => glslang(mainPath));
    const emptyPath = join(dir, 'empty.hlsl');
    writeFileSync(emptyPath, 'void main() {}\n');
    const startupMs = bestOf(rounds, () => glslang(emptyPath));

    // CPU time beside wall time: on a shared machine the wall clock also counts waiting for a core.
    const frontCpuMs = bestCpuOf(rounds, () => frontEnd(new fe.DiagnosticSink()));
    const glslangCpuMs = childCpuMs(['glslangValidator', '-D', '-E', '-S', 'comp', mainPath], rounds);
    const row = (name, ms, note, cpuMs) => ({
      name,
      ms: Number(ms.toFixed(1)),
      MBps: Number((mb / (ms / 1000)).toFixed(2)),
      'CPU MB/s': cpuMs === undefined ? '' : Number((mb / (cpuMs / 1000)).toFixed(2)),
      note,
    });
    const glslangRate = mb / (glslangMs / 1000);
    const frontRate = mb / (frontMs / 1000);
    const cpuRatio = glslangCpuMs === undefined ? '' : `; CPU: ${(glslangCpuMs / frontCpuMs).toFixed(2)}x`;
    return [
      row('lexer (each file once)', lexMs, `${tokens.length} tokens after preprocessing`),
      row('preprocessor (incl. lexer), output streamed', ppMs, `${modules + 2} files, guarded includes, macros`),
      row('parser', parseMs, `${program.decls.length} top-level declarations`),
      row('lexer + preprocessor + parser', frontMs, `${(frontRate / glslangRate).toFixed(2)}x glslangValidator -E${cpuRatio}`, frontCpuMs),
      row('glslangValidator -E (preprocess only)', glslangMs, `process incl. ~${startupMs.toFixed(0)} ms startup`, glslangCpuMs),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runFrontendBench();
  console.log('HLSL front end on ~3 MB of generated source, best of 5 runs:');
  console.table(rows);
}
