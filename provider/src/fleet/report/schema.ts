// The fleet report's JSON shape (`walletinfra-fleet scan --json-out`), versioned: what `walletinfra-fleet merge`
// reads back from shard reports and what `walletinfra-fleet up --only-drifted` reads to know which
// sub-organizations to roll out to. Declared once as zod schemas; the types are inferred. docs/fleet.md,
// "The JSON report" documents every field. A change that removes or retypes a field raises
// FLEET_REPORT_SCHEMA_VERSION; adding an optional field does not.
import { z } from 'zod';

export const FLEET_REPORT_SCHEMA_VERSION = 1;

/** What a secret value reads as in a report. */
export const SECRET_VALUE = '[secret]';

/** Most severe first: the order the Markdown report lists sub-organizations, and `status` picks from. */
export const REPORT_STATUSES = ['unreachable', 'template-error', 'unmanaged', 'drifted', 'unenrolled', 'conformant'] as const;
export const ReportStatus = z.enum(REPORT_STATUSES);
/**
 * `unreachable`: could not be read (the reason says why); `template-error`: the template failed for it; `unmanaged`:
 * objects no template resource declares; `drifted`: objects differ from the template, or are missing; `unenrolled`: no
 * stack in the rollout's backend yet; `conformant`: none of these.
 */
export type ReportStatus = z.infer<typeof ReportStatus>;

/** The classes a reachable sub-organization can be in at once; its `status` is the most severe. */
export const FINDING_CLASSES = ['unmanaged', 'drifted', 'unenrolled'] as const;
export const FindingClass = z.enum(FINDING_CLASSES);

/** Why a sub-organization could not be read. */
export const UNREACHABLE_CAUSES = [
  'deleted',
  'not-a-sub-organization',
  'forbidden',
  'rate-limited',
  'server-error',
  'network',
  'other',
] as const;

export const ReportProperty = z.strictObject({
  /** The property, in the kind's terms (`condition`). */
  name: z.string(),
  /** What the template declares (absent: nothing); `[secret]` for secrets. */
  desired: z.unknown().optional(),
  /** What the sub-organization has (absent: nothing). */
  live: z.unknown().optional(),
  /** Whether changing it replaces the object (its update cannot change it). */
  replaces: z.boolean(),
});
export type ReportProperty = z.infer<typeof ReportProperty>;

export const ReportDriftItem = z.strictObject({
  /** The kind's type: `Policy`. */
  kind: z.string(),
  /** The template's resource name. */
  resource: z.string(),
  /** `missing`: no object matches; `changed`: properties differ; `ambiguous`: several objects match its natural key. */
  change: z.enum(['missing', 'changed', 'ambiguous']),
  /** The object it stands for (changed). */
  objectId: z.string().optional(),
  /** The properties that differ (changed), in the kind's order. */
  properties: z.array(ReportProperty).optional(),
  /** The objects that match (ambiguous). */
  candidates: z.array(z.string()).optional(),
});
export type ReportDriftItem = z.infer<typeof ReportDriftItem>;

export const ReportUnmanagedObject = z.strictObject({
  kind: z.string(),
  id: z.string(),
  name: z.string(),
  /** What the kind's objects decide: `identity` (who can act) first. */
  governs: z.string(),
  /** `acknowledged`: an `unmanaged.ignore` rule of the fleet names it (its reason). */
  status: z.enum(['unmanaged', 'acknowledged']),
  reason: z.string().optional(),
});
export type ReportUnmanagedObject = z.infer<typeof ReportUnmanagedObject>;

export const ReportSubOrganization = z.strictObject({
  id: z.string(),
  /** Its name (`whoami`); '' when it could not be read. */
  name: z.string(),
  status: ReportStatus,
  /** Every class it is in (a drifted sub-organization may hold unmanaged objects too). */
  classes: z.array(FindingClass),
  /** The user holding the delegated key; null when none does (`up` cannot write there). Absent when not read. */
  delegatedUser: z.strictObject({ id: z.string(), name: z.string() }).nullable().optional(),
  drift: z.array(ReportDriftItem),
  unmanaged: z.array(ReportUnmanagedObject),
  /** unreachable / template-error: what happened, in words. */
  reason: z.string().optional(),
  /** unreachable: the cause, for tools. */
  cause: z.enum(UNREACHABLE_CAUSES).optional(),
});
export type ReportSubOrganization = z.infer<typeof ReportSubOrganization>;

export const ReportSummary = z.strictObject({
  subOrganizations: z.number(),
  conformant: z.number(),
  drifted: z.number(),
  unmanaged: z.number(),
  unenrolled: z.number(),
  unreachable: z.number(),
  templateError: z.number(),
  /** Template resources missing, changed or ambiguous, over every sub-organization. */
  driftedObjects: z.number(),
  /** Objects no template resource declares (not acknowledged), over every sub-organization. */
  unmanagedObjects: z.number(),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

// The pieces the rollout report (../up/report/schema.ts) has the same as this one.

export const ReportSelector = z.strictObject({
  names: z.array(z.string()).optional(),
  ids: z.array(z.string()).optional(),
  exclude: z.array(z.string()).optional(),
});

export const ReportFleet = z.strictObject({
  /** The options file's `name`. */
  name: z.string(),
  parentOrganizationId: z.string(),
  baseUrl: z.string(),
});

export const TemplateLanguage = z.enum(['typescript', 'yaml']);

/** Shard `index` of `count` (`--shard index/count`). */
export const ReportShard = z.strictObject({ index: z.number(), count: z.number() });

/** The versions that wrote a report. */
export const ReportTool = z.strictObject({ walletinfraFleet: z.string(), node: z.string() });

/** What a run was, not what it found: the only part of a report that differs between one run and its merged shards. */
export const ReportRun = z.strictObject({
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number(),
  /** A shard's report: which shard. */
  shard: ReportShard.optional(),
  /** A merged report: the shards it was made from. */
  mergedFrom: z.array(ReportShard.extend({ startedAt: z.string(), finishedAt: z.string() })).optional(),
  /** HTTP requests the run sent (retries included), per operation. */
  requests: z.record(z.string(), z.number()),
  tool: ReportTool,
});
export type ReportRun = z.infer<typeof ReportRun>;

export const FleetReport = z.strictObject({
  schemaVersion: z.literal(FLEET_REPORT_SCHEMA_VERSION),
  fleet: ReportFleet,
  template: z.strictObject({
    /** As the options give it. */
    path: z.string(),
    /** sha256 of the template's files (its Pulumi.yaml, program and local modules): reports of different templates do not merge. */
    digest: z.string(),
    language: TemplateLanguage,
    /** `shared`: evaluated once, the sub-organization's values put in; `per-sub-organization`: once for each. */
    evaluation: z.enum(['shared', 'per-sub-organization']),
    /** Why per sub-organization, when it is. */
    evaluationReason: z.string().optional(),
  }),
  selector: ReportSelector,
  /** The kinds read in every sub-organization, and those whose undeclared objects are reported. */
  kinds: z.strictObject({ read: z.array(z.string()), unmanaged: z.array(z.string()) }),
  enrollment: z.strictObject({
    /** Whether stacks were looked for (a backend was given). */
    checked: z.boolean(),
    /** The backend, without credentials or query. */
    backend: z.string().optional(),
    /** Stacks of the template's project whose sub-organization is not in the fleet (deleted, or no longer selected). */
    orphanStacks: z.array(z.string()),
  }),
  summary: ReportSummary,
  /** Every sub-organization scanned, by id. */
  subOrganizations: z.array(ReportSubOrganization),
  run: ReportRun,
});
export type FleetReport = z.infer<typeof FleetReport>;
