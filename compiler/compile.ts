// One compile: preprocess → parse → check (to IR) → SPIR-V → reflection of the binary. Each stage
// reports into the same DiagnosticSink; a stage with errors stops the pipeline after it.
import { DiagnosticSink } from './diagnostics.js';
import { Checker } from './check/checker.js';
import { memoryHost } from './host.js';
import type { CompileOptions } from './options.js';
import { parse } from './parse/index.js';
import { preprocess } from './preprocess/index.js';
import { reflect } from './reflect/index.js';
import type { CompileResult } from './result.js';
import { emitSpirv } from './spirv/emit.js';
import { eliminateDeadResources } from './opt/dead-resources.js';
import { normalizePath } from './util/path.js';

export function compile(source: string, options: CompileOptions = {}): CompileResult {
  const sink = new DiagnosticSink(options.warnings);
  const filename = normalizePath(options.filename ?? '/input.hlsl');
  const host = options.host ?? memoryHost({});
  const single = options.entryPoints?.length === 1 ? options.entryPoints[0] : undefined;
  const pp = preprocess(
    source,
    filename,
    host,
    {
      ...(options.defines ? { defines: options.defines } : {}),
      ...(options.includeDirs ? { includeDirs: options.includeDirs } : {}),
      ...(options.virtualFiles ? { virtualFiles: options.virtualFiles } : {}),
      stage: single ? single.stage : 'library',
      ...(options.shaderModel ? { shaderModel: options.shaderModel } : {}),
      hlslVersion: options.hlslVersion ?? 2021,
      ...(options.enable16BitTypes ? { enable16BitTypes: true } : {}),
    },
    sink,
  );
  const fail = (): CompileResult => ({ success: false, entryPoints: [], files: pp.files, diagnostics: sink.items });
  if (sink.hasErrors()) return fail();
  const program = parse(pp.tokens, sink);
  if (sink.hasErrors()) return fail();
  const checker = new Checker(sink, { ...options, filename });
  const checked = checker.checkProgram(program, filename);
  if (!checked || sink.hasErrors()) return fail();
  const ir = eliminateDeadResources(checked, options);
  const emitted = emitSpirv(ir, {
    targetEnv: options.targetEnv ?? 'vulkan1.0',
    layoutRule: options.layoutRule ?? 'relaxed',
    ...(options.reflect ? { reflect: true } : {}),
    ...(options.arithmetic ? { arithmetic: options.arithmetic } : {}),
    ...(options.debugInfo ? { debugSourceName: options.debugSourceName ?? filename } : {}),
  });
  for (const e of emitted.errors) {
    const loc = e.global?.loc ?? { file: filename, line: 1, column: 1, offset: 0 };
    sink.error(e.message, loc, e.global ? e.global.name.length : 1);
  }
  if (sink.hasErrors()) return fail();
  const reflection = reflect(emitted.spirv);
  return {
    success: true,
    spirv: emitted.spirv,
    reflection,
    entryPoints: ir.entryPoints.map((ep) => ({ name: ep.name, stage: ep.stage, ...(ep.workgroupSize ? { workgroupSize: ep.workgroupSize } : {}) })),
    files: pp.files,
    diagnostics: sink.items,
  };
}
