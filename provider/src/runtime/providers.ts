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
import { createContext, type ContextOptions, type OwnedContext } from './context';
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

export function createRuntime(options: RuntimeOptions = {}): Runtime {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const ctx = createContext(options);
  const props = (p: Record<string, unknown> | undefined) => p ?? {};
  /** A kept object is declared; a policy renamed in place frees its old name once the update lands. */
  const noted = (kind: ObjectKind, id: string, d: FieldDiff, olds: Record<string, unknown>, news: Record<string, unknown>): pulumi.dynamic.DiffResult => {
    ctx.claims.diffed(kind, id, news);
    if (d.replaces.length === 0) {
      ctx.claims.keep(kind, id, news);
      if (kind === 'policy' && d.changed.includes('policyName') && typeof olds.policyName === 'string') {
        ctx.claims.renaming(kind, id, olds.policyName);
      }
    }
    return toDiffResult(d);
  };
  /** Deleting an object another resource still declares only releases this resource's claim. */
  const remove = (kind: ObjectKind, id: string, run: () => Promise<void>): Promise<void> =>
    ctx.claims.isKept(kind, id) ? Promise.resolve() : run();
  const checking = async (kind: ObjectKind, result: Promise<pulumi.dynamic.CheckResult>): Promise<pulumi.dynamic.CheckResult> => {
    const checked = await result;
    ctx.claims.checkedInputs(kind, checked.inputs);
    return checked;
  };
  const settling = async <T>(kind: ObjectKind, id: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } finally {
      ctx.claims.settled(kind, id);
    }
  };
  return {
    configure: async (req) => {
      // The shim's Config keeps the engine's values in `rawConfig` (cmd/dynamic-provider/config.js in
      // @pulumi/pulumi); its keys let unknown `walletinfra:*` keys be refused here too.
      const raw = (req.config as unknown as { rawConfig?: Record<string, unknown> }).rawConfig;
      ctx.setConfig((key) => asText(req.config.get(key) as unknown), raw !== undefined ? () => Object.keys(raw) : undefined);
    },
    policy: {
      check: (_olds, news) => checking('policy', guardedCheck(ctx, news, () => checkPolicyInputs(ctx, news))),
      diff: async (id, olds, news) => noted('policy', id, diffPolicy(olds, news), olds, news),
      create: (inputs) => guarded(ctx, inputs, () => createPolicy(ctx, inputs)),
      read: (id, p) => guarded(ctx, p, () => readPolicy(ctx, id, props(p))),
      update: (id, olds, news) => settling('policy', id, () => guarded(ctx, news, () => updatePolicy(ctx, id, olds, news))),
      delete: (id, p) => remove('policy', id, () => guarded(ctx, p, () => deletePolicy(ctx, id, props(p)))),
    },
    webhookEndpoint: {
      check: (_olds, news) => checking('webhookEndpoint', guardedCheck(ctx, news, () => checkWebhookInputs(ctx, news))),
      diff: async (id, olds, news) => noted('webhookEndpoint', id, diffWebhookEndpoint(olds, news), olds, news),
      create: (inputs) => guarded(ctx, inputs, () => createWebhookEndpoint(ctx, inputs)),
      read: (id, p) => guarded(ctx, p, () => readWebhookEndpoint(ctx, id, props(p))),
      update: (id, olds, news) => guarded(ctx, news, () => updateWebhookEndpoint(ctx, id, olds, news)),
      delete: (id, p) => remove('webhookEndpoint', id, () => guarded(ctx, p, () => deleteWebhookEndpoint(ctx, id, props(p)))),
    },
    fiatOnRampCredential: {
      check: (_olds, news) => checking('fiatOnRampCredential', guardedCheck(ctx, news, () => checkFiatInputs(ctx, news))),
      diff: async (id, olds, news) => noted('fiatOnRampCredential', id, diffFiatOnRampCredential(olds, news), olds, news),
      create: (inputs) => guarded(ctx, inputs, () => createFiatOnRampCredential(ctx, inputs)),
      read: (id, p) => guarded(ctx, p, () => readFiatOnRampCredential(ctx, id, props(p))),
      update: (id, olds, news) => guarded(ctx, news, () => updateFiatOnRampCredential(ctx, id, olds, news)),
      delete: (id, p) => remove('fiatOnRampCredential', id, () => guarded(ctx, p, () => deleteFiatOnRampCredential(ctx, id, props(p)))),
    },
    ipAllowlist: {
      check: (_olds, news) => guardedCheck(ctx, news, () => checkIpAllowlistInputs(ctx, news)),
      diff: async (_id, olds, news) => toDiffResult(diffIpAllowlist(olds, news)),
      create: (inputs) => guarded(ctx, inputs, () => createIpAllowlist(ctx, inputs)),
      read: (id, p) => guarded(ctx, p, () => readIpAllowlist(ctx, id, props(p))),
      update: (id, olds, news) => guarded(ctx, news, () => updateIpAllowlist(ctx, id, olds, news)),
      delete: (id, p) => guarded(ctx, p, () => deleteIpAllowlist(ctx, id, props(p))),
    },
    privateKeyTag: {
      check: (_olds, news) => guardedCheck(ctx, news, () => checkPrivateKeyTagInputs(ctx, news)),
      diff: async (_id, olds, news) => toDiffResult(diffPrivateKeyTag(olds, news)),
      create: (inputs) => guarded(ctx, inputs, () => createPrivateKeyTag(ctx, inputs)),
      read: (id, p) => guarded(ctx, p, () => readPrivateKeyTag(ctx, id, props(p))),
      update: (id, olds, news) => guarded(ctx, news, () => updatePrivateKeyTag(ctx, id, olds, news)),
      delete: (id, p) => guarded(ctx, p, () => deletePrivateKeyTag(ctx, id, props(p))),
    },
    sessionProfile: {
      check: (_olds, news) => guardedCheck(ctx, news, () => checkSessionProfileInputs(ctx, news)),
      diff: async (_id, olds, news) => toDiffResult(diffSessionProfile(olds, news)),
      create: (inputs) => guarded(ctx, inputs, () => createSessionProfile(ctx, inputs)),
      read: (id, p) => guarded(ctx, p, () => readSessionProfile(ctx, id, props(p))),
      update: (id, olds, news) => guarded(ctx, news, () => updateSessionProfile(ctx, id, olds, news)),
      delete: (id, p) => guarded(ctx, p, () => deleteSessionProfile(ctx, id, props(p), warn)),
    },
    context: ctx,
  };
}

