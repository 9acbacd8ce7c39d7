// Types the playground's browser code sees: Vite's client (import.meta.hot, ?url), shader modules
// (the package's client declarations), WebGPU.
/// <reference types="vite/client" />
/// <reference types="@webgpu/types" />
/// <reference path="../client.d.ts" />
