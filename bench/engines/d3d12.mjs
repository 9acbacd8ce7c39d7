// Real-code conformance: Microsoft's DirectX-Graphics-Samples (github.com/microsoft/DirectX-Graphics-Samples,
// MIT) — every shader its Visual Studio projects compile at build time, with the project's own settings,
// compiled here as `dxc -spirv` with the same -T/-E/-D/-I and options.
//
//   node bench/engines/d3d12.mjs <checkout> [--jobs N] [--every N] [--only TEXT] [--list CAUSE] [--json F]
//
// Read from each .vcxproj (Release|x64, the configuration the samples ship):
// - <FxCompile> items: metadata of the item over the project's ItemDefinitionGroup over imported .props
//   (ShaderType + ShaderModel → -T, EntryPointName → -E (default main), PreprocessorDefinitions → -D,
//   AdditionalIncludeDirectories → -I, AdditionalOptions such as -HV 2021 / -Zpr). Shader models below
//   6.0 (FXC's) are raised to 6.0, the lowest DXC compiles, and grouped apart ("sm5→6.0").
// - <CustomBuild> items whose command runs dxc.exe (or a .bat that does): each dxc line's arguments.
// - D3DCompileFromFile calls in the C++ with literal file, entry and profile (D3D1211On12), as above.
// Shaders compiled at run time with computed arguments (work graphs, generic programs, D3D12On7) are not
// counted. Libraries (-T lib_6_x: DXR) are compiled as they are.
//
// Results: bench/engines/README.md.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { dxcArgs, parseCommonCli, runJobs, splitWords } from './driver.mjs';

const STAGE_PREFIX = { Vertex: 'vs', Pixel: 'ps', Compute: 'cs', Geometry: 'gs', Hull: 'hs', Domain: 'ds', Library: 'lib', Mesh: 'ms', Amplification: 'as' };
const CONFIG = 'Release|x64';

function walk(dir, pick, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, pick, out);
    else if (pick(name)) out.push(path);
  }
  return out;
}

/** Whether an MSBuild Condition holds for Release|x64 (only the configuration tests the samples use). */
function conditionHolds(cond) {
  if (!cond) return true;
  const m = /'\$\(Configuration\)\|\$\(Platform\)'\s*==\s*'([^']*)'/.exec(cond);
  if (m) return m[1] === CONFIG;
  const c = /'\$\(Configuration\)'\s*==\s*'([^']*)'/.exec(cond);
  if (c) return c[1] === 'Release';
  const p = /'\$\(Platform\)'\s*==\s*'([^']*)'/.exec(cond);
  if (p) return p[1] === 'x64';
  return true;
}

function unescapeXml(s) {
  return s.replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** Child metadata of an element body: { name: value } for the children whose condition holds. */
function metadataOf(body) {
  const meta = {};
  for (const m of body.matchAll(/<(\w+)(\s+Condition="([^"]*)")?\s*(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
    if (!conditionHolds(m[3] && unescapeXml(m[3]))) continue;
    meta[m[1]] = unescapeXml(m[4] ?? '').trim();
  }
  return meta;
}

/** `%(Name)` in a metadata value is the value inherited from the level below. */
function inherit(over, under) {
  const out = { ...under };
  for (const [k, v] of Object.entries(over)) out[k] = v.replace(new RegExp(`%\\(${k}\\)`, 'g'), under[k] ?? '');
  return out;
}

/** ItemDefinitionGroup <FxCompile> defaults of a project file, after those of the .props it imports. */
function fxDefaults(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return {};
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  let meta = {};
  for (const m of text.matchAll(/<Import\s+Project="([^"]+)"(\s+Condition="([^"]*)")?/g)) {
    if (m[1].includes('$(')) continue;
    meta = inherit(fxDefaults(resolve(dirname(file), m[1].replace(/\\/g, '/')), seen), meta);
  }
  for (const g of text.matchAll(/<ItemDefinitionGroup(\s+Condition="([^"]*)")?>([\s\S]*?)<\/ItemDefinitionGroup>/g)) {
    if (!conditionHolds(g[2] && unescapeXml(g[2]))) continue;
    for (const f of g[3].matchAll(/<FxCompile>([\s\S]*?)<\/FxCompile>/g)) meta = inherit(metadataOf(f[1]), meta);
  }
  return meta;
}

