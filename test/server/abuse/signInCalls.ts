import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testApp';

/** POST /api/v1/user/send_otp for an identity. */
export function sendOtp(t: TestApp, identity: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity } });
}

/** POST /api/v1/user/verify_otp with a code (from the client address `from`, by default the tests' 127.0.0.1). */
export function verifyOtp(t: TestApp, identity: string, otp: string, from?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/v1/user/verify_otp', payload: { identity, otp }, ...(from ? { remoteAddress: from } : {}) });
}

/** POST /api/v1/user/login with a password (from the client address `from`, by default the tests' 127.0.0.1). */
export function login(t: TestApp, identity: string, password: string, from?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { identity, password }, ...(from ? { remoteAddress: from } : {}) });
}

/** POST /api/v1/user/unlock with an unlock code (from the client address `from`, by default the tests' 127.0.0.1). */
export function unlock(t: TestApp, identity: string, code: string, from?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/v1/user/unlock', payload: { identity, code }, ...(from ? { remoteAddress: from } : {}) });
}

/** The unlock instructions the sandbox "sent" to a recipient, oldest first: each one's code and link. */
export async function unlockInstructions(t: TestApp, recipient: string): Promise<Array<{ code: string; link: string }>> {
  const rows = await t.db.query<{ body: string }>(`select body from sandbox_messages where recipient = $1 and subject = 'Unlock your account' order by id`, [recipient]);
  return rows.map(({ body }) => {
    const link = /(https?:\/\/\S+\/app\/account\/unlock\?\S+)/.exec(body)?.[1] ?? '';
    const code = /the code ([A-Z2-7]{16}) /.exec(body)?.[1] ?? '';
    return { code, link };
  });
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
