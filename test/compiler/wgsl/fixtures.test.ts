// Every fixture shader (fixtures/compiler, one entry point at a time as its `// entry:` header says;
// fixtures/shaders, all entry points at once) compiled to WGSL under each layout rule and passed
// through Tint (Dawn's createShaderModule + getCompilationInfo: any message fails). Asking for both
// targets must not change the SPIR-V.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { fixtureEntries, fixtureTargets } from '../helpers.js';
import { startWebGpu, wgslFeatures, type WebGpuRunner } from '../../webgpu/harness.js';

const DIRS = ['../../../fixtures/compiler/', '../../../fixtures/shaders/'].map((d) => new URL(d, import.meta.url));

interface Case {
  name: string;
  source: string;
  options: CompileOptions;
  /** What the WGSL target says instead: stages WebGPU lacks, and vertex shaders that feed them. */
  refused?: RegExp;
}

/** Fixtures for pipelines WebGPU lacks (geometry, tessellation, mesh shading, work graphs): which entries WGSL refuses, and how. */
const NOT_WEBGPU: Partial<Record<string, RegExp>> = {
  geometry: /the geometry stage \(entry point '\w+'\) is not supported by the WGSL target/,
  hull: /the hull stage \(entry point '\w+'\) is not supported by the WGSL target/,
  domain: /the domain stage \(entry point '\w+'\) is not supported by the WGSL target/,
  mesh: /the mesh stage \(entry point '\w+'\) is not supported by the WGSL target/,
  amplification: /the amplification stage \(entry point '\w+'\) is not supported by the WGSL target/,
  node: /the node stage \(entry point '\w+'\) is not supported by the WGSL target/,
  vertex: /vertex entry point '\w+' without an SV_Position output is not supported by the WGSL target/,
};

/** Entries of those fixtures that WGSL refuses for what they read, not for their stage. */
const REFUSED_ENTRIES: Partial<Record<string, RegExp>> = {
  // The meshlet pixel shader reads the mesh shader's SV_PrimitiveID.
  'meshlets.hlsl: shadeMeshlet': /the semantic 'SV_PrimitiveID' as a pixel input is not supported by the WGSL target/,
};
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const dir of DIRS) {
    const files = readdirSync(dir).sort();
    const virtualFiles = Object.fromEntries(files.filter((f) => f.endsWith('.hlsli')).map((f) => [new URL(f, dir).pathname, readFileSync(new URL(f, dir), 'utf8')]));
    for (const file of files.filter((f) => f.endsWith('.hlsl'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      // Wave intrinsics need SPIR-V 1.3 (checked by the checker for either target).
      // (Or the fixture's own first target: SPV_EXT_mesh_shader needs vulkan1.2.)
      const base: CompileOptions = { filename: new URL(file, dir).pathname, virtualFiles, targetEnv: (fixtureTargets(source)?.[0] ?? 'vulkan1.1') as CompileOptions['targetEnv'] };
      if (/^\/\/ entry: /m.test(source)) {
        const entries = fixtureEntries(source);
        const webgpu = !entries.some((e) => ['geometry', 'hull', 'domain', 'mesh', 'amplification', 'node'].includes(e.stage));
        // `// wgsl: refused <part of the message>`: a fixture using what WebGPU lacks (ray queries, ray-tracing stages).
        const header = /^\/\/ wgsl: refused (.*)$/m.exec(source)?.[1];
        const declared = header ? new RegExp(`(?=.*is not supported by the WGSL target).*${escapeRegExp(header)}`) : undefined;
        for (const entry of entries) {
          const refused = declared ?? (webgpu ? undefined : (REFUSED_ENTRIES[`${file}: ${entry.name}`] ?? NOT_WEBGPU[entry.stage]));
          out.push({ name: `${file}: ${entry.name} (${entry.stage})`, source, options: { ...base, entryPoints: [entry] }, ...(refused ? { refused } : {}) });
        }
      } else out.push({ name: `${file}: every entry point`, source, options: base });
    }
  }
  return out;
}

let gpu: WebGpuRunner;
beforeAll(async () => {
  gpu = await startWebGpu();
});
afterAll(() => gpu?.close());

const all = cases();

describe('fixtures as WGSL', () => {
  it('has the fixtures', () => {
    expect(all.length).toBeGreaterThanOrEqual(15);
  });
  for (const c of all.filter((x) => x.refused)) {
    it(`${c.name} is refused by the WGSL target with a clear error`, () => {
      const r = compile(c.source, { ...c.options, target: 'wgsl' });
      expect(r.success).toBe(false);
      expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([expect.stringMatching(c.refused!)]);
    });
  }
  for (const c of all.filter((x) => !x.refused)) {
    it(`${c.name} passes Tint under every layout rule`, async () => {
      // The buffer forms (WGSL struct or word view) differ by rule; each must pass Tint.
      for (const layoutRule of ['gl', 'scalar', 'dx'] as const) {
        const r = compile(c.source, { ...c.options, layoutRule, target: 'wgsl' });
        expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
        await gpu.compile(r.wgsl!.code, wgslFeatures(r.wgsl!.code)).catch((error: Error) => {
          throw new Error(`under the ${layoutRule} rule: ${error.message}`);
        });
      }
      const both = compile(c.source, { ...c.options, target: ['spirv', 'wgsl'] });
      expect(both.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => c.source))).toEqual([]);
      await gpu.compile(both.wgsl!.code, wgslFeatures(both.wgsl!.code));
      const spirvOnly = compile(c.source, c.options);
      expect(both.spirv).toEqual(spirvOnly.spirv);
      expect(both.reflection).toEqual(spirvOnly.reflection);
      const wgslOnly = compile(c.source, { ...c.options, target: 'wgsl' });
      expect(wgslOnly.spirv).toBeUndefined();
      expect(wgslOnly.reflection).toBe(wgslOnly.wgsl!.reflection);
      expect(wgslOnly.wgsl!.code).toBe(both.wgsl!.code);
    });
  }
});
