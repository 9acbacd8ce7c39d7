// `npm run playground` builds the package first, so the playground uses the plugin as users get it.
import { defineConfig } from 'vite';
import hlsl from '../dist/src/vite.js';
import { playgroundConfig } from './config.js';

export default defineConfig(playgroundConfig(hlsl()));
