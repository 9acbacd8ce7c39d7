// Subscribing to hot updates of an imported shader (Vite dev server). Generated modules expose a
// `$hlslHot` channel in dev; outside dev there is none and subscribing does nothing.

export interface ShaderHotChannel<Module> {
  listeners: Set<(next: Module) => void>;
}

/**
 * Calls `callback` with the new module namespace each time the shader (or a file it includes)
 * changes. `shader` is the module namespace: `import * as shader from './a.hlsl'`. Returns a
 * function that unsubscribes.
 */
export function onShaderUpdate<Module extends object>(shader: Module, callback: (next: Module) => void): () => void {
  const channel = (shader as { $hlslHot?: ShaderHotChannel<Module> }).$hlslHot;
  if (!channel) return () => {};
  channel.listeners.add(callback);
  return () => void channel.listeners.delete(callback);
}
