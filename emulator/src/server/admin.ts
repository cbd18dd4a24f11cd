// Admin endpoints under /__admin/ on the main port, answered only to loopback clients with the admin token
// (admin-guard.ts). They are the emulator's own controls for tests and local development, not part of the
// service (README "Admin API").
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ConfigurationError } from '@walletinfra/sdk';
import { parseOptions } from '@walletinfra/sdk/options';
import { z } from 'zod';
import { resetToBootstrap, type Bootstrap } from '../bootstrap';
import type { Core } from '../context';
import { invalidArgument, methodNotAllowed, notFound } from '../errors';
import { parseFaultConfig } from '../faults';
import { generateP256KeyPair } from '../crypto/keys';
import { addApiKey, addAuthenticator, createUser } from '../handlers/accounts';
import type { OrganizationRecord } from '../store/records';
import { applySeed } from '../seed/apply';
import { seedFleet, type FleetSeedOptions } from '../seed/fleet';
import { SeedApiKey, SeedAuthenticator, SeedError } from '../seed/schema';
import { flag, intFrom, nonEmpty } from '../validation';
import { adminRefusal } from './admin-guard';
import { readBody, sendJson } from './http-io';
import { parseJson, respondWithError } from './pipeline';

export interface AdminDeps {
  core: Core;
  bootstrap: Bootstrap;
  /** the credentials.json content (URLs included) */
  credentials: () => Record<string, string>;
  /** the token every admin request must carry (`Authorization: Bearer <token>`) */
  adminToken: string;
}

const SettingsBody = z.strictObject({ requiredApprovals: intFrom(1, 100).optional(), timePoliciesEnabled: flag.optional() });

const UserBody = z.strictObject({
  organizationId: nonEmpty.optional(),
  userName: nonEmpty,
  userEmail: z.string().optional(),
  userPhoneNumber: z.string().optional(),
  /** tag names; TAG_TYPE_USER tags are created when missing */
  userTags: z.array(nonEmpty).optional(),
  root: flag.optional(),
  apiKeys: z.array(SeedApiKey).optional(),
  /** have the emulator make a P-256 API key and return its private key */
  generateApiKey: flag.optional(),
  authenticators: z.array(SeedAuthenticator).optional(),
});

/**
 * A request body checked by `schema`, or the service's 400 naming the field by its JSON path in the body
 * (`invalid request body: apiKeys[0].publicKey must not be empty, got ""`).
 */
function checked<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  try {
    return parseOptions(schema, input, { prefix: 'invalid request body: ', path: [], noun: 'field' });
  } catch (e) {
    if (e instanceof ConfigurationError) throw invalidArgument(e.message);
    throw e;
  }
}

/** A seed's refusal as the service's 400 (the seed's own paths start with `seed`). */
function seeded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SeedError) throw invalidArgument(`invalid request body: ${e.message}`);
    throw e;
  }
}

async function body(core: Core, req: IncomingMessage): Promise<unknown> {
  return parseJson(await readBody(req, core.options.maxBodyBytes));
}

function org(core: Core, id: string): OrganizationRecord {
  const found = core.store.organizations.get(id);
  if (found === undefined) throw notFound('no organization found with the given ID', { turnkeyErrorCode: 'ORGANIZATION_NOT_FOUND' });
  return found;
}

