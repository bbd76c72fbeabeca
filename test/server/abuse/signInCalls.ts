import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testApp';

/** POST /api/v1/user/send_otp for an identity. */
export function sendOtp(t: TestApp, identity: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity } });
}

/** POST /api/v1/user/verify_otp with a code. */
export function verifyOtp(t: TestApp, identity: string, otp: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/v1/user/verify_otp', payload: { identity, otp } });
}

/** POST /api/v1/user/login with a password. */
export function login(t: TestApp, identity: string, password: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { identity, password } });
}

/** `count` distinct 4-digit codes, none of them `rightCode`. */
export function wrongCodes(rightCode: string, count: number): string[] {
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n++) {
    const code = String(n).padStart(4, '0');
    if (code !== rightCode) codes.push(code);
  }
  return codes;
}

/** How many responses had each status, e.g. `{ 422: 4, 423: 56 }`. */
export function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

/** Makes the last code sent to an identity old enough for a resend (the server allows one per 20 s). */
export async function allowResend(t: TestApp, identity: string): Promise<void> {
  await t.db.query(`update otps set created_at = created_at - interval '21 seconds' where identity = $1`, [identity]);
}
