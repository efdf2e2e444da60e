/**
 * Memory of a process from /proc/<pid>/status: its resident set now (VmRSS) and at its peak so
 * far (VmHWM, the high-water mark the kernel keeps), in MiB. Read while the process runs.
 */
import { readFileSync } from 'node:fs';

function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(m[1]);
}

/** Peak resident memory of the process so far, MiB. */
export const peakRssMiB = (pid: number): number => statusKiB(pid, 'VmHWM') / 1024;

/** Resident memory of the process now, MiB. */
export const rssMiB = (pid: number): number => statusKiB(pid, 'VmRSS') / 1024;