/** A ;-list with the project-directory macros expanded; entries naming build outputs ($(IntDir)…) dropped. */
function listOf(value, projectDir = '') {
  return (value ?? '')
    .split(';')
    .map((s) => s.trim().replace(/\$\((ProjectDir|MSBuildProjectDirectory|MSBuildThisFileDirectory)\)/g, `${projectDir}/`))
    .filter((s) => s && !s.includes('%(') && !s.includes('$('));
}

function profileOf(meta) {
  const prefix = STAGE_PREFIX[meta.ShaderType];
  if (!prefix) return { error: `ShaderType '${meta.ShaderType ?? ''}'` };
  const model = (meta.ShaderModel || '4.0').split('_')[0];
  const [major, minor] = model.split('.').map(Number);
  if (major < 6) return { profile: `${prefix}_6_0`, raised: true };
  return { profile: `${prefix}_${major}_${minor}` };
}

function fxCompileJobs(root, project) {
  const projectDir = dirname(project);
  const defaults = fxDefaults(project);
  const text = readFileSync(project, 'utf8');
  const jobs = [];
  for (const m of text.matchAll(/<FxCompile\s+Include="([^"]+)"\s*(?:\/>|>([\s\S]*?)<\/FxCompile>)/g)) {
    const meta = inherit(metadataOf(m[2] ?? ''), defaults);
    if (meta.ExcludedFromBuild === 'true') continue;
    const file = resolve(projectDir, unescapeXml(m[1]).replace(/\\/g, '/'));
    const where = `${relative(root, project)}`;
    const { profile, raised, error } = profileOf(meta);
    const sample = relative(root, projectDir);
    if (error) {
      jobs.push({ file, missing: `no profile (${error})`, label: `${relative(root, file)} (${where})` });
      continue;
    }
    const argv = ['-spirv', '-T', profile, '-E', meta.EntryPointName || 'main'];
    for (const d of listOf(meta.PreprocessorDefinitions)) argv.push(`-D${d}`);
    for (const dir of listOf(meta.AdditionalIncludeDirectories, projectDir)) argv.push('-I', resolve(projectDir, dir.replace(/\\/g, '/')));
    argv.push(...dxcArgs(splitWords(meta.AdditionalOptions ?? '')), file);
    jobs.push({ file, cwd: projectDir, argv, group: `${sample}${raised ? ' (sm5→6.0)' : ''}`, label: `${relative(root, file)}:${meta.EntryPointName || 'main'} ${profile}` });
  }
  return jobs;
}

/** The dxc invocations of a command (its lines, and the lines of a .bat it runs). */
function dxcLines(command, projectDir) {
  const lines = [];
  for (const line of command.split(/\r?\n|&&/)) {
    const words = splitWords(line.trim());
    if (!words.length) continue;
    if (/(^|[\\/])dxc(\.exe)?$/i.test(words[0]) || /%DXC%|\$\(DXC\)/i.test(words[0])) lines.push(words.slice(1));
    else if (/\.(bat|cmd)$/i.test(words[0])) {
      const bat = resolve(projectDir, words[0].replace(/\\/g, '/'));
      if (existsSync(bat)) lines.push(...dxcLines(readFileSync(bat, 'utf8'), dirname(bat)));
    }
  }
  return lines;
}

