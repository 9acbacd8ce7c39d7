// Turning names that come from a shader into safe JavaScript. Shader names never become local
// bindings in generated code (those are `layout0`, `write0`, ...); they only appear as JSON string
// literals, as property keys, and as export names chosen here.

/** Words that cannot be a binding or are unsafe as an export name in some bundler's CJS interop. */
const UNSAFE_NAMES: ReadonlySet<string> = new Set([
  // ECMAScript reserved words, strict-mode and module-code restrictions.
  'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do',
  'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in',
  'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof',
  'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package',
  'private', 'protected', 'public', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity',
  // `exports.__proto__ = x` and friends change prototypes in CommonJS interop.
  '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf',
  '__esModule',
]);

/** Names every generated module exports itself; a shader name equal to one of them is renamed. */
export const FIXED_EXPORTS: readonly string[] = [
  'spirv',
  'spirvUrl',
  'loadSpirv',
  'wgsl',
  'entryPoints',
  'bindings',
  'pushConstants',
  'shaderRecords',
  'specConstants',
  'vertexInputs',
  'bindGroupLayouts',
  'descriptorSetLayouts',
  'layouts',
];

/** Allocates distinct, valid, safe identifiers for shader names within one generated module. */
export class IdentifierAllocator {
  private readonly taken = new Set<string>();
  private readonly reserved: ReadonlySet<string>;

  /** `reserved`: names this module uses itself; a shader name equal to one gets a `_` suffix. */
  constructor(reserved: Iterable<string> = []) {
    this.reserved = new Set(reserved);
    for (const name of this.reserved) this.taken.add(name);
  }

  /** `$Globals` → `Globals`, `counter.var.x` → `counter_var_x`, `class` → `class_`, `1a` → `_1a`. */
  allocate(name: string, fallback: string): string {
    let base = name.replace(/\$/g, '').replace(/[^A-Za-z0-9_]/g, '_');
    if (base === '' || /^_+$/.test(base)) base = fallback;
    if (/^[0-9]/.test(base)) base = `_${base}`;
    if (UNSAFE_NAMES.has(base) || this.reserved.has(base)) base = `${base}_`;
    let candidate = base;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${base}_${n}`;
    this.taken.add(candidate);
    return candidate;
  }
}

/**
 * A block type's name without the compiler's prefix: DXC (and our compiler) spell block types
 * `type.Params`, `type.ConstantBuffer.S`, `type.$Globals`; older modules `type_Params`.
 */
export function structLabel(name: string): string {
  return name.replace(/^type[._]/, '');
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A JSON string literal, with the two line terminators JSON allows but older JS parsers reject escaped. */
export function stringLiteral(value: string): string {
  return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A property key for an object literal; `__proto__` is computed so it defines an own property. */
export function propertyKey(name: string): string {
  if (name === '__proto__') return `[${stringLiteral(name)}]`;
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

/** A property key for a type literal or interface (no prototype semantics in types). */
export function typePropertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}


/** Names an object literal can inherit; reading them needs an own-property check. */
const INHERITED: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);

/** An expression reading property `name` of `object`, `undefined` when the object lacks it as its own. */
export function readProperty(object: string, name: string): string {
  const access = IDENTIFIER.test(name) ? `${object}.${name}` : `${object}[${stringLiteral(name)}]`;
  return INHERITED.has(name) ? `(Object.hasOwn(${object}, ${stringLiteral(name)}) ? ${access} : undefined)` : access;
}
