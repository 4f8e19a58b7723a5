/**
 * The one clock of the service. Trials, expiries, quiet periods, reset links and mail retries read
 * `services.clock`, never `new Date()` directly, so a test can move time forward instead of waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test moves by hand: it starts at the real time and only moves when told. */
export class ManualClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Back to the real time. */
  reset(): void {
    this.offsetMs = 0;
  }
}
