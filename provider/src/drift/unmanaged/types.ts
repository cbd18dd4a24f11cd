// The unmanaged-objects part of the drift report (JSON, `--json-out`): every object at the service that no
// given stack declares, per organization and kind, identity kinds first, with where the activity history
// says it came from, and the share of the organization managed as code. Anchor: driftctl's resources "not
// covered by IaC" and its coverage (github.com/snyk/driftctl, pkg/cmd/scan/output/console.go), which Pulumi and
// Terraform do not report.
import type { Governs } from '../../resources/kind';

/**
 * `unmanaged`: no stack declares it and nothing acknowledges it (drift, exit 2). `acknowledged`: an ignore
 * rule names it. `service-default`: the one object the service made with the organization, never changed
 * since (the root quorum), which is not drift unless `--strict` (as driftctl's `--strict` counts the cloud's
 * own service-linked roles, github.com/snyk/driftctl pkg/cmd/scan.go).
 */
export type ObjectStatus = 'unmanaged' | 'acknowledged' | 'service-default';

/** A user as an activity's votes name it. */
export interface ActivityUser {
  userId: string;
  /** Absent when the vote's user record has none (a user deleted since). */
  userName?: string;
}

/**
 * Where an object came from, as the organization's activity history says it: the completed activity whose
 * result names its id (`created`), or for the service's own object the latest activity that changed it
 * (`changed`). Otherwise unknown, with the reason; never a guess.
 */
export type Origin =
  | {
      known: true;
      event: 'created' | 'changed';
      activityId: string;
      activityType: string;
      /** ISO-8601. */
      at: string;
      /** The users whose votes approved the activity, the submitter first; empty when it records none. */
      by: ActivityUser[];
    }
  | { known: false; reason: string };

/** Where an acknowledgement came from: `--ignore`/`--ignore-kind`, or a stack's `walletinfra-drift:ignore`. */
export interface IgnoreRule {
  id?: string;
  kind?: string;
  reason?: string;
  /** `--ignore`, `--ignore-kind`, or `stack dev` (its config). */
  source: string;
}

export interface InventoryObject {
  id: string;
  /** A readable name: what `walletinfra-export` names its resource (a policy's name, an API key's name). */
  name: string;
  status: ObjectStatus;
  origin: Origin;
  /** The rule that acknowledges it (status `acknowledged`). */
  acknowledgedBy?: IgnoreRule;
  /**
   * The declaration that adopts it, as `walletinfra-export` writes it, in the language of the stacks' program
   * (the report's `declarations`; secrets read from stack config).
   */
  declaration: string;
}

/** Counts over objects; `managedShare` is managed / total (0 to 1), null when there are no objects. */
export interface InventoryCounts {
  managed: number;
  unmanaged: number;
  acknowledged: number;
  serviceDefault: number;
  total: number;
  managedShare: number | null;
}

export interface KindInventoryReport extends InventoryCounts {
  /** The kind's type: `ApiKey`. */
  type: string;
  /** `API key`. */
  noun: string;
  /** `API keys`. */
  plural: string;
  governs: Governs;
  /** Whether the service can delete the kind's objects (session profiles and the root quorum stay). */
  deletable: boolean;
  /** The objects no stack declares, unmanaged first, then acknowledged, then the service's own; by name, then id. */
  objects: InventoryObject[];
}

export interface OrganizationInventoryReport {
  organizationId: string;
  /** The stacks whose configuration or resources point at the organization. */
  stacks: string[];
  totals: InventoryCounts;
  /** Every kind, identity first (GOVERNS order), then in the order of the kinds array. */
  kinds: KindInventoryReport[];
}

/** The language the declarations are written in, and how it was found. */
export interface DeclarationLanguage {
  language: 'typescript' | 'yaml' | 'python' | 'go';
  /** The native provider (YAML, Python, Go, TypeScript on the generated SDK) or the dynamic classes of @walletinfra/pulumi. */
  provider: 'native' | 'dynamic';
  /** `the project's runtime python`. */
  from: string;
}

export type UnmanagedReport =
  | {
      status: 'evaluated';
      /** The language of the declarations (absent in reports written before it was recorded: TypeScript, dynamic). */
      declarations?: DeclarationLanguage;
      totals: InventoryCounts;
      organizations: OrganizationInventoryReport[];
      /** Ignore rules that matched no unmanaged object (gone, or declared by a stack since): remove them. */
      unusedIgnores: IgnoreRule[];
    }
  /** The report could not be made (a stack's state or an organization could not be read). */
  | { status: 'not-evaluable'; reason: string };
