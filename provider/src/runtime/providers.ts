// The real ResourceProvider implementations. The serialized provider stored in state only requires the
// installed package and calls these (../resources/*/provider.ts), so refresh and destroy always run the
// installed code (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/ "which code version runs where").
import type * as pulumi from '@pulumi/pulumi';
import { checkFiatInputs } from '../resources/fiatOnRampCredential/check';
import {
  createFiatOnRampCredential,
  deleteFiatOnRampCredential,
  readFiatOnRampCredential,
  updateFiatOnRampCredential,
} from '../resources/fiatOnRampCredential/crud';
import { diffFiatOnRampCredential } from '../resources/fiatOnRampCredential/diff';
import { checkPolicyInputs } from '../resources/policy/check';
import { createPolicy, deletePolicy, readPolicy, updatePolicy } from '../resources/policy/crud';
import { diffPolicy } from '../resources/policy/diff';
import { checkIpAllowlistInputs } from '../resources/ipAllowlist/check';
import { createIpAllowlist, deleteIpAllowlist, readIpAllowlist, updateIpAllowlist } from '../resources/ipAllowlist/crud';
import { diffIpAllowlist } from '../resources/ipAllowlist/diff';
import { checkPrivateKeyTagInputs } from '../resources/privateKeyTag/check';
import { createPrivateKeyTag, deletePrivateKeyTag, readPrivateKeyTag, updatePrivateKeyTag } from '../resources/privateKeyTag/crud';
import { diffPrivateKeyTag } from '../resources/privateKeyTag/diff';
import { checkSessionProfileInputs } from '../resources/sessionProfile/check';
import { createSessionProfile, deleteSessionProfile, readSessionProfile, updateSessionProfile } from '../resources/sessionProfile/crud';
import { diffSessionProfile } from '../resources/sessionProfile/diff';
import { toDiffResult } from '../resources/shared/diff';
import { checkWebhookInputs } from '../resources/webhookEndpoint/check';
import { createWebhookEndpoint, deleteWebhookEndpoint, readWebhookEndpoint, updateWebhookEndpoint } from '../resources/webhookEndpoint/crud';
import { diffWebhookEndpoint } from '../resources/webhookEndpoint/diff';
import { createContext, type ContextOptions, type OwnedContext, type ProviderContext } from './context';
import { guarded, guardedCheck } from './report';
import type { FieldDiff } from '../resources/shared/diff';
import type { ObjectKind } from '../resources/shared/claims';

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

/** One resource's lifecycle, as its modules implement it (check.ts, diff.ts, crud.ts). */
interface Lifecycle {
  check(ctx: ProviderContext, news: Record<string, unknown>): pulumi.dynamic.CheckResult;
  diff(olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff;
  create(ctx: ProviderContext, inputs: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult>;
  read(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<pulumi.dynamic.ReadResult>;
  update(ctx: ProviderContext, id: string, olds: Record<string, unknown>, news: Record<string, unknown>): Promise<pulumi.dynamic.UpdateResult>;
  delete(ctx: ProviderContext, id: string, props: Record<string, unknown>): Promise<void>;
}

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
   * (./report.ts). With `kind`, the resource's objects are claimed (../resources/shared/claims.ts): its
   * check and diff record what the program declares, deleting an object another resource still declares
   * only releases this resource's claim, and an update settles a rename others may wait for.
   */
  const provider = (r: Lifecycle, kind?: ObjectKind): Provider => ({
    check: async (_olds, news) => {
      const checked = await guardedCheck(ctx, news, () => r.check(ctx, news));
      if (kind !== undefined) ctx.claims.checkedInputs(kind, checked.inputs);
      return checked;
    },
    diff: async (id, olds, news) => {
      const d = r.diff(olds, news);
      if (kind !== undefined) noted(kind, id, d, olds, news);
      return toDiffResult(d);
    },
    create: (inputs) => guarded(ctx, inputs, () => r.create(ctx, inputs)),
    read: (id, props) => guarded(ctx, props, () => r.read(ctx, id, props ?? {})),
    update: async (id, olds, news) => {
      try {
        return await guarded(ctx, news, () => r.update(ctx, id, olds, news));
      } finally {
        if (kind !== undefined) ctx.claims.settled(kind, id);
      }
    },
    delete: async (id, props) => {
      if (kind !== undefined && ctx.claims.isKept(kind, id)) return;
      await guarded(ctx, props, () => r.delete(ctx, id, props ?? {}));
    },
  });
  return {
    configure: async (req) => {
      // The shim's Config keeps the engine's values in `rawConfig` (cmd/dynamic-provider/config.js in
      // @pulumi/pulumi); its keys let unknown `walletinfra:*` keys be refused here too.
      const raw = (req.config as unknown as { rawConfig?: Record<string, unknown> }).rawConfig;
      ctx.setConfig((key) => asText(req.config.get(key) as unknown), raw !== undefined ? () => Object.keys(raw) : undefined);
    },
    policy: provider(
      {
        check: checkPolicyInputs,
        diff: diffPolicy,
        create: createPolicy,
        read: readPolicy,
        update: updatePolicy,
        delete: deletePolicy,
      },
      'policies',
    ),
    webhookEndpoint: provider(
      {
        check: checkWebhookInputs,
        diff: diffWebhookEndpoint,
        create: createWebhookEndpoint,
        read: readWebhookEndpoint,
        update: updateWebhookEndpoint,
        delete: deleteWebhookEndpoint,
      },
      'webhookEndpoints',
    ),
    fiatOnRampCredential: provider(
      {
        check: checkFiatInputs,
        diff: diffFiatOnRampCredential,
        create: createFiatOnRampCredential,
        read: readFiatOnRampCredential,
        update: updateFiatOnRampCredential,
        delete: deleteFiatOnRampCredential,
      },
      'fiatOnRampCredentials',
    ),
    ipAllowlist: provider({
      check: checkIpAllowlistInputs,
      diff: diffIpAllowlist,
      create: createIpAllowlist,
      read: readIpAllowlist,
      update: updateIpAllowlist,
      delete: deleteIpAllowlist,
    }),
    privateKeyTag: provider(
      {
        check: checkPrivateKeyTagInputs,
        diff: diffPrivateKeyTag,
        create: createPrivateKeyTag,
        read: readPrivateKeyTag,
        update: updatePrivateKeyTag,
        delete: deletePrivateKeyTag,
      },
      'privateKeyTags',
    ),
    sessionProfile: provider(
      {
        check: checkSessionProfileInputs,
        diff: diffSessionProfile,
        create: createSessionProfile,
        read: readSessionProfile,
        update: updateSessionProfile,
        delete: (c, id, props) => deleteSessionProfile(c, id, props, warn),
      },
      'sessionProfiles',
    ),
    context: ctx,
  };
}

