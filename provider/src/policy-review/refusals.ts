// What the provider refused at a stack's preview (the engine's check-failure diagnostics), as
// `walletinfra-policy lint --stack` and `test --stack` report it: each refused resource is an error line, the
// summary counts them, and the command exits 1 after reporting what the preview planned before it stopped.
import { nameFromUrn, typeFromUrn, type EngineEventLike } from '../stack/events';
import { plain } from '../stack/run';
import { kindOfToken } from '../resources/kinds';

/** A resource whose check the provider failed, as the engine reported it. */
export interface Refusal {
  /** the resource's name in the program */
  name: string;
  /** the kind (`Policy`), when it is one of ours */
  kind?: string;
  /** the input the provider named, when it named one */
  property?: string;
  /** the provider's reason */
  reason: string;
}

// The engine's check-failure diagnostics (github.com/pulumi/pulumi sdk/go/common/diag/errors.go, codes 2002 and 2003):
// "<type> resource '<name>' has a problem: <reason>", "<type> resource '<name>': property <p> value <v> has a problem: <reason>".
const CHECK_FAILURE = /resource '[^']*'(?:: property (\S+) value [\s\S]*?)? has a problem: ([\s\S]*)$/;

/** The check failures among the engine's diagnostics. */
export function refusalsOf(events: readonly EngineEventLike[]): Refusal[] {
  return events.flatMap((e): Refusal[] => {
    const d = e.diagnosticEvent;
    if (d?.severity !== 'error' || d.urn === undefined || d.urn === '') return [];
    const m = CHECK_FAILURE.exec(plain(d.message).trim());
    if (m === null) return [];
    const kind = kindOfToken(typeFromUrn(d.urn))?.type;
    return [
      {
        name: nameFromUrn(d.urn),
        ...(kind !== undefined ? { kind } : {}),
        ...(m[1] !== undefined ? { property: m[1] } : {}),
        reason: (m[2] ?? '').trim(),
      },
    ];
  });
}

/** A resource the preview refused, as the commands print it and as their JSON carries it. */
export interface ReportRefusal {
  resource: string;
  /** the input the provider named */
  property?: string;
  reason: string;
  text: string;
}

export function reportRefusal(r: Refusal): ReportRefusal {
  const where = r.property !== undefined ? ` ${r.property}` : '';
  return {
    resource: r.name,
    ...(r.property !== undefined ? { property: r.property } : {}),
    reason: r.reason,
    text: `error: ${r.kind ?? 'resource'} ${r.name}${where}: refused by the preview: ${r.reason}`,
  };
}

/** The summary line's tail for refused resources ('' when none). */
export function refusedTail(refused: number): string {
  return refused > 0 ? `; ${refused} resource${refused === 1 ? '' : 's'} refused by the preview` : '';
}
