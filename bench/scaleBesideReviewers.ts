import { setTimeout as sleep } from 'node:timers/promises';
import { REVIEW_QUEUE_PATH } from './scaleCalls';
import { measureCall, type LoadCall, type LoadMeasurement } from './scaleLoad';

/** The reviewers' reloads during one run: how many, and their median latency in milliseconds. */
export interface ReviewerReloads {
  count: number;
  p50: number;
}

/** One round: the call measured alone, then again while the reviewers reload the review queue. */
export interface BesideReviewersRound {
  alone: LoadMeasurement;
  beside: LoadMeasurement;
  reloads: ReviewerReloads;
}

/** How the comparison runs: rounds, reviewers, and the pause of each reviewer between reloads. */
export interface BesideReviewersOptions {
  rounds: number;
  reviewers: number;
  reloadMs: number;
}

/**
 * Measures `call` alone and beside `reviewers` reviewers reloading the review queue, interleaved (alone, beside,
 * alone, beside ...) for `rounds` rounds of `seconds` each, so a drift of the machine (another job, the cache
 * warming) lands on both sides; `onRound` hears each round as it ends.
 */
export async function measureBesideReviewers(
  origin: string,
  call: LoadCall,
  seconds: number,
  reviewerToken: string,
  options: BesideReviewersOptions,
  onRound: (round: BesideReviewersRound, index: number) => void,
): Promise<BesideReviewersRound[]> {
  const rounds: BesideReviewersRound[] = [];
  for (let index = 0; index < options.rounds; index++) {
    const alone = await measureCall(origin, call, seconds);
    const reviewers = reloadQueue(origin, reviewerToken, options.reviewers, options.reloadMs);
    const beside = await measureCall(origin, call, seconds);
    const round = { alone, beside, reloads: await reviewers.stop() };
    rounds.push(round);
    onRound(round, index);
  }
  return rounds;
}

/** `reviewers` loops, each loading the review queue's first page, then waiting; `stop` ends them and tells their latency. */
function reloadQueue(base: string, token: string, reviewers: number, reloadMs: number): { stop: () => Promise<ReviewerReloads> } {
  const stopping = new AbortController();
  const latencies: number[] = [];
  const loop = async () => {
    while (!stopping.signal.aborted) {
      const start = performance.now();
      const answer = await fetch(base + REVIEW_QUEUE_PATH, { headers: { authorization: `Bearer ${token}` } });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`review queue: ${answer.status}`);
      latencies.push(performance.now() - start);
      await sleep(reloadMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  };
  let failure: unknown = null;
  // Caught at once (not only when stopped), so a refused reload does not crash the bench as an unhandled rejection.
  const loops = Array.from({ length: reviewers }, () => loop().catch((error: unknown) => (failure ??= error)));
  return {
    stop: async () => {
      stopping.abort();
      await Promise.all(loops);
      if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
      latencies.sort((a, b) => a - b);
      return { count: latencies.length, p50: latencies[Math.floor(latencies.length / 2)] ?? Number.NaN };
    },
  };
}
