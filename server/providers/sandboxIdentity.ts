import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { IdentityProvider, KnownPerson } from './types';

/** The OTP the sandbox "sends" for every Aadhaar (also written to the sandbox inbox). */
export const SANDBOX_AADHAAR_OTP = '123456';
/** The date of birth the sandbox central KYC registry knows every PAN holder by. */
export const SANDBOX_CKYC_DOB = '1990-01-01';

const GIVEN = ['ANANYA', 'ARJUN', 'DIVYA', 'KABIR', 'MEERA', 'ROHAN', 'SANJANA', 'VIKRAM'];
const FAMILY = ['SHARMA', 'IYER', 'GUPTA', 'REDDY', 'NAIR', 'KAPOOR', 'MEHTA', 'RAO'];
/**
 * The addresses the sandbox finds for a person. City and state are those the pincode data gives (India Post's names:
 * Bangalore, South Delhi), so the KYC step saves a found address as it is.
 */
export const SANDBOX_ADDRESSES = [
  { address_line: '14, 2nd Cross, Indiranagar', city: 'Bangalore', pincode: '560038', state: 'Karnataka' },
  { address_line: 'Flat 302, Sai Heights, Andheri East', city: 'Mumbai', pincode: '400069', state: 'Maharashtra' },
  { address_line: '7, Park Street', city: 'Kolkata', pincode: '700016', state: 'West Bengal' },
  { address_line: 'B-21, Lajpat Nagar II', city: 'South Delhi', pincode: '110024', state: 'Delhi' },
] as const;

/** A made-up person, the same for the same key. */
function personFor(key: string, dob: string | null): KnownPerson {
  const digest = createHash('sha256').update(key).digest();
  return {
    name: `${GIVEN[digest[0]! % GIVEN.length]} ${FAMILY[digest[1]! % FAMILY.length]}`,
    dob,
    address: { ...SANDBOX_ADDRESSES[digest[2]! % SANDBOX_ADDRESSES.length]! },
  };
}

/**
 * Sandbox identity checks, deterministic and documented in the README:
 * - Aadhaar: a number starting 4991 (e.g. 499118665246) is "not linked to a mobile number"; any other (the API has checked its format and
 *   Verhoeff digit) gets an OTP, always 123456, also written to the sandbox inbox (recipient `aadhaar-<last 4>`);
 *   the person and address are made up from the number, the same every time.
 * - Aadhaar offline XML: the file is read for real (a ZIP opened with the share code); the sandbox takes UIDAI's
 *   signature as valid whenever the XML carries a Signature element (a real provider checks it against UIDAI's key).
 * - Central KYC: a PAN holder born on 1990-01-01 is found (person made up from the PAN); any other date is not found.
 */
export function sandboxIdentityProvider(db: Queryable): IdentityProvider {
  return {
    async aadhaarSendOtp(aadhaar) {
      if (aadhaar.startsWith('4991')) return { sent: false, message: 'Aadhaar number is not linked to a mobile number' };
      const reference = `sandbox-${createHash('sha256').update(aadhaar).digest('hex').slice(0, 16)}-${Date.now()}`;
      await db.query("insert into sandbox_messages (channel, recipient, subject, body) values ('sms', $1, 'Aadhaar OTP', $2)", [
        `aadhaar-${aadhaar.slice(-4)}`,
        `${SANDBOX_AADHAAR_OTP} is the OTP for Aadhaar e-KYC (sandbox).`,
      ]);
      return { sent: true, reference };
    },
    async aadhaarVerifyOtp(reference, otp) {
      if (otp !== SANDBOX_AADHAAR_OTP) return { verified: false };
      return { verified: true, person: personFor(reference.split('-')[1] ?? reference, null) };
    },
    async verifyOfflineXml(xml) {
      return /<Signature\b/.test(xml);
    },
    async centralKyc(pan, dob) {
      return dob === SANDBOX_CKYC_DOB ? { found: true, person: personFor(pan, dob) } : { found: false };
    },
  };
}
