// `check` of any kind, from its declaration (../kind.ts): the shared validation rules in one order, with
// the kind's own rules where it declares them.
import { z } from 'zod';
import type { ProviderContext } from '../../context';
import { normalize, type AnyKind, type CheckRule, type DeploymentCheck } from '../kind';
import { optionalType, requiredString, schemaFailures, unknownPropertyFailures, type CheckFailure } from './check';
import { adoptFailures, selectorFailures } from './inputs';
import { checkResult } from './organization';
import type { CheckResult } from '../lifecycle';

/** A zod type without its optional wrapper, and whether it had one. */
function unwrapOptional(type: z.ZodType): { base: z.ZodType; optional: boolean } {
  let base = type;
  let optional = false;
  while (base instanceof z.ZodOptional || base instanceof z.ZodDefault) {
    optional = true;
    base = base.def.innerType as z.ZodType;
  }
  return { base, optional };
}

/** The properties of `args` a program must give as non-empty strings, and those that, when given, must be booleans. */
function typedProperties(kind: AnyKind): { strings: string[]; booleans: string[] } {
  const strings: string[] = [];
  const booleans: string[] = [];
  const shape: Record<string, z.ZodType> = kind.args.shape;
  for (const [key, type] of Object.entries(shape)) {
    const { base, optional } = unwrapOptional(type);
    if (!optional && base instanceof z.ZodString) strings.push(key);
    if (optional && base instanceof z.ZodBoolean) booleans.push(key);
  }
  return { strings, booleans };
}

/**
 * `check` of a kind (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/): unknown
 * properties, required strings and booleans given as something else, the kind's own early rules, the
 * common inputs, then the create intent's schema for the fields nothing earlier reported, then the kind's
 * late rules (expressions, destinations, duplicates); one failure per property, unknown values skipped.
 * When all of that passed, the resource joins the deployment (../../deployment.ts), and the kind's remote
 * rule (the lock-out rules, identity references) and then the checks of the whole deployment that kinds bring
 * (`deployment`: a policy's access warnings) read the service. The inputs come back in normal form with their
 * organization resolved.
 */
export async function checkKind(
  kind: AnyKind,
  ctx: ProviderContext,
  news: Record<string, unknown>,
  olds: Record<string, unknown> = {},
  deploymentChecks: readonly DeploymentCheck[] = [],
): Promise<CheckResult> {
  const typed = typedProperties(kind);
  const failures: CheckFailure[] = [
    ...unknownPropertyFailures(news, kind.inputKeys),
    ...typed.strings.flatMap((p) => requiredString(news, p)),
    ...typed.booleans.flatMap((p) => optionalType(news, p, 'boolean')),
  ];
  /** A rule's failures for properties nothing before it reported. */
  const add = (rule: CheckRule | undefined): void => {
    if (rule === undefined) return;
    const reported = new Set(failures.map((f) => f.property));
    failures.push(...rule(news, ctx).filter((f) => !reported.has(f.property)));
  };
  add(kind.check?.early);
  add(() => [...selectorFailures(news), ...adoptFailures(news.adopt, [kind.adopt.flag])]);
  add(kind.check?.beforeSchema);
  const own = kind.ownChecks ?? [];
  const fields = Object.keys(kind.table.create.shape).filter((f) => !own.includes(f));
  const withDefaults: Record<string, unknown> = { ...news };
  for (const f of fields) withDefaults[f] = news[f] ?? (kind.defaults as Record<string, unknown>)[f];
  add(() => schemaFailures(kind.table.create, withDefaults, fields));
  add(kind.check?.late);
  const result = checkResult(ctx, normalize(kind, news), failures);
  if (result.failures !== undefined) return result;
  const inputs = result.inputs;
  ctx.deployment.record(
    kind.type,
    kind.table.naturalKey.map((f) => inputs[f]),
    inputs,
    olds,
  );
  const remote = (await kind.check?.remote?.(inputs, ctx, olds)) ?? [];
  if (remote.length > 0) return { inputs, failures: remote };
  for (const check of deploymentChecks) await check(kind, ctx, inputs, olds);
  return result;
}
