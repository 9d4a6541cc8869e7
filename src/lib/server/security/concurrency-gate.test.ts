import { describe, expect, it } from 'vitest';
import { RateLimitedError } from './rate-limit';
import { busyError, concurrencyGate } from './concurrency-gate';

describe('concurrencyGate', () => {
  it('lets in at most its number of places, refuses the next at once and frees a place once per release', () => {
    const gate = concurrencyGate(2);
    const a = gate.tryEnter();
    const b = gate.tryEnter();
    expect(typeof a).toBe('function');
    expect(typeof b).toBe('function');
    expect(gate.running).toBe(2);
    expect(gate.tryEnter()).toBeNull();
    a!();
    a!();
    expect(gate.running).toBe(1);
    expect(gate.tryEnter()).not.toBeNull();
    expect(gate.tryEnter()).toBeNull();
  });

  it('refuses as a rate limit does, with a wait and its own message', () => {
    const err = busyError('validation.materialBookPdfBusy');
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(err.message).toBe('validation.materialBookPdfBusy');
  });
});
