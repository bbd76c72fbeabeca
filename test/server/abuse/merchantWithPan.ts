import { expect } from 'vitest';
import { call, signInWithOtp, type TestApp } from '../testApp';

/** A Partnership's PAN (entity 4): asked for its PAN card (5 MB, one file) and a government certificate (15 MB, pages). */
export const PARTNERSHIP = { pan: 'AAFFG7781Q', entity: 4 } as const;
/** A Private Limited company's PAN (entity 6). */
export const PRIVATE_LIMITED = { pan: 'AAACN4521K', entity: 6 } as const;

/** A new merchant signed up with `identity`, its PAN verified for the entity given (a Partnership by default). */
export async function merchantWithPan(t: TestApp, identity: string, { pan, entity }: { pan: string; entity: number } = PARTNERSHIP): Promise<{ token: string; uuid: string }> {
  const token = await signInWithOtp(t, identity);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  expect((await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: pan, business_entity_id: entity } })).statusCode).toBe(200);
  return { token, uuid };
}
