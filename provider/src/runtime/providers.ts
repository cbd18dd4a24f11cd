// The real ResourceProvider implementations. The serialized provider stored in state only requires the
// installed package and calls these (../resources/*/provider.ts), so refresh and destroy always run the
// installed code (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/ "which code version runs where").
import type * as pulumi from '@pulumi/pulumi';
import { toDiffResult } from '../resources/common/diff';
import { createContext, type ContextOptions, type OwnedContext, type ProviderContext } from './context';
import { guarded, guardedCheck } from './report';
import type { FieldDiff } from '../resources/common/diff';
import type { ObjectKind } from '../resources/common/claims';

export type Provider = Required<Omit<pulumi.dynamic.ResourceProvider, 'configure'>>;

export interface Runtime {
  /** Stores the stack configuration the engine hands to the dynamic provider (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, `configure`). */
  configure(req: pulumi.dynamic.ConfigureRequest): Promise<void>;
  policy: Provider;
  webhookEndpoint: Provider;
  fiatOnRampCredential: Provider;
  ipAllowlist: Provider;
  privateKeyTag: Provider;
  sessionProfile: Provider;
  context: OwnedContext;
}

const SECRET_KEY = '4dabf18193072939515e22adb298388d';

/** Structured config may arrive as objects, with nested secret envelopes (https://www.pulumi.com/docs/iac/concepts/secrets/); we read strings. */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  const unwrap = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(unwrap)
      : v !== null && typeof v === 'object'
        ? SECRET_KEY in v
          ? unwrap((v as { value?: unknown }).value)
          : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unwrap(x)]))
        : v;
  const plain = unwrap(value);
  return typeof plain === 'string' ? plain : JSON.stringify(plain);
}

export interface RuntimeOptions extends ContextOptions {
  /** Where warnings for the engine's output go (default stderr, which the engine shows). */
  warn?: (line: string) => void;
}

