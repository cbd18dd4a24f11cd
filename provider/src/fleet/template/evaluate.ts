// What the template wants in a sub-organization, worked out without the Pulumi engine. A TypeScript template is
// run with Pulumi's mocks in child processes (./child.ts); a YAML template is evaluated here (./yaml.ts). With
// `evaluation: auto`, a TypeScript template is evaluated twice with stand-in facts (./tokens.ts): when neither run
// looked into the facts (string operations on them in the template's own code) and both declare the same
// resources once the stand-ins are neutralised, one evaluation serves every sub-organization (`shared`); otherwise
// each sub-organization gets an evaluation of its own (`per-sub-organization`, a few processes at a time), and the
// report says why. docs/fleet.md, "How scan evaluates the template".
import { cpus } from 'node:os';
import { sameValue } from '../../resources/common/diff';
import { FLEET_CONFIG_FIELDS, templateStackConfig, type SubOrganizationFacts } from '../template-config';
import { kindNamed, tokenTable } from '../kinds';
import type { ChildResponse, RegisteredResource } from './child-protocol';
import { TemplateProcesses } from './processes';
import type { TemplateProject } from './project';
import { neutral, STAND_INS, withFacts } from './tokens';
import { evaluateYaml } from './yaml';

/** One resource the template declares, by its kind's type. */
export interface DesiredResource {
  /** The kind's type: `Policy`. */
  type: string;
  /** The resource's name in the program. */
  name: string;
  /** Its inputs; output tokens of other resources not yet resolved. */
  inputs: Record<string, unknown>;
  /** The inputs the program gave as secrets. */
  secret: readonly string[];
}

export type Desired = { resources: DesiredResource[] } | { error: string };

export interface TemplateEvaluator {
  readonly project: TemplateProject;
  readonly evaluation: 'shared' | 'per-sub-organization';
  /** Why `per-sub-organization`. */
  readonly reason?: string;
  /** The kinds the template declares (as far as an evaluation showed: per sub-organization, more may appear). */
  readonly kinds: readonly string[];
  /** The resources other packages' types the template declares: not compared. */
  readonly otherResources: readonly string[];
  desiredFor(facts: SubOrganizationFacts): Promise<Desired>;
  close(): void;
}

export interface TemplateSettings {
  /** The fleet's own `config` (bare keys already in the project's namespace). */
  config: Readonly<Record<string, unknown>>;
  evaluation: 'auto' | 'per-sub-organization';
  /** Evaluating processes for `per-sub-organization` (default: the CPUs, at most 4). */
  processes?: number;
  env?: NodeJS.ProcessEnv;
}

/** The walletinfra resources of an evaluation, by kind type; the others' type tokens. */
function ours(registered: readonly RegisteredResource[]): { resources: DesiredResource[]; others: string[] } {
  const resources: DesiredResource[] = [];
  const others: string[] = [];
  for (const r of registered) {
    const kind = kindNamed(r.type);
    if (kind === undefined) others.push(`${r.type} ${r.name}`);
    else resources.push({ type: kind.type, name: r.name, inputs: r.inputs, secret: r.secret });
  }
  return { resources, others };
}

/** The first difference between two neutralised evaluations, in words. */
function firstDifference(a: readonly DesiredResource[], b: readonly DesiredResource[]): string {
  const names = (rs: readonly DesiredResource[]) => rs.map((r) => `${r.type} "${r.name}"`);
  if (a.length !== b.length || names(a).join() !== names(b).join()) {
    return `it declares different resources for two sub-organizations (${names(a).join(', ') || 'none'} / ${names(b).join(', ') || 'none'})`;
  }
  for (const [i, r] of a.entries()) {
    const other = b[i] as DesiredResource;
    const keys = [...new Set([...Object.keys(r.inputs), ...Object.keys(other.inputs)])];
    const key = keys.find((k) => !sameValue(r.inputs[k], other.inputs[k]));
    if (key !== undefined)
      return `${r.type} "${r.name}" has a ${key} that depends on the sub-organization otherwise than by taking its values as they are`;
  }
  return 'its two evaluations differ';
}

