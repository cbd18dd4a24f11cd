// The rollout report's JSON shape (`walletinfra-fleet up --json-out`), versioned like the scan's: a change that
// removes or retypes a field raises ROLLOUT_REPORT_SCHEMA_VERSION; adding an optional field does not. Declared once
// as zod schemas, the types inferred. docs/fleet.md, "The rollout report" documents every field.
import { z } from 'zod';
import { REPORT_STATUSES, ReportFleet, ReportSelector, ReportShard, ReportTool, TemplateLanguage } from '../../report/schema';
import { REFUSAL_CAUSES } from '../preflight';

export const ROLLOUT_REPORT_SCHEMA_VERSION = 1;

/**
 * `succeeded`: its stack's `up` succeeded (`changes` says what it did); `failed`: its stack ran and failed (counted
 * against the failure tolerance); `refused`: checked before its stack started and not run, nothing written (not
 * counted); `not-started`: the rollout stopped before it; `planned`: `--dry-run`, it would run.
 */
export const ROLLOUT_STATUSES = ['failed', 'refused', 'not-started', 'succeeded', 'planned'] as const;
export const RolloutStatus = z.enum(ROLLOUT_STATUSES);
export type RolloutStatus = z.infer<typeof RolloutStatus>;

export const RolloutSubOrganization = z.strictObject({
  id: z.string(),
  /** Its name; '' when it could not be read. */
  name: z.string(),
  status: RolloutStatus,
  /** The wave it ran in (absent: it never started). */
  wave: z.enum(['canary', 'main']).optional(),
  /** What its `up` did, as Pulumi counts it (`create`, `update`, `replace`, `delete`, `same`). */
  changes: z.record(z.string(), z.number()).optional(),
  /** It succeeded in an earlier, interrupted run of this rollout, and was not run again. */
  resumed: z.boolean().optional(),
  /** failed: the first line of the reason; refused: the whole reason with the fix. */
  reason: z.string().optional(),
  /** refused (and failed by the lock-out rules, `lockout`): why, for tools. */
  cause: z.enum(REFUSAL_CAUSES).optional(),
  /** Its stack's log (Pulumi's output), relative to the working directory. */
  log: z.string().optional(),
  durationMs: z.number().optional(),
});
export type RolloutSubOrganization = z.infer<typeof RolloutSubOrganization>;

/** A sub-organization of the fleet the rollout did not run: with `--only-drifted`, those with nothing to change. */
export const LeftAlone = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** Its scan status. */
  status: z.enum(REPORT_STATUSES),
  /** Why it was left alone, and what to do when something should be done. */
  why: z.string(),
});
export type LeftAlone = z.infer<typeof LeftAlone>;

export const RolloutSummary = z.strictObject({
  /** Sub-organizations the rollout was to run. */
  targets: z.number(),
  succeeded: z.number(),
  /** Of those succeeded: rolled out by the interrupted run this one resumed (not run again). */
  resumed: z.number(),
  /** Of those succeeded in this run: their `up` changed something, or changed nothing. */
  changed: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  refused: z.number(),
  notStarted: z.number(),
  planned: z.number(),
  leftAlone: z.number(),
});
export type RolloutSummary = z.infer<typeof RolloutSummary>;

export const RolloutReport = z.strictObject({
  schemaVersion: z.literal(ROLLOUT_REPORT_SCHEMA_VERSION),
  fleet: ReportFleet,
  template: z.strictObject({ path: z.string(), digest: z.string(), language: TemplateLanguage }),
  selector: ReportSelector,
  /** Where the targets came from. */
  selection: z.strictObject({
    onlyDrifted: z.boolean(),
    /** `scan`: a scan at the start of this run; `report`: a scan report (`--from-report`). */
    from: z.enum(['scan', 'report']),
    report: z.string().optional(),
    shard: ReportShard.optional(),
  }),
  /** The backend, without credentials or query. */
  backend: z.string(),
  options: z.strictObject({
    maxConcurrent: z.number(),
    /** As given (`2`, `10%`) and as a count of this rollout's targets. */
    failureTolerance: z.strictObject({ given: z.string(), count: z.number() }),
    concurrencyMode: z.enum(['strict', 'soft']),
    canary: z.number(),
    dryRun: z.boolean(),
  }),
  rollout: z.strictObject({
    id: z.string(),
    /** It took an interrupted rollout up where it stopped. */
    resumed: z.boolean(),
    startedAt: z.string(),
    finishedAt: z.string(),
    durationMs: z.number(),
    /** `completed`: every target was run (some may have failed within the tolerance, or been refused); `stopped`: see stopReason. */
    outcome: z.enum(['completed', 'stopped', 'planned']),
    stopReason: z.enum(['canary-failed', 'tolerance-crossed']).optional(),
  }),
  summary: RolloutSummary,
  /** Every target, worst first: failed, refused, not started, then succeeded; by id within each. */
  subOrganizations: z.array(RolloutSubOrganization),
  leftAlone: z.array(LeftAlone),
  run: z.strictObject({ tool: ReportTool }),
});
export type RolloutReport = z.infer<typeof RolloutReport>;
