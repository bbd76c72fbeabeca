import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { ENDPOINTS } from '../permissions/endpoints';
import { matrixApp, type MatrixApp } from '../permissions/roleMatrix';
import { appRoutes } from '../testApp';
import { fuzzTargets, type FuzzTarget } from './fuzzStages';
import { hashText, hostileRequests, seededRandom, validMultipart, type FuzzDepth, type HostileRequest } from './hostileRequests';

/**
 * The route fuzz (issue 25, item 10): every route of the server's own route table, called by a merchant at the stage
 * the route needs (its owner, or an ops_admin for the operations console), with hostile requests. No answer may be a
 * 5xx, and an API route's refusals keep the API's error shape. `FUZZ_SEED` changes the seed (each route's generator
 * starts from the seed and the route's name); `FUZZ_DEPTH` the depth, by default `full` on PostgreSQL (CI's
 * DATABASE_URL run) and `light` on PGlite.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 25);
const DEPTH: FuzzDepth = process.env.FUZZ_DEPTH === 'full' || process.env.FUZZ_DEPTH === 'light' ? process.env.FUZZ_DEPTH : process.env.DATABASE_URL ? 'full' : 'light';
/** An answer later than this is a hang (a body the server waits for forever). */
const ANSWER_WITHIN_MS = 30_000;

let m: MatrixApp;
let targets: Awaited<ReturnType<typeof fuzzTargets>>;
beforeAll(async () => {
  m = await matrixApp();
  targets = await fuzzTargets(m);
});
afterAll(() => m.close());

/** Sends one request of a route as its caller; an answer that does not come is a 599 of this test's own. */
async function send(route: string, target: FuzzTarget, request: Omit<HostileRequest, 'name'>): Promise<LightMyRequestResponse | { statusCode: 599; body: string }> {
  const token = await target.session();
  const credentials = token ? (target.tokenAsSubprotocol ? { 'sec-websocket-protocol': `actioncable-v1-json, bearer.${token}` } : { authorization: `Bearer ${token}` }) : {};
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ statusCode: 599; body: string }>((resolve) => {
    timer = setTimeout(() => resolve({ statusCode: 599, body: `no answer within ${ANSWER_WITHIN_MS / 1000} s` }), ANSWER_WITHIN_MS);
  });
  const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
  try {
    return await Promise.race([m.t.app.inject({ method, url: request.url, headers: { ...request.headers, ...credentials }, payload: request.payload }), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an answer is the permission gate's refusal (the caller was not let through). */
const gateRefused = (response: { statusCode: number; body: string }) => [401, 403].includes(response.statusCode) && /"code":"(UNAUTHORIZED|FORBIDDEN)"/.test(response.body);
/** Whether an answer asks for a file: the route reads an upload, which the fuzz must send as the route's form. */
const asksForFile = (response: { statusCode: number; body: string }) => response.statusCode === 422 && response.body.includes(JSON.stringify({ file: [message('upload.missing')] }).slice(1, -1));
/** Whether a refusal keeps the API's error shape (server/errors.ts, the error handler of server/app.ts): JSON with an `error` text or `errors` by field. */
function errorShaped(body: string): boolean {
  try {
    const answer = JSON.parse(body) as { error?: unknown; errors?: unknown };
    return typeof answer.error === 'string' || (typeof answer.errors === 'object' && answer.errors !== null);
  } catch {
    return false;
  }
}
/** A server error, but the readiness probe's 503 (not ready is what it is for). */
const serverError = (route: string, status: number) => status >= 500 && !(status === 503 && route === 'GET /readyz');

describe(`the route fuzz (seed ${SEED}, ${DEPTH})`, () => {
  it('knows every route the server registers, and no route that is gone (a new route needs its request in test/server/permissions/endpoints.ts)', () => {
    const routes = appRoutes(m.t.app);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !(route in ENDPOINTS)), 'routes the fuzz does not know how to reach').toEqual([]);
    expect(Object.keys(ENDPOINTS).filter((route) => !routes.includes(route)), 'routes the server no longer registers').toEqual([]);
    expect(targets.stagedRoutes.filter((route) => !routes.includes(route)), 'stages of routes the server no longer registers').toEqual([]);
  });

  it.each(Object.keys(ENDPOINTS))('%s: reached by a well-formed call; no hostile call answers 5xx, an API refusal keeps its error shape', async (route) => {
    const target = await targets.targetOf(route);
    const { base } = target;
    const upload = base.form ? validMultipart(base.form) : undefined;
    const reached = await send(route, target, {
      url: base.url,
      headers: { ...base.headers, ...(upload?.headers ?? (base.json === undefined ? {} : { 'content-type': 'application/json' })) },
      payload: upload?.payload ?? (base.json === undefined ? undefined : JSON.stringify(base.json)),
    });
    const reachedAs = `${reached.statusCode} ${reached.body.slice(0, 200)}`;
    expect(gateRefused(reached) || reached.statusCode === 409 || (reached.statusCode === 404 && !target.notFoundOk) || serverError(route, reached.statusCode), `the well-formed call: ${reachedAs}`).toBe(false);
    expect(asksForFile(reached), `an upload route: give its form in test/server/abuse/fuzzStages.ts (${reachedAs})`).toBe(false);

    // The API's refusals keep its error shape; the sandbox's pages for testers answer text.
    const isApi = route.split(' ')[1]!.startsWith('/api/');
    const failures: string[] = [];
    for (const request of hostileRequests(base, seededRandom(SEED ^ hashText(route)), DEPTH)) {
      const response = await send(route, target, request);
      const refusedBadly = response.statusCode >= 400 && response.statusCode < 500 && isApi && !errorShaped(response.body);
      if (serverError(route, response.statusCode) || refusedBadly) failures.push(`${response.statusCode} ${request.name}: ${response.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
