// The unplugin-hlsl plugin for rspack: `import hlsl from 'unplugin-hlsl/rspack'`.
import { unplugin } from '../plugin/index.js';

export default unplugin.rspack;
