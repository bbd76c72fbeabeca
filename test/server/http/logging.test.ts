import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../../server/http/logOptions';
import { call, latestOtp, testApp, type TestApp } from '../testApp';

interface LogLine {
  level: number;
  reqId?: string;
  msg?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

describe('request log', () => {
  const written: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ allowServerErrors: true, config: { logLevel: 'info' }, logStream: { write: (line: string) => void written.push(line) } });
    t.app.get('/api/v1/test-failure', async () => {
      throw new Error('database exploded');
    });
  });
  afterAll(() => t.close());
  const lines = (): LogLine[] => written.map((line) => JSON.parse(line) as LogLine);

  it('logs every request with an id that the answer also carries in x-request-id', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/app_config' });
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    const ofRequest = lines().filter((line) => line.reqId === id);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofRequest[1]?.res?.statusCode).toBe(200);
  });

  it('ignores a request id the client sends', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'forged' } });
    expect(answer.headers['x-request-id']).not.toBe('forged');
  });

  it('logs a 500 with its error, and answers the spec text with the request id', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/test-failure' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ error: 'Some error occured. Please try again later.' });
    const errorLine = lines().find((line) => line.reqId === answer.headers['x-request-id'] && line.level === 50);
    expect(JSON.stringify(errorLine)).toContain('database exploded');
  });

  it('never logs a token, an OTP, a PAN, an Aadhaar or an account number', async () => {
    const identity = 'secret.keeper@example.com';
    await t.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity } });
    const otp = await latestOtp(t.db, identity);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/v1/user/verify_otp', payload: { identity, otp } });
    const token = signedIn.json<{ access_token: string }>().access_token;
    const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
    await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
    await call(t, token, 'GET', `/api/v1/merchants/${uuid}?pan=AAACN4521K&aadhaar_number=234567890124&token=${token}`);
    await call(t, token, 'GET', `/app/onboarding?token=${token}&merchant_uuid=${uuid}`);
    await call(t, token, 'GET', '/api/v1/ifsc_details/HDFC0000001?account=50100012345678');
    const log = written.join('');
    for (const secret of [token, identity, 'AAACN4521K', '234567890124', '50100012345678']) expect(log).not.toContain(secret);
    expect(log).not.toMatch(new RegExp(`"otp"|\\b${otp}\\b`));
    expect(log).toContain('[REDACTED]');
  });
});

describe('redactUrl()', () => {
  it.each([
    ['/api/v1/merchants/8800001', '/api/v1/merchants/8800001'],
    ['/api/v1/pan/ABCPE1234F/verify', '/api/v1/pan/[REDACTED]/verify'],
    ['/api/v1/gst/27ABCPE1234F1Z5', '/api/v1/gst/27[REDACTED]1Z5'],
    ['/app/onboarding?token=abc&source=AndroidApp', '/app/onboarding?token=[REDACTED]&source=AndroidApp'],
    ['/x?mobile=9812345670&mid=8800001', '/x?mobile=[REDACTED]&mid=8800001'],
    ['/sandbox/inbox?recipient=a%40b.in', '/sandbox/inbox?recipient=[REDACTED]'],
    ['/sandbox/partner/callback?code=abc123&state=s1', '/sandbox/partner/callback?code=[REDACTED]&state=s1'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