/** What a resource checks and compares without a request (its check.ts and diff.ts). */
interface Local {
  check(ctx: ProviderContext, news: Record<string, unknown>): pulumi.dynamic.CheckResult;
  diff(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff;
}

/** What a resource does at the service (its crud.ts). */
interface Remote {
  create(ctx: ProviderContext, inputs: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult>;
  read(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<pulumi.dynamic.ReadResult>;
  update(
    ctx: ProviderContext,
    id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<pulumi.dynamic.UpdateResult>;
  delete(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<void>;
}

/**
 * One resource's lifecycle, its modules loaded on the first call that needs them: the engine's process
 * loads only the kinds the stack declares, and a preview (check and diff) loads neither the crud modules
 * nor, through them, the sdk's client and HTTP stack.
 */
interface Lifecycle {
  local(): Local;
  remote(warn: (line: string) => void): Remote;
}

/* eslint-disable @typescript-eslint/no-require-imports -- each kind's modules load on first use (see Lifecycle) */
const LIFECYCLES = {
  policy: {
    local: () => ({
      check: (require('../resources/policy/check') as typeof import('../resources/policy/check')).checkPolicyInputs,
      diff: (require('../resources/policy/diff') as typeof import('../resources/policy/diff')).diffPolicy,
    }),
    remote: () => {
      const m = require('../resources/policy/crud') as typeof import('../resources/policy/crud');
      return { create: m.createPolicy, read: m.readPolicy, update: m.updatePolicy, delete: m.deletePolicy };
    },
  },
  webhookEndpoint: {
    local: () => ({
      check: (require('../resources/webhookEndpoint/check') as typeof import('../resources/webhookEndpoint/check')).checkWebhookInputs,
      diff: (require('../resources/webhookEndpoint/diff') as typeof import('../resources/webhookEndpoint/diff')).diffWebhookEndpoint,
    }),
    remote: () => {
      const m = require('../resources/webhookEndpoint/crud') as typeof import('../resources/webhookEndpoint/crud');
      return {
        create: m.createWebhookEndpoint,
        read: m.readWebhookEndpoint,
        update: m.updateWebhookEndpoint,
        delete: m.deleteWebhookEndpoint,
      };
    },
  },
  fiatOnRampCredential: {
    local: () => ({
      check: (require('../resources/fiatOnRampCredential/check') as typeof import('../resources/fiatOnRampCredential/check'))
        .checkFiatInputs,
      diff: (require('../resources/fiatOnRampCredential/diff') as typeof import('../resources/fiatOnRampCredential/diff'))
        .diffFiatOnRampCredential,
    }),
    remote: () => {
      const m = require('../resources/fiatOnRampCredential/crud') as typeof import('../resources/fiatOnRampCredential/crud');
      return {
        create: m.createFiatOnRampCredential,
        read: m.readFiatOnRampCredential,
        update: m.updateFiatOnRampCredential,
        delete: m.deleteFiatOnRampCredential,
      };
    },
  },
  ipAllowlist: {
    local: () => ({
      check: (require('../resources/ipAllowlist/check') as typeof import('../resources/ipAllowlist/check')).checkIpAllowlistInputs,
      diff: (require('../resources/ipAllowlist/diff') as typeof import('../resources/ipAllowlist/diff')).diffIpAllowlist,
    }),
    remote: () => {
      const m = require('../resources/ipAllowlist/crud') as typeof import('../resources/ipAllowlist/crud');
      return { create: m.createIpAllowlist, read: m.readIpAllowlist, update: m.updateIpAllowlist, delete: m.deleteIpAllowlist };
    },
  },
  privateKeyTag: {
    local: () => ({
      check: (require('../resources/privateKeyTag/check') as typeof import('../resources/privateKeyTag/check')).checkPrivateKeyTagInputs,
      diff: (require('../resources/privateKeyTag/diff') as typeof import('../resources/privateKeyTag/diff')).diffPrivateKeyTag,
    }),
    remote: () => {
      const m = require('../resources/privateKeyTag/crud') as typeof import('../resources/privateKeyTag/crud');
      return { create: m.createPrivateKeyTag, read: m.readPrivateKeyTag, update: m.updatePrivateKeyTag, delete: m.deletePrivateKeyTag };
    },
  },
  sessionProfile: {
    local: () => ({
      check: (require('../resources/sessionProfile/check') as typeof import('../resources/sessionProfile/check')).checkSessionProfileInputs,
      diff: (require('../resources/sessionProfile/diff') as typeof import('../resources/sessionProfile/diff')).diffSessionProfile,
    }),
    remote: (warn) => {
      const m = require('../resources/sessionProfile/crud') as typeof import('../resources/sessionProfile/crud');
      return {
        create: m.createSessionProfile,
        read: m.readSessionProfile,
        update: m.updateSessionProfile,
        delete: (c, id, props) => m.deleteSessionProfile(c, id, props, warn),
      };
    },
  },
} satisfies Record<string, Lifecycle>;
/* eslint-enable @typescript-eslint/no-require-imports */

export function createRuntime(options: RuntimeOptions = {}): Runtime {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const ctx = createContext(options);
  /** A kept object is declared; a policy renamed in place frees its old name once the update lands. */
  const noted = (kind: ObjectKind, id: string, d: FieldDiff, olds: Record<string, unknown>, news: Record<string, unknown>): void => {
    ctx.claims.diffed(kind, id, news);
    if (d.replaces.length === 0) {
      ctx.claims.keep(kind, id, news);
      if (kind === 'policies' && d.changed.includes('policyName') && typeof olds.policyName === 'string') {
        ctx.claims.renaming(kind, id, olds.policyName);
      }
    }
  };
  /**
   * The engine's calls of one resource: every error in the words of the configuration, printed once
   * (./report.ts). With `kind`, the resource's objects are claimed (../resources/common/claims.ts): its
   * check and diff record what the program declares, deleting an object another resource still declares
   * only releases this resource's claim, and an update settles a rename others may wait for.
   */
  const provider = (lifecycle: Lifecycle, kind?: ObjectKind): Provider => {
    let local: Local | undefined;
    let remote: Remote | undefined;
    const r = {
      local: (): Local => (local ??= lifecycle.local()),
      remote: (): Remote => (remote ??= lifecycle.remote(warn)),
    };
    return {
      check: async (_olds, news) => {
        const checked = await guardedCheck(ctx, news, () => r.local().check(ctx, news));
        if (kind !== undefined) ctx.claims.checkedInputs(kind, checked.inputs);
        return checked;
      },
      diff: async (id, olds, news) => {
        const d = r.local().diff(olds, news);
        if (kind !== undefined) noted(kind, id, d, olds, news);
        return toDiffResult(d);
      },
      create: (inputs) => guarded(ctx, inputs, () => r.remote().create(ctx, inputs)),
      read: (id, props) => guarded(ctx, props, () => r.remote().read(ctx, id, props ?? {})),
      update: async (id, olds, news) => {
        try {
          return await guarded(ctx, news, () => r.remote().update(ctx, id, olds, news));
        } finally {
          if (kind !== undefined) ctx.claims.settled(kind, id);
        }
      },
      delete: async (id, props) => {
        if (kind !== undefined && ctx.claims.isKept(kind, id)) return;
        await guarded(ctx, props, () => r.remote().delete(ctx, id, props ?? {}));
      },
    };
  };
  return {
    configure: async (req) => {
      // The shim's Config keeps the engine's values in `rawConfig` (cmd/dynamic-provider/config.js in
      // @pulumi/pulumi); its keys let unknown `walletinfra:*` keys be refused here too.
      const raw = (req.config as unknown as { rawConfig?: Record<string, unknown> }).rawConfig;
      ctx.setConfig((key) => asText(req.config.get(key) as unknown), raw !== undefined ? () => Object.keys(raw) : undefined);
    },
    policy: provider(LIFECYCLES.policy, 'policies'),
    webhookEndpoint: provider(LIFECYCLES.webhookEndpoint, 'webhookEndpoints'),
    fiatOnRampCredential: provider(LIFECYCLES.fiatOnRampCredential, 'fiatOnRampCredentials'),
    ipAllowlist: provider(LIFECYCLES.ipAllowlist),
    privateKeyTag: provider(LIFECYCLES.privateKeyTag, 'privateKeyTags'),
    sessionProfile: provider(LIFECYCLES.sessionProfile, 'sessionProfiles'),
    context: ctx,
  };
}
