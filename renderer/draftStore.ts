/**
 * Unsent form data kept in localStorage under `draft:<key>`, so nothing typed is lost on a reload or a failed
 * submit. Storage that is unavailable or full only means no draft.
 */
export const draftStore = {
  read(key: string): Record<string, unknown> | undefined {
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
    try {
      localStorage.setItem(`draft:${key}`, JSON.stringify(data));
    } catch {
      // Private browsing or a full quota: the form still works, without a draft.
    }
  },
  clear(key: string): void {
    try {
      localStorage.removeItem(`draft:${key}`);
    } catch {
      // As above: there is no draft to clear.
    }
  },
};
