// The fixture suite (fixtures/compiler/*.hlsl): shaders written the way real projects write them,
// each entry point named in the file's `// entry:` header compiled on its own and passed through
// spirv-val for vulkan1.1 and vulkan1.2, or the environments its `// targets:` header names (mesh
// shaders need SPIR-V 1.4).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileValid, fixtureEntries, fixtureTargets } from './helpers.js';

const DIR = new URL('../../fixtures/compiler/', import.meta.url);


const files = readdirSync(DIR).filter((f) => f.endsWith('.hlsl')).sort();

describe('compiler fixtures', () => {
  it('has the fixture suite', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });
  for (const file of files) {
    const path = new URL(file, DIR);
    const source = readFileSync(path, 'utf8');
    for (const entry of fixtureEntries(source)) {
      it(`${file}: ${entry.name} (${entry.stage})`, () => {
        const result = compileValid(source, { filename: path.pathname, entryPoints: [entry] }, fixtureTargets(source));
        expect(result.entryPoints).toEqual([expect.objectContaining({ name: entry.name, stage: entry.stage })]);
      });
    }
  }
});
