// Appending one array to another without spreading it into arguments: `push(...xs)` passes every
// element on the stack and throws RangeError past ~100k elements (a large shader's code).

export function appendAll<T>(target: T[], source: readonly T[]): void {
  for (let i = 0; i < source.length; i++) target.push(source[i]!);
}
