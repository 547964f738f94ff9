/**
 * A server clock a test moves: the real time plus however far the test has advanced it. Passed as the
 * server's `now`, it orders what the server stamps (a message received "later") without waiting.
 */
export interface TestClock {
  now: () => Date;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      if (ms < 0) throw new Error('a test clock only moves forward');
      offset += ms;
    },
  };
}
