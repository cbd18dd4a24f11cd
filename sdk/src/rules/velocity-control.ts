// What a velocity control the service accepts looks like, beyond its JSON shape (generated types
// `v1CreateVelocityControlIntent` and its parts), as pure functions the provider's `check` and the emulator share.
// Each `oneof` of the service's definition (data source, phase, window, group-by) takes exactly one choice; the
// threshold is "a non-negative base-10 decimal string with at most 38 total digits and 18 fractional digits"; a
// rolling window's duration is "in seconds, as a base-10 integer string"; an asset's decimals are "from 0 through
// 255"; the identifier is what policies write after `controls.`, so it must be a name of the policy language.
import { ACTIVITY_TYPES } from '../policy/activity-types';
import { closestName } from '../policy/suggest';

/** The parts of a create intent these rules read (the zod schema has checked the JSON shape). */
export interface VelocityControlInput {
  name: string;
  identifier: string;
  dataSource: {
    chainAssetTransfer?:
      | {
          definition: ReadonlyArray<{ caip19: string; decimals: string }>;
          filter?: { activity?: ReadonlyArray<{ activityType: string }> | undefined } | undefined;
          phase?: { signature?: object | undefined; submission?: object | undefined } | undefined;
        }
      | undefined;
    activityExecution?: { filter?: { activity?: ReadonlyArray<{ activityType: string }> | undefined } | undefined } | undefined;
  };
  aggregation: {
    method: string;
    operator: string;
    threshold: string;
    window: { rolling?: { duration: string } | undefined; infinite?: object | undefined };
    groupBy: { organization?: object | undefined; user?: object | undefined; wallet?: object | undefined };
  };
}

export interface VelocityControlProblem {
  /** the intent path, e.g. `aggregation.window` */
  path: string;
  message: string;
}

/**
 * Bounds the service does not document: UNCONFIRMED generous ones of ours (docs/service-behaviour.md#velocity-controls).
 * `maxWindowSeconds` is ten years.
 */
export const VELOCITY_CONTROL_LIMITS = { name: 256, identifier: 64, maxWindowSeconds: 315_360_000 } as const;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const LANGUAGE_WORDS = ['true', 'false', 'in'];
// CAIP-19: <namespace>:<reference>/<asset namespace>:<asset reference> (https://chainagnostic.org/CAIPs/caip-19).
const CAIP19 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\/[-a-z0-9]{3,8}:[-.%a-zA-Z0-9]{1,128}$/;

