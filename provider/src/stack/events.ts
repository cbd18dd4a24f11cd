// The parts of Pulumi's engine events that reports need, typed structurally so that recorded events (JSON
// fixtures), Automation API `onEvent` events and `pulumi preview --json` steps all fit
// (`@pulumi/pulumi/automation/events.d.ts`; https://www.pulumi.com/docs/iac/packages-and-automation/automation-api/ "`--json` preview output").

export interface StepStateLike {
  type?: string;
  urn?: string;
  id?: string;
  inputs?: Record<string, unknown> | null;
  outputs?: Record<string, unknown> | null;
}

export interface PropertyDiffLike {
  /** Automation API events use `diffKind`; `--json` output uses `kind`. */
  diffKind?: string;
  kind?: string;
  inputDiff?: boolean;
}

export interface StepMetadataLike {
  op: string;
  urn: string;
  type?: string;
  old?: StepStateLike | null;
  new?: StepStateLike | null;
  /** Keys that force a replacement. */
  keys?: string[] | null;
  /** Keys that changed. */
  diffs?: string[] | null;
  detailedDiff?: Record<string, PropertyDiffLike> | null;
  logical?: boolean;
}

export interface EngineEventLike {
  resourcePreEvent?: { metadata: StepMetadataLike };
  resOutputsEvent?: { metadata: StepMetadataLike };
  resOpFailedEvent?: { metadata: StepMetadataLike; status?: number; steps?: number };
  diagnosticEvent?: { urn?: string; message: string; severity: string; prefix?: string };
  [other: string]: unknown;
}

/** One step of `pulumi preview --json` / `pulumi refresh --preview-only --json` (`display.PreviewDigest`). */
export interface PreviewDigestStepLike {
  op: string;
  urn: string;
  oldState?: StepStateLike | null;
  newState?: StepStateLike | null;
  diffReasons?: string[] | null;
  replaceReasons?: string[] | null;
  detailedDiff?: Record<string, PropertyDiffLike> | null;
}

export interface PreviewDigestLike {
  steps?: PreviewDigestStepLike[] | null;
  diagnostics?: Array<{ urn?: string; message: string; severity: string }> | null;
}

/** `urn:pulumi:<stack>::<project>::<parent$type>::<name>` -> the resource's own type. */
export function typeFromUrn(urn: string): string {
  const parts = urn.split('::');
  const qualified = parts[2] ?? '';
  const chain = qualified.split('$');
  return chain[chain.length - 1] ?? qualified;
}

/** The resource name: everything after the type in the URN. */
export function nameFromUrn(urn: string): string {
  const parts = urn.split('::');
  return parts.length >= 4 ? parts.slice(3).join('::') : urn;
}

/** Converts `--json` output steps to the event metadata shape, so one report builder serves both. */
export function metadataFromDigest(digest: PreviewDigestLike): StepMetadataLike[] {
  return (digest.steps ?? []).map((s) => ({
    op: s.op,
    urn: s.urn,
    type: s.newState?.type ?? s.oldState?.type ?? typeFromUrn(s.urn),
    old: s.oldState ?? null,
    new: s.newState ?? null,
    keys: s.replaceReasons ?? null,
    diffs: s.diffReasons ?? null,
    detailedDiff: s.detailedDiff ?? null,
  }));
}

/** One resource of an exported deployment (`apitype.ResourceV3`): only what the reports read. */
export interface StateResourceLike {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown> | null;
  outputs?: Record<string, unknown> | null;
}

/** What `pulumi stack export` prints (`apitype.UntypedDeployment`). */
export interface DeploymentLike {
  version?: number;
  deployment?: { resources?: StateResourceLike[] | null } | null;
}
