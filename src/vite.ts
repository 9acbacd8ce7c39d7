// The unplugin-hlsl plugin for vite: `import hlsl from 'unplugin-hlsl/vite'`.
import { unplugin } from '../plugin/index.js';

export default unplugin.vite;
