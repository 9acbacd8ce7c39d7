// The unplugin-hlsl plugin for esbuild: `import hlsl from 'unplugin-hlsl/esbuild'`.
import { unplugin } from '../plugin/index.js';

export default unplugin.esbuild;
