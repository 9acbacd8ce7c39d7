// Dead-resource elimination as DXC's default (optimised) output has it: what the compiled entry
// points do not use is not in the module, and the bindings of what stays are those assigned before
// elimination. -O0 keeps everything unless resources had to be legalized; -fcgl keeps everything;
// -fspv-preserve-bindings keeps everything with a binding. Every module passes spirv-val.
import { describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../../compiler/index.js';
import { compileValid } from '../helpers.js';
import { loadGenerated } from '../../plugin/codegen/load-generated.js';

const SOURCE = `Texture2D<float4> unusedTex;
SamplerState samp;
Texture2D<float4> tex;
cbuffer Unused { float4 never; };
cbuffer Params { float4 scale; float4 unusedMember; };
float4 looseUnused;
RWStructuredBuffer<float4> result;
RWStructuredBuffer<uint> countedOnly;
ByteAddressBuffer otherEntryOnly;
struct PC { float4 pc; };
[[vk::push_constant]] PC push;
[[vk::constant_id(3)]] const float specUnused = 1.0;
[[vk::constant_id(4)]] const float specUsed = 2.0;

[numthreads(1, 1, 1)]
void main() {
  result[0] = tex.SampleLevel(samp, float2(0, 0), 0) * scale * specUsed;
  countedOnly.IncrementCounter();
}

[numthreads(1, 1, 1)]
void other() {
  result[1] = asfloat(otherEntryOnly.Load4(0));
}
`;

const MAIN: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }] };

function bindings(options: CompileOptions, source = SOURCE): Record<string, [number, number]> {
  const result = compileValid(source, options, ['vulkan1.1']);
  return Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, [b.set, b.binding]]));
}

function specIds(options: CompileOptions): number[] {
  const result = compileValid(SOURCE, options, ['vulkan1.1']);
  return result.reflection!.specConstants.map((s) => s.id).sort();
}

function hasPushConstants(options: CompileOptions): boolean {
  return compileValid(SOURCE, options, ['vulkan1.1']).reflection!.pushConstants.length > 0;
}

/**
 * Every resource with the binding DXC assigns it before optimising. A RWStructuredBuffer's counter
 * exists only once code uses it (DXC creates it during codegen, after every declaration): result's
 * never does, countedOnly's comes last.
 */
const ALL = {
  unusedTex: [0, 0],
  samp: [0, 1],
  tex: [0, 2],
  Unused: [0, 3],
  Params: [0, 4],
  $Globals: [0, 5],
  result: [0, 6],
  countedOnly: [0, 7],
  otherEntryOnly: [0, 8],
  'counter.var.countedOnly': [0, 9],
};

describe('default (optimised): only what the entry point uses', () => {
  it('drops unused resources, an unused cbuffer and $Globals; keeps the bindings of the rest', () => {
    // countedOnly itself is never read or written: only its counter is used.
    expect(bindings(MAIN)).toEqual({
      samp: ALL.samp,
      tex: ALL.tex,
      Params: ALL.Params,
      result: ALL.result,
      'counter.var.countedOnly': ALL['counter.var.countedOnly'],
    });
  });

  it('drops unused push constants and specialization constants (DXC does not preserve them)', () => {
    expect(specIds(MAIN)).toEqual([4]);
    expect(hasPushConstants(MAIN)).toBe(false);
  });

  it('keeps the union of what the compiled entry points use', () => {
    const both = bindings({ entryPoints: [{ name: 'main', stage: 'compute' }, { name: 'other', stage: 'compute' }] });
    expect(both).toEqual({
      samp: ALL.samp,
      tex: ALL.tex,
      Params: ALL.Params,
      result: ALL.result,
      'counter.var.countedOnly': ALL['counter.var.countedOnly'],
      otherEntryOnly: ALL.otherEntryOnly,
    });
  });

  it('-O1 to -O3 behave as the default', () => {
    for (const optimizationLevel of [1, 2, 3] as const) expect(bindings({ ...MAIN, optimizationLevel })).toEqual(bindings(MAIN));
  });
});

describe('-O0, -fcgl and -fspv-preserve-bindings', () => {
  it('-O0 keeps every resource when nothing needed legalization', () => {
    expect(bindings({ ...MAIN, optimizationLevel: 0 })).toEqual(ALL);
    expect(specIds({ ...MAIN, optimizationLevel: 0 })).toEqual([3, 4]);
    expect(hasPushConstants({ ...MAIN, optimizationLevel: 0 })).toBe(true);
  });

  it('-O0 drops unused resources when resources were legalized (DXC legalization runs DCE)', () => {
    const legalized = SOURCE.replace('result[0] = tex', 'Texture2D<float4> local = tex;\n  result[0] = local');
    expect(bindings({ ...MAIN, optimizationLevel: 0 }, legalized)).toEqual(bindings(MAIN));
  });

  it('-fcgl keeps everything, legalized or not', () => {
    const legalized = SOURCE.replace('result[0] = tex', 'Texture2D<float4> local = tex;\n  result[0] = local');
    expect(bindings({ ...MAIN, codeGenHighLevel: true }, legalized)).toEqual(ALL);
  });

  it('-fspv-preserve-bindings keeps what has a binding, not push or spec constants', () => {
    expect(bindings({ ...MAIN, preserveBindings: true })).toEqual(ALL);
    expect(specIds({ ...MAIN, preserveBindings: true })).toEqual([4]);
    expect(hasPushConstants({ ...MAIN, preserveBindings: true })).toBe(false);
  });
});

describe('the generated module', () => {
  it('asks the application to bind only what the pipeline reads', async () => {
    const result = compileValid(SOURCE, MAIN, ['vulkan1.1']);
    const { exports } = await loadGenerated({ reflection: result.reflection!, spirv: { kind: 'none' } });
    const entries = (exports.bindGroupLayouts as { entries: { binding: number }[] }[]).flatMap((g) => g.entries.map((e) => e.binding));
    expect(entries.sort((a, b) => a - b)).toEqual([ALL.samp[1], ALL.tex[1], ALL.Params[1], ALL.result[1], ALL['counter.var.countedOnly'][1]]);
    const vulkan = (exports.descriptorSetLayouts as { bindings: { binding: number }[] }[]).flatMap((set) => set.bindings.map((b) => b.binding));
    expect(vulkan.sort((a, b) => a - b)).toEqual(entries);
  });
});
