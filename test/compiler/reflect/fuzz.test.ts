// Seeded mutations of valid modules (flipped bits, replaced words, truncations): reflect() must either
// return or throw a SpirvReflectError, never anything else, and never hang.
import { expect, it } from 'vitest';
import { SpirvReflectError, reflect } from '../../../compiler/reflect/index.js';
import { assembledFixtures, compiledFixtures } from './fixtures.js';
import { mulberry32, picker } from '../../helpers/fuzz.js';
import { assembleFixture, compileFixture } from './tools.js';

const SEED = 0x5eed1234;
const MUTATIONS_PER_MODULE = 400;

function mutate(source: Uint32Array, random: () => number): Uint32Array {
  const pick = picker(random);
  let words = source.slice();
  const count = 1 + pick(3);
  for (let i = 0; i < count && words.length > 0; i++) {
    const at = pick(words.length);
    switch (pick(5)) {
      case 0: // flip one bit
        words[at] = (words[at]! ^ (1 << pick(32))) >>> 0;
        break;
      case 1: // any value
        words[at] = pick(2 ** 32);
        break;
      case 2: // a small value: plausibly an id, a count or an enumerant
        words[at] = pick(words[3]! + 4);
        break;
      case 3: // a corrupted word count
        words[at] = ((pick(8) << 16) | (words[at]! & 0xffff)) >>> 0;
        break;
      case 4: // truncation
        words = words.slice(0, pick(words.length));
        break;
    }
  }
  return words;
}

it(`survives ${MUTATIONS_PER_MODULE} seeded mutations of each fixture module`, () => {
  const modules = [
    ...compiledFixtures.filter((f) => (f.compiler ?? 'glslang') === 'glslang').map((f) => compileFixture(f).words),
    ...assembledFixtures.map((f) => assembleFixture(f.file, f.targetEnv).words),
  ];
  const random = mulberry32(SEED);
  let returned = 0;
  let rejected = 0;
  modules.forEach((module, m) => {
    for (let i = 0; i < MUTATIONS_PER_MODULE; i++) {
      const mutated = mutate(module, random);
      try {
        reflect(mutated);
        returned++;
      } catch (error) {
        if (!(error instanceof SpirvReflectError)) {
          throw new Error(`module ${m}, mutation ${i} (seed ${SEED}) threw ${String(error)}`, { cause: error });
        }
        rejected++;
      }
    }
  });
  // Both outcomes must occur, or the mutations are not exercising the reader.
  expect(returned + rejected).toBe(modules.length * MUTATIONS_PER_MODULE);
  expect(returned).toBeGreaterThan(0);
  expect(rejected).toBeGreaterThan(0);
  console.log(`fuzz: ${returned} mutated modules reflected, ${rejected} rejected with SpirvReflectError`);
});
