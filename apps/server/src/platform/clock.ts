/** Injected time so tests can move it (exchange windows, session expiry, draws). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | string = '2026-01-01T12:00:00Z') {
    this.t = new Date(start).getTime();
  }
  now() {
    return new Date(this.t);
  }
  set(at: Date | string) {
    this.t = new Date(at).getTime();
  }
  advance(ms: number) {
    this.t += ms;
  }
}

/** Real time shifted by an offset: lets browser tests visit 23:30 without stopping the clock. */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  set(at: Date | string) {
    this.offsetMs = new Date(at).getTime() - Date.now();
  }
  reset() {
    this.offsetMs = 0;
  }
}
