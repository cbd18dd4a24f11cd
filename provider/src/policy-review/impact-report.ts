// The policy impact of one stack as the drift report carries it (JSON) and shows it (Markdown): the
// callouts that go at the top of a pull-request comment, and the section under the stack.
import { codeSpan, plural } from '../internal/markdown-text';
import type { PolicyImpact } from './impact';

/** `approverChanges`: what the plan changes about who may approve (user tag members, user tags, the root quorum). */
export type StackPolicyImpact =
  | { status: 'evaluated'; policyChanges: string[]; approverChanges: string[]; elsewhere: string[]; impact: PolicyImpact }
  /** The impact could not be computed (e.g. no credentials, a value known only at apply). */
  | { status: 'not-evaluable'; policyChanges: string[]; approverChanges: string[]; reason: string };

const cell = (text: string): string => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');

function window(ms: number): string {
  const days = ms / 86_400_000;
  return Number.isInteger(days) ? plural(days, 'day') : plural(Math.round(ms / 3_600_000), 'hour');
}

/** The lines a reviewer must see first: what the organization did that would now be denied, what opens up. */
export function impactCallouts(stack: string, s: StackPolicyImpact): string[] {
  if (s.status === 'not-evaluable')
    return [`> [!WARNING]`, `> Stack ${codeSpan(stack)}: the policy impact could not be computed: ${s.reason}`, ''];
  const out: string[] = [];
  const { newlyDenied, newlyAllowed, lostConsensus, window: w } = s.impact;
  if (lostConsensus > 0) {
    out.push(
      '> [!CAUTION]',
      `> Stack ${codeSpan(stack)}: with the planned approvers, **${plural(lostConsensus, 'activity')}** the organization performed in the last ${window(w.maxAgeMs)} would **no longer reach consensus**.`,
      '',
    );
  }
  if (newlyDenied > 0) {
    out.push(
      '> [!CAUTION]',
      `> Stack ${codeSpan(stack)}: the planned policies would **deny ${plural(newlyDenied, 'activity')}** the organization performed in the last ${window(w.maxAgeMs)}.`,
      '',
    );
  }
  if (newlyAllowed > 0) {
    out.push(
      '> [!WARNING]',
      `> Stack ${codeSpan(stack)}: the planned policies would **newly allow ${plural(newlyAllowed, 'request')}** that the current policies do not allow.`,
      '',
    );
  }
  return out;
}

/** `Policies changed: `a`, `b`. Approvers changed: user tag approvers (members: u-1).` */
function changedText(s: StackPolicyImpact): string {
  const parts: string[] = [];
  if (s.policyChanges.length > 0) parts.push(`Policies changed: ${s.policyChanges.map((n) => codeSpan(n)).join(', ')}.`);
  if (s.approverChanges.length > 0) parts.push(`Approvers changed: ${s.approverChanges.map((n) => cell(n)).join('; ')}.`);
  return parts.join(' ');
}

export function impactSection(s: StackPolicyImpact): string[] {
  const lines = ['### Policy impact', ''];
  if (s.status === 'not-evaluable') {
    lines.push(`${changedText(s)} The impact could not be computed: ${s.reason}`, '');
    return lines;
  }
  const i = s.impact;
  const through =
    s.approverChanges.length > 0
      ? 'with who may approve (tag membership, the root quorum) and the policies as they are and as planned'
      : 'through the current and the planned policies';
  lines.push(
    `${changedText(s)} Replayed ${plural(i.evaluated, 'request')} (the organization's activities of the last ${window(i.window.maxAgeMs)}, at most ${i.window.maxActivities}, and the repository's policy test cases) ${through}.`,
    '',
  );
  if (s.elsewhere.length > 0) lines.push(`Not analysed (another organization): ${s.elsewhere.map((n) => codeSpan(n)).join(', ')}.`, '');
  if (i.changed.length === 0) lines.push('No decision changes.', '');
  else {
    lines.push('| Request | Change | Before | After |', '|---|---|---|---|');
    for (const c of i.changed) {
      const who = c.approvers.length > 0 ? ` by ${c.approvers.map((a) => codeSpan(a)).join(', ')}` : '';
      const request =
        c.source === 'activity' ? `${codeSpan(c.activityType)} ${codeSpan(c.activityId ?? '')}${who}` : `test ${codeSpan(c.label)}`;
      const decided = (d: { decision: string; decidedBy: string[] }): string =>
        `${d.decision}${d.decidedBy.length > 0 ? `: ${d.decidedBy.join(', ')}` : d.decision === 'DENY' ? ': no policy allows it' : ''}`;
      const consensus =
        c.before.decision === 'ALLOW' && c.after.decision === 'REQUIRES_CONSENSUS'
          ? ' (no longer reaches consensus)'
          : c.before.decision === 'REQUIRES_CONSENSUS' && c.after.decision === 'ALLOW'
            ? ' (newly reaches consensus)'
            : '';
      lines.push(`| ${cell(request)} | **${c.transition}**${consensus} | ${cell(decided(c.before))} | ${cell(decided(c.after))} |`);
    }
    lines.push('');
  }
  if (i.notEvaluable.length > 0) {
    lines.push(`<details><summary>${plural(i.notEvaluable.length, 'request')} not evaluable</summary>`, '');
    for (const n of i.notEvaluable) lines.push(`- ${codeSpan(n.label)}: ${cell(n.reason)}`);
    lines.push('', '</details>', '');
  }
  return lines;
}

export function hasImpact(s: StackPolicyImpact | undefined): boolean {
  return s !== undefined && s.status === 'evaluated' && s.impact.changed.length > 0;
}