function customBuildJobs(root, project) {
  const projectDir = dirname(project);
  const text = readFileSync(project, 'utf8');
  const jobs = [];
  for (const m of text.matchAll(/<CustomBuild\s+Include="([^"]+)"\s*(?:\/>|>([\s\S]*?)<\/CustomBuild>)/g)) {
    const item = unescapeXml(m[1]).replace(/\\/g, '/');
    const meta = metadataOf(m[2] ?? '');
    if (meta.ExcludedFromBuild === 'true' || !meta.Command) continue;
    const file = resolve(projectDir, item);
    const name = basename(item).replace(/\.[^.]*$/, '');
    const command = meta.Command.replace(/%\(FullPath\)/g, file).replace(/%\(Identity\)/g, item).replace(/%\(Filename\)/g, name);
    for (const words of dxcLines(command, projectDir)) {
      const argv = dxcArgs(words.filter((w) => !w.includes('$(')));
      const inputs = argv.filter((a, i) => !a.startsWith('-') && !/^-[TEDI]$|^-HV$|^-fspv-target-env$/.test(argv[i - 1] ?? ''));
      const input = inputs.length ? resolve(projectDir, inputs.at(-1)) : file;
      const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : argv.find((a) => a.startsWith(name))?.slice(2));
      const t = option('-T');
      const e = option('-E');
      jobs.push({
        file: input,
        cwd: projectDir,
        argv: ['-spirv', ...argv],
        group: relative(root, projectDir),
        label: `${relative(root, input)}:${e ?? 'main'} ${t ?? ''}`,
      });
    }
  }
  return jobs;
}

/** `D3DCompileFromFile(GetAssetFullPath(L"x.hlsl").c_str(), nullptr, nullptr, "Entry", "vs_5_0", …)` with literal arguments. */
function runtimeCompileJobs(root, source) {
  const jobs = [];
  const text = readFileSync(source, 'utf8');
  for (const m of text.matchAll(/D3DCompileFromFile\(GetAssetFullPath\(L"([^"]+)"\)\.c_str\(\),\s*nullptr,\s*nullptr,\s*"(\w+)",\s*"(\w+)_(\d)_(\d)"/g)) {
    const file = resolve(dirname(source), m[1]);
    const raised = Number(m[4]) < 6;
    const profile = raised ? `${m[3]}_6_0` : `${m[3]}_${m[4]}_${m[5]}`;
    const sample = relative(root, dirname(source));
    jobs.push({ file, cwd: dirname(source), argv: ['-spirv', '-T', profile, '-E', m[2], file], group: `${sample}${raised ? ' (sm5→6.0)' : ''}`, label: `${relative(root, file)}:${m[2]} ${profile} (run time)` });
  }
  return jobs;
}

export function d3d12Jobs(root) {
  const jobs = [];
  for (const project of walk(root, (n) => n.endsWith('.vcxproj')).sort()) {
    jobs.push(...fxCompileJobs(root, project), ...customBuildJobs(root, project));
  }
  for (const source of walk(root, (n) => n.endsWith('.cpp')).sort()) jobs.push(...runtimeCompileJobs(root, source));
  for (const j of jobs) if (!j.missing && !existsSync(j.file)) j.missing = 'file missing from the snapshot';
  return jobs;
}

const cli = parseCommonCli(process.argv.slice(2));
if (cli.rest.length !== 1) {
  console.error('usage: node bench/engines/d3d12.mjs <DirectX-Graphics-Samples checkout> [--jobs N] [--every N] [--only TEXT] [--list CAUSE] [--json F]');
  process.exit(2);
}
const root = resolve(cli.rest[0]);
const jobs = d3d12Jobs(root);
const missing = jobs.filter((j) => j.missing);
const byWhy = new Map();
for (const j of missing) byWhy.set(j.missing, [...(byWhy.get(j.missing) ?? []), j.label]);
for (const [why, labels] of byWhy) console.log(`not compiled, ${why}: ${labels.length} (e.g. ${labels[0]})`);
await runJobs('DirectX-Graphics-Samples', root, jobs.filter((j) => !j.missing), cli);
