// The usual set-up of an end-to-end test file (or describe block): a fresh seeded emulator organization and a
// Pulumi project configured against it as the main job configures its stack; removed again afterwards.
import { join } from 'node:path';
import { configureStack, startOrganization, type OrganizationOptions, type TestOrganization } from './organization';
import { REPO_ROOT } from './process';
import { PulumiProject } from './project';

export interface TestStack {
  org: TestOrganization;
  project: PulumiProject;
  /** The policies the seed created, which the tests leave out of what the program made. */
  seedPolicyIds: string[];
}

export interface TestStackOptions {
  /** A program under tests/e2e/programs (default: examples/baseline). */
  program?: string;
  /** Stack configuration set after the main job's. */
  config?: Record<string, string>;
  /** Run `pulumi destroy` before removing the project (tests that leave objects at the service). */
  destroy?: boolean;
  /** How the emulator is started (its clock, its wait for fault delays). */
  emulator?: OrganizationOptions;
}

/**
 * Registers beforeAll and afterAll hooks that set up and remove a stack named after `name`. The object is
 * filled in when the set-up has run, so use it inside tests and hooks only.
 */
export function useTestStack(name: string, options: TestStackOptions = {}): TestStack {
  const stack = {} as TestStack;
  beforeAll(async () => {
    stack.org = await startOrganization(options.emulator);
    stack.seedPolicyIds = (await stack.org.client.listPolicies()).policies.map((p) => p.policyId);
    const programDir = options.program === undefined ? undefined : join(REPO_ROOT, 'tests', 'e2e', 'programs', options.program);
    stack.project = await PulumiProject.create(name, 'e2e', programDir === undefined ? {} : { programDir });
    await configureStack(stack.project, stack.org);
    for (const [key, value] of Object.entries(options.config ?? {})) await stack.project.setConfig(key, value);
  });
  afterAll(async () => {
    const { project, org } = stack as Partial<TestStack>;
    if (options.destroy === true) await project?.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack], [0, 255]);
    project?.remove();
    await org?.close();
  });
  return stack;
}
