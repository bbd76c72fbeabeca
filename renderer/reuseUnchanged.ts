import { deepEquals } from '@rjsf/utils';

/**
 * `next`, with every part that equals the same part of `previous` replaced by `previous`'s object: the result equals
 * `next`, and is `previous` itself when nothing changed. rjsf's fields skip rendering when their props are the same
 * objects, so a new error schema made this way re-renders only the fields whose errors changed.
 */
export function reuseUnchanged<V>(previous: V, next: V): V {
  if (previous === next || deepEquals(previous, next)) return previous;
  if (!isPlainObject(previous) || !isPlainObject(next)) return next;
  let changed = Object.keys(previous).length !== Object.keys(next).length;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    result[key] = key in previous ? reuseUnchanged(previous[key], value) : value;
    if (result[key] !== previous[key]) changed = true;
  }
  return (changed ? result : previous) as V;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
