// The unmanaged-objects part of the drift report in Markdown: a callout at the top when objects that decide
// who can act were made outside code, and a section with the share managed as code per kind, each unmanaged
// object with who made it and when, the declarations that would adopt them, and what is acknowledged.
import { codeSpan, plural } from '../../internal/markdown-text';
import { NODEJS_DYNAMIC } from './language';
import type {
  DeclarationLanguage,
  InventoryCounts,
  InventoryObject,
  KindInventoryReport,
  OrganizationInventoryReport,
  Origin,
  UnmanagedReport,
} from './types';

const cell = (text: string): string => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
const capital = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** `71%`; `—` when there is nothing to count. Rounded down, so a share is 100% only when everything is managed. */
export function percent(share: number | null): string {
  return share === null ? '—' : `${Math.floor(share * 100 + 1e-9)}%`;
}

function objectLabel(kind: KindInventoryReport, o: InventoryObject): string {
  return `${kind.noun} ${codeSpan(o.name)} (${codeSpan(o.id)})`;
}

function originText(origin: Origin): [string, string] {
  if (!origin.known) return [`unknown: ${origin.reason}`, 'unknown'];
  const when = `${origin.event === 'changed' ? 'changed ' : ''}${origin.at}, ${codeSpan(origin.activityType)} (${codeSpan(origin.activityId)})`;
  const [first, ...others] = origin.by.map((u) =>
    u.userName !== undefined ? `${codeSpan(u.userName)} (${codeSpan(u.userId)})` : codeSpan(u.userId),
  );
  if (first === undefined) return [when, 'unknown: the activity records no approving vote'];
  return [when, others.length > 0 ? `${first}, approved by ${others.join(', ')}` : first];
}

function unmanagedOf(
  report: Extract<UnmanagedReport, { status: 'evaluated' }>,
  governs?: string,
): Array<[KindInventoryReport, InventoryObject]> {
  return report.organizations.flatMap((org) =>
    org.kinds
      .filter((k) => governs === undefined || k.governs === governs)
      .flatMap((k) => k.objects.filter((o) => o.status === 'unmanaged').map((o): [KindInventoryReport, InventoryObject] => [k, o])),
  );
}

/** The lines that go at the top of the report: who can act changed outside code, or the report is incomplete. */
export function unmanagedCallouts(report: UnmanagedReport): string[] {
  if (report.status === 'not-evaluable') return ['> [!WARNING]', `> The unmanaged-objects report could not be made: ${report.reason}`, ''];
  const identity = unmanagedOf(report, 'identity');
  if (identity.length === 0) return [];
  return [
    '> [!CAUTION]',
    `> **${plural(identity.length, 'object')} that decide who can act ${identity.length === 1 ? 'was' : 'were'} made outside code:** ${identity
      .map(([k, o]) => objectLabel(k, o))
      .join(', ')}.`,
    '',
  ];
}

function countsRow(label: string, c: InventoryCounts): string {
  return `| ${label} | ${c.managed} | ${c.unmanaged} | ${c.acknowledged} | ${c.serviceDefault} | ${percent(c.managedShare)} |`;
}

function shareLine(c: InventoryCounts): string {
  return c.total === 0
    ? 'The organization has no objects of the kinds walletinfra manages.'
    : `${c.managed} of ${plural(c.total, 'object')} (${percent(c.managedShare)}) managed as code.`;
}

function objectTable(kind: KindInventoryReport, objects: readonly InventoryObject[], heading: string): string[] {
  const rows = objects.map((o) => {
    const [when, who] = originText(o.origin);
    return `| ${cell(codeSpan(o.name))} | ${codeSpan(o.id)} | ${cell(when)} | ${cell(who)} |`;
  });
  const them = objects.length === 1 ? 'it' : 'them';
  const stays = kind.deletable ? [] : [`The service cannot delete ${kind.plural}: declare ${them}, or acknowledge ${them}.`, ''];
  return [`${heading} ${capital(kind.plural)}`, '', '| Object | Id | Made | By |', '|---|---|---|---|', ...rows, '', ...stays];
}

/** The info string of a fenced block in each language (GitHub's names). */
const FENCE_LANGUAGE: Record<DeclarationLanguage['language'], string> = { typescript: 'ts', yaml: 'yaml', python: 'python', go: 'go' };

/** Declarations as one fenced block: YAML's entries under the `resources:` they belong to. */
function fence(declarations: readonly string[], language: DeclarationLanguage['language']): string[] {
  const code =
    language === 'yaml'
      ? ['resources:', ...declarations.flatMap((d) => d.split('\n').map((l) => (l === '' ? l : `  ${l}`)))].join('\n')
      : declarations.join('\n\n');
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const f = '`'.repeat(longest + 1);
  return [`${f}${FENCE_LANGUAGE[language]}`, code, f];
}

