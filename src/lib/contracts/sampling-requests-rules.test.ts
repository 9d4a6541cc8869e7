import { describe, expect, it } from 'vitest';
import { actionsFor, requestNumber, SAMPLE_REQUEST_STATES, TRACKING_NO_PATTERN, TRANSITIONS } from './sampling-requests-rules';

describe('the sample request state machine', () => {
  it('offers each side only its own next steps', () => {
    const table = Object.fromEntries(SAMPLE_REQUEST_STATES.map((state) => [state, { buyer: actionsFor('buyer', state), supplier: actionsFor('supplier', state) }]));
    expect(table).toEqual({
      submitted: { buyer: ['cancel'], supplier: ['accept', 'reject'] },
      accepted: { buyer: [], supplier: ['ship'] },
      rejected: { buyer: [], supplier: [] },
      shipped: { buyer: ['receive'], supplier: [] },
      received: { buyer: [], supplier: [] },
      cancelled: { buyer: [], supplier: [] },
    });
  });

  it('never returns to an earlier state', () => {
    const order = ['submitted', 'accepted', 'shipped', 'received'];
    for (const { from, to } of Object.values(TRANSITIONS)) {
      if (order.includes(to)) expect(order.indexOf(to)).toBe(order.indexOf(from) + 1);
      else expect(from).toBe('submitted');
    }
  });
});

describe('request numbers and tracking numbers', () => {
  it('numbers a request by its day and id', () => {
    expect(requestNumber(42, '2026-11-22T08:00:00.000Z')).toBe('SR20261122-000042');
    // 20:00 UTC is already the next morning in China, where the marketplace keeps its days.
    expect(requestNumber(7, '2026-11-22T20:00:00.000Z')).toBe('SR20261123-000007');
  });

  it('takes letters, digits and dashes, 4 to 40 of them', () => {
    expect(['SF1234567890', 'JD-0001', '1Z999AA10123456784'].every((n) => TRACKING_NO_PATTERN.test(n))).toBe(true);
    expect(['SF 12', 'abc', 'x'.repeat(41), '顺丰123456'].some((n) => TRACKING_NO_PATTERN.test(n))).toBe(false);
  });
});
