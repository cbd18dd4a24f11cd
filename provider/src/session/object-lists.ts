// Coalesced list reads per organization: a refresh of N resources of one type makes N concurrent `read`
// calls, each wanting one object, and one `list_*` answers them all. Concurrent readers share the request
// in flight, later ones reuse its answer for a short while, and every write invalidates its kind so no read
// in this process sees the world before the provider's own last change.
import type {
  FiatOnRampCredential,
  Policy,
  PrivateKey,
  PrivateKeyTag,
  SessionProfile,
  WalletInfraClient,
  WebhookEndpoint,
} from '@walletinfra/sdk';
import { Coalescer } from '../internal/coalesce';

export interface ListItems {
  policies: Policy;
  webhookEndpoints: WebhookEndpoint;
  fiatOnRampCredentials: FiatOnRampCredential;
  privateKeyTags: PrivateKeyTag;
  /** Private keys carry the ids of their tags: the only place tag membership shows. */
  privateKeys: PrivateKey;
  /** Sub-organizations also see their parent's profiles (docs.turnkey.com/features/authentication/sessions/session-profiles). */
  sessionProfiles: SessionProfile;
}
export type ListKind = keyof ListItems;

/** How each kind is listed: one entry per kind (a new resource adds one line). */
const LISTERS: { [K in ListKind]: (client: WalletInfraClient) => Promise<Array<ListItems[K]>> } = {
  policies: async (c) => (await c.listPolicies({})).policies,
  webhookEndpoints: async (c) => (await c.listWebhookEndpoints({})).webhookEndpoints,
  fiatOnRampCredentials: async (c) => (await c.listFiatOnRampCredentials({})).fiatOnRampCredentials,
  privateKeyTags: async (c) => (await c.listPrivateKeyTags({})).privateKeyTags,
  privateKeys: async (c) => (await c.listPrivateKeys({})).privateKeys,
  sessionProfiles: async (c) => (await c.getSessionProfiles({})).sessionProfiles,
};

export const DEFAULT_LIST_TTL_MS = 2_000;

export class ObjectLists {
  private readonly lists: Coalescer<unknown[]>;

  constructor(options: { ttlMs: number; now: () => number }) {
    this.lists = new Coalescer(options);
  }

  /** Every object of a kind in the organization `orgKey`, from one `list_*` shared by concurrent readers. */
  list<K extends ListKind>(orgKey: string, kind: K, client: WalletInfraClient): Promise<Array<ListItems[K]>> {
    return this.lists.get(`${orgKey} ${kind}`, () => LISTERS[kind](client)) as Promise<Array<ListItems[K]>>;
  }

  invalidate(orgKey: string, kind: ListKind): void {
    this.lists.invalidate(`${orgKey} ${kind}`);
  }
}
