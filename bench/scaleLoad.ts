import autocannon from 'autocannon';

/** One request of a call: its path and the bearer token it is sent with. */
export interface CallRequest {
  path: string;
  token: string;
}

/** A read call to measure: its name on the printed line, and the next request to send (a random merchant's, say). */
export interface LoadCall {
  name: string;
  next: () => CallRequest;
}

/** What one call's run measured: latency percentiles in milliseconds, requests per second, and the answers not 2xx. */
export interface LoadMeasurement {
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  requests: number;
  /** Answers other than 2xx by status code (a step the merchant has not reached answers 403 or 404, say). */
  refused: Record<number, number>;
  /** Connection errors and timeouts. */
  errors: number;
}

/** The value below which `share` of the sorted values lie. */
function percentile(sorted: number[], share: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]! : Number.NaN;
}

/**
 * Sends `call`'s requests to `origin` from `connections` connections for `seconds`, each connection waiting for its
 * answer before the next (a bounded load), and measures every answer's latency.
 */
export function measureCall(origin: string, call: LoadCall, seconds: number, connections = 10): Promise<LoadMeasurement> {
  const latencies: number[] = [];
  const refused: Record<number, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const { path, token } = call.next();
              return { ...request, method: 'GET', path, headers: { ...request.headers, authorization: `Bearer ${token}` } };
            },
          },
        ],
      },
      (error: unknown, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        latencies.sort((a, b) => a - b);
        resolve({
          p50: percentile(latencies, 0.5),
          p95: percentile(latencies, 0.95),
          p99: percentile(latencies, 0.99),
          perSecond: latencies.length / result.duration,
          requests: latencies.length,
          refused,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status < 200 || status > 299) refused[status] = (refused[status] ?? 0) + 1;
    });
  });
}

/** A measurement as one line: `<call> p50 X ms p95 Y ms p99 Z ms R req/s`, then the answers not 2xx and errors, if any. */
export function measurementLine(name: string, measured: LoadMeasurement): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const notes = Object.entries(measured.refused).map(([status, count]) => `${count} answered ${status}`);
  if (measured.errors) notes.push(`${measured.errors} errors or timeouts`);
  const tail = notes.length ? ` (of ${measured.requests}: ${notes.join(', ')})` : '';
  return `${name} p50 ${ms(measured.p50)} p95 ${ms(measured.p95)} p99 ${ms(measured.p99)} ${Math.round(measured.perSecond)} req/s${tail}`;
}

/** The middle value of `values` (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
