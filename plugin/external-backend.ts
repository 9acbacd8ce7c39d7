// `dxc` or `glslangValidator` as the SPIR-V producer. Options are translated to each tool's flags
// (tables below); reflection is read back from the binary by the compiler's reflect(), exactly as
// for the built-in compiler, so the generated module does not depend on who compiled.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Diagnostic, Severity } from '../compiler/diagnostics.js';
import type { CompileOptions, EntryPointRequest } from '../compiler/options.js';
import type { ShaderStage } from '../compiler/common/stage.js';
import type { CompileResult } from '../compiler/result.js';
import type { BackendOutput, CompileRequest, ShaderBackend } from './backend.js';
import { hashFile, sha256 } from './cache.js';
import { externalWgslError } from './options.js';

export type ExternalTool = 'dxc' | 'glslang';

const OPTION_NAME: Record<ExternalTool, string> = { dxc: 'dxcPath', glslang: 'glslangPath' };

/** DXC's `-T` profile prefix per stage. */
const DXC_PROFILE: Record<ShaderStage, string> = {
  vertex: 'vs', hull: 'hs', domain: 'ds', geometry: 'gs', pixel: 'ps', compute: 'cs', mesh: 'ms',
  amplification: 'as', raygeneration: 'lib', intersection: 'lib', anyhit: 'lib', closesthit: 'lib',
  miss: 'lib', callable: 'lib', node: 'lib',
};

/** glslangValidator's `-S` stage names. */
const GLSLANG_STAGE: Partial<Record<ShaderStage, string>> = {
  vertex: 'vert', hull: 'tesc', domain: 'tese', geometry: 'geom', pixel: 'frag', compute: 'comp', mesh: 'mesh',
  amplification: 'task', raygeneration: 'rgen', intersection: 'rint', anyhit: 'rahit', closesthit: 'rchit',
  miss: 'rmiss', callable: 'rcall',
};

const DXC_LAYOUT_FLAG: Record<string, string | undefined> = {
  relaxed: undefined,
  dx: '-fvk-use-dx-layout',
  gl: '-fvk-use-gl-layout',
  scalar: '-fvk-use-scalar-layout',
};

/** glslang's per-register-kind shift options (HLSL register letter → flag). */
const GLSLANG_SHIFT_FLAG: Record<string, string> = {
  b: '--shift-cbuffer-binding',
  s: '--shift-sampler-binding',
  t: '--shift-texture-binding',
  u: '--shift-UAV-binding',
};

type Options = CompileRequest['options'];

export class ExternalOptionError extends Error {
  override name = 'ExternalOptionError';
}

function dxcArgs(file: string, out: string, depfile: string, options: Options): string[] {
  const sm = options.shaderModel ?? { major: 6, minor: 0 };
  const entries = options.entryPoints ?? [];
  const args = ['-spirv', '-Fo', out, '-MF', depfile];
  if (entries.length === 1) {
    args.push('-T', `${DXC_PROFILE[entries[0]!.stage]}_${sm.major}_${sm.minor}`, '-E', entries[0]!.name);
  } else {
    // Several (or all declared) entry points in one module: DXC's library profile.
    args.push('-T', `lib_${sm.major}_${Math.max(sm.minor, 3)}`);
  }
  for (const [name, value] of Object.entries(options.defines ?? {})) args.push('-D', `${name}=${value}`);
  for (const dir of options.includeDirs ?? []) args.push('-I', dir);
  const layout = DXC_LAYOUT_FLAG[options.layoutRule ?? 'relaxed'];
  if (layout) args.push(layout);
  if (options.defaultMajorness === 'row_major') args.push('-Zpr');
  for (const s of options.bindingShifts ?? []) args.push(`-fvk-${s.registerKind}-shift`, String(s.shift), String(s.space));
  if (options.bindGlobals) args.push('-fvk-bind-globals', String(options.bindGlobals.binding), String(options.bindGlobals.set));
  for (const [flag, at] of [['resource', options.resourceHeapBinding], ['sampler', options.samplerHeapBinding], ['counter', options.counterHeapBinding]] as const) {
    if (at) args.push(`-fvk-bind-${flag}-heap`, String(at.binding), String(at.set));
  }
  if (options.flattenResourceArrays) args.push('-fspv-flatten-resource-arrays');
  if (options.autoBindingSpace !== undefined) args.push('-auto-binding-space', String(options.autoBindingSpace));
  if (options.targetEnv) args.push(`-fspv-target-env=${options.targetEnv}`);
  if (options.enable16BitTypes) args.push('-enable-16bit-types');
  if (options.hlslVersion) args.push('-HV', String(options.hlslVersion));
  if (options.reflect) args.push('-fspv-reflect');
  if (options.debugInfo) args.push('-fspv-debug=file');
  if (options.optimizationLevel !== undefined) args.push(`-O${options.optimizationLevel}`);
  if (options.codeGenHighLevel) args.push('-fcgl');
  if (options.preserveBindings) args.push('-fspv-preserve-bindings');
  for (const [name, flag] of DXC_FLAGS) if (options[name]) args.push(flag);
  if (options.denorm && options.denorm !== 'any') args.push('-denorm', options.denorm);
  if (options.entryPointName !== undefined) args.push(`-fspv-entrypoint-name=${options.entryPointName}`);
  if (options.stageIoOrder) args.push(`-fvk-stage-io-order=${options.stageIoOrder}`);
  if (options.maxId !== undefined) args.push('-fspv-max-id', String(options.maxId));
  for (const ext of options.allowedExtensions ?? []) args.push(`-fspv-extension=${ext}`);
  args.push(file);
  return args;
}

