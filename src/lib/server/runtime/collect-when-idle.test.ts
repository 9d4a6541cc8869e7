import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, fullCollection } from './collect-when-idle';

describe('collecting when idle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('collects once after start-up and once after each busy spell, never while requests keep coming', () => {
    const gc = vi.fn();
    const idle = collectWhenIdle(10_000, gc);
    vi.advanceTimersByTime(9_000);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6_000);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(1);

    for (let i = 0; i < 30; i++) {
      idle.touch();
      vi.advanceTimersByTime(2_000);
    }
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(15_000);
    expect(gc).toHaveBeenCalledTimes(2);
    idle.stop();
    idle.touch();
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('reaches V8’s full collection without a command-line flag, and it hands emptied pages back', () => {
    vi.useRealTimers();
    const collect = fullCollection();
    let garbage: { n: number; s: string }[] | null = Array.from({ length: 1_500_000 }, (_, n) => ({ n, s: `item ${n}` }));
    const grown = process.memoryUsage().rss;
    expect(garbage.length).toBe(1_500_000);
    garbage = null;
    collect();
    // A plain collection keeps the emptied pages resident; this one returns at least half of what the garbage took.
    expect(process.memoryUsage().rss).toBeLessThan(grown - 50 * 1024 * 1024);
  });
});
