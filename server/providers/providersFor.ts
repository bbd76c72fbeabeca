import type { ServerConfig } from '../config';
import type { Queryable } from '../db/database';
import { sandboxProviders } from './sandbox';
import type { Providers } from './types';

/** What each provider does, for the start-up message that lists the missing ones. */
const PROVIDER_ROLES: Record<keyof Providers, string> = {
  messages: 'SMS and e-mail delivery of OTPs and notices',
  pan: 'PAN verification (income-tax records)',
  businessVerification: 'GST and shop-registration verification',
  companyRegistry: 'company registry (company search by name, signatories and registered office of a CIN or LLPIN)',
  penny: 'test deposits to bank accounts (penny test)',
  identity: 'Aadhaar e-KYC by OTP and central KYC (CKYC)',
  website: 'website liveliness check (is the merchant\'s site live)',
  payment: 'payment page for paid plans',
  upiVerification: 'UPI payment requests, their payment webhook and refunds (bank check by a ₹1 UPI payment)',
};

/** A start without the real providers production needs. */
export class ProvidersMissingError extends Error {
  constructor(readonly missing: (keyof Providers)[]) {
    super(
      'Real providers are not configured, and the sandbox is off. Missing:\n' +
        missing.map((name) => `- ${name}: ${PROVIDER_ROLES[name]}`).join('\n') +
        '\nThis build ships only the sandbox providers. Pass real ones to build({ providers }), ' +
        'or start with SANDBOX=true to run on the sandbox (never with real merchants).',
    );
  }
}

/**
 * The providers the server runs with: those given, else the sandbox when it is on. With the
 * sandbox off (production's default) every provider must be given; a start without them stops.
 */
export function providersFor(config: Pick<ServerConfig, 'sandbox' | 'penny'>, db: Queryable, given: Partial<Providers> = {}): Providers {
  const fallback: Partial<Providers> = config.sandbox ? sandboxProviders(db, config.penny) : {};
  const providers = { ...fallback, ...given };
  const missing = (Object.keys(PROVIDER_ROLES) as (keyof Providers)[]).filter((name) => !providers[name]);
  if (missing.length) throw new ProvidersMissingError(missing);
  return providers as Providers;
}
