// The unplugin-hlsl plugin for webpack: `import hlsl from 'unplugin-hlsl/webpack'`.
import { unplugin } from '../plugin/index.js';

export default unplugin.webpack;
