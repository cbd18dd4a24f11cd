// What the acceptance run needs to know about one resource kind beyond its declaration (KINDS): safe sample
// inputs for a create, an in-place update and a replacement, how a person would make an object by hand (to
// adopt it) and change one behind Pulumi's back (drift), and the steps that do not apply, each with its
// reason. Everything else (listing, ids, normal forms, what replaces, deletion) comes from the kind itself.
import type { WalletInfraClient } from '@walletinfra/sdk';

/** The objects of a scenario: `main` is updated in place, `replaced` replaced, `adopted` made by hand, adopted and drifted. */
export type Role = 'main' | 'replaced' | 'adopted';

/** A lifecycle step that may not apply to a kind. */
export type OptionalStep = 'update' | 'replace' | 'adopt' | 'drift' | 'delete';

/** An API key the run adds to the credentials' user for a scenario that needs one (a per-key IP allowlist). */
export interface FixtureApiKey {
  /** `a`, `b`: a scenario's own letter. */
  role: string;
  apiKeyName: string;
  publicKey: string;
}

/** What sample inputs are made from: the run's names, sample secrets, and the fixtures. */
export interface SampleContext {
  /** `wiacc-20260314t091500-k3f9-` */
  prefix: string;
  /** `prefix + suffix`: the name of one of the run's objects. */
  name: (suffix: string) => string;
  /** A sample secret for `label`, random per run (never sent in plain text; no recording may hold it). */
  secret: (label: string) => string;
  /** An HTTPS URL under which the run's webhook endpoints deliver (`--webhook-url`). */
  webhookUrl: (suffix: string) => string;
  /** The fixture API key with this role. */
  apiKey: (role: string) => FixtureApiKey;
  /** A fresh public key (P-256, compressed) for `label`, registered by nobody yet; its private key is discarded. */
  publicKey: (label: string) => string;
  /**
   * Stands for the id of the fixture user (named with the prefix, made through the sdk before the first up) in
   * a scenario with `fixtureUser`; replaced by the id once the user exists.
   */
  fixtureUserId: string;
}

/** What a hand-made write or an out-of-band change is made with: the sdk, as a person would. */
export interface HandContext {
  client: WalletInfraClient;
  organizationId: string;
  /** The service's key on-ramp secrets are encrypted to (`walletinfra:onRampEncryptionPublicKey`). */
  onRampEncryptionPublicKey: string;
  sample: SampleContext;
  /** The fixture user's id, once it exists. */
  fixtureUserId?: string;
}

/** A kind whose one object belongs to the organization (its IP allowlist, its root quorum): it carries no prefix. */
export interface Singleton {
  /** `the organization's IP allowlist` */
  what: string;
  /** What the run does with it once included: `the run then starts only when it is empty`. */
  whenIncluded: string;
  /**
   * What the organization holds there now, when the run could not put it back exactly (the run starts only from
   * the empty state and leaves it empty); undefined when it is empty. Absent for a singleton the run declares
   * exactly as it is and never writes (`resolve` reads it), so there is nothing to refuse.
   */
  occupied?: (ctx: HandContext) => Promise<string | undefined>;
}

export interface Scenario {
  /** The kind's type, plus the scope when a kind has several scenarios: `IpAllowlist (organization)`. */
  name: string;
  /** The stem of the program's resource names and of the objects' names: `policy`, `ip-allowlist-org`. */
  stem: string;
  /** One sentence: what the samples are, and why they cannot harm the organization. */
  why: string;
  /** Set for a kind the run would change without a prefix: skipped unless `--include-singletons`. */
  singleton?: Singleton;
  /** Fixture API keys the samples use, by role. */
  apiKeys?: readonly string[];
  /** Set when the samples name the fixture user (`ctx.fixtureUserId`): the run makes it even with no fixture key. */
  fixtureUser?: boolean;
  /**
   * Inputs only the organization can tell (its root quorum as it is), read before the first up: the samples'
   * `create` and `then` inputs after the fixture user's id is filled in.
   */
  resolve?: (ctx: HandContext, args: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** The name carrying the run prefix, from a live object (default: the kind's export name). */
  label?: (live: unknown) => string | undefined;
  /** Inputs of a new object (the common inputs left out). */
  create: (ctx: SampleContext, role: Role) => Record<string, unknown>;
  /** `create(ctx, 'main')` with fields the service changes in place. */
  update?: (ctx: SampleContext, args: Record<string, unknown>) => Record<string, unknown>;
  /** `create(ctx, 'replaced')` with a field whose change replaces the object. */
  replace?: (ctx: SampleContext, args: Record<string, unknown>) => Record<string, unknown>;
  /** Creates the object with `args` through the sdk; returns the id `adopt: { id }` takes. */
  handMade?: (ctx: HandContext, args: Record<string, unknown>) => Promise<string>;
  /** Changes the object out of band through the sdk; returns what it changed, for the report. */
  drift?: (ctx: HandContext, id: string, args: Record<string, unknown>) => Promise<string>;
  /** The live object in normal form (`kind.fromLive`) for a kind without a listing; undefined when it reads as gone. */
  read?: (ctx: HandContext, id: string, args: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>;
  /** Why a step does not apply (every step either has its sample or its reason here). */
  notApplicable?: Partial<Record<OptionalStep, string>>;
}
