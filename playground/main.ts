// Shows what the plugin generates for each fixture shader: entry points, bindings, buffer layouts
// and the SPIR-V disassembly (SPIRV-Tools compiled to wasm), re-rendered on hot updates.
import SpirvTools from 'spirv-tools';
import wasmUrl from 'spirv-tools/dist/web/spirv-tools.wasm?url';
import { onShaderUpdate } from '../src/hmr-runtime.js';

interface FieldInfo {
  offset: number;
  size: number;
  type: { kind: string; scalar?: string; count?: number; rows?: number; columns?: number; length?: number; element?: FieldInfo['type'] };
}
interface ShaderModule {
  entryPoints: Record<string, { name: string; stage: string; workgroupSize: { x: number; y: number; z: number } | null }>;
  bindings: Record<string, { name: string; set: number; binding: number; kind: string; access: string }>;
  layouts: Record<string, { size: number; fields: Record<string, FieldInfo> }>;
  loadSpirv(): Promise<Uint32Array>;
}

type Tools = { dis(input: Uint8Array, env: number, options: number): string } & Record<string, number>;
const toolsReady = (SpirvTools as unknown as (m: object) => Promise<Tools>)({ locateFile: () => wasmUrl });

const shaders = import.meta.glob<ShaderModule>('../fixtures/shaders/*.hlsl', { eager: true });

function cell(row: HTMLTableRowElement, text: string, tag: 'td' | 'th' = 'td'): void {
  const el = document.createElement(tag);
  el.textContent = text;
  row.append(el);
}

function table(className: string, caption: string, headers: string[], rows: string[][]): HTMLTableElement {
  const t = document.createElement('table');
  t.className = className;
  t.createCaption().textContent = caption;
  const head = t.createTHead().insertRow();
  for (const h of headers) cell(head, h, 'th');
  const body = t.createTBody();
  for (const r of rows) {
    const row = body.insertRow();
    for (const c of r) cell(row, c);
  }
  return t;
}

function typeName(type: FieldInfo['type']): string {
  switch (type.kind) {
    case 'scalar':
      return type.scalar!;
    case 'vector':
      return `${type.scalar}x${type.count}`;
    case 'matrix':
      return `${type.scalar} ${type.rows}x${type.columns}`;
    case 'array':
      return `${typeName(type.element!)}[${type.length || ''}]`;
    default:
      return type.kind;
  }
}

async function render(section: HTMLElement, name: string, shader: ShaderModule): Promise<void> {
  const title = document.createElement('h2');
  title.textContent = name;
  const parts: Node[] = [title];
  parts.push(
    table('entry-points', 'Entry points', ['name', 'stage', 'workgroup size'],
      Object.values(shader.entryPoints).map((e) => [e.name, e.stage, e.workgroupSize ? `${e.workgroupSize.x}×${e.workgroupSize.y}×${e.workgroupSize.z}` : '']),
    ),
    table('bindings', 'Bindings', ['name', 'set', 'binding', 'kind', 'access'],
      Object.values(shader.bindings).map((b) => [b.name, String(b.set), String(b.binding), b.kind, b.access]),
    ),
  );
  for (const [layoutName, layout] of Object.entries(shader.layouts)) {
    const rows = Object.entries(layout.fields).map(([field, info]) => [field, String(info.offset), String(info.size), typeName(info.type)]);
    const t = table('layout', `${layoutName} (${layout.size} bytes)`, ['member', 'offset', 'size', 'type'], rows);
    t.dataset.layout = layoutName;
    parts.push(t);
  }
  const heading = document.createElement('h3');
  heading.textContent = 'SPIR-V disassembly';
  const pre = document.createElement('pre');
  pre.className = 'disassembly';
  parts.push(heading, pre);
  section.replaceChildren(...parts);
  const [tools, words] = await Promise.all([toolsReady, shader.loadSpirv()]);
  const bytes = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  pre.textContent = tools.dis(bytes, tools.SPV_ENV_UNIVERSAL_1_3!, tools.SPV_BINARY_TO_TEXT_OPTION_INDENT! | tools.SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES!);
}

const container = document.getElementById('shaders')!;
for (const [path, shader] of Object.entries(shaders).sort(([a], [b]) => a.localeCompare(b))) {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const section = document.createElement('section');
  section.className = 'shader';
  section.dataset.shader = name;
  container.append(section);
  void render(section, name, shader);
  onShaderUpdate(shader, (next) => {
    section.classList.add('updated');
    void render(section, name, next);
  });
}
