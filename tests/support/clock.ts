/**
 * A server clock a test moves: the real time plus however far the test has advanced it. Passed as the
 * server's `now`, it orders what the server stamps (a message received "later") without waiting.
 */
export interface TestClock {
  now: () => Date;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
}

/**
 * `start`: where the clock starts instead of the real time (it still runs on from there): a test whose
 * answers depend on the time of day in Dhaka (a seat given from the waitlist at night is held until the
 * morning) starts at a known hour, so it passes whenever it runs.
 */
export function testClock({ start }: { start?: Date } = {}): TestClock {
  const base = start ? start.getTime() - Date.now() : 0;
  let offset = 0;
  return {
    now: () => new Date(Date.now() + base + offset),
    advance: (ms) => {
      if (ms < 0) throw new Error('a test clock only moves forward');
      offset += ms;
    },
  };
}
