// Plain data (reflection-derived tables) printed twice: as a JavaScript expression for the module
// and as the exact literal type of that expression for the declaration file.

import { propertyKey, stringLiteral, typePropertyKey } from './names.js';

/** A reference to a binding declared elsewhere in the generated module (e.g. a layout object). */
export class Reference {
  constructor(readonly binding: string) {}
}

export type Data =
  | null
  | boolean
  | number
  | bigint
  | string
  | Reference
  | readonly Data[]
  | { readonly [key: string]: Data | undefined };

function numberCode(value: number): string {
  if (Object.is(value, -0)) return '-0';
  return String(value); // NaN, Infinity and -Infinity print as the globals of those names
}

/** Lines longer than this are broken, one item per line. */
const LINE_WIDTH = 100;

/** Prints items inline when short, else one per line, so tables stay readable in the output. */
function layout(open: string, items: string[], close: string, indent: string, separator: string): string {
  if (items.length === 0) return `${open}${close}`;
  const inline = open.endsWith('[') ? `${open}${items.join(`${separator} `)}${close}` : `${open} ${items.join(`${separator} `)} ${close}`;
  if (indent.length + inline.length <= LINE_WIDTH && !inline.includes('\n')) return inline;
  return `${open}\n${items.map((item) => `${indent}  ${item}${separator}`).join('\n')}\n${indent}${close}`;
}

function definedEntries(value: { readonly [key: string]: Data | undefined }): [string, Data][] {
  return Object.entries(value).filter((entry): entry is [string, Data] => entry[1] !== undefined);
}

export function dataCode(value: Data, indent = ''): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return numberCode(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return stringLiteral(value);
  if (value instanceof Reference) return value.binding;
  const inner = `${indent}  `;
  if (isDataArray(value)) return layout('[', value.map((item) => dataCode(item, inner)), ']', indent, ',');
  const items = definedEntries(value).map(([key, item]) => `${propertyKey(key)}: ${dataCode(item, inner)}`);
  return layout('{', items, '}', indent, ',');
}

export function dataType(value: Data, indent = ''): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(Object.is(value, -0) ? 0 : value) : 'number';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return stringLiteral(value);
  if (value instanceof Reference) return `typeof ${value.binding}`;
  const inner = `${indent}  `;
  if (isDataArray(value)) return layout('readonly [', value.map((item) => dataType(item, inner)), ']', indent, ',');
  const items = definedEntries(value).map(([key, item]) => `readonly ${typePropertyKey(key)}: ${dataType(item, inner)}`);
  return layout('{', items, '}', indent, ';');
}

function isDataArray(value: Data): value is readonly Data[] {
  return Array.isArray(value);
}

/**
 * An object keyed by names from a shader. Keys are own properties even for `__proto__`; an empty
 * name takes its fallback and a repeated one a `_2`, `_3` suffix, so no entry is lost.
 */
export function keyedRecord(entries: Iterable<{ name: string; fallback: string; value: Data }>): Record<string, Data> {
  const record: Record<string, Data> = {};
  for (const { name, fallback, value } of entries) {
    const base = name === '' ? fallback : name;
    let key = base;
    for (let n = 2; Object.hasOwn(record, key); n++) key = `${base}_${n}`;
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return record;
}
