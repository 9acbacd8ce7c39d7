// CPU time of child processes (user + system, the kernel's accounting read through python3's
// getrusage): peers such as glslangValidator are timed this way on a busy machine, where wall time
// swings by tens of milliseconds. Undefined when python3 is missing (callers fall back to wall time).
import { spawnSync } from 'node:child_process';

/**
 * Runs `argv` `runs` times; the mean CPU ms per run. A failing run throws with its first ERROR line.
 * `env`: the runs' environment; `freshDir`: names of variables set to a new empty folder for each run
 * (removed after it), e.g. a cache folder that every run must find empty.
 */
export function childCpuMs(argv, runs, { env = process.env, freshDir = [] } = {}) {
  const script = [
    'import os, resource, shutil, subprocess, sys, tempfile',
    'runs = int(sys.argv[1])',
    'fresh = [name for name in sys.argv[2].split(",") if name]',
    'for _ in range(runs):',
    '    run_env = dict(os.environ)',
    '    folder = tempfile.mkdtemp() if fresh else None',
    '    for name in fresh: run_env[name] = folder',
    '    r = subprocess.run(sys.argv[3:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=run_env)',
    '    if folder: shutil.rmtree(folder)',
    '    if r.returncode != 0: sys.stderr.buffer.write(r.stderr); sys.exit(3)',
    'u = resource.getrusage(resource.RUSAGE_CHILDREN)',
    'print((u.ru_utime + u.ru_stime) * 1000 / runs)',
  ].join('\n');
  const r = spawnSync('python3', ['-c', script, String(runs), freshDir.join(','), ...argv], { encoding: 'utf8', env });
  if (r.error) return undefined;
  if (r.status !== 0) throw new Error(r.stderr.split('\n').find((l) => /ERROR/.test(l))?.trim() ?? `${argv[0]} exited ${r.status}`);
  return Number(r.stdout.trim());
}

/**
 * Runs `argvA` and `argvB` alternately, `runs` times each; the CPU ms of every run, per command.
 * For a difference of two processes' times: alternating runs see the same machine load, and the
 * medians of per-run times move far less between benches than means (a run is now and then 10 ms
 * slower than its peers). Undefined when python3 is missing.
 */
export function alternatingCpuMs(argvA, argvB, runs) {
  const script = [
    'import json, resource, subprocess, sys',
    'runs = int(sys.argv[1])',
    'split = sys.argv.index("--")',
    'commands = [sys.argv[2:split], sys.argv[split + 1:]]',
    'times = [[], []]',
    'def cpu():',
    '    u = resource.getrusage(resource.RUSAGE_CHILDREN)',
    '    return (u.ru_utime + u.ru_stime) * 1000',
    'for _ in range(runs):',
    '    for k in (0, 1):',
    '        before = cpu()',
    '        r = subprocess.run(commands[k], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)',
    '        if r.returncode != 0: sys.stderr.buffer.write(r.stderr); sys.exit(3)',
    '        times[k].append(cpu() - before)',
    'print(json.dumps(times))',
  ].join('\n');
  const r = spawnSync('python3', ['-c', script, String(runs), ...argvA, '--', ...argvB], { encoding: 'utf8' });
  if (r.error) return undefined;
  if (r.status !== 0) throw new Error(r.stderr.split('\n').find((l) => /ERROR/.test(l))?.trim() ?? `${argvA[0]} exited ${r.status}`);
  const [a, b] = JSON.parse(r.stdout);
  return { a, b };
}
