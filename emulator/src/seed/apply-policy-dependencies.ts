// Applies the seed's smart-contract interfaces and velocity controls with the handlers' own checks, so a seed
// entry is refused exactly like the activity would be, naming its place in the seed.
import { smartContractInterfaceJson } from '@walletinfra/sdk/rules';
import type { Core } from '../context';
import { checkInterface, insertInterface } from '../handlers/smart-contract-interfaces';
import { checkVelocityControl, insertVelocityControl } from '../handlers/velocity-controls';
import type { SeedSmartContractInterface, SeedVelocityControl } from './policy-dependencies';
import { at } from './refusal';

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
