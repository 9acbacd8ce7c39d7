// Runs every benchmark and prints each table. Each bench measures us beside a peer in the same run
// (glslangValidator, a hand-written writer, webgpu-utils, vite-plugin-glsl), so the ratios hold on
// any machine; absolute numbers depend on it. `npm run bench [-- name…]` runs a subset.


const BENCHES = [
  { name: 'frontend', file: './frontend.mjs', run: 'runFrontendBench', title: 'Front end throughput (lexer + preprocessor + parser) vs glslangValidator -E' },
  { name: 'compile', file: './compile.mjs', run: 'runCompileBench', title: 'Compile time per shader vs glslangValidator -D -V (its process time minus an empty shader\'s)', printsItself: true },
  { name: 'scaling', file: './scaling.mjs', run: 'runScalingBench', title: 'Scaling: generated shaders of ~1k, 10k, 100k lines, cost per line', printsItself: true },
  { name: 'cli', file: './cli.mjs', run: 'runCliBench', title: 'hlslc per shader as a process vs glslangValidator -D -V (needs npm run build)' },
  { name: 'wgsl', file: './wgsl.mjs', run: 'runWgslBench', title: 'WGSL compile time vs SPIR-V compile time, and the share of fixtures that translate', printsItself: true },
  { name: 'guards', file: './guards.mjs', run: 'runGuardsBench', title: 'Cost of defined integer/conversion results: SPIR-V with guards vs DXC\'s bare instructions' },
  { name: 'packing', file: './packing.mjs', run: 'runPackingBench', title: 'Buffer packing throughput: generated writer vs hand-written DataView vs webgpu-utils' },
  { name: 'size', file: './size.mjs', run: 'runSizeBench', title: 'Output size vs DXC\'s committed SPIR-V of sample sets (-O0, -O3), and -O3/-O0 compile time (pass the sets\' folders)' },
  { name: 'plugin', file: './plugin.mjs', run: 'runPluginBench', title: 'Plugin: cold/warm build of 50 shaders and include-edit → HMR latency' },
];

const wanted = new Set(process.argv.slice(2));
for (const bench of BENCHES) {
  if (wanted.size && !wanted.has(bench.name)) continue;
  const mod = await import(new URL(bench.file, import.meta.url).href);
  console.log(`\n## ${bench.title}`);
  const rows = await mod[bench.run]();
  if (!bench.printsItself) console.table(rows);
}

