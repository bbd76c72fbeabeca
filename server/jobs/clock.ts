/** Where the job runner and the penny test read the time; tests give one they move by hand. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: tests advance the penny test's states without sleeping. */
export function manualClock(start = new Date('2025-01-06T10:00:00Z')): Clock & { advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}
