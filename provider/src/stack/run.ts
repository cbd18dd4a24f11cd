// Runs Pulumi through its Automation API (https://www.pulumi.com/docs/iac/packages-and-automation/automation-api/): `previewRefresh` for drift (the read-only
// `pulumi refresh --preview-only`), `preview` for pull-request summaries. Per-resource detail comes only from
// engine events (`PreviewResult` has just the counts), so every event is handed to the caller.
import type { DeploymentLike, EngineEventLike } from './events';
import type * as AutomationTypes from '@pulumi/pulumi/automation';
import { messageOf } from '../errors';

type AutomationModule = typeof AutomationTypes;

export interface StackRunner {
  /** Runs one stack's refresh preview or preview, passing every engine event to `onEvent`. */
  run(
    mode: 'drift' | 'preview',
    stack: string,
    workDir: string,
    onEvent: (e: EngineEventLike) => void,
    options?: { refresh?: boolean },
  ): Promise<void>;
  /** The Pulumi CLI's version, when it can be found. */
  pulumiVersion(workDir: string): Promise<string | undefined>;
  /** The stack's configuration, `namespace:key` to plain value (secrets decrypted); used to read the organization. */
  stackConfig?(stack: string, workDir: string): Promise<Record<string, string>>;
  /** The stack's state (`pulumi stack export`): what it declares, for the unmanaged-objects report. */
  exportStack?(stack: string, workDir: string): Promise<DeploymentLike>;
}

// Colour codes and Pulumi's `<{%reset%}>` markers make no sense in a report.
export function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '').replace(/<\{%[a-z-]+%\}>/g, '');
}

interface CommandResultLike {
  stderr?: string;
  stdout?: string;
  code?: number;
}

/**
 * A short, printable reason for a failed run: Pulumi's own `error:` lines when there are any (the CLI's
 * stderr), else the last lines of stderr. The Automation API's message repeats the whole progress display.
 */
export function describeRunError(err: unknown, stack: string): string {
  const result = (err as { commandResult?: CommandResultLike } | null)?.commandResult;
  const stderr = plain(result?.stderr ?? '').trim();
  const name = (err as { name?: string } | null)?.name;
  const message = messageOf(err);
  if ((err as { code?: string } | null)?.code === 'ENOENT' || /spawn pulumi ENOENT/.test(`${message}\n${stderr}`)) {
    return 'the Pulumi CLI (pulumi) was not found on PATH; install it or run scripts/ensure-pulumi.sh and put its directory first on PATH';
  }
  if (name === 'StackNotFoundError') {
    return `stack "${stack}" was not found: check --stack, --cwd and the backend (PULUMI_BACKEND_URL or pulumi login)`;
  }
  if (stderr !== '') {
    const errors = stderr.split('\n').filter((l) => /^\s*error:/.test(l));
    const lines =
      errors.length > 0
        ? errors
        : stderr
            .split('\n')
            .filter((l) => l.trim() !== '')
            .slice(-15);
    return lines.map((l) => l.trim()).join('\n');
  }
  return plain(message)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 15)
    .join('\n');
}

export function automationRunner(): StackRunner {
  // Loaded lazily: the Automation API pulls in gRPC, which `--help` and argument errors do not need.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily (see above)
  const automation = (): AutomationModule => require('@pulumi/pulumi/automation') as AutomationModule;
  return {
    async run(mode, stack, workDir, onEvent, options = {}) {
      const ws = await automation().LocalWorkspace.create({ workDir });
      const s = await automation().Stack.select(stack, ws);
      const forward = (e: unknown): void => onEvent(e as EngineEventLike);
      if (mode === 'drift') await s.previewRefresh({ onEvent: forward });
      else await s.preview({ onEvent: forward, ...(options.refresh === true ? { refresh: true } : {}) });
    },
    async stackConfig(stack, workDir) {
      const ws = await automation().LocalWorkspace.create({ workDir });
      const s = await automation().Stack.select(stack, ws);
      const all = await s.getAllConfig();
      return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.value]));
    },
    async exportStack(stack, workDir) {
      const ws = await automation().LocalWorkspace.create({ workDir });
      const s = await automation().Stack.select(stack, ws);
      return s.exportStack();
    },
    async pulumiVersion(workDir) {
      try {
        const ws = await automation().LocalWorkspace.create({ workDir });
        return ws.pulumiVersion;
      } catch {
        return undefined;
      }
    },
  };
}
