// Conversions and operators of enumeration values as DXC types them (its SemaHLSL enums test and
// CodeGenSPIRV type.enum.hlsl): an `enum class` converts implicitly to nothing (an explicit cast is
// needed either way) and takes only == and != with its own values; an unscoped enum converts
// implicitly to numeric types and does arithmetic as its underlying type, except that two unscoped enum
// operands (and a shift of one) keep the left enum's type (`P0 | P1`); nothing converts implicitly to an
// enum but the same enum; ++ and -- are refused on every enum. Refusals are errors at the expression
// (file:line:col); what is accepted is executed on lavapipe and WebGPU.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startTargets, type Targets } from '../../webgpu/both-targets.js';
import { runChecks, type Check } from '../exec/kernel.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const ENUMS = `enum class Mode : uint { Off, Low = 4, High };
enum Plain { P0, P1 = 3 };
enum Other : int { O0 = 7 };
int takesInt(int x) { return x; }
int takesPlain(Plain p) { return 1; }
`;

/** Errors of a compute shader whose body is `body` (line 7 onwards), as `line:col message`. */
function errors(body: string): string[] {
  const r = compile(`${ENUMS}[numthreads(1, 1, 1)] void main() {\n${body}\n}`);
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
}

describe('enum class values convert only explicitly', () => {
  it('implicit conversions from an enum class are errors at the value', () => {
    expect(errors('Mode m = Mode::High;\nint i = m;')).toEqual(["8:9 cannot implicitly convert from enum class 'Mode' to 'int': use an explicit cast (in initialization)"]);
    expect(errors('float f = Mode::Low;')).toEqual(["7:11 cannot implicitly convert from enum class 'Mode' to 'float': use an explicit cast (in initialization)"]);
    expect(errors('uint u; u = Mode::Low;')).toEqual(["7:11 cannot implicitly convert from enum class 'Mode' to 'uint': use an explicit cast (in assignment)"]);
    expect(errors('int r = takesInt(Mode::Low);')).toEqual(["7:9 no matching function for call to 'takesInt(Mode)'; candidate: int takesInt(int)"]);
  });

  it('arithmetic, ordering and bitwise operators on an enum class are errors; == and != of the same enum class are not', () => {
    expect(errors('uint a = Mode::Low + 1;')).toEqual(["7:20 invalid operand of enum class type 'Mode' to operator '+': cast it to an integer type first"]);
    expect(errors('Mode m = Mode::Low;\nbool b = m < Mode::High;')).toEqual(["8:12 invalid operand of enum class type 'Mode' to operator '<': cast it to an integer type first"]);
    expect(errors('Mode m = Mode::Low;\nint x = ~m;')).toEqual(["8:9 invalid operand of enum class type 'Mode' to operator '~': cast it to an integer type first"]);
    expect(errors('Mode m = Mode::Low;\nbool b = !m;')).toEqual(["8:10 invalid operand of enum class type 'Mode' to operator '!': cast it to an integer type first"]);
    expect(errors("bool b = P1 == Mode::Low;")).toEqual(["7:13 cannot compare 'Plain' with 'Mode': the operands of '==' must be values of the same enum class"]);
    expect(errors('Mode m = Mode::Low;\nbool b = m == Mode::High || m != Mode::Off;')).toEqual([]);
  });

  it('nothing converts implicitly to an enum but the same enum; ++/-- are refused on every enum', () => {
    expect(errors('Mode m = 4;')).toEqual(["7:10 cannot implicitly convert from 'int' to enum 'Mode': use an explicit cast (in initialization)"]);
    expect(errors('Plain p = 3;')).toEqual(["7:11 cannot implicitly convert from 'int' to enum 'Plain': use an explicit cast (in initialization)"]);
    expect(errors('Plain p = O0;')).toEqual(["7:11 cannot implicitly convert from 'Other' to enum 'Plain': use an explicit cast (in initialization)"]);
    expect(errors('int r = takesPlain(O0);')).toEqual(["7:9 no matching function for call to 'takesPlain(Other)'; candidate: int takesPlain(Plain)"]);
    expect(errors('Plain p = P0;\np++;')).toEqual(["8:2 cannot increment a value of enum type 'Plain'"]);
    expect(errors('Mode m = Mode::Low;\n--m;')).toEqual(["8:1 cannot decrement a value of enum type 'Mode'"]);
    expect(errors('Plain p = P1 + 1;')).toEqual(["7:14 cannot implicitly convert from 'int' to enum 'Plain': use an explicit cast (in initialization)"]);
    expect(errors('Plain p = P0 | P1;\nPlain q = p << 2;\nPlain r = p & P1;')).toEqual([]);
    expect(errors('Plain p = P0;\np += 1;')).toEqual(["8:3 cannot implicitly convert from 'int' to enum 'Plain': use an explicit cast (in assignment)"]);
  });
});

describe('what DXC accepts runs with the enum values', () => {
  it('explicit casts either way, unscoped enums as numbers, enum parameters, switch', async () => {
    const prelude = `${ENUMS}
      uint describe(Mode m) {
        uint r = 3;
        switch (m) {
          case Mode::Off: r = 1; break;
          case Mode::Low: r = 2; break;
          default: break;
        }
        return r;
      }
      int pick(int x) { return 10; }
      int pick(Plain p) { return 20; }`;
    const setup = `
      Mode m = (Mode)(uint)In[0].x;
      Plain p = (Plain)(int)In[0].y;
      Mode fromPlain = (Mode)P1;
      float f = p;
      int sum = p + P1 * 2;
      Plain both = P0 | P1;
      Plain shifted = P1 << 1;`;
    const checks: Check[] = [
      { expr: '(uint)m', kind: 'u', expect: 5 },
      { expr: 'm == Mode::High && m != Mode::Low', kind: 'b', expect: true },
      { expr: 'describe(m) * 10 + describe(Mode::Low)', kind: 'u', expect: 32 },
      { expr: 'f', kind: 'f', expect: 3 },
      { expr: 'sum', kind: 'i', expect: 9 },
      { expr: 'takesInt(P1) + takesInt((int)Mode::Low)', kind: 'i', expect: 7 },
      { expr: 'pick(P1) + pick(3)', kind: 'i', expect: 30 },
      { expr: '(uint)fromPlain', kind: 'u', expect: 3 },
      { expr: 'P1 > P0', kind: 'b', expect: true },
      { expr: '(int)both * 10 + (int)shifted', kind: 'i', expect: 36 },
    ];
    await runChecks(gpu, { prelude, setup, input: [[5, 3, 0, 0]], checks });
  });
});
