import type { ErrorSchema, FieldPathList } from '@rjsf/utils';

/** A field's data and errors, newer than the props rjsf last rendered the field with. */
export interface FieldValue {
  formData: unknown;
  errorSchema: ErrorSchema | undefined;
}

/**
 * Where {@link FieldLevelForm} hands an edited field its new value and errors without re-rendering the form around
 * it, and where each field that can take them (see `StoreSchemaField`) listens. The form clears it whenever it renders
 * in full, from then on the props are current again.
 */
export class FieldStore {
  private readonly values = new Map<string, FieldValue>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /** The store's key of a field path. */
  static keyOf(path: FieldPathList): string {
    return path.join('\u0000');
  }

  /** Whether a field listens at `key` (is rendered and can take a value from here). */
  isListening(key: string): boolean {
    return (this.listeners.get(key)?.size ?? 0) > 0;
  }

  subscribe(key: string, listener: () => void): () => void {
    const set = this.listeners.get(key) ?? this.listeners.set(key, new Set()).get(key)!;
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  get(key: string): FieldValue | undefined {
    return this.values.get(key);
  }

  publish(values: ReadonlyMap<string, FieldValue>): void {
    for (const [key, value] of values) this.values.set(key, value);
    for (const key of values.keys()) this.notify(key);
  }

  /** Forgets every value (the form rendered them as props) and lets their fields render from props again. */
  clear(): void {
    if (this.values.size === 0) return;
    const keys = [...this.values.keys()];
    this.values.clear();
    for (const key of keys) this.notify(key);
  }

  private notify(key: string): void {
    for (const listener of this.listeners.get(key) ?? []) listener();
  }
}
