// `walletinfra-drift --preview` reads the organization itself (the policy impact of a preview that changes
// Policy resources) with the stack's configuration: configuration and service mistakes there get the
// provider's messages, once on stderr, and `--fail-on-impact` exits 1 (an impact that could not be
// computed). The preview's events are replayed; the organization is a real emulator.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKeyPair } from '@walletinfra/sdk';
import { main, type CliDeps, type EngineEventLike, type StackRunner } from '@walletinfra/pulumi/drift';
import { stackReader } from '@walletinfra/pulumi/policy-review/stack';
import { useHarness } from '../../support/provider-harness';

const PREVIEW = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'fixtures', 'drift', 'preview-changes.json'), 'utf8'),
) as EngineEventLike[];

const h = useHarness();
let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'drift-mistakes-'));
  writeFileSync(join(project, 'Pulumi.yaml'), 'name: baseline\nruntime: nodejs\n');
});

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

/** A preview of stack `prod` (it creates Policy "new-deny") whose stack config is `config`. */
function runner(config: Record<string, string>): StackRunner {
  return {
    run(_mode, _stack, _workDir, onEvent) {
      PREVIEW.forEach(onEvent);
      return Promise.resolve();
    },
    pulumiVersion() {
      return Promise.resolve('3.248.0');
    },
    stackConfig() {
      return Promise.resolve(config);
    },
  };
}

/** Runs `walletinfra-drift --preview --fail-on-impact` with the harness's config changed by `change`. */
async function drift(change: (config: Record<string, string>) => void): Promise<{ code: number; stderr: string }> {
  const config = { ...h.config };
  change(config);
  let stderr = '';
  const deps: CliDeps = {
    runner: runner(config),
    now: () => new Date(h.clock.now()),
    stdout: () => undefined,
    stderr: (t) => (stderr += t),
    writeFile: () => undefined,
    env: {},
  };
  const code = await main(['--preview', '--fail-on-impact', '--stack', 'prod', '--cwd', project, '--json-out', 'r.json'], deps);
  return { code, stderr };
}

/** What drift prints for a stack whose impact could not be computed. */
const printed = (reason: string) =>
  `[drift] preview of stack prod in ${project}...\n` +
  '[drift] prod: changes (create 1, update 2, replace 1, delete 1, same 1)\n' +
  `[drift] prod: the policy impact could not be computed: ${reason}\n`;

test('an unknown setting: did you mean, before any request', async () => {
  h.resetRequests();
  const seen = await drift((c) => {
    c['walletinfra:baseURL'] = c['walletinfra:baseUrl']!;
    delete c['walletinfra:baseUrl'];
  });
  expect(seen).toEqual({
    code: 1,
    stderr: printed(
      'unknown stack config key walletinfra:baseURL: did you mean walletinfra:baseUrl? Known keys: organizationId, apiPublicKey, ' +
        'apiPrivateKey, baseUrl, authProxyUrl, authProxyConfigId, onRampEncryptionPublicKey, requestTimeoutMs, maxRetries, ' +
        'retryBudgetMs, consensusTimeoutMs, maxConcurrentRequests, allowLoopbackWebhookUrls, policyLint, profiles. Rename it: ' +
        '`pulumi config rm walletinfra:baseURL` then `pulumi config set walletinfra:baseUrl <value>`',
    ),
  });
  expect(h.requests()).toEqual([]);
});

test('a baseUrl without a scheme names the setting and the value', async () => {
  const bare = h.emulator.baseUrl.replace(/^http:\/\//, '');
  expect(await drift((c) => (c['walletinfra:baseUrl'] = bare))).toEqual({
    code: 1,
    stderr: printed(
      `baseUrl from stack config walletinfra:baseUrl must be an absolute URL starting with http:// or https://, got "${bare}"; ` +
        'set it with `pulumi config set walletinfra:baseUrl <value>`',
    ),
  });
});

test('a service nobody answers at: the endpoint and the setting, after one attempt', async () => {
  const config = { ...h.config, 'walletinfra:baseUrl': 'http://127.0.0.1:9', 'walletinfra:maxRetries': '3' };
  expect(await drift((c) => Object.assign(c, config))).toEqual({
    code: 1,
    stderr: printed(
      'the service at http://127.0.0.1:9 (walletinfra:baseUrl from stack config walletinfra:baseUrl) could not be reached: check ' +
        'that it is running and that walletinfra:baseUrl is its address (a local emulator prints its own when it starts) ' +
        '(/public/v1/query/list_policies: could not connect to http://127.0.0.1:9: connection refused, nothing is listening there (ECONNREFUSED))',
    ),
  });
  // A refused connection is not retried, whatever maxRetries says: it fails in one attempt.
  const reader = await stackReader(runner(config), 'prod', project, {});
  const error = await reader.listPolicies().then(
    () => undefined,
    (e: unknown) => e as { cause?: { attempts?: number } },
  );
  expect(error?.cause?.attempts).toBe(1);
});

test('a wrong organization id names the id, the setting and the endpoint', async () => {
  const wrong = '0b7a3c55-1d2e-4f60-8a9b-112233445566';
  expect(await drift((c) => (c['walletinfra:organizationId'] = wrong))).toEqual({
    code: 1,
    stderr: printed(
      `organization ${wrong} (from stack config walletinfra:organizationId) does not exist at ${h.emulator.baseUrl} ` +
        `(walletinfra:baseUrl from stack config walletinfra:baseUrl): check that the organization id is right (the dashboard shows it; ` +
        `an API key's organization is the one it was created in) and that baseUrl points at the service that holds it ` +
        '(the service said: /public/v1/query/list_policies: no organization found with the given ID (HTTP 404, ORGANIZATION_NOT_FOUND))',
    ),
  });
});

test('a revoked or unknown API key names the key, the organization and both key settings', async () => {
  const other = generateApiKeyPair();
  const seen = await drift((c) =>
    Object.assign(c, { 'walletinfra:apiPublicKey': other.publicKey, 'walletinfra:apiPrivateKey': other.privateKey }),
  );
  expect(seen).toEqual({
    code: 1,
    stderr: printed(
      `API key ${other.publicKey} (from stack config walletinfra:apiPublicKey) is not accepted by organization ` +
        `${h.org} (from stack config walletinfra:organizationId) at ${h.emulator.baseUrl} ` +
        '(walletinfra:baseUrl from stack config walletinfra:baseUrl): the key may have been deleted, revoked or expired, or belong ' +
        'to another organization. Check that the key still exists in that organization, or create a new API key and set both ' +
        'walletinfra:apiPublicKey and walletinfra:apiPrivateKey (`pulumi config set --secret walletinfra:apiPrivateKey <hex>`) ' +
        '(the service said: /public/v1/query/list_policies: could not find public key in organization (HTTP 401, PUBLIC_KEY_NOT_FOUND))',
    ),
  });
  expect(seen.stderr).not.toContain(other.privateKey);
});
