#!/usr/bin/env node
// `walletinfra-fleet`: `scan` classifies every selected sub-organization against the template (./scan.ts) and
// writes the reports; `up` rolls the template out, one stack per sub-organization (./up/command.ts); `merge` puts
// shard reports back together (./report/merge.ts). scan exits 0 every sub-organization conformant, 2 drift,
// unmanaged objects or unenrolled ones, 1 some could not be scanned or bad input; up's codes are its own
// (./up/report/build.ts). Report files are written whole or not at all (./cli-output.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { sleepWithSignal } from '@walletinfra/sdk/activity';
import { exitWith, ownVersion, PROCESS_OUTPUT, runTool, type Tool } from '../cli/run';
import { messageOf } from '../errors';
import { parseArgs, USAGE, type FleetArgs } from './args';
import { fleetScanInput, progressFor, writeReports, writeWhole, type CliDeps } from './cli-output';
import { FleetConnection } from './connection';
import { readEnrollment, type Enrollment } from './enrollment';
import { ReportAccumulator } from './report/accumulate';
import { exitCodeOf, reportHead, reportJson, reportJsonChunks, type ReportHead, type ReportHeader } from './report/build';
import { fleetJunitChunks, renderFleetJunit } from './report/junit';
import { renderFindingsMarkdown, renderFleetMarkdown } from './report/markdown';
import { mergeReports, parseReport } from './report/merge';
import type { FleetReport } from './report/schema';
import { resolveFleet, type ResolvedFleet } from './resolve';
import { scanFleetEach, type ScanOutcome } from './scan';
import { reportedSelector } from './selector';
import { shardText } from './shard';
import { prepareTemplate, type TemplateEvaluator } from './template/evaluate';
import { up } from './up/command';

export { writeWhole, type CliDeps } from './cli-output';

export function defaultDeps(): CliDeps {
  return {
    now: () => Date.now(),
    ...PROCESS_OUTPUT,
    writeFile: writeWhole,
    readFile: (p) => readFileSync(p, 'utf8'),
    env: process.env,
    cwd: process.cwd(),
    isTTY: process.stderr.isTTY === true,
  };
}

/**
 * Writes a scan's reports as it kept them (Markdown to stdout when none asked for): the JSON and JUnit streamed from
 * the spilled entries, the Markdown from what it kept. False when a file could not be written.
 */
function writeScanReports(head: ReportHead, kept: ReportAccumulator, args: FleetArgs, deps: CliDeps): boolean {
  return writeReports(
    deps,
    [
      [args.jsonOut, () => reportJsonChunks(head, kept.entries())],
      [args.mdOut, () => renderFindingsMarkdown(head, kept.findings)],
      [args.junitOut, () => fleetJunitChunks(head, kept.entries())],
    ],
    () => renderFindingsMarkdown(head, kept.findings),
  );
}

/** Writes a merged report's files the flags ask for (Markdown to stdout when none); false when a file could not be written. */
function writeFleetReport(report: FleetReport, args: FleetArgs, deps: CliDeps): boolean {
  return writeReports(
    deps,
    [
      [args.jsonOut, () => reportJson(report)],
      [args.mdOut, () => renderFleetMarkdown(report)],
      [args.junitOut, () => renderFleetJunit(report)],
    ],
    () => renderFleetMarkdown(report),
  );
}

/** What a report says of the run's fleet, template, selector, kinds and backend. */
function reportHeader(fleet: ResolvedFleet, template: TemplateEvaluator, result: ScanOutcome, enrollment: Enrollment): ReportHeader {
  return {
    fleet: { name: fleet.options.name, parentOrganizationId: fleet.parent.organizationId, baseUrl: fleet.parent.baseUrl },
    template: {
      path: fleet.options.template,
      digest: fleet.project.digest,
      language: fleet.project.language,
      evaluation: template.evaluation,
      ...(template.reason !== undefined ? { evaluationReason: template.reason } : {}),
    },
    selector: reportedSelector(fleet.selector.selector),
    kinds: { read: result.kindsRead.map((k) => k.type), unmanaged: fleet.unmanagedKinds.map((k) => k.type) },
    enrollment: {
      checked: enrollment.checked,
      ...(enrollment.backend !== undefined ? { backend: enrollment.backend } : {}),
      orphanStacks: result.orphanStacks,
    },
  };
}

