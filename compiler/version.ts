// Part of every cache key: bump when the compiler's output for the same input may change.
export const COMPILER_VERSION = '0.1.0';
