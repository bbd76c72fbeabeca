import { useState } from 'react';
import { deepEquals } from '@rjsf/utils';

/**
 * `value`, or the value of an earlier render when it has the same content: callers build new schema, uiSchema and data
 * objects on every render, and what is derived from them (and rjsf, which compares them) need only change when their
 * content does. Compared by identity first, then deeply (unchanged parts are usually shared, which is quick).
 */
export function useContentStable<V>(value: V): V {
  const [stable, setStable] = useState(value);
  if (stable === value || deepEquals(stable, value)) return stable;
  setStable(value);
  return value;
}
