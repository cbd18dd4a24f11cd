// The class a program instantiates for a kind (`new walletinfra.Policy(name, args)`), built from the kind's
// declaration: the type token, the outputs it exposes, the inputs it wraps as secrets and the outputs it
// always marks secret (a dynamic provider cannot return secrets itself: https://www.pulumi.com/docs/iac/concepts/secrets/,
// pulumi/pulumi#3012), and the one-owner check of its unique values. The provider object is the kind's
// own `provider.ts`, whose text the engine stores in every resource's state.
import * as pulumi from '@pulumi/pulumi';
import type { z } from 'zod';
import { declareUnique, programContext, resourceInputs, unsetPlacementOutputs } from './process';
import { PACKAGE } from '../tokens';
import { deleteGuard, guardKind } from './delete-guard';
import type { AnyKind, ArgsOf, OutputsOf } from '../resources/kind';

/** Every output as the class exposes it: `resource.policyId`, an Output. */
export type OutputProperties<K> = { readonly [P in keyof OutputsOf<K>]-?: pulumi.Output<OutputsOf<K>[P]> };

/** The constructor `resourceClass` returns. */
export type ResourceClass<K> = new (
  name: string,
  args: ArgsOf<K>,
  opts?: pulumi.CustomResourceOptions,
) => pulumi.dynamic.Resource & OutputProperties<K>;

/** The outputs a program may leave unset (so Pulumi gives the class an Output for each, pulumi/pulumi#6587). */
function optionalOutputs(kind: AnyKind): string[] {
  const shape = kind.args.shape as Record<string, z.ZodType>;
  const required = Object.keys(shape).filter((k) => !shape[k]?.safeParse(undefined).success);
  return Object.keys(kind.outputs.shape).filter((k) => !required.includes(k));
}

/** Which organization a resource names, as far as the program knows (the default credentials' when it says nothing). */
function organizationKey(args: Record<string, unknown>): pulumi.Input<string> {
  const key = (org: unknown, profile: unknown): string => {
    if (typeof org === 'string' && org !== '') return `organization ${org}`;
    return typeof profile === 'string' && profile !== '' ? `the organization of profile ${profile}` : 'the configured organization';
  };
  const { organizationId, profile } = args;
  if (pulumi.Output.isInstance(organizationId) || pulumi.Output.isInstance(profile)) {
    return pulumi.all([organizationId, profile]).apply(([org, p]) => key(org, p));
  }
  return key(organizationId, profile);
}

/** The public key this stack signs with for a resource whose placement is plain values; undefined when it cannot tell. */
function ownPublicKey(args: Record<string, unknown>): string | undefined {
  const { profile, organizationId } = args;
  if ((profile !== undefined && typeof profile !== 'string') || (organizationId !== undefined && typeof organizationId !== 'string'))
    return undefined;
  try {
    return programContext()
      .settings({ ...(profile !== undefined ? { profile } : {}), ...(organizationId !== undefined ? { organizationId } : {}) })
      .apiPublicKey.toLowerCase();
  } catch {
    // Settings that cannot be resolved are reported by the preview's check; nothing is protected here.
    return undefined;
  }
}

export function resourceClass<K extends AnyKind>(kind: K, provider: pulumi.dynamic.ResourceProvider): ResourceClass<K> {
  guardKind(kind);
  const optional = optionalOutputs(kind);
  const secretInputs = kind.secrets?.inputs ?? [];
  const secretOutputs = kind.secrets?.outputs ?? [];
  class KindResource extends pulumi.dynamic.Resource {
    constructor(name: string, args: ArgsOf<K>, opts?: pulumi.CustomResourceOptions) {
      const given = args as Record<string, unknown> & { adopt?: unknown };
      const props = resourceInputs(kind.type, name, given, optional);
      if (kind.unique !== undefined) declareUnique(kind.type, kind.unique.property, given[kind.unique.property], name, kind.unique.why);
      if (kind.shape === 'singleton') declareUnique(kind.type, 'the organization', organizationKey(given), name, kind.singleton.why);
      for (const key of secretInputs) {
        const value = given[key];
        if (value !== undefined) props[key] = pulumi.secret(value);
      }
      let options = secretOutputs.length > 0 ? pulumi.mergeOptions(opts, { additionalSecretOutputs: [...secretOutputs] }) : opts;
      // A resource that only lets go of its object on delete cannot delete it, and one the program protects
      // itself never reaches the hook: nothing to guard (./delete-guard.ts).
      const guard = deleteGuard(kind, name);
      if (opts?.protect === undefined && opts?.retainOnDelete !== true && kind.protects !== undefined) {
        const own = ownPublicKey(given);
        if (guard !== undefined && own !== undefined && kind.protects(given, own)) {
          options = pulumi.mergeOptions(options, { hooks: { beforeDelete: [guard] } });
        }
      }
      super(provider, name, props, options, PACKAGE, kind.type);
      unsetPlacementOutputs(this, props);
    }
  }
  Object.defineProperty(KindResource, 'name', { value: kind.type });
  return KindResource as unknown as ResourceClass<K>;
}
