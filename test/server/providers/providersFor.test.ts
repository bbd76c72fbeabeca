import { describe, expect, it } from 'vitest';
import { build } from '../../../server/app';
import { configFromEnv } from '../../../server/config';
import { ProvidersMissingError, providersFor } from '../../../server/providers/providersFor';
import { sandboxPanProvider } from '../../../server/providers/sandbox';
import { emptyDatabase } from '../testApp';

const noDatabase = { kind: 'pglite' as const, query: async () => [] };
/** A production environment as configFromEnv requires it (the address users open the app at). */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://onboarding.example.com' };

describe('providersFor()', () => {
  it('uses the sandbox outside production', () => {
    const providers = providersFor(configFromEnv({}), noDatabase);
    expect(providers.pan).toBe(sandboxPanProvider);
  });

  it('refuses production without real providers, listing every missing one', () => {
    const production = configFromEnv(PRODUCTION);
    expect(production.sandbox).toBe(false);
    expect(() => providersFor(production, noDatabase)).toThrow(ProvidersMissingError);
    expect(() => providersFor(production, noDatabase)).toThrow(/Missing:\n- messages: .*\n- pan: .*\n- businessVerification: .*\n- companyRegistry: /);
  });

  it('names only what is still missing when some real providers are given', () => {
    const production = configFromEnv(PRODUCTION);
    expect(() => providersFor(production, noDatabase, { pan: sandboxPanProvider })).toThrow(/Missing:\n- messages: [^\n]*\n- businessVerification/);
  });

  it('uses the sandbox in production only when SANDBOX=true says so, on a deployment DEMO_DEPLOYMENT=true declares a demo', () => {
    const providers = providersFor(configFromEnv({ ...PRODUCTION, SANDBOX: 'true', DEMO_DEPLOYMENT: 'true' }), noDatabase);
    expect(providers.pan).toBe(sandboxPanProvider);
  });

  it('stops build() in production: a made-up PAN is never "verified" by the sandbox there', async () => {
    const db = await emptyDatabase();
    await expect(build({ db, config: { ...configFromEnv(PRODUCTION), logLevel: 'silent' } })).rejects.toThrow(ProvidersMissingError);
    await db.close();
  });
});