export function createAdminHandler(deps: AdminDeps): (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> {
  const { core, bootstrap } = deps;
  const routes: Record<string, (req: IncomingMessage) => unknown> = {
    'GET /__admin/health': () => ({ status: 'ok', organizationId: bootstrap.organizationId }),
    'GET /__admin/credentials': () => deps.credentials(),
    'POST /__admin/reset': () => {
      resetToBootstrap(core.store, core.env, bootstrap);
      core.faults.configure({ rules: [] });
      return { status: 'reset', organizationId: bootstrap.organizationId };
    },
    'POST /__admin/seed': async (req) => {
      const input = await body(core, req);
      return { summary: seeded(() => applySeed(core, bootstrap.organizationId, input)) };
    },
    // the fleet seed of `walletinfra-emulator seed-fleet` against a running emulator (README "Seeding a fleet")
    'POST /__admin/seed-fleet': async (req) => {
      const input = (await body(core, req)) as FleetSeedOptions;
      return seeded(() => seedFleet(core, bootstrap.organizationId, input));
    },
    'GET /__admin/faults': () => core.faults.describe(),
    'PUT /__admin/faults': async (req) => {
      const input = await body(core, req);
      let config;
      try {
        config = parseFaultConfig(input, 'faults', 'invalid request body: ');
      } catch (e) {
        if (e instanceof ConfigurationError) throw invalidArgument(e.message);
        throw e;
      }
      core.faults.configure(config);
      return core.faults.describe();
    },
    'GET /__admin/deliveries': () => ({ deliveries: core.deliveries.list() }),
    'POST /__admin/deliveries/drain': async () => ({ deliveries: await core.deliveries.drain() }),
    'GET /__admin/onramp-encryption-key': () => ({ publicKey: core.keys.onRampEncryption.publicKey }),
    'GET /__admin/otps': () => ({ otps: core.store.otps.all() }),
    'GET /__admin/dump': () => core.store.dump(),
    'POST /__admin/users': async (req) => {
      const input = await body(core, req);
      return addUser(core, bootstrap, checked(UserBody, input));
    },
  };

  return async (req, res, path) => {
    try {
      const refusal = adminRefusal(req, deps.adminToken);
      if (refusal !== undefined) throw refusal;
      const settings = /^\/__admin\/organizations\/([^/]+)\/settings$/.exec(path);
      let result: unknown;
      if (settings !== null) {
        if (req.method !== 'POST') throw methodNotAllowed(`method ${req.method} is not allowed on ${path}; use POST`);
        const input = await body(core, req);
        result = updateSettings(core, settings[1] as string, checked(SettingsBody, input));
      } else {
        const handler = routes[`${req.method} ${path}`];
        if (handler === undefined) {
          const known = Object.keys(routes).some((k) => k.endsWith(` ${path}`));
          throw known ? methodNotAllowed(`method ${req.method} is not allowed on ${path}`) : notFound(`unknown admin endpoint: ${path}`);
        }
        result = await handler(req);
      }
      sendJson(res, 200, result);
    } catch (e) {
      respondWithError(core, res, e, path);
    }
  };
}

function updateSettings(core: Core, id: string, settings: z.output<typeof SettingsBody>): unknown {
  return core.store.transaction(() => {
    const record = org(core, id);
    if (settings.requiredApprovals !== undefined) {
      if (settings.requiredApprovals > record.rootQuorum.userIds.length) {
        throw invalidArgument(
          `invalid request body: requiredApprovals must be at most the number of root users (${record.rootQuorum.userIds.length}), got ${settings.requiredApprovals}`,
        );
      }
      record.rootQuorum.threshold = settings.requiredApprovals;
    }
    if (settings.timePoliciesEnabled !== undefined) record.timePoliciesEnabled = settings.timePoliciesEnabled;
    record.updatedAt = core.env.now();
    core.store.organizations.update(record);
    return {
      organizationId: record.organizationId,
      requiredApprovals: record.rootQuorum.threshold,
      rootUserIds: record.rootQuorum.userIds,
      timePoliciesEnabled: record.timePoliciesEnabled,
    };
  });
}

function addUser(core: Core, bootstrap: Bootstrap, input: z.output<typeof UserBody>): unknown {
  return core.store.transaction(() => {
    const target = org(core, input.organizationId ?? bootstrap.organizationId);
    const now = core.env.now();
    const tagIds = (input.userTags ?? []).map((tagName) => {
      const existing = core.store.tags.listByOrg(target.organizationId).find((t) => t.tagType === 'TAG_TYPE_USER' && t.tagName === tagName);
      if (existing !== undefined) return existing.tagId;
      const tag = {
        tagId: core.env.uuid(),
        organizationId: target.organizationId,
        tagName,
        tagType: 'TAG_TYPE_USER' as const,
        privateKeyIds: [],
        createdAt: now,
        updatedAt: now,
      };
      return core.store.tags.insert(tag).tagId;
    });
    const user = createUser(core, target, { ...input, userTags: tagIds, isRoot: input.root === true });
    const apiKeys: Array<Record<string, string>> = (input.apiKeys ?? []).map((k, i) => {
      const key = addApiKey(core, user, k, `apiKeys[${i}]`);
      return { apiKeyId: key.apiKeyId, publicKey: key.publicKey };
    });
    if (input.generateApiKey === true) {
      const pair = generateP256KeyPair(core.env.randomBytes);
      const key = addApiKey(core, user, { apiKeyName: `${input.userName} key`, publicKey: pair.publicKey }, 'generateApiKey');
      apiKeys.push({ apiKeyId: key.apiKeyId, publicKey: pair.publicKey, privateKey: pair.privateKey });
    }
    const authenticators = (input.authenticators ?? []).map(
      (a, i) => addAuthenticator(core, user, a, `authenticators[${i}]`).authenticatorId,
    );
    return { organizationId: target.organizationId, userId: user.userId, userTags: tagIds, apiKeys, authenticatorIds: authenticators };
  });
}