/** Every problem of a velocity control, [] when the service would accept it. */
export function velocityControlProblems(input: VelocityControlInput): VelocityControlProblem[] {
  const problems: VelocityControlProblem[] = [];
  const add = (path: string, message: string): void => void problems.push({ path, message });

  if (input.name.trim() === '') add('name', 'must not be empty');
  else if (input.name.length > VELOCITY_CONTROL_LIMITS.name) add('name', `must be at most ${VELOCITY_CONTROL_LIMITS.name} characters`);
  const identifierProblem = velocityControlIdentifierProblem(input.identifier);
  if (identifierProblem !== undefined) add('identifier', identifierProblem);

  const source = input.dataSource;
  const sourceChoice = oneChoice(source, ['chainAssetTransfer', 'activityExecution']);
  if (sourceChoice !== undefined) add('dataSource', sourceChoice);
  const transfer = source.chainAssetTransfer;
  if (transfer !== undefined) {
    if (transfer.definition.length === 0)
      add('dataSource.chainAssetTransfer.definition', 'must list at least one asset ({caip19, decimals})');
    const seen = new Set<string>();
    transfer.definition.forEach((asset, i) => {
      const at = `dataSource.chainAssetTransfer.definition[${i}]`;
      if (!CAIP19.test(asset.caip19)) {
        add(`${at}.caip19`, "must be a CAIP-19 asset id, e.g. 'eip155:1/slip44:60' (ether) or 'eip155:1/erc20:0xa0b8…'");
      } else if (seen.has(asset.caip19)) add(`${at}.caip19`, `lists ${asset.caip19} twice`);
      seen.add(asset.caip19);
      if (!/^(?:[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])$/.test(asset.decimals)) {
        add(`${at}.decimals`, "must be a base-10 integer string from '0' to '255' (the asset's decimal places, e.g. '18')");
      }
    });
    activityFilterProblems(transfer.filter?.activity, 'dataSource.chainAssetTransfer.filter.activity', add);
    if (transfer.phase !== undefined) {
      const phaseChoice = oneChoice(transfer.phase, ['signature', 'submission']);
      if (phaseChoice !== undefined) add('dataSource.chainAssetTransfer.phase', phaseChoice);
      else if (transfer.phase.submission !== undefined) {
        // UNCONFIRMED: the generated types say "Reserved for future use"; refused here so a preview does not promise it
        add(
          'dataSource.chainAssetTransfer.phase.submission',
          'is reserved for future use by the service; use phase.signature or leave phase out',
        );
      }
    }
  }
  activityFilterProblems(source.activityExecution?.filter?.activity, 'dataSource.activityExecution.filter.activity', add);

  const aggregation = input.aggregation;
  const thresholdProblem = thresholdProblemOf(aggregation.threshold);
  if (thresholdProblem !== undefined) add('aggregation.threshold', thresholdProblem);
  const windowChoice = oneChoice(aggregation.window, ['rolling', 'infinite']);
  if (windowChoice !== undefined) add('aggregation.window', windowChoice);
  const rolling = aggregation.window.rolling;
  if (rolling !== undefined) {
    const max = VELOCITY_CONTROL_LIMITS.maxWindowSeconds;
    if (!/^[1-9][0-9]*$/.test(rolling.duration) || Number(rolling.duration) > max) {
      add(
        'aggregation.window.rolling.duration',
        `must be a whole number of seconds from '1' to '${max}', as a string (e.g. '86400' for a day)`,
      );
    }
  }
  const groupChoice = oneChoice(aggregation.groupBy, ['organization', 'user', 'wallet']);
  if (groupChoice !== undefined) add('aggregation.groupBy', groupChoice);
  return problems;
}

/** Why an identifier cannot follow `controls.` in a policy, or undefined. */
export function velocityControlIdentifierProblem(identifier: string): string | undefined {
  if (!IDENTIFIER.test(identifier) || LANGUAGE_WORDS.includes(identifier)) {
    return "must be a name policies can write after 'controls.': letters, digits and '_', not starting with a digit (e.g. 'daily_usdc_spend')";
  }
  if (identifier.length > VELOCITY_CONTROL_LIMITS.identifier) return `must be at most ${VELOCITY_CONTROL_LIMITS.identifier} characters`;
  return undefined;
}

function thresholdProblemOf(threshold: string): string | undefined {
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(threshold);
  const what = "must be a non-negative decimal string with at most 38 digits, 18 of them after the point (e.g. '1000' or '0.5')";
  if (m === null) return what;
  const whole = (m[1] as string).replace(/^0+(?=[0-9])/, '');
  const fraction = m[2] ?? '';
  return fraction.length > 18 || whole.length + fraction.length > 38 ? what : undefined;
}

function oneChoice(value: object, choices: readonly string[]): string | undefined {
  const set = choices.filter((c) => (value as Record<string, unknown>)[c] !== undefined);
  if (set.length === 1) return undefined;
  const list = choices.map((c) => `'${c}'`).join(', ');
  return set.length === 0 ? `must set one of ${list}` : `must set exactly one of ${list}, not ${set.map((c) => `'${c}'`).join(' and ')}`;
}

function activityFilterProblems(
  activity: ReadonlyArray<{ activityType: string }> | undefined,
  path: string,
  add: (path: string, message: string) => void,
): void {
  (activity ?? []).forEach((a, i) => {
    if (ACTIVITY_TYPES.includes(a.activityType)) return;
    const suggestion = closestName(a.activityType, ACTIVITY_TYPES);
    add(
      `${path}[${i}].activityType`,
      `'${a.activityType}' is not an activity type${suggestion !== undefined ? `; did you mean '${suggestion}'?` : " (ACTIVITY_TYPE_…, with its version suffix, e.g. 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2')"}`,
    );
  });
}
