/**
 * Runs tasks one (or `running`) at a time, with at most `waiting` more in line. A task offered when the
 * line is full is refused at once (`undefined`), so a flood of requests cannot pile up work, memory or
 * open connections behind the encoder: the caller answers 503 with Retry-After.
 */
export interface BoundedQueue {
  /** The task's result, or undefined when the line was full and the task was not started. */
  run<T>(task: () => Promise<T>): Promise<{ value: T } | undefined>;
  /** Tasks running and waiting now. */
  readonly size: number;
}

export function boundedQueue({ running = 1, waiting }: { running?: number; waiting: number }): BoundedQueue {
  let active = 0;
  const line: (() => void)[] = [];

  // The place of a task that ends goes to the next in line, if any, so `active` counts it still.
  const next = () => {
    const waiter = line.shift();
    if (waiter) waiter();
    else active--;
  };

  return {
    get size() {
      return active + line.length;
    },
    async run<T>(task: () => Promise<T>) {
      if (active >= running) {
        if (line.length >= waiting) return undefined;
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        active++;
      }
      try {
        return { value: await task() };
      } finally {
        next();
      }
    },
  };
}
