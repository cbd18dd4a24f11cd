// Compile-time shape comparison between our zod-inferred types and @turnkey/http's generated definitions.
// `Fits<Sub, Super>` is `true` when both have the same known keys, the same optional keys, and every leaf of
// Sub is assignable to the leaf of Super; otherwise a string naming the first path that differs, so a
// failing `Assert<...>` tells the reader where the drift is.

type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Keys without index signatures (our response schemas are loose: `[k: string]: unknown`). */
type KnownKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: 0;
};
type OptionalKeys<T> = {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the empty object type is meant: it extends Pick<T, K> exactly when K is optional
  [K in KnownKeys<T>]-?: K extends keyof T ? ({} extends Pick<T, K> ? K : never) : never;
}[KnownKeys<T>];

/** `K` as text for a message; `(none)` for no key (a template literal holding `never` is `never`, which would read as a pass). */
type Str<K> = [K] extends [never] ? '(none)' : K extends string ? K : never;
type FirstError<T> = [Exclude<T[keyof T], true>] extends [never] ? true : Exclude<T[keyof T], true>;

type FitsObject<A, B, P extends string> =
  Mutual<KnownKeys<A>, KnownKeys<B>> extends false
    ? `${P}: keys differ (only left: ${Str<Exclude<KnownKeys<A>, KnownKeys<B>>>} | only right: ${Str<Exclude<KnownKeys<B>, KnownKeys<A>>>})`
    : Mutual<OptionalKeys<A>, OptionalKeys<B>> extends false
      ? `${P}: optional keys differ (${Str<Exclude<OptionalKeys<A>, OptionalKeys<B>> | Exclude<OptionalKeys<B>, OptionalKeys<A>>>})`
      : FirstError<{
          [K in KnownKeys<A> & KnownKeys<B>]: K extends keyof A & keyof B
            ? Fits<NonNullable<A[K]>, NonNullable<B[K]>, `${P}.${Str<K>}`>
            : true;
        }>;

export type Fits<A, B, P extends string = '$'> = [A] extends [readonly (infer EA)[]]
  ? [B] extends [readonly (infer EB)[]]
    ? Fits<EA, EB, `${P}[]`>
    : `${P}: array on the left only`
  : [A] extends [object]
    ? [B] extends [object]
      ? [A] extends [(...args: never[]) => unknown]
        ? true
        : FitsObject<A, B, P>
      : [A] extends [B]
        ? true
        : `${P}: not assignable`
    : [A] extends [B]
      ? true
      : `${P}: not assignable`;

export type Assert<T extends true> = T;
