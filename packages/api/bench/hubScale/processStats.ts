import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** Memory and CPU of a live process, from /proc (Linux). */
export interface ProcessStats {
  /** VmRSS. */
  readonly rssMiB: number;
  /** VmHWM: the highest RSS the process has had. */
  readonly peakRssMiB: number;
  /** User + system CPU seconds so far. */
  readonly cpuSeconds: number;
}

/** {@link ProcessStats} of `pid`; undefined once the process is gone. */
export function processStats(pid: number): ProcessStats | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const kib = (field: string): number =>
      Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    // The fields after the command name (which may hold spaces) start after its last ')'.
    const times = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      rssMiB: kib('VmRSS') / 1024,
      peakRssMiB: kib('VmHWM') / 1024,
      cpuSeconds: (Number(times[11]) + Number(times[12])) / CLOCK_TICKS,
    };
  } catch {
    return undefined;
  }
}
