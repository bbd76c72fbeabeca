/** How long a burst of changes is collected before its draft is written. */
const SAVE_DELAY_MS = 400;

/** Drafts waiting to be written, by key: the data, and the JSON of the data that makes the draft unnecessary. */
const pending = new Map<string, { data: unknown; unlessJson?: string }>();
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/**
 * Unsent form data kept in localStorage under `draft:<key>`, so nothing typed is lost on a reload or a failed
 * submit. Storage that is unavailable or full only means no draft.
 */
export const draftStore = {
  read(key: string): Record<string, unknown> | undefined {
    draftStore.flush(key);
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(`draft:${key}`) ?? 'null');
      return stored !== null && typeof stored === 'object' && !Array.isArray(stored)
        ? (stored as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  },
  save(key: string, data: unknown): void {
    pending.delete(key);
    write(key, JSON.stringify(data));
  },
  /**
   * Saves `data` a moment later, once per burst of changes (serializing and storing a large form on every keystroke
   * costs more than the keystroke), or clears the draft then if `data` serializes to `unlessJson` (the data the form
   * started from). Written at once when the draft is read, the page is hidden (a reload, a closed tab) or
   * {@link flush} is called.
   */
  saveSoon(key: string, data: unknown, unlessJson?: string): void {
    pending.set(key, { data, unlessJson });
    if (!listening && typeof window !== 'undefined') {
      window.addEventListener('pagehide', () => draftStore.flush());
      listening = true;
    }
    timer ??= setTimeout(() => draftStore.flush(), SAVE_DELAY_MS);
  },
  /** Writes the waiting draft of `key` (of every key without one) now. */
  flush(key?: string): void {
    for (const [pendingKey, { data, unlessJson }] of pending) {
      if (key !== undefined && pendingKey !== key) continue;
      pending.delete(pendingKey);
      const json = JSON.stringify(data);
      if (json === unlessJson) remove(pendingKey);
      else write(pendingKey, json);
    }
    if (pending.size === 0 && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  },
  clear(key: string): void {
    pending.delete(key);
    remove(key);
  },
};

function write(key: string, json: string): void {
  try {
    localStorage.setItem(`draft:${key}`, json);
  } catch {
    // Private browsing or a full quota: the form still works, without a draft.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(`draft:${key}`);
  } catch {
    // As above: there is no draft to clear.
  }
}
