// NonUniformResourceIndex on the WGSL target: WGSL has no binding arrays, so the intrinsic can only
// mark an ordinary index, where it is the index itself; Tint accepts the module and Dawn computes
// with it. Resource arrays themselves are refused (test/compiler/resources/bindless.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { openDawn, type Dawn } from './dawn.js';

let dawn: Dawn;
beforeAll(async () => {
  dawn = await openDawn();
});
afterAll(() => dawn?.device.destroy());

describe('NonUniformResourceIndex (WGSL)', () => {
  it('is the index itself', async () => {
    const source = `RWStructuredBuffer<uint> o : register(u0);
      static const uint table[4] = { 7, 11, 13, 17 };
      [numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) { o[i] = table[NonUniformResourceIndex(3 - i)] + NonUniformResourceIndex(i); }`;
    const r = compile(source, { target: 'wgsl', entryPoints: [{ name: 'main', stage: 'compute' }] });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const code = r.wgsl!.code;
    expect(await dawn.validate(code)).toBe('');
    const [out] = await dawn.compute(code, 'main', [1, 1, 1], [{ binding: 0, kind: 'storage', size: 16 }]);
    expect([...new Uint32Array(out!.buffer, out!.byteOffset, 4)]).toEqual([17, 14, 13, 10]);
  });
});
