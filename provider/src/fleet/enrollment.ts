// Which sub-organizations have a stack in the rollout's backend: one stack per sub-organization, in the template's
// project, named by the sub-organization's id (`stackNameFor`; `walletinfra-fleet up` creates them). Scan reads the
// backend's list of stacks once per run, not one stack per sub-organization: a file backend's stack directory
// (https://www.pulumi.com/docs/iac/concepts/state-and-backends/#using-a-diy-backend: `.pulumi/stacks/<project>/`),
// or `pulumi stack ls` through the Automation API for any other backend. A sub-organization without one is
// `unenrolled`; a stack without a sub-organization is an orphan (the sub-organization was deleted).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as AutomationTypes from '@pulumi/pulumi/automation';
import { ConfigurationError } from '@walletinfra/sdk/errors';

/** The stack of a sub-organization: its id (sub-organization ids are UUIDs, which Pulumi takes as stack names). */
export function stackNameFor(subOrganizationId: string): string {
  return subOrganizationId;
}

export interface Enrollment {
  /** Whether stacks were looked for. */
  checked: boolean;
  /** The backend, without credentials or query string. */
  backend?: string;
  /** The stack names of the template's project. */
  stacks: ReadonlySet<string>;
}

/** Lists a backend's stacks of a project (the Automation API's `listStacks`); injected in tests. */
export type StackLister = (backend: string, project: string, templateDir: string) => Promise<string[]>;

/** A backend URL as reports show it: no user, password, query or fragment (an Azure SAS token lives there). */
export function shownBackend(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString();
  } catch {
    return url.replace(/[?#].*$/, '');
  }
}

/** The directory a `file://` backend URL names (`file://~/…` in the home directory). */
export function fileBackendRoot(url: string): string {
  return url.startsWith('file://~') ? join(process.env.HOME ?? '', url.slice('file://~'.length)) : fileURLToPath(url.replace(/\?.*$/, ''));
}

/** Whether a file backend keeps each project's stacks (and locks) in a directory of the project's own (layout version 1). */
export function projectScoped(root: string, project: string): boolean {
  const meta = join(root, '.pulumi', 'meta.yaml');
  return existsSync(meta) ? /version:\s*[1-9]/.test(readFileSync(meta, 'utf8')) : existsSync(join(root, '.pulumi', 'stacks', project));
}

/** The stacks of a project in a file backend: names of `<root>/.pulumi/stacks/<project>/*.json[.gz]`. */
export function fileBackendStacks(url: string, project: string): string[] {
  const root = fileBackendRoot(url);
  const stacks = join(root, '.pulumi', 'stacks');
  // Layout version 1 keeps each project's stacks in a directory of its own; the legacy layout keeps all in one.
  const dir = projectScoped(root, project) ? join(stacks, project) : stacks;
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.json(\.gz)?$/.test(e.name))
    .map((e) => e.name.replace(/\.json(\.gz)?$/, ''));
}

/** `pulumi stack ls` of the template's project through the Automation API (any backend the CLI can log in to). */
export const automationStacks: StackLister = async (backend, _project, templateDir) => {
  // Loaded on first use: a scan without a backend, or with a file backend, never loads the Automation API.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { LocalWorkspace } = require('@pulumi/pulumi/automation') as typeof AutomationTypes;
  const workspace = await LocalWorkspace.create({ workDir: templateDir, envVars: { PULUMI_BACKEND_URL: backend } });
  const stacks = await workspace.listStacks();
  return stacks.map((s) => s.name.slice(s.name.lastIndexOf('/') + 1));
};

/** The enrollment of the fleet's sub-organizations; no backend: not checked. */
export async function readEnrollment(
  backend: string | undefined,
  project: string,
  templateDir: string,
  lister: StackLister = automationStacks,
): Promise<Enrollment> {
  if (backend === undefined) return { checked: false, stacks: new Set() };
  let names: string[];
  try {
    names = backend.startsWith('file://') ? fileBackendStacks(backend, project) : await lister(backend, project, templateDir);
  } catch (error) {
    throw new ConfigurationError(
      `backend ${shownBackend(backend)}: could not list the stacks of project ${project} (${(error as Error).message.split('\n')[0] ?? ''}); ` +
        'check the URL and that the Pulumi CLI can log in to it, or leave backend out to skip the enrollment check',
    );
  }
  return { checked: true, backend: shownBackend(backend), stacks: new Set(names) };
}
