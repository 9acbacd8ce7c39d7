// Names from a shader are data, never code: hostile binding, member, entry point and constant
// names must give valid, safe export names and JSON-escaped strings, and inject nothing.

import { describe, expect, test } from 'vitest';
import ts from 'typescript';
import { generateModule } from '../../../plugin/codegen/index.js';
import { expectStored, filled } from './bytes.js';
import { loadGenerated } from './load-generated.js';
import { computeReflection, member, scalar, struct, uniformBuffer } from './reflections.js';

const INJECTIONS = [
  'x"); globalThis.pwned = 1; ("',
  "x'); globalThis.pwned = 1; ('",
  '*/ globalThis.pwned = 1; /*',
  '`${globalThis.pwned = 1}`',
  '\u2028globalThis.pwned = 1;',
  '</script><script>globalThis.pwned = 1</script>',
  '"]: 0, [globalThis.pwned = 1]: 0, ["',
];

const BINDING_NAMES: [name: string, exportName: string][] = [
  ['constructor', 'constructor_'],
  ['__proto__', '__proto___'],
  ['$Globals', 'Globals'],
  ['class', 'class_'],
  ['counter.var.particles', 'counter_var_particles'],
  ['default', 'default_'],
  ['spirv', 'spirv_'],
  ['bindings', 'bindings_'],
  ['await', 'await_'],
  ['1st', '_1st'],
  ['Globals', 'Globals_2'],
  ['', 'set0_binding12'],
];

function block(): ReturnType<typeof struct> {
  return struct('type_Hostile', 20, [
    member('__proto__', 0, 4, scalar('f32')),
    member('constructor', 4, 4, scalar('f32')),
    member('toString', 8, 4, scalar('f32')),
    member('a b', 12, 4, scalar('f32')),
    member(INJECTIONS[0]!, 16, 4, scalar('f32')),
  ]);
}

function hostileReflection() {
  const bindings = [
    ...BINDING_NAMES.map(([name], index) => uniformBuffer(name, block(), 0, index + 1)),
    ...INJECTIONS.map((name, index) => uniformBuffer(name, block(), 1, index)),
  ];
  return computeReflection(bindings, {
    entryPoints: [
      { name: '__proto__', stage: 'compute', inputs: [], outputs: [], executionModes: [] },
      { name: INJECTIONS[1]!, stage: 'compute', inputs: [], outputs: [], executionModes: [] },
    ],
    specConstants: [
      { name: '__proto__', id: 1, type: 'u32', defaultValue: 4 },
      { name: INJECTIONS[2]!, id: 2, type: 'f32', defaultValue: Number.NaN },
      { name: 'big', id: 3, type: 'i64', defaultValue: -5n },
    ],
    pushConstants: [{ name: 'constructor', block: block(), usedBy: ['__proto__'] }],
  });
}

describe('hostile identifiers', () => {
  test('export names are escaped, distinct and safe; nothing is injected', async () => {
    const { exports, generated } = await loadGenerated({ reflection: hostileReflection(), spirv: { kind: 'inline', words: new Uint32Array([0x07230203, 0x10000, 0, 1, 0]) } });
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    for (const [, exportName] of BINDING_NAMES) expect(typeof exports[exportName]?.write, exportName).toBe('function');
    // Injection names become identifier-safe exports; every layout export is distinct.
    const layoutExports = Object.keys(exports).filter((name) => typeof exports[name]?.write === 'function');
    expect(layoutExports.length).toBe(BINDING_NAMES.length + INJECTIONS.length + 1);
    for (const name of layoutExports) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    expect(exports.constructor__2.write).toBeTypeOf('function'); // the push constant block named constructor
    expect(generated.code).not.toContain('pwned = 1;\n');
  });

  test('maps keyed by shader names keep every name as an own key, prototype untouched', async () => {
    const { exports } = await loadGenerated({ reflection: hostileReflection(), spirv: { kind: 'inline', words: new Uint32Array([0x07230203, 0x10000, 0, 1, 0]) } });
    const bindings = exports.bindings as Record<string, { set: number; binding: number; name: string }>;
    expect(Object.getPrototypeOf(bindings)).toBe(Object.prototype);
    for (const [index, [name]] of BINDING_NAMES.entries()) {
      const key = name === '' ? 'set0_binding12' : name;
      expect(Object.hasOwn(bindings, key), key).toBe(true);
      expect(bindings[key]!.binding).toBe(index + 1);
      expect(bindings[key]!.name).toBe(name);
    }
    for (const [index, name] of INJECTIONS.entries()) expect(bindings[name]).toMatchObject({ set: 1, binding: index, name });
    expect(Object.hasOwn(exports.entryPoints, '__proto__')).toBe(true);
    expect(exports.entryPoints[INJECTIONS[1]!].name).toBe(INJECTIONS[1]);
    expect(Object.hasOwn(exports.specConstants, '__proto__')).toBe(true);
    expect(exports.specConstants.__proto__).toEqual({ id: 1, type: 'u32', default: 4 });
    expect(exports.specConstants[INJECTIONS[2]!].default).toBeNaN();
    expect(exports.specConstants.big.default).toBe(-5n);
    const fields = exports.Globals.fields;
    expect(Object.keys(fields)).toEqual(['__proto__', 'constructor', 'toString', 'a b', INJECTIONS[0]]);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  test('members named like Object.prototype properties are written only when given as own properties', async () => {
    const { exports } = await loadGenerated({ reflection: hostileReflection(), spirv: { kind: 'inline', words: new Uint32Array([0x07230203, 0x10000, 0, 1, 0]) } });
    const layout = exports.Globals;
    const buffer = filled(20);
    layout.write(buffer, { 'a b': 4 }); // inherited __proto__, constructor and toString are not fields
    expectStored(buffer, [{ at: 12, f32: 4 }]);
    const value = JSON.parse('{"__proto__": 1, "constructor": 2, "toString": 3}');
    value[INJECTIONS[0]!] = 5;
    layout.write(buffer, value);
    expectStored(buffer, [{ at: 0, f32: 1 }, { at: 4, f32: 2 }, { at: 8, f32: 3 }, { at: 12, f32: 4 }, { at: 16, f32: 5 }]);
  });

  test('the declaration file parses without syntax errors', () => {
    const { dts } = generateForDts();
    const source = ts.createSourceFile('hostile.d.ts', dts, ts.ScriptTarget.ES2022, true);
    const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
    expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    expect(dts).toContain('export { ');
  });
});

function generateForDts() {
  return generateModule({ reflection: hostileReflection(), spirv: { kind: 'url', expression: '"./x.spv"' } });
}
