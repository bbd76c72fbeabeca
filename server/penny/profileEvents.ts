import type { Queryable } from '../db/database';

/** The PostgreSQL channel every API process listens on for the live channel's ProfileChannel (platform spec, /cable). */
export const PROFILE_CHANNEL = 'profile_channel';

/** What ProfileChannel pushes to the subscribers of one merchant: bank_verified, penny test changes as they happen, document reviews. */
export interface ProfileMessage {
  bank_verified?: true;
  penny_deposit_status?: string | null;
  penny_deposit_method?: string | null;
  bank_verification_status?: string | null;
  /** Operations reviewed one of the merchant's documents (the console's review queue): the merchant's document status now. */
  document_status?: string | null;
  /** The service agreement was generated (its Agreement status now), or its generation failed (null). */
  agreement_status?: string | null;
  /** Operations reviewed the merchant's website: its review status now. */
  website_approval_status?: string | null;
  /** An addendum of the merchant's changed (server/addenda): its source and the record's addendum status now. */
  addendum?: { source: string; status: string | null };
  /** A UPI payment settled one of the merchant's bank-check requests (server/upi/upiVerifications.ts): its status now. */
  upi_verification?: { uuid: string; status: string };
}

/** A notification as it travels between processes. */
export interface ProfileEvent {
  merchant_uuid: string;
  message: ProfileMessage;
}

/**
 * Tells every API process (and so every socket subscribed to the merchant) about a change. Sent inside the
 * transaction that made the change, PostgreSQL delivers it only when that commits.
 */
export async function notifyProfile(db: Queryable, merchantUuid: string, message: ProfileMessage): Promise<void> {
  const event: ProfileEvent = { merchant_uuid: merchantUuid, message };
  await db.query('select pg_notify($1, $2)', [PROFILE_CHANNEL, JSON.stringify(event)]);
}

/** A notification's payload read back; null for anything that is not one of ours. */
export function parseProfileEvent(payload: string): ProfileEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<ProfileEvent>;
    return typeof event.merchant_uuid === 'string' && event.message && typeof event.message === 'object' ? (event as ProfileEvent) : null;
  } catch {
    return null;
  }
}
