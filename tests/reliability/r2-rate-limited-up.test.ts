// R2: `pulumi up` (the real CLI and engine, the built provider) of many resources while the emulator answers
// 30% of API requests with 429 — half of them with a Retry-After header, half without. Goals: the up
// completes with no error, every resource exists once, and the requests the server saw stay within the
// retry budget (at most maxAttempts per logical request).
import { join } from 'node:path';
import { DEFAULT_RETRY_OPTIONS } from '@walletinfra/sdk';
import { PulumiError, PulumiProject } from '../support/e2e/project';
import { configureProvider, startLoggedEmulator, type LoggedEmulator } from '../support/reliability/pulumi-org';
import { report, seedFor, size } from '../support/reliability/measure';

jest.setTimeout(3_600_000);

let org: LoggedEmulator;
let project: PulumiProject;
const seed = seedFor(4290);

beforeAll(async () => {
  org = await startLoggedEmulator();
  project = await PulumiProject.create('r2', 'r2', { programDir: join(__dirname, 'programs', 'many-policies') });
  const { credentials } = org.emulator;
  await configureProvider(project, org.emulator, { publicKey: credentials.apiPublicKey, privateKey: credentials.apiPrivateKey });
});
afterAll(async () => {
  project?.remove();
  await org?.emulator.close();
});

test('R2: pulumi up of many policies with 30% of requests answered 429 completes within the retry budget', async () => {
  const count = size(4, 100);
  await project.setConfig('policyCount', String(count));
  // 15% with Retry-After: 1, then 15% of all (0.15 / 0.85 of the rest) without
  org.emulator.faults.set({
    seed,
    rules: [
      {
        path: '/public/v1/*',
        probability: 0.15,
        status: 429,
        retryAfter: 1,
        message: 'Too many requests in a short period of time. Please wait a few minutes and try again.',
      },
      {
        path: '/public/v1/*',
        probability: 0.15 / 0.85,
        status: 429,
        message: 'Too many requests in a short period of time. Please wait a few minutes and try again.',
      },
    ],
  });
  org.log.length = 0;
  let error: string | undefined;
  const started = Date.now();
  try {
    await project.up();
  } catch (e) {
    error =
      e instanceof PulumiError
        ? `pulumi up exited ${e.result.code}: ${(e.result.stdout + e.result.stderr)
            .split('\n')
            .filter((l) => /error|429|Too many/i.test(l))
            .slice(0, 3)
            .join(' | ')}`
        : String(e);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  org.emulator.faults.set([]);
  const apiLines = org.log.filter((l) => / \/public\/v1\//.test(l));
  const limited = apiLines.filter((l) => / 429 /.test(l)).length;
  const answered = apiLines.length - limited;
  const budget = answered * DEFAULT_RETRY_OPTIONS.maxAttempts;
  const policies = (await (await fetch(`${org.emulator.adminUrl}/dump`, { headers: org.adminHeaders })).json()) as {
    policies?: Array<{ policyName: string }>;
  };
  const made = (policies.policies ?? []).filter((p) => p.policyName.startsWith('r2 ')).length;
  const fig = report({
    id: 'R2',
    what: `pulumi up of ${count} policies, 30% of API requests answered 429 (half with Retry-After: 1, half without)`,
    goal: 'completes with no error; request count within the retry budget',
    figure: `${error === undefined ? 'completed with no error' : `FAILED (${error})`} in ${seconds} s; ${made}/${count} policies; ${apiLines.length} requests at the server (${limited} answered 429, ${answered} otherwise), budget ${budget} (${DEFAULT_RETRY_OPTIONS.maxAttempts} attempts per logical request)`,
    ok: error === undefined && made === count && apiLines.length <= budget,
    count,
    seed,
    file: 'tests/reliability/r2-rate-limited-up.test.ts',
  });
  expect({ error, made, withinBudget: apiLines.length <= budget }).toEqual({ error: undefined, made: count, withinBudget: true });
  expect(fig.ok).toBe(true);
});
