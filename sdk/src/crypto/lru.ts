// A tiny bounded map with least-recently-used eviction (internal). Map keeps insertion order, so
// re-inserting on read moves an entry to the "most recent" end.
export class LruMap<K, V> {
  readonly #max: number;
  readonly #map = new Map<K, V>();

  constructor(maxEntries: number) {
    this.#max = maxEntries;
  }

  get size(): number {
    return this.#map.size;
  }

  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#max) {
      const oldest = this.#map.keys().next();
      if (!oldest.done) this.#map.delete(oldest.value);
    }
  }
}
