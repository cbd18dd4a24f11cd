// What the given stacks declare, from their state (`pulumi stack export`, the Automation API's `exportStack`):
// each resource of one of our kinds, dynamic (`pulumi-nodejs:dynamic/walletinfra:<Type>`) or native
// (`walletinfra:index:<Type>`), with the service's id and where it lives (`organizationId`, `profile`).
// https://www.pulumi.com/docs/iac/cli/commands/pulumi_stack_export/
import type { SettingsSelector } from '../../config';
import type { AnyKind } from '../../resources/kind';
import { kindOfToken } from '../../resources/kinds';
import { nameFromUrn, type DeploymentLike, type StateResourceLike } from '../../stack/events';

/** An object a stack declares. */
export interface DeclaredObject {
  stack: string;
  kind: AnyKind;
  /** The service's id (the resource's id): `adopt: { id }` takes the same. */
  id: string;
  /** The resource name in the program. */
  name: string;
  /** The credentials the resource is read with: its `profile` and `organizationId`, as the provider resolves them. */
  selector: SettingsSelector;
  /** Its `allowLockout`, as the state records it: the lock-out rules do not hold a delete of it back. */
  allowLockout: boolean;
}

function text(state: StateResourceLike, key: string): string | undefined {
  const value = state.outputs?.[key] ?? state.inputs?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The objects a stack's state declares. Resources still being created have no id yet and declare nothing;
 * resources of other packages are not ours to count.
 */
export function declaredObjects(stack: string, deployment: DeploymentLike, kinds: readonly AnyKind[]): DeclaredObject[] {
  const out: DeclaredObject[] = [];
  for (const resource of deployment.deployment?.resources ?? []) {
    const kind = kindOfToken(resource.type, kinds);
    if (kind === undefined || resource.id === undefined || resource.id === '') continue;
    const profile = text(resource, 'profile');
    const organizationId = text(resource, 'organizationId');
    out.push({
      stack,
      kind,
      id: resource.id,
      name: nameFromUrn(resource.urn),
      selector: { ...(profile !== undefined ? { profile } : {}), ...(organizationId !== undefined ? { organizationId } : {}) },
      allowLockout: (resource.outputs?.allowLockout ?? resource.inputs?.allowLockout) === true,
    });
  }
  return out;
}
