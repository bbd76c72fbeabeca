import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://onboarding.example.com' };

describe('the sandbox in production (its inbox shows every OTP and unlock code to anyone)', () => {
  it('is refused with SANDBOX=true alone, saying what else it needs', () => {
    expect(() => configFromEnv({ ...PRODUCTION, SANDBOX: 'true' })).toThrow(/SANDBOX=true in production .* set DEMO_DEPLOYMENT=true as well/);
    expect(() => configFromEnv({ ...PRODUCTION, SANDBOX: '1', DEMO_DEPLOYMENT: 'false' })).toThrow(/DEMO_DEPLOYMENT=true/);
  });

  it('is allowed on a deployment DEMO_DEPLOYMENT=true declares a demo', () => {
    expect(configFromEnv({ ...PRODUCTION, SANDBOX: 'true', DEMO_DEPLOYMENT: 'true' }).sandbox).toBe(true);
  });

  it('stays off by default, and on by default outside production, where no second flag is needed', () => {
    expect(configFromEnv(PRODUCTION).sandbox).toBe(false);
    expect(configFromEnv({}).sandbox).toBe(true);
    expect(configFromEnv({ SANDBOX: 'true' }).sandbox).toBe(true);
  });

  it('refuses a bad DEMO_DEPLOYMENT value like any other flag', () => {
    expect(() => configFromEnv({ ...PRODUCTION, SANDBOX: 'true', DEMO_DEPLOYMENT: 'yes' })).toThrow(/DEMO_DEPLOYMENT must be true or false/);
  });
});

describe('PUBLIC_URL (where the unlock link in messages points)', () => {
  it('is required in production, and defaults to this machine elsewhere', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set in production/);
    expect(configFromEnv({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
  });

  it('is an origin: a trailing slash is dropped, a path refused', () => {
    expect(configFromEnv({ PUBLIC_URL: 'https://onboarding.example.com/' }).publicUrl).toBe('https://onboarding.example.com');
    expect(() => configFromEnv({ PUBLIC_URL: 'https://onboarding.example.com/app' })).toThrow(/PUBLIC_URL must be an origin/);
  });
});
