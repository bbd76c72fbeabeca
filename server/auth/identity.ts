import { normalizers } from '../../rules/steps/normalizers';

/**
 * An identity as stored: e-mail lower-cased, mobile as its 10 digits (typed with spaces, `+91`, `91` or a leading 0,
 * as merchants do).
 */
export function normaliseIdentity(identity: string): { kind: 'email' | 'mobile'; value: string } {
  const trimmed = identity.trim();
  return trimmed.includes('@') ? { kind: 'email', value: trimmed.toLowerCase() } : { kind: 'mobile', value: normalizers.mobile(trimmed) };
}

/** Where a code for this identity is delivered. */
export function channelOf(kind: 'email' | 'mobile'): 'email' | 'sms' {
  return kind === 'email' ? 'email' : 'sms';
}