function organizationSection(
  org: OrganizationInventoryReport,
  many: boolean,
  details: boolean,
  language: DeclarationLanguage['language'],
): string[] {
  const lines: string[] = [];
  const stacks = org.stacks.map((s) => codeSpan(s)).join(', ');
  if (many) lines.push(`### Organization ${codeSpan(org.organizationId)}`, '');
  const share = many ? ` ${shareLine(org.totals)}` : '';
  lines.push(`Organization ${codeSpan(org.organizationId)} (${org.stacks.length === 1 ? 'stack' : 'stacks'} ${stacks}).${share}`, '');
  lines.push(
    '| Kind | Managed | Unmanaged | Acknowledged | Made by the service | Managed as code |',
    '|---|---:|---:|---:|---:|---:|',
    ...org.kinds.map((k) => countsRow(capital(k.plural), k)),
    countsRow('**All**', org.totals),
    '',
  );
  const unmanaged = org.kinds.filter((k) => k.objects.some((o) => o.status === 'unmanaged'));
  for (const kind of unmanaged)
    lines.push(
      ...objectTable(
        kind,
        kind.objects.filter((o) => o.status === 'unmanaged'),
        many ? '####' : '###',
      ),
    );
  if (details && unmanaged.length > 0) {
    const code = unmanaged.flatMap((k) => k.objects.filter((o) => o.status === 'unmanaged').map((o) => o.declaration));
    lines.push('<details><summary>Declarations that adopt them</summary>', '', ...fence(code, language), '', '</details>', '');
  }
  const own = org.kinds.flatMap((k) => k.objects.filter((o) => o.status === 'service-default').map((o) => [k, o] as const));
  if (own.length > 0) {
    lines.push('Made by the service with the organization and unchanged since (not drift):', '');
    for (const [k, o] of own) lines.push(`- ${objectLabel(k, o)}`);
    lines.push('');
    if (details)
      lines.push(
        '<details><summary>As it is now</summary>',
        '',
        ...fence(
          own.map(([, o]) => o.declaration),
          language,
        ),
        '',
        '</details>',
        '',
      );
  }
  const acknowledged = org.kinds.flatMap((k) => k.objects.filter((o) => o.status === 'acknowledged').map((o) => [k, o] as const));
  if (acknowledged.length > 0) {
    lines.push(`<details><summary>${plural(acknowledged.length, 'acknowledged object')} (not drift)</summary>`, '');
    for (const [k, o] of acknowledged) {
      const rule = o.acknowledgedBy;
      const why = rule?.reason !== undefined ? `: ${cell(rule.reason)}` : '';
      lines.push(`- ${objectLabel(k, o)}${why} (${sourceText(rule?.source ?? '')})`);
    }
    lines.push('', '</details>', '');
  }
  return lines;
}

/** `stack `dev` config`, `--ignore`. */
function sourceText(source: string): string {
  return source.startsWith('stack ') ? `stack ${codeSpan(source.slice(6))} config` : codeSpan(source);
}

function ruleText(rule: { id?: string; kind?: string; source: string }): string {
  const what = [rule.kind !== undefined ? `kind ${codeSpan(rule.kind)}` : '', rule.id !== undefined ? `id ${codeSpan(rule.id)}` : '']
    .filter((s) => s !== '')
    .join(', ');
  return `${what} (${sourceText(rule.source)})`;
}

const TITLE: Record<DeclarationLanguage['language'], string> = { typescript: 'TypeScript', yaml: 'YAML', python: 'Python', go: 'Go' };

/** The export command that writes the declarations in the same language. */
function exportCommand(d: DeclarationLanguage | undefined): string {
  if (d === undefined || d.provider === 'dynamic') return '`walletinfra-export`';
  return d.language === 'typescript' ? '`walletinfra-export --native`' : `\`walletinfra-export --language ${d.language}\``;
}

/** Which language the declarations are in, and why, when it is not the default. */
function languageNote(d: DeclarationLanguage | undefined): string {
  if (d === undefined || (d.provider === 'dynamic' && d.from === NODEJS_DYNAMIC)) return '';
  const on = d.provider === 'native' ? 'the native provider' : 'the dynamic classes of `@walletinfra/pulumi`';
  return `The declarations are ${TITLE[d.language]} on ${on} (${d.from}). `;
}

/** The section under the stacks; `details` adds the folded declarations (left out first when the report is too long). */
export function unmanagedSection(report: UnmanagedReport, details: boolean): string[] {
  const lines = ['## Unmanaged objects', ''];
  if (report.status === 'not-evaluable') {
    lines.push(`The report could not be made: ${report.reason}`, '');
    return lines;
  }
  const t = report.totals;
  lines.push(
    t.unmanaged > 0
      ? `**${plural(t.unmanaged, 'object')} at the service that no stack declares.** ${shareLine(t)}`
      : `Every object at the service is declared by a stack, acknowledged, or the service's own. ${shareLine(t)}`,
    '',
  );
  const many = report.organizations.length > 1;
  const language = report.declarations?.language ?? 'typescript';
  for (const org of report.organizations) lines.push(...organizationSection(org, many, details, language));
  if (t.unmanaged > 0) {
    lines.push(
      `To manage an object as code, add its declaration to a stack (\`adopt: { id }\` takes it over; ${exportCommand(report.declarations)} writes them all) and run \`pulumi up\`. ` +
        languageNote(report.declarations) +
        'To keep one out of code, acknowledge it with a reason in the stack config `walletinfra-drift:ignore`. Otherwise delete it at the service, where it can be.',
      '',
    );
  }
  if (report.unusedIgnores.length > 0) {
    lines.push(
      `**${plural(report.unusedIgnores.length, 'acknowledgement')} that match nothing** (the object is gone or a stack declares it; remove them): ${report.unusedIgnores.map(ruleText).join('; ')}.`,
      '',
    );
  }
  return lines;
}
