/** `path` as it exists on disk: a missing path is looked up again one component at a time, ignoring case. */
export function windowsPath(path: string): string;
