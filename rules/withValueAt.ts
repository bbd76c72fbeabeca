/**
 * A copy of `data` with `value` at `path`, sharing every object and array off the path with `data`, so that whatever
 * compares the two by identity sees only the path change. Missing containers on the way are created (an array for a
 * numeric segment). `data` itself is never modified.
 */
export function withValueAt(data: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [segment, ...rest] = path as [string | number, ...(string | number)[]];
  const container = data !== null && typeof data === 'object' ? data : typeof segment === 'number' ? [] : {};
  const child = withValueAt((container as Record<string | number, unknown>)[segment], rest, value);
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<string | number, unknown>;
  copy[segment] = child;
  return copy;
}
