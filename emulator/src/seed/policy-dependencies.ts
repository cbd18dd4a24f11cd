// Seeding what policies depend on: smart-contract interfaces and velocity controls, one strict zod object per kind
// (the create intents of the sdk, with the interface given as a JSON string or as the ABI/IDL itself). They are
// applied (./apply-policy-dependencies.ts) before the seed's policies, which may read `controls.<identifier>`.
import { CreateSmartContractInterfaceIntent, CreateVelocityControlIntent } from '@walletinfra/sdk/schemas';
import { got } from '@walletinfra/sdk/options';
import { z } from 'zod';

export const SeedSmartContractInterface = CreateSmartContractInterfaceIntent.extend({
  /** the ABI (array) or IDL (object) itself, or its JSON string */
  smartContractInterface: z.union([z.string().min(1), z.array(z.unknown()), z.record(z.string(), z.unknown())], {
    error: got('must be the ABI (a JSON array) or IDL (a JSON object), or its JSON string'),
  }),
});
export type SeedSmartContractInterface = z.infer<typeof SeedSmartContractInterface>;

export const SeedVelocityControl = CreateVelocityControlIntent;
export type SeedVelocityControl = z.infer<typeof SeedVelocityControl>;
