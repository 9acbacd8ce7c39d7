// POSIX-style path arithmetic for include resolution, free of Node's `path` so the compiler runs in
// browsers. Windows drive letters and backslashes are normalised to forward slashes first.

export function normalizePath(path: string): string {
  const p = path.replace(/\\/g, '/');
  const drive = /^[A-Za-z]:/.exec(p)?.[0] ?? '';
  const rest = p.slice(drive.length);
  const absolute = rest.startsWith('/');
  const parts: string[] = [];
  for (const part of rest.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else if (part === '..' && absolute) continue;
    else parts.push(part);
  }
  const joined = parts.join('/');
  return drive + (absolute ? '/' + joined : joined || '.');
}

export function dirname(path: string): string {
  const p = normalizePath(path);
  const i = p.lastIndexOf('/');
  if (i < 0) return '.';
  if (i === 0 || (i === 2 && /^[A-Za-z]:/.test(p))) return p.slice(0, i + 1);
  return p.slice(0, i);
}

export function isAbsolute(path: string): boolean {
  return /^([A-Za-z]:)?[\\/]/.test(path);
}

export function joinPath(base: string, relative: string): string {
  return isAbsolute(relative) ? normalizePath(relative) : normalizePath(`${base}/${relative}`);
}
