// The processes a Pulumi command leaves behind: the CLI starts its language host and each plugin (the program,
// the providers), some in process groups of their own, so stopping the command's group alone can leave them
// running. These read the process table (`ps`, on Linux and macOS) to find every descendant and its group.
import { execFileSync } from 'node:child_process';

export interface ProcessEntry {
  pid: number;
  pgid: number;
}

function table(): Array<[pid: number, ppid: number, pgid: number]> {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,pgid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
}

/** `root` and every process descending from it, with their process groups. */
export function processTree(root: number): ProcessEntry[] {
  const rows = table();
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return rows.filter(([pid]) => tree.has(pid)).map(([pid, , pgid]) => ({ pid, pgid }));
}

/** Whether a process is still running (a zombie waiting to be reaped is not). */
export function running(pid: number): boolean {
  try {
    const state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return state !== '' && !state.startsWith('Z');
  } catch {
    return false;
  }
}

/**
 * Sends `signal` to every process group among `entries` and to each process, never to the caller's own group
 * or the caller itself. Returns the pids signalled.
 */
export function signalAll(entries: readonly ProcessEntry[], signal: NodeJS.Signals): number[] {
  const ownGroup = table().find(([pid]) => pid === process.pid)?.[2];
  for (const pgid of new Set(entries.map((e) => e.pgid))) {
    if (pgid === ownGroup) continue;
    try {
      process.kill(-pgid, signal);
    } catch {
      // the group is gone
    }
  }
  const signalled: number[] = [];
  for (const { pid } of entries) {
    if (pid === process.pid) continue;
    try {
      process.kill(pid, signal);
      signalled.push(pid);
    } catch {
      // already gone
    }
  }
  return signalled;
}
