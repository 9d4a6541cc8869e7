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

  it('reaches V8’s full collection without a command-line flag', () => {
    expect(typeof fullCollection()).toBe('function');
  });
});
