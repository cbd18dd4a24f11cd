// Locks a killed rollout leaves behind, and when taking one over is safe.
//
// - A **stack's lock** in a file backend: `pulumi up` writes `<root>/.pulumi/locks/<stack's qualified name>/<id>.json`
//   (`{pid, username, hostname, timestamp}`, pkg/backend/diy/lock.go in github.com/pulumi/pulumi) and deletes it when
//   it ends; a killed one leaves it, and every later `up` of the stack refuses ("the stack is currently locked").
//   It is recovered (`pulumi cancel`, which deletes a file backend's locks) only when every lock of the stack was
//   written on this host by a process that is gone; a live one, or one of another host, is left alone and the
//   sub-organization refused with the fix. Other backends keep their locks out of reach: a locked stack there is
//   refused with the same fix.
// - The **rollout's own lock** (`<up.dir>/up.lock`): one `up` of a fleet at a time per rollout directory; a lock
//   whose process is gone (kill -9) is taken over.
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { fileBackendRoot, projectScoped } from '../enrollment';

export interface ProcessProbe {
  /** This host's name (`os.hostname()`). */
  host: string;
  /** Whether a process of this host is alive (`kill(pid, 0)`). */
  isAlive(pid: number): boolean;
}

/** `kill(pid, 0)`: ESRCH means gone; EPERM means alive (another user's). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface StackLock {
  file: string;
  pid: number;
  username: string;
  hostname: string;
  timestamp: string;
}

/** The locks of a stack in a file backend (none for other backends, or when it has none). */
export function fileBackendLocks(backend: string, project: string, stack: string): StackLock[] {
  if (!backend.startsWith('file://')) return [];
  const root = fileBackendRoot(backend);
  const dir = projectScoped(root, project)
    ? join(root, '.pulumi', 'locks', 'organization', project, stack)
    : join(root, '.pulumi', 'locks', stack);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const file = join(dir, f);
      try {
        const l = JSON.parse(readFileSync(file, 'utf8')) as Partial<StackLock>;
        return {
          file,
          pid: Number(l.pid),
          username: String(l.username ?? ''),
          hostname: String(l.hostname ?? ''),
          timestamp: String(l.timestamp ?? ''),
        };
      } catch {
        // A lock file cut short: its writer is gone mid-write; nothing says whose it was.
        return { file, pid: Number.NaN, username: '', hostname: '', timestamp: '' };
      }
    });
}

/** Whether a lock's process is certainly gone: written on this host by a process that no longer runs. */
export function lockIsDead(lock: StackLock, probe: ProcessProbe): boolean {
  return lock.hostname === probe.host && Number.isInteger(lock.pid) && lock.pid > 0 && !probe.isAlive(lock.pid);
}

/** A lock as messages show it: `root@ci-7 (pid 4242) since 2026-…`. */
export function describeLock(lock: StackLock): string {
  return `${lock.username || '?'}@${lock.hostname || '?'} (pid ${Number.isNaN(lock.pid) ? '?' : lock.pid})${lock.timestamp !== '' ? ` since ${lock.timestamp}` : ''}`;
}

interface RolloutLockContent {
  pid: number;
  host: string;
  at: string;
}

/**
 * Takes `<dir>/up.lock` for this process; a lock of a process that is gone is taken over, a live one refused
 * (a ConfigurationError naming it). Returns its release.
 */
export function takeRolloutLock(dir: string, probe: ProcessProbe & { pid: number; now(): number }): () => void {
  const file = join(dir, 'up.lock');
  const content = JSON.stringify({ pid: probe.pid, host: probe.host, at: new Date(probe.now()).toISOString() });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
      return () => {
        if (existsSync(file) && readFileSync(file, 'utf8') === content) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let held: Partial<RolloutLockContent> = {};
    try {
      held = JSON.parse(readFileSync(file, 'utf8')) as Partial<RolloutLockContent>;
    } catch {
      // cut short by a kill: nobody holds it
    }
    const gone = held.host === undefined || (held.host === probe.host && typeof held.pid === 'number' && !probe.isAlive(held.pid));
    if (!gone) {
      throw new ConfigurationError(
        `another walletinfra-fleet up of this fleet is running (pid ${held.pid ?? '?'} on ${held.host ?? '?'} since ${held.at ?? '?'}, ${file}); ` +
          'wait for it to end, or, if it is gone (another machine), delete that file and run again',
      );
    }
    unlinkSync(file);
  }
  throw new ConfigurationError(`could not take ${file}: another walletinfra-fleet up took it at the same moment; run again`);
}
