// The playground: three scenes rendered with WebGPU from HLSL (scenes.ts), then every fixture
// shader's generated tables (fixtures.ts). Without WebGPU the page says so and shows the tables.
import { showFixtures } from './fixtures.js';
import { startScenes } from './scenes.js';

showFixtures(document.getElementById('shaders')!);
void startScenes(document.getElementById('scenes')!, document.getElementById('gpu-status')!);
