// What the compiler refuses in a kind's declaration and its steps: each `@ts-expect-error` below is a mistake
// that must not compile, and the text after `--` names what the compiler must say is missing. `npm run
// typecheck` fails when one of them compiles (an unused directive is an error); kind-shapes.test.ts compiles
// this file without the directives and checks that each line fails for the reason given.
import type { z } from 'zod';
import type { ProviderContext } from '@walletinfra/pulumi/context';
import type { KindDeclaration, ListedDeclaration, ScopedDeclaration, SingletonDeclaration } from '@walletinfra/pulumi/resources/kind';
import type { KindSteps, StepsModule, StepsTable } from '@walletinfra/pulumi/resources/lifecycle';

// ---- A kind's steps.ts ----

const step = (_ctx: ProviderContext): Promise<never> => Promise.reject(new Error('not called'));

/** A scoped kind's steps, all four: compiles. */
export const allFour = { create: step, read: step, update: step, delete: step } satisfies KindSteps;

// @ts-expect-error -- read
export const withoutRead = { create: step, update: step, delete: step } satisfies KindSteps;

/** A listed kind's own steps, those that differ from the shared ones: compiles. */
export const createAndUpdate = { create: step, update: step } satisfies Partial<KindSteps>;

// ---- The table of steps modules (provider/src/resources/kinds.ts `STEPS` is one, checked the same way) ----

type Kinds =
  { member: 'policy'; shape: 'listed' } | { member: 'ipAllowlist'; shape: 'scoped' } | { member: 'rootQuorum'; shape: 'singleton' };
const module =
  <S extends Partial<KindSteps>>(steps: S) =>
  (): StepsModule<S> => ({ steps });

/** Every kind addressed by scope with all four steps, a listed kind with none: compiles. */
export const table = { ipAllowlist: module(allFour), rootQuorum: module(allFour) } satisfies StepsTable<Kinds>;

/** A listed kind with steps of its own: compiles. */
export const withListed = {
  policy: module(createAndUpdate),
  ipAllowlist: module(allFour),
  rootQuorum: module(allFour),
} satisfies StepsTable<Kinds>;

// @ts-expect-error -- rootQuorum
export const withoutSingleton = { ipAllowlist: module(allFour) } satisfies StepsTable<Kinds>;

export const stepsWithoutDelete = {
  ipAllowlist: module(allFour),
  // @ts-expect-error -- delete
  rootQuorum: () => ({ steps: { create: step, read: step, update: step } }),
} satisfies StepsTable<Kinds>;

// ---- A kind's declaration: each shape says what it needs ----

type Declared = KindDeclaration<z.ZodObject, z.ZodObject, unknown, 'byName'>;
declare const listed: ListedDeclaration<z.ZodObject, z.ZodObject, unknown, 'byName'>;
declare const scoped: ScopedDeclaration<z.ZodObject, z.ZodObject, unknown, 'byName'>;
declare const singleton: SingletonDeclaration<z.ZodObject, z.ZodObject, unknown, 'byName'>;

export const complete: Declared[] = [listed, scoped, singleton];

const { listing: _listing, ...withoutListing } = listed;
// @ts-expect-error -- listing
export const listedWithoutListing: Declared = withoutListing;

const { writes: _writes, ...withoutWrites } = listed;
// @ts-expect-error -- writes
export const listedWithoutWrites: Declared = withoutWrites;

const { idProperty: _idProperty, ...withoutIdProperty } = listed;
// @ts-expect-error -- idProperty
export const listedWithoutId: Declared = withoutIdProperty;

const { importId: _importId, ...withoutImportId } = scoped;
// @ts-expect-error -- importId
export const scopedWithoutImportId: Declared = withoutImportId;

const { singleton: _singleton, ...withoutWhy } = singleton;
// @ts-expect-error -- singleton
export const singletonWithoutWhy: Declared = withoutWhy;

const exportWithoutRead: Omit<typeof scoped.export, 'read'> = scoped.export;
// @ts-expect-error -- read
export const scopedExportWithoutRead: Declared = { ...scoped, export: exportWithoutRead };
