// One object a whole test file (or describe block) shares: started in beforeAll, closed in afterAll.

/**
 * Registers jest's beforeAll and afterAll hooks that `start` the object and close it again, and returns the
 * object. Its fields are filled in when it has started, so use it inside tests and hooks only.
 */
export function useForFile<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  const shared = {} as T;
  beforeAll(async () => {
    Object.assign(shared, await start());
  });
  afterAll(async () => {
    await (shared as Partial<T>).close?.();
  });
  return shared;
}
