// POSIX-style path arithmetic for include resolution, free of Node's `path` so the compiler runs in
// browsers. Windows drive letters and backslashes are normalised to forward slashes first.

export function normalizePath(path: string): string {
  if (isNormalAbsolute(path)) return path;
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

/**
 * `/a/b.h`: absolute, forward slashes only, no empty, `.` or `..` segment and no trailing slash,
 * so normalizing returns it unchanged (the common case: every include resolves one or two).
 */
function isNormalAbsolute(path: string): boolean {
  const n = path.length;
  if (n < 2 || path.charCodeAt(0) !== 47) return false;
  let segmentStart = 1;
  for (let i = 1; i <= n; i++) {
    const c = i < n ? path.charCodeAt(i) : 47;
    if (c === 92) return false; // backslash
    if (c !== 47) continue;
    const length = i - segmentStart;
    if (length === 0) return false; // `//` or a trailing slash
    if (path.charCodeAt(segmentStart) === 46 && (length === 1 || (length === 2 && path.charCodeAt(segmentStart + 1) === 46))) return false;
    segmentStart = i + 1;
  }
  return true;
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
