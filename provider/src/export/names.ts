// Stable, readable Pulumi names from service names: lower-case words joined by '-', and for objects of one
// kind whose names collide, '-2', '-3', ... in the order of their service ids, so exporting twice gives
// the same names.
export function slug(text: string, fallback: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return s === '' ? fallback : s;
}

/** `allow-wallet-creation` -> `allowWalletCreation` (for config keys). */
export function camel(name: string): string {
  const words = name.split('-');
  const out = words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  return /^[0-9]/.test(out) ? `x${out}` : out;
}

/** Names for items of one kind, in a stable order: by name, then by id. */
export function assignNames<T>(
  items: readonly T[],
  nameOf: (t: T) => string,
  idOf: (t: T) => string,
  fallback: string,
): Array<{ item: T; name: string }> {
  const keyed = items.map((item) => ({ item, base: slug(nameOf(item), fallback), id: idOf(item) }));
  keyed.sort((a, b) => (a.base < b.base ? -1 : a.base > b.base ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const used = new Map<string, number>();
  return keyed.map(({ item, base }) => {
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return { item, name: n === 1 ? base : `${base}-${n}` };
  });
}
