// Both disassembly back ends of hlslc, on a module compiled independently by glslangValidator and
// compared with Debian's spirv-dis run directly.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disassemble } from '../../src/bin/disassemble.js';

const SHADER = `RWStructuredBuffer<uint> data : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { data[id.x] = id.x * 3; }
`;

let dir: string;
let words: Uint32Array;
let expected: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hlslc-dis-'));
  writeFileSync(join(dir, 'k.hlsl'), SHADER);
  execFileSync('glslangValidator', ['-D', '-V', '-S', 'comp', '-e', 'main', join(dir, 'k.hlsl'), '-o', join(dir, 'k.spv')]);
  execFileSync('spirv-val', ['--target-env', 'vulkan1.0', join(dir, 'k.spv')]);
  const bytes = readFileSync(join(dir, 'k.spv'));
  words = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  expected = execFileSync('spirv-dis', ['--no-color', join(dir, 'k.spv')], { encoding: 'utf8' });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('disassemble', () => {
  it('uses spirv-dis from PATH and matches it exactly', async () => {
    const listing = await disassemble(words);
    expect(listing).toEqual({ ok: true, text: expected, tool: 'spirv-dis' });
    expect(expected).toContain('OpEntryPoint GLCompute %main "main"');
  });

  it('falls back to the spirv-tools npm package when spirv-dis is not on PATH', async () => {
    const path = process.env.PATH;
    process.env.PATH = '';
    try {
      const listing = await disassemble(words);
      expect(listing).toEqual({ ok: true, text: expected, tool: 'spirv-tools (npm)' });
    } finally {
      process.env.PATH = path;
    }
  });

  it('reports spirv-dis rejecting a module that is not SPIR-V', async () => {
    const listing = await disassemble(new Uint32Array([0xdeadbeef, 1, 2, 3, 4]));
    expect(listing.ok).toBe(false);
    expect(listing.ok ? '' : listing.error).toMatch(/^spirv-dis failed: .*magic/i);
  });
});
