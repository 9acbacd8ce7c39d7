// Every fixture shader (fixtures/compiler, one entry point at a time as its `// entry:` header says;
// fixtures/shaders, all entry points at once) compiled to WGSL under each layout rule and passed
// through Tint (Dawn's createShaderModule + getCompilationInfo: any message fails). Asking for both
// targets must not change the SPIR-V.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { fixtureEntries } from '../helpers.js';
import { openDawn, type Dawn } from './dawn.js';

const DIRS = ['../../../fixtures/compiler/', '../../../fixtures/shaders/'].map((d) => new URL(d, import.meta.url));

interface Case {
  name: string;
  source: string;
  options: CompileOptions;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const dir of DIRS) {
    const files = readdirSync(dir).sort();
    const virtualFiles = Object.fromEntries(files.filter((f) => f.endsWith('.hlsli')).map((f) => [new URL(f, dir).pathname, readFileSync(new URL(f, dir), 'utf8')]));
    for (const file of files.filter((f) => f.endsWith('.hlsl'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      // Wave intrinsics need SPIR-V 1.3 (checked by the checker for either target).
      const base: CompileOptions = { filename: new URL(file, dir).pathname, virtualFiles, targetEnv: 'vulkan1.1' };
      if (/^\/\/ entry: /m.test(source)) {
        for (const entry of fixtureEntries(source)) out.push({ name: `${file}: ${entry.name} (${entry.stage})`, source, options: { ...base, entryPoints: [entry] } });
      } else out.push({ name: `${file}: every entry point`, source, options: base });
    }
  }
  return out;
}

let dawn: Dawn;
beforeAll(async () => {
  dawn = await openDawn();
});
afterAll(() => dawn?.device.destroy());

const all = cases();

describe('fixtures as WGSL', () => {
  it('has the fixtures', () => {
    expect(all.length).toBeGreaterThanOrEqual(15);
  });
  for (const c of all) {
    // A fixture using what WebGPU lacks (`// wgsl: refused <part of the message>`) must be refused at a line:col of its own.
    const refused = /^\/\/ wgsl: refused (.*)$/m.exec(c.source)?.[1];
    if (refused) {
      it(`${c.name} is refused by the WGSL target (${refused})`, () => {
        const r = compile(c.source, { ...c.options, target: 'wgsl' });
        const errors = r.diagnostics.filter((d) => d.severity === 'error');
        expect(errors.map((d) => d.message)).toEqual([expect.stringMatching(/is not supported by the WGSL target/)]);
        expect(errors[0]!.message).toContain(refused);
        expect(errors[0]!.line).toBeGreaterThan(1);
      });
      continue;
    }
    it(`${c.name} passes Tint under every layout rule`, async () => {
      // The buffer forms (WGSL struct or word view) differ by rule; each must pass Tint.
      for (const layoutRule of ['gl', 'scalar', 'dx'] as const) {
        const r = compile(c.source, { ...c.options, layoutRule, target: 'wgsl' });
        expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
        expect(await dawn.validate(r.wgsl!.code), layoutRule).toBe('');
      }
      const both = compile(c.source, { ...c.options, target: ['spirv', 'wgsl'] });
      expect(both.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => c.source))).toEqual([]);
      expect(await dawn.validate(both.wgsl!.code)).toBe('');
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