async function scan(args: FleetArgs, deps: CliDeps): Promise<number> {
  const startedAt = deps.now();
  const fleet = resolveFleet(args.options, args.overrides, deps.cwd, deps.env);
  const enrollment = await readEnrollment(fleet.backend, fleet.project.name, fleet.project.dir, deps.stackLister);
  const template = await prepareTemplate(fleet.project, {
    config: fleet.config,
    evaluation: fleet.evaluation,
    env: deps.env,
    ...(deps.templateProcesses !== undefined ? { processes: deps.templateProcesses } : {}),
  });
  deps.stderr(
    `[fleet] template ${fleet.options.template}: ${template.evaluation === 'shared' ? 'evaluated once for every sub-organization' : `evaluated per sub-organization: ${template.reason ?? ''}`}\n`,
  );
  const progress = progressFor(args.progress, deps);
  const connection = new FleetConnection(fleet.parent, {
    concurrency: fleet.concurrency,
    now: () => deps.now(),
    sleep: deps.connection?.sleep ?? sleepWithSignal,
    ...(deps.connection?.random !== undefined ? { random: deps.connection.random } : {}),
    ...(deps.connection?.dispatcher !== undefined ? { dispatcher: deps.connection.dispatcher } : {}),
    onRetry: (event) => {
      if (event.rateLimited) progress.rateLimit();
    },
  });
  // Each sub-organization's entry is counted, kept for the Markdown while it may be shown, and spilled to disk for
  // the JSON and JUnit reports: nothing held grows with the fleet.
  const kept = new ReportAccumulator({ spill: args.jsonOut !== undefined || args.junitOut !== undefined });
  try {
    const input = fleetScanInput(fleet, args.shard, { connection, template, enrollment, progress });
    const result = await scanFleetEach(input, (entry) => kept.add(entry));
    const finishedAt = deps.now();
    const head = reportHead(reportHeader(fleet, template, result, enrollment), kept.summary, {
      startedAt: new Date(startedAt).toISOString(),
      finishedAt: new Date(finishedAt).toISOString(),
      durationMs: finishedAt - startedAt,
      ...(args.shard !== undefined ? { shard: args.shard } : {}),
      requests: connection.requests(),
      tool: { walletinfraFleet: ownVersion(), node: process.version },
    });
    const s = head.summary;
    deps.stderr(
      `[fleet] ${s.subOrganizations} sub-organizations${args.shard !== undefined ? ` (shard ${shardText(args.shard)})` : ''}: ${s.conformant} conformant, ` +
        `${s.drifted} drifted, ${s.unmanaged} with unmanaged objects, ${s.unenrolled} unenrolled, ${s.unreachable} unreachable, ${s.templateError} template errors\n`,
    );
    return writeScanReports(head, kept, args, deps) ? exitCodeOf(head) : 1;
  } finally {
    kept.close();
    template.close();
    await connection.close();
  }
}

function merge(args: FleetArgs, deps: CliDeps): number {
  const reports = args.reports.map((file) => ({ file, report: parseReport(file, deps.readFile(resolve(deps.cwd, file))) }));
  const merged = mergeReports(reports);
  deps.stderr(`[fleet] merged ${reports.length} shard reports: ${merged.summary.subOrganizations} sub-organizations\n`);
  return writeFleetReport(merged, args, deps) ? exitCodeOf(merged) : 1;
}

const FLEET: Tool<FleetArgs> = { name: 'walletinfra-fleet', usage: USAGE, parse: parseArgs };

export async function main(argv: readonly string[], deps: CliDeps = defaultDeps()): Promise<number> {
  return runTool(FLEET, argv, deps, async (args) => {
    try {
      if (args.command === 'merge') return merge(args, deps);
      return args.command === 'up' ? await up(args, deps) : await scan(args, deps);
    } catch (error) {
      deps.stderr(`walletinfra-fleet: ${messageOf(error)}\n`);
      // up: nothing ran (bad input, a refused credential or report, another up running).
      return args.command === 'up' && error instanceof ConfigurationError ? 2 : 1;
    }
  });
}

/** Runs the command for this process (the `walletinfra-fleet` bin and `node dist/fleet/cli.js`). */
export function runCli(): void {
  exitWith(FLEET.name, () => main(process.argv.slice(2)));
}

if (require.main === module) runCli();
