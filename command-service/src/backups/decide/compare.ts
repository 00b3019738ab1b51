// Comparing the state then with the state now, as a restore and the backup views do.

/** Deep equality of JSON values; object key order does not count (jsonb reorders keys). */
export function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** The fields of `then` that differ from `now` (deep, key order ignored). */
export function changedFields<T extends object, K extends keyof T>(now: T, then: T, fields: readonly K[]): Partial<Pick<T, K>> {
  const changes: Partial<Pick<T, K>> = {};
  for (const field of fields) if (!same(now[field], then[field])) changes[field] = then[field];
  return changes;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
