// CPU time of child processes (user + system, the kernel's accounting read through python3's
// getrusage): peers such as glslangValidator are timed this way on a busy machine, where wall time
// swings by tens of milliseconds. Undefined when python3 is missing (callers fall back to wall time).
import { spawnSync } from 'node:child_process';

/** Runs `argv` `runs` times; the mean CPU ms per run. A failing run throws with its first ERROR line. */
export function childCpuMs(argv, runs) {
  const script = [
    'import resource, subprocess, sys',
    'runs = int(sys.argv[1])',
    'for _ in range(runs):',
    '    r = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)',
    '    if r.returncode != 0: sys.stderr.buffer.write(r.stderr); sys.exit(3)',
    'u = resource.getrusage(resource.RUSAGE_CHILDREN)',
    'print((u.ru_utime + u.ru_stime) * 1000 / runs)',
  ].join('\n');
  const r = spawnSync('python3', ['-c', script, String(runs), ...argv], { encoding: 'utf8' });
  if (r.error) return undefined;
  if (r.status !== 0) throw new Error(r.stderr.split('\n').find((l) => /ERROR/.test(l))?.trim() ?? `${argv[0]} exited ${r.status}`);
  return Number(r.stdout.trim());
}
