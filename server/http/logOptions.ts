import { randomBytes } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config';

/** Query and body keys whose values never reach the log. */
const SECRET_KEYS = [
  'token',
  'access_token',
  'otp',
  'password',
  'pan',
  'pancard_number',
  'aadhaar',
  'aadhaar_number',
  'bank_account_number',
  'account_number',
  'identity',
  'recipient',
  // An OAuth authorization code (in the partner's return address) and a partner's client secret (oauth/token).
  'code',
  'client_secret',
];
const REDACTED = '[REDACTED]';
/** A PAN (also inside a GSTIN), a run of 9+ digits (Aadhaar, account and mobile numbers), an e-mail address. */
const SECRET_VALUES = /[a-z]{5}[0-9]{4}[a-z]|[0-9]{9,}|[^/?&=\s]+@[^/?&=\s]+/gi;

/** A request address fit for the log: secret query values and PAN-, Aadhaar- or account-like values replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(SECRET_VALUES, REDACTED);
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const [key, value] of params) {
    params.set(key, SECRET_KEYS.includes(key.toLowerCase()) ? REDACTED : value.replace(SECRET_VALUES, REDACTED));
  }
  return `${safePath}?${params.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED)}`;
}

/** A short random id for each request: logged with every line, sent back as `x-request-id`, shown to the merchant. */
export const newRequestId = (): string => randomBytes(6).toString('hex');

export interface LogSettings {
  level: LogLevel;
  /** JSON lines (production); otherwise readable lines through pino-pretty. */
  json: boolean;
  /** Where the lines go (tests); default stdout. */
  stream?: { write(line: string): void };
}

/**
 * Fastify's logger settings: every request logged with its id (`reqId`), never a token, OTP,
 * password, PAN, Aadhaar or account number (headers are not logged; secret keys of logged
 * objects and of the address are redacted).
 */
export function logOptions({ level, json, stream }: LogSettings): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  const pretty = !json && !stream;
  return {
    genReqId: newRequestId,
    // The id is ours: a client-sent x-request-id could forge or collide with another request's.
    requestIdHeader: false,
    logger: {
      level,
      ...(stream ? { stream } : {}),
      ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } } : {}),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`])],
        censor: REDACTED,
      },
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
  };
}