/** Boolean compile options and DXC's flag for each. */
const DXC_FLAGS: readonly [keyof CompileOptions & ('invertY' | 'useDxPositionW' | 'supportNonzeroBaseVertex' | 'supportNonzeroBaseInstance' | 'useUnknownImageFormat' | 'ieeeStrict' | 'finiteMathOnly' | 'vulkanMemoryModel' | 'useLegacyBufferMatrixOrder' | 'packOptimized'), string][] = [
  ['invertY', '-fvk-invert-y'],
  ['useDxPositionW', '-fvk-use-dx-position-w'],
  ['supportNonzeroBaseVertex', '-fvk-support-nonzero-base-vertex'],
  ['supportNonzeroBaseInstance', '-fvk-support-nonzero-base-instance'],
  ['useUnknownImageFormat', '-fspv-use-unknown-image-format'],
  ['ieeeStrict', '-Gis'],
  ['finiteMathOnly', '-ffinite-math-only'],
  ['vulkanMemoryModel', '-fspv-use-vulkan-memory-model'],
  ['useLegacyBufferMatrixOrder', '-fspv-use-legacy-buffer-matrix-order'],
  ['packOptimized', '-pack-optimized'],
];

function glslangArgs(file: string, out: string, depfile: string, options: Options): string[] {
  const entries = options.entryPoints ?? [];
  if (entries.length !== 1) {
    throw new ExternalOptionError(
      'glslangValidator compiles one entry point per run: set the plugin option `entryPoints` or the import query `?entry=…&stage=…` to exactly one entry point',
    );
  }
  const unsupported: [keyof CompileOptions, boolean][] = [
    ['layoutRule', (options.layoutRule ?? 'relaxed') !== 'relaxed'],
    ['defaultMajorness', options.defaultMajorness === 'row_major'],
    ['bindGlobals', options.bindGlobals !== undefined],
    ['resourceHeapBinding', options.resourceHeapBinding !== undefined],
    ['samplerHeapBinding', options.samplerHeapBinding !== undefined],
    ['counterHeapBinding', options.counterHeapBinding !== undefined],
    ['flattenResourceArrays', options.flattenResourceArrays === true],
    ['autoBindingSpace', (options.autoBindingSpace ?? 0) !== 0],
    ['hlslVersion', options.hlslVersion !== undefined && options.hlslVersion !== 2021],
    ['shaderModel', options.shaderModel !== undefined],
    ['debugInfo', options.debugInfo === true],
    ...DXC_FLAGS.map(([name]): [keyof CompileOptions, boolean] => [name, options[name] === true]),
    ['denorm', (options.denorm ?? 'any') !== 'any'],
    ['entryPointName', options.entryPointName !== undefined],
    ['stageIoOrder', (options.stageIoOrder ?? 'decl') !== 'decl'],
    ['maxId', options.maxId !== undefined],
    ['allowedExtensions', options.allowedExtensions !== undefined],
  ];
  for (const [name, used] of unsupported) {
    if (used) throw new ExternalOptionError(`compilerOptions.${name} has no glslangValidator equivalent (use backend 'builtin' or 'dxc')`);
  }
  const entry: EntryPointRequest = entries[0]!;
  const stage = GLSLANG_STAGE[entry.stage];
  if (!stage) throw new ExternalOptionError(`glslangValidator has no stage for ${entry.stage}`);
  const args = ['-D', '-V', '-S', stage, '-e', entry.name, '--source-entrypoint', entry.name, '-o', out, '--depfile', depfile];
  for (const [name, value] of Object.entries(options.defines ?? {})) args.push(`-D${name}=${value}`);
  for (const dir of options.includeDirs ?? []) args.push(`-I${dir}`);
  for (const s of options.bindingShifts ?? []) {
    args.push(GLSLANG_SHIFT_FLAG[s.registerKind]!, ...(s.space === 'all' ? [String(s.shift)] : [String(s.shift), String(s.space)]));
  }
  if (options.targetEnv) args.push('--target-env', options.targetEnv);
  if (options.enable16BitTypes) args.push('--hlsl-enable-16bit-types');
  // glslang's spelling of -fspv-reflect's semantic strings.
  if (options.reflect) args.push('-fhlsl_functionality1');
  args.push(file);
  return args;
}