class SharedEvaluator implements TemplateEvaluator {
  readonly evaluation = 'shared' as const;
  readonly kinds: readonly string[];
  constructor(
    readonly project: TemplateProject,
    private readonly template: readonly DesiredResource[],
    readonly otherResources: readonly string[],
  ) {
    this.kinds = [...new Set(template.map((r) => r.type))];
  }
  desiredFor(facts: SubOrganizationFacts): Promise<Desired> {
    return Promise.resolve({ resources: withFacts(this.template, facts) as DesiredResource[] });
  }
  close(): void {}
}

class PerSubOrganizationEvaluator implements TemplateEvaluator {
  readonly evaluation = 'per-sub-organization' as const;
  constructor(
    readonly project: TemplateProject,
    readonly reason: string,
    readonly kinds: readonly string[],
    readonly otherResources: readonly string[],
    private readonly run: (facts: SubOrganizationFacts) => Promise<Desired>,
    private readonly onClose: () => void,
  ) {}
  desiredFor(facts: SubOrganizationFacts): Promise<Desired> {
    return this.run(facts);
  }
  close(): void {
    this.onClose();
  }
}

/** Prepares the template: evaluates it with stand-ins and decides how sub-organizations are evaluated. */
export async function prepareTemplate(project: TemplateProject, settings: TemplateSettings): Promise<TemplateEvaluator> {
  const table = tokenTable();
  if (project.language === 'yaml') {
    // Data: the facts flow into the resources by substitution alone, so one evaluation serves all.
    const standIns = STAND_INS[0] as SubOrganizationFacts;
    const registered = evaluateYaml({
      file: project.yamlFile as string,
      project: project.name,
      stack: standIns.subOrganizationId,
      config: templateStackConfig(standIns, settings.config),
      kindOf: table.kindOf,
    });
    const { resources } = ours(registered);
    return new SharedEvaluator(project, neutral(resources, standIns) as DesiredResource[], []);
  }
  const perSubOrg = settings.evaluation === 'per-sub-organization';
  const size = perSubOrg ? (settings.processes ?? Math.min(4, Math.max(1, cpus().length))) : 2;
  const processes = new TemplateProcesses(project.dir, size, settings.env);
  const run = (facts: SubOrganizationFacts, watch: boolean): Promise<ChildResponse> =>
    processes.evaluate({
      config: templateStackConfig(facts, settings.config),
      project: project.name,
      stack: facts.subOrganizationId,
      ...(project.main !== undefined ? { main: project.main } : {}),
      watch: watch ? FLEET_CONFIG_FIELDS.map((f) => facts[f]) : [],
      outputs: table.outputs,
      kindOf: table.kindOf,
    });
  const each = async (facts: SubOrganizationFacts): Promise<Desired> => {
    const response = await run(facts, false);
    return 'error' in response ? { error: response.error } : { resources: ours(response.resources).resources };
  };
  const [a, b] = (await Promise.all(STAND_INS.map((s) => run(s, !perSubOrg)))) as [ChildResponse, ChildResponse];
  const evaluated = 'resources' in a ? ours(a.resources) : { resources: [], others: [] };
  const kinds = [...new Set(evaluated.resources.map((r) => r.type))];
  const perEach = (reason: string): TemplateEvaluator =>
    new PerSubOrganizationEvaluator(project, reason, kinds, evaluated.others, each, () => processes.close());
  if (perSubOrg) return perEach('the options ask for it (evaluation: per-sub-organization)');
  if ('error' in a || 'error' in b) {
    const error = 'error' in a ? a.error : (b as { error: string }).error;
    return perEach(
      `the template fails with stand-in values (${String(neutral(error, 'error' in a ? (STAND_INS[0] as SubOrganizationFacts) : (STAND_INS[1] as SubOrganizationFacts)))})`,
    );
  }
  const inspected = a.inspected ?? b.inspected;
  if (inspected !== undefined) {
    return perEach(`the template looks into a sub-organization's values (at ${inspected.at})`);
  }
  const neutralA = neutral(evaluated.resources, STAND_INS[0] as SubOrganizationFacts) as DesiredResource[];
  const neutralB = neutral(ours(b.resources).resources, STAND_INS[1] as SubOrganizationFacts) as DesiredResource[];
  if (!sameValue(neutralA, neutralB)) return perEach(firstDifference(neutralA, neutralB));
  processes.close();
  return new SharedEvaluator(project, neutralA, evaluated.others);
}
