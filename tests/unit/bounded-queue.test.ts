import { describe, expect, it } from 'vitest';
import { boundedQueue } from '../../src/server/http/bounded-queue.ts';

/** A task the test ends when it chooses, so nothing depends on timing. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: async () => opened };
}

describe('the image encoder’s bounded queue', () => {
  it('runs one task at a time, in order, and refuses one more than it can hold', async () => {
    const queue = boundedQueue({ running: 1, waiting: 2 });
    const order: string[] = [];
    const first = gate();
    const a = queue.run(async () => {
      await first.task();
      order.push('a');
      return 'a';
    });
    const b = queue.run(async () => {
      order.push('b');
      return 'b';
    });
    const c = queue.run(async () => {
      order.push('c');
      return 'c';
    });
    expect(queue.size).toBe(3);
    expect(await queue.run(async () => 'refused')).toBeUndefined();
    expect(order).toEqual([]);
    first.open();
    expect(await Promise.all([a, b, c])).toEqual([{ value: 'a' }, { value: 'b' }, { value: 'c' }]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(queue.size).toBe(0);
    expect(await queue.run(async () => 'again')).toEqual({ value: 'again' });
  });

  it('frees the place of a task that fails', async () => {
    const queue = boundedQueue({ running: 1, waiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(queue.size).toBe(0);
    expect(await queue.run(async () => 1)).toEqual({ value: 1 });
  });
});
