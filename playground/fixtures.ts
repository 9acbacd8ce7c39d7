// One card per fixture shader (fixtures/shaders/*.hlsl, imported as SPIR-V): entry points,
// bindings, buffer layouts and the SPIR-V disassembly (SPIRV-Tools compiled to wasm), re-rendered
// on hot updates. Needs no WebGPU.
import SpirvTools from 'spirv-tools';
import wasmUrl from 'spirv-tools/dist/web/spirv-tools.wasm?url';
import { onShaderUpdate } from '../src/hmr-runtime.js';
import { codeBlock, describe, type DescribedShader } from './tables.js';

interface SpirvShader extends DescribedShader {
  loadSpirv(): Promise<Uint32Array>;
}

type Tools = { dis(input: Uint8Array, env: number, options: number): string } & Record<string, number>;
const toolsReady = (SpirvTools as unknown as (m: object) => Promise<Tools>)({ locateFile: () => wasmUrl });

const shaders = import.meta.glob<SpirvShader>('../fixtures/shaders/*.hlsl', { eager: true });

async function render(section: HTMLElement, name: string, shader: SpirvShader): Promise<void> {
  const title = document.createElement('h2');
  title.textContent = name;
  const [heading, pre] = codeBlock('SPIR-V disassembly', 'disassembly', '');
  section.replaceChildren(title, ...describe(shader), heading!, pre!);
  const [tools, words] = await Promise.all([toolsReady, shader.loadSpirv()]);
  const bytes = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  pre!.textContent = tools.dis(bytes, tools.SPV_ENV_UNIVERSAL_1_3!, tools.SPV_BINARY_TO_TEXT_OPTION_INDENT! | tools.SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES!);
}

export function showFixtures(container: HTMLElement): void {
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
}
