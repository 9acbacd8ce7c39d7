// The unplugin-hlsl plugin for rollup: `import hlsl from 'unplugin-hlsl/rollup'`.
import { unplugin } from '../plugin/index.js';

export default unplugin.rollup;
