// Applies the seed's smart-contract interfaces and velocity controls with the handlers' own checks, so a seed
// entry is refused exactly like the activity would be, naming its place in the seed.
import { smartContractInterfaceJson } from '@walletinfra/sdk';
import type { Core } from '../context';
import { isServiceError } from '../errors';
import { checkInterface, insertInterface } from '../handlers/smart-contract-interfaces';
import { checkVelocityControl, insertVelocityControl } from '../handlers/velocity-controls';
import type { SeedSmartContractInterface, SeedVelocityControl } from './policy-dependencies';
import { SeedError } from './schema';

/** Rethrows a handler's refusal as a SeedError naming the field below `path` (as ./apply.ts does). */
function at<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!isServiceError(e)) throw e;
    const message = e.message.replace(/^invalid request body: /, '');
    if (message.startsWith('parameters.')) throw new SeedError(`${path}${message.slice('parameters'.length)}`);
    throw new SeedError(`${path}: ${message}`);
  }
}

export function applyPolicyDependencies(
  core: Pick<Core, 'store' | 'env'>,
  organizationId: string,
  seed: { smartContractInterfaces?: SeedSmartContractInterface[] | undefined; velocityControls?: SeedVelocityControl[] | undefined },
): void {
  (seed.smartContractInterfaces ?? []).forEach((i, n) => {
    const path = `seed.smartContractInterfaces[${n}]`;
    const intent = { ...i, smartContractInterface: smartContractInterfaceJson(i.smartContractInterface) };
    at(path, () => checkInterface(intent));
    at(path, () => insertInterface(core, organizationId, intent));
  });
  (seed.velocityControls ?? []).forEach((c, n) => {
    const path = `seed.velocityControls[${n}]`;
    at(path, () => checkVelocityControl(c));
    at(path, () => insertVelocityControl(core, organizationId, c));
  });
}
