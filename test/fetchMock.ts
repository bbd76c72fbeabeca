import { vi } from 'vitest';

type Handler = (request: { method: string; url: string; body: unknown; headers: Record<string, string> }) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Replaces fetch with routes answering JSON; returns the calls made. Unrouted calls answer 404. */
export function mockFetch(handler: Handler) {
  const calls: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(request);
      const answer = handler(request) ?? { status: 404, body: { error: 'not found' } };
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}