/** `file:line:col: error: message` (DXC) and `ERROR: file:line: message` (glslang). */
export function parseToolDiagnostics(output: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const line of output.split(/\r?\n/)) {
    const clang = /^(.+?):(\d+):(\d+): (error|warning|note): (.*)$/.exec(line);
    if (clang) {
      found.push({ severity: clang[4] as Severity, message: clang[5]!, file: clang[1]!, line: +clang[2]!, column: +clang[3]!, length: 1, notes: [] });
      continue;
    }
    const glslang = /^(ERROR|WARNING): (.+?):(\d+): (.*)$/.exec(line);
    if (glslang) {
      const severity: Severity = glslang[1] === 'ERROR' ? 'error' : 'warning';
      found.push({ severity, message: glslang[4]!, file: glslang[2]!, line: +glslang[3]!, column: 1, length: 1, notes: [] });
    }
  }
  return found;
}

/** Paths listed in a make-style depfile (`out: a b \` continuation lines). */
export function parseDepfile(text: string): string[] {
  const body = text.replace(/\\\r?\n/g, ' ');
  const colon = body.indexOf(': ');
  if (colon < 0) return [];
  return body
    .slice(colon + 2)
    .split(/(?<!\\)\s+/)
    .filter((p) => p !== '')
    .map((p) => p.replace(/\\ /g, ' '));
}

function run(command: string, args: string[], optionName: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOENT') {
        reject(new Error(`unplugin-hlsl: the external compiler "${command}" was not found; install it on PATH or set the plugin option \`${optionName}\``));
        return;
      }
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) || 1 : 0, output: `${stdout}\n${stderr}` });
    });
  });
}

export function externalBackend(tool: ExternalTool, command: string): ShaderBackend {
  return {
    id: `${tool}:${command}`,
    close: async () => {},
    async compile(request): Promise<BackendOutput> {
      const { target } = request.options;
      if (target === 'wgsl' || (Array.isArray(target) && target.includes('wgsl'))) throw new ExternalOptionError(externalWgslError(tool));
      const dir = await mkdtemp(join(tmpdir(), 'unplugin-hlsl-'));
      try {
        const out = join(dir, 'out.spv');
        const depfile = join(dir, 'out.d');
        const args = (tool === 'dxc' ? dxcArgs : glslangArgs)(request.file, out, depfile, request.options);
        const { code, output } = await run(command, args, OPTION_NAME[tool]);
        const diagnostics = parseToolDiagnostics(output);
        const deps = await readFile(depfile, 'utf8').then(parseDepfile, () => [] as string[]);
        const files = [request.file, ...deps.filter((p) => p !== request.file && p !== out)];
        const fileHashes: Record<string, string | null> = { [request.file]: sha256(request.source) };
        for (const path of files.slice(1)) fileHashes[path] = hashFile(path);
        if (code !== 0 && !diagnostics.some((d) => d.severity === 'error')) {
          diagnostics.push({ severity: 'error', message: `${command} exited with code ${code}: ${output.trim()}`, file: request.file, line: 1, column: 1, length: 1, notes: [] });
        }
        const result: CompileResult = { success: code === 0, entryPoints: [], files, diagnostics };
        if (code === 0) {
          const bytes = await readFile(out);
          const spirv = new Uint32Array(bytes.byteLength / 4);
          new Uint8Array(spirv.buffer).set(bytes);
          // Loaded on the first compile: a build whose shaders all come from the cache never loads the reader.
          const { reflect } = await import('../compiler/reflect/index.js');
          const reflection = reflect(spirv);
          result.spirv = spirv;
          result.reflection = reflection;
          result.entryPoints = reflection.entryPoints.map((e) => ({
            name: e.name,
            stage: e.stage,
            ...(e.workgroupSize ? { workgroupSize: [e.workgroupSize.x, e.workgroupSize.y, e.workgroupSize.z] as [number, number, number] } : {}),
          }));
        }
        return { result, fileHashes };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
