// @walletinfra/emulator: a local implementation of the hosted wallet service.
export { startEmulator, readSeedFile } from './emulator';
export type { RunningEmulator, EmulatorCredentials } from './emulator';
export { EmulatorOptionsError } from './options';
export type { EmulatorOptions } from './options';
export { parseFaultConfig } from './faults';
export type { FaultConfig, FaultRule } from './faults';
export { seededRandom } from './env';
export type { Clock, RandomSource } from './env';
export { parseSeed, SeedError } from './seed/schema';
export type { SeedInput } from './seed/schema';
export type { SeedSummary } from './seed/apply';
export type { DeliveryRecord, DeliveryAttempt } from './store/records';
export { Store } from './store/store';
export { DEFAULT_FLEET_SHAPE, DRIFT_KINDS, FleetShapeError, seedFleet } from './seed/fleet';
export type { DriftEntry, DriftKind, FleetSeedOptions, FleetSeedResult, FleetShape } from './seed/fleet';
export { parseFleetShape } from './seed/fleet-shape';
