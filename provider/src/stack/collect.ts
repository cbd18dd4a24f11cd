// Folds a stream of step events into one entry per resource. The engine reports a replacement as several
// steps for one URN (`create-replacement`, `replace`, `delete-replaced`) and every step twice (before and
// after it runs), so the last word per URN is kept and replacement steps collapse into `replace`.
import { typeFromUrn, type EngineEventLike, type StepMetadataLike } from './events';

export interface CollectedStep {
  urn: string;
  type: string;
  /** The effective operation: `same`, `create`, `update`, `delete`, `replace`, `refresh`, `read`, ... */
  op: string;
  metadata: StepMetadataLike;
  /** True when the engine reported the step as failed. */
  failed: boolean;
}

const REPLACEMENT_OPS = new Set(['replace', 'create-replacement', 'delete-replaced', 'discard-replaced', 'import-replacement']);

/** The stack itself and provider resources are bookkeeping, not objects in the organization. */
export function isInfrastructure(type: string): boolean {
  return type === 'pulumi:pulumi:Stack' || type.startsWith('pulumi:providers:');
}

interface Acc {
  first: number;
  last?: StepMetadataLike;
  replace?: StepMetadataLike;
  replacement: boolean;
  failed: boolean;
}

/** Collects from step metadata in arrival order (`failedUrns` marks steps the engine reported as failed). */
export function collectFromMetadata(steps: readonly StepMetadataLike[], failedUrns: ReadonlySet<string> = new Set()): CollectedStep[] {
  const byUrn = new Map<string, Acc>();
  steps.forEach((m, index) => {
    let acc = byUrn.get(m.urn);
    if (acc === undefined) {
      acc = { first: index, replacement: false, failed: false };
      byUrn.set(m.urn, acc);
    }
    if (REPLACEMENT_OPS.has(m.op)) acc.replacement = true;
    // `replace` (or `create-replacement`) carries the diff; `delete-replaced` has none, so it must not win.
    if (m.op === 'replace' || (m.op === 'create-replacement' && acc.replace === undefined)) acc.replace = m;
    acc.last = m;
  });
  for (const urn of failedUrns) {
    const acc = byUrn.get(urn);
    if (acc !== undefined) acc.failed = true;
  }
  const out: CollectedStep[] = [];
  for (const [urn, acc] of [...byUrn.entries()].sort((a, b) => a[1].first - b[1].first)) {
    const metadata = acc.replace ?? acc.last;
    if (metadata === undefined) continue;
    const type = metadata.type ?? typeFromUrn(urn);
    if (isInfrastructure(type)) continue;
    out.push({ urn, type, op: acc.replacement ? 'replace' : metadata.op, metadata, failed: acc.failed });
  }
  return out;
}

/**
 * Collects from Automation API events. A step's `resOutputsEvent` carries its final op (a refresh step
 * starts as `refresh` and ends as `same`, `update` or `delete`), so pre-events only count for URNs that
 * never got an outputs event (e.g. a step that failed).
 */
export function collectSteps(events: readonly EngineEventLike[]): CollectedStep[] {
  const withOutputs = new Set<string>();
  for (const e of events) if (e.resOutputsEvent) withOutputs.add(e.resOutputsEvent.metadata.urn);
  const failed = new Set<string>();
  const ordered: StepMetadataLike[] = [];
  for (const e of events) {
    if (e.resOutputsEvent) ordered.push(e.resOutputsEvent.metadata);
    else if (e.resourcePreEvent && !withOutputs.has(e.resourcePreEvent.metadata.urn)) ordered.push(e.resourcePreEvent.metadata);
    else if (e.resOpFailedEvent) failed.add(e.resOpFailedEvent.metadata.urn);
  }
  return collectFromMetadata(ordered, failed);
}
