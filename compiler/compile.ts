// One compile: preprocess → parse → check (to IR) → the targeted back ends (SPIR-V and its reflection,
// WGSL and its reflection). Each stage reports into the same DiagnosticSink; a stage with errors stops the pipeline after it.
import { DiagnosticSink } from './diagnostics.js';
import { Checker } from './check/checker.js';
import { memoryHost } from './host.js';
import { parse } from './parse/index.js';
import { preprocess, preprocessStream, type PreprocessOptions } from './preprocess/index.js';
import type { CompileResult, PreprocessedSource } from './result.js';
import { printTokens } from './preprocess/print.js';
import { stageInputNames } from './ir/stage-value-names.js';
import { flattenResourceArrays } from './opt/flatten-resource-arrays.js';
import type { IrModule } from './ir/ir.js';
import { optimizeModule } from './opt/pipeline.js';
import type { Backend, BackendContext, BackendOutput } from './backend.js';
import { resolveOptions, type CompileOptions, type CompileTarget } from './options.js';
import { compileSpirv, spirvBackend, type SpirvCompile } from './spirv/backend.js';
import { wgslBackend } from './wgsl/backend.js';
import { normalizePath } from './util/path.js';
import { spirvMinor } from './common/target-env.js';

/** The back end of each target. */
const BACKENDS: Record<CompileTarget, Backend> = { spirv: spirvBackend, wgsl: wgslBackend };

/** The preprocessor's options for one compile (the same macros, includes and predefined values as compile()). */
function preprocessOptions(options: CompileOptions, filename: string): PreprocessOptions {
  const single = options.entryPoints?.length === 1 ? options.entryPoints[0] : undefined;
  const resolved = resolveOptions(options, filename);
  return {
    ...(options.defines ? { defines: options.defines } : {}),
    ...(options.includeDirs ? { includeDirs: options.includeDirs } : {}),
    ...(options.virtualFiles ? { virtualFiles: options.virtualFiles } : {}),
    stage: single ? single.stage : 'library',
    ...(options.shaderModel ? { shaderModel: options.shaderModel } : {}),
    hlslVersion: resolved.hlslVersion,
    spirvVersion: { major: 1, minor: spirvMinor(resolved.targetEnv) },
    ...(options.enable16BitTypes ? { enable16BitTypes: true } : {}),
  };
}

/** DXC's -P: the preprocessed source as text (no compile). */
export function preprocessSource(source: string, options: CompileOptions = {}): PreprocessedSource {
  const sink = new DiagnosticSink(options.warnings);
  const filename = normalizePath(options.filename ?? '/input.hlsl');
  const pp = preprocess(source, filename, options.host ?? memoryHost({}), preprocessOptions(options, filename), sink);
  const success = !sink.hasErrors();
  return { success, ...(success ? { text: printTokens(pp.tokens, sink.locations) } : {}), files: pp.files, diagnostics: sink.items };
}

/** The front end: the checked IR before the middle end, or undefined after errors (in `sink`). */
function frontEnd(source: string, options: CompileOptions, filename: string, sink: DiagnosticSink): { ir?: IrModule; files: string[] } {
  // The parser reads the preprocessor's output as it is produced. Its diagnostics are held apart
  // and added after all of the preprocessor's, and only when the preprocessor reported no error:
  // the order and content of a compile's diagnostics are those of preprocessing, then parsing.
  const stream = preprocessStream(source, filename, options.host ?? memoryHost({}), preprocessOptions(options, filename), sink, true);
  const parseSink = new DiagnosticSink(options.warnings, sink.locations);
  const program = parse(stream, parseSink);
  const files = stream.finish();
  if (sink.hasErrors()) return { files };
  for (const d of parseSink.items) sink.add(d);
  if (sink.hasErrors()) return { files };
  const checker = new Checker(sink, { ...options, filename });
  const checked = checker.checkProgram(program, filename);
  if (!checked || sink.hasErrors()) return { files };
  return { ir: checked, files };
}

/** The checked IR of `source` before any middle-end pass (for pass tests and the printable IR). */
export function checkToIr(source: string, options: CompileOptions = {}): { ir?: IrModule; diagnostics: CompileResult['diagnostics'] } {
  const sink = new DiagnosticSink(options.warnings);
  const { ir } = frontEnd(source, options, normalizePath(options.filename ?? '/input.hlsl'), sink);
  return { ...(ir ? { ir } : {}), diagnostics: sink.items };
}

export function compile(source: string, options: CompileOptions = {}): CompileResult {
  const sink = new DiagnosticSink(options.warnings);
  const filename = normalizePath(options.filename ?? '/input.hlsl');
  const front = frontEnd(source, options, filename, sink);
  const fail = (): CompileResult => ({ success: false, entryPoints: [], files: front.files, diagnostics: sink.items });
  const checked = front.ir;
  if (!checked || sink.hasErrors()) return fail();
  const ir = optimizeModule(flattenResourceArrays(checked), options, options.afterPass);
  const resolved = resolveOptions(options, filename);
  let spirv: SpirvCompile | undefined;
  // The SPIR-V back end runs at most once, whether targeted or only asked for its reflection.
  const context: BackendContext = { options: resolved, spirv: () => (spirv ??= compileSpirv(ir, resolved)) };
  const outputs: NonNullable<BackendOutput['result']> = {};
  for (const target of resolved.targets) {
    const out = BACKENDS[target].emit(ir, context);
    for (const e of out.errors) sink.error(e.message, e.loc ?? sink.locations.start(filename), e.length ?? 1);
    Object.assign(outputs, out.result);
  }
  if (sink.hasErrors()) return fail();
  // Only WGSL targeted: its reflection is the result's reflection.
  const reflection = outputs.reflection ?? outputs.wgsl?.reflection;
  return {
    success: true,
    ...(outputs.spirv ? { spirv: outputs.spirv } : {}),
    ...(reflection ? { reflection } : {}),
    ...(outputs.wgsl ? { wgsl: outputs.wgsl } : {}),
    entryPoints: ir.entryPoints.map((ep) => ({
      name: ep.name,
      stage: ep.stage,
      ...('workgroupSize' in ep ? { workgroupSize: ep.workgroupSize } : {}),
      inputNames: stageInputNames(ep),
    })),
    files: front.files,
    diagnostics: sink.items,
  };
}
