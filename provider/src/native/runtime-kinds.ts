// TEMPORARY glue, to be replaced when each kind is declared once as a `spec` (the native schema and this
// table will both map over the list of specs): the kind table built from today's runtime (createRuntime()
// in ../runtime/providers.ts, the same lifecycle the dynamic resources use, claims included) plus each
// kind's FieldDiff function for the per-property detail the dynamic shape cannot carry.
import type { FieldDiff } from '../resources/common/diff';
import type * as FiatDiff from '../resources/fiatOnRampCredential/diff';
import type * as IpAllowlistDiff from '../resources/ipAllowlist/diff';
import type * as PolicyDiff from '../resources/policy/diff';
import type * as PrivateKeyTagDiff from '../resources/privateKeyTag/diff';
import type * as SessionProfileDiff from '../resources/sessionProfile/diff';
import type * as WebhookDiff from '../resources/webhookEndpoint/diff';
import { FIAT_SECRET_INPUTS, FIAT_SECRET_OUTPUTS } from '../resources/fiatOnRampCredential/types';
import type { Provider, Runtime } from '../runtime/providers';
import type { KindTable, NativeResourceKind } from './kinds';
import type { Properties } from './values';

type Diff = (olds: Record<string, unknown>, news: Record<string, unknown>) => FieldDiff;

/* eslint-disable @typescript-eslint/no-require-imports -- each kind's diff module loads on first use, as the runtime's do */
const DIFFS: Record<Exclude<keyof Runtime, 'configure' | 'context'>, () => Diff> = {
  policy: () => (require('../resources/policy/diff') as typeof PolicyDiff).diffPolicy,
  webhookEndpoint: () => (require('../resources/webhookEndpoint/diff') as typeof WebhookDiff).diffWebhookEndpoint,
  fiatOnRampCredential: () => (require('../resources/fiatOnRampCredential/diff') as typeof FiatDiff).diffFiatOnRampCredential,
  ipAllowlist: () => (require('../resources/ipAllowlist/diff') as typeof IpAllowlistDiff).diffIpAllowlist,
  privateKeyTag: () => (require('../resources/privateKeyTag/diff') as typeof PrivateKeyTagDiff).diffPrivateKeyTag,
  sessionProfile: () => (require('../resources/sessionProfile/diff') as typeof SessionProfileDiff).diffSessionProfile,
};
/* eslint-enable @typescript-eslint/no-require-imports */

function kind(token: string, provider: Provider, diffOf: () => Diff, extra: Partial<NativeResourceKind> = {}): NativeResourceKind {
  let diff: Diff | undefined;
  return {
    token,
    ...extra,
    lifecycle: {
      check: async (olds, news) => provider.check(olds, news),
      diff: async (id, olds, news) => {
        // The runtime's diff records the claims (which objects this deployment declares); the FieldDiff
        // function is the same pure comparison it makes, asked again for the per-property answer.
        await provider.diff(id, olds, news);
        diff ??= diffOf();
        return diff(olds, news);
      },
      create: async (inputs) => {
        const result = await provider.create(inputs);
        return { id: result.id, outs: result.outs as Properties | undefined };
      },
      read: async (id, props) => {
        const result = await provider.read(id, props);
        return {
          ...(result.id !== undefined ? { id: result.id } : {}),
          ...(result.props !== undefined ? { props: result.props as Properties } : {}),
          ...(result.inputs !== undefined ? { inputs: result.inputs as Properties } : {}),
        };
      },
      update: async (id, olds, news) => {
        const result = await provider.update(id, olds, news);
        return { outs: result.outs as Properties | undefined };
      },
      delete: async (id, props) => provider.delete(id, props),
    },
  };
}

/** Every resource kind of the runtime, under its native type token; no data source yet. */
export function runtimeKinds(runtime: Runtime): KindTable {
  return {
    resources: [
      kind('walletinfra:index:Policy', runtime.policy, DIFFS.policy),
      kind('walletinfra:index:WebhookEndpoint', runtime.webhookEndpoint, DIFFS.webhookEndpoint),
      kind('walletinfra:index:FiatOnRampCredential', runtime.fiatOnRampCredential, DIFFS.fiatOnRampCredential, {
        secretInputs: FIAT_SECRET_INPUTS,
        secretOutputs: FIAT_SECRET_OUTPUTS,
      }),
      kind('walletinfra:index:IpAllowlist', runtime.ipAllowlist, DIFFS.ipAllowlist),
      kind('walletinfra:index:PrivateKeyTag', runtime.privateKeyTag, DIFFS.privateKeyTag),
      kind('walletinfra:index:SessionProfile', runtime.sessionProfile, DIFFS.sessionProfile),
    ],
    functions: [],
  };
}
