import type { Queryable } from '../db/database';
import type { MessageProvider, PanProvider, Providers } from './types';

/** Delivers messages into the sandbox inbox table instead of an SMS or e-mail gateway. */
export function sandboxMessageProvider(db: Queryable): MessageProvider {
  return {
    async send({ channel, recipient, subject, body }) {
      await db.query('insert into sandbox_messages (channel, recipient, subject, body) values ($1, $2, $3, $4)', [
        channel,
        recipient,
        subject,
        body,
      ]);
    },
  };
}

const GIVEN_NAMES = ['ANANYA', 'ARJUN', 'DIVYA', 'KABIR', 'MEERA', 'ROHAN', 'SANJANA', 'VIKRAM', 'PRIYA', 'RAHUL'];
const FAMILY_NAMES = ['SHARMA', 'IYER', 'GUPTA', 'REDDY', 'NAIR', 'KAPOOR', 'MEHTA', 'RAO', 'JOSHI', 'BOSE'];
/** What the PAN holder type (fourth letter) adds to a sandbox name. */
const HOLDER_SUFFIX: Record<string, string> = {
  C: ' TECHNOLOGIES PRIVATE LIMITED',
  F: ' AND ASSOCIATES',
  T: ' CHARITABLE TRUST',
  A: ' WELFARE SOCIETY',
  H: ' HUF',
  G: ' DEPARTMENT',
};

/**
 * Sandbox PAN check, deterministic and documented in the README:
 * a PAN whose digits are 0000 is not valid; any other well-formed PAN is valid and its
 * holder name is derived from its letters, with a suffix for companies, firms, trusts, ...
 */
export const sandboxPanProvider: PanProvider = {
  async verify(pan) {
    if (pan.slice(5, 9) === '0000') return { valid: false };
    const seed = [...pan].reduce((sum, char) => sum + char.charCodeAt(0), 0);
    const person = `${GIVEN_NAMES[seed % GIVEN_NAMES.length]} ${FAMILY_NAMES[Math.floor(seed / 7) % FAMILY_NAMES.length]}`;
    return { valid: true, name: person + (HOLDER_SUFFIX[pan[3] ?? ''] ?? '') };
  },
};

/** The default providers: everything sandboxed, so the whole journey works on one machine. */
export function sandboxProviders(db: Queryable): Providers {
  return { messages: sandboxMessageProvider(db), pan: sandboxPanProvider };
}
